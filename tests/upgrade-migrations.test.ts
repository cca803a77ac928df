import * as yaml from "yaml";
import { describe, expect, it } from "vitest";
import { readPeriod } from "../src/content/period-text.js";
import { periodWarning } from "../src/content/timeline-order.js";
import { currentFormat } from "../src/project/site-record.js";
import { migrations, pendingMigrations } from "../src/upgrade/migrations.js";
import { periodToDates } from "../src/upgrade/period-to-dates.js";

const migrate = (text: string) => periodToDates(text, { yaml });

describe("the period parser", () => {
  it.each([
    ["2019 — 2022", "2019", "2022"],
    ["2019 – 2022", "2019", "2022"],
    ["2019 - 2022", "2019", "2022"],
    ["2019-2022", "2019", "2022"],
    ["2019–22", "2019", "2022"],
    ["2019-03 – present", "2019-03", "present"],
    ["2019-03 — Present", "2019-03", "present"],
    ["Mar 2019 - Jun 2021", "2019-03", "2021-06"],
    ["March 2019 to now", "2019-03", "present"],
    ["Sept. 2019 – Today", "2019-09", "present"],
    ["Mar, 2019 – currently", "2019-03", "present"],
    ["03/2019 – 06/2021", "2019-03", "2021-06"],
    ["2019/03 - 2021/6", "2019-03", "2021-06"],
    ["2019-03-15 — 2020-01-31", "2019-03", "2020-01"],
    ["Mar – Jun 2021", "2021-03", "2021-06"],
    ["2019", "2019", "2019"],
    ["Jun 2021", "2021-06", "2021-06"],
    ["Since 2020", "2020", "present"],
    ["since March 2020", "2020-03", "present"],
    ["From 2019 to 2022", "2019", "2022"],
    ["2019 until 2021", "2019", "2021"],
    ["2019 to date", "2019", "present"],
    ["2019 –", "2019", "present"],
    ["(2019 – 2021)", "2019", "2021"],
    ["  2019   —   current ", "2019", "present"],
    ["2020 — heute", "2020", "present"],
  ])("reads %j as start %s, end %s", (text, start, end) => {
    expect(readPeriod(text)).toEqual({ start, end });
  });

  it.each([
    ["Summer 2020", /"Summer" is not a month/],
    ["Q3 2021", /"Q3" is not a month/],
    ["2022 — 2019", /ends \(2019\) before it starts \(2022\)/],
    ["2019-13", /real month/],
    ["2019-20", /real month/],
    ["Jan 2019 — 2019 — 2020", /not one date, or two dates/],
    ["about two years", /has no year/],
    ["Since 2019 to 2020", /"Since" with an end/],
    ["Fevereiro 2019 – 2020", /not one date, or two dates/],
    ["", /empty/],
  ])("refuses %j, saying why", (text, why) => {
    const read = readPeriod(text);
    expect(read).toEqual({ problem: expect.stringMatching(why) });
  });

  it("gives the build's warning the dates the upgrade writes, or the reason it cannot", () => {
    expect(periodWarning("a.md", "Mar 2019 - Jun 2021")).toContain(
      "a.md: period is the old free-text date: run portfolio upgrade, which writes start: 2019-03 and end: 2021-06 in its place.",
    );
    expect(periodWarning("b.md", "Summer 2020")).toContain(
      'b.md: period is the old free-text date: it cannot be read as dates ("Summer" is not a month',
    );
  });
});

describe("the migration from format 1 to 2", () => {
  it("replaces the period line with start and end, and leaves every other byte as it was", () => {
    const before = [
      "---",
      "# A comment the owner wrote",
      "title: 'MSc, Data Science'",
      "organisation: Uni   # the school",
      'period: "Mar 2019 – Jun 2021"   # on one line',
      "url: https://uni.example",
      "---",
      "",
      "period: this line is the body, not front matter.",
      "",
    ].join("\n");
    const result = migrate(before);
    expect(result.notUnderstood).toEqual([]);
    expect(result.text).toBe(
      before.replace('period: "Mar 2019 – Jun 2021"   # on one line', "start: 2019-03\nend: 2021-06   # on one line"),
    );
  });

  it("keeps Windows line endings and a byte-order mark, and reads unquoted and single-quoted values", () => {
    const before = "\uFEFF---\r\ntitle: Dev\r\norganisation: Acme\r\nperiod: 2012 — Present\r\n---\r\n\r\nBody.\r\n";
    expect(migrate(before)).toEqual({
      text: "\uFEFF---\r\ntitle: Dev\r\norganisation: Acme\r\nstart: 2012\r\nend: present\r\n---\r\n\r\nBody.\r\n",
      notUnderstood: [],
    });
    expect(migrate("---\ntitle: A\nperiod: '2021'\n---\n").text).toBe("---\ntitle: A\nstart: 2021\nend: 2021\n---\n");
    expect(migrate("---\ntitle: A\nperiod: 2021\n---\n").text).toBe("---\ntitle: A\nstart: 2021\nend: 2021\n---\n");
  });

  it("leaves a file without period, or without front matter, exactly as it is", () => {
    for (const text of ["---\ntitle: A\nstart: 2020\n---\n\nperiod: 2019 — 2020\n", "No front matter.\n", ""]) {
      expect(migrate(text)).toEqual({ text, notUnderstood: [] });
    }
  });

  it.each([
    ["an unreadable period", '---\ntitle: A\nperiod: "Summer 2020"\n---\n', 3, /"Summer 2020" cannot be read as dates/],
    ["period beside start", "---\ntitle: A\nstart: 2020\nperiod: 2019 — 2020\n---\n", 4, /start or end is there too/],
    ["a period over two lines", "---\ntitle: A\nperiod: >\n  2019 — 2020\n---\n", 3, /more than one line/],
    ["a period that is a list", "---\ntitle: A\nperiod: [2019, 2020]\n---\n", 3, /not a text/],
    ["front matter in braces", "---\n{ title: A, period: 2019 — 2020 }\n---\n", 2, /not on a line of its own/],
    ["broken YAML", '---\ntitle: "A\nperiod: 2019\n---\n', 3, /not valid YAML/],
  ])("leaves %s alone and reports its line", (_name, text, line, problem) => {
    const result = migrate(text);
    expect(result.text).toBe(text);
    expect(result.notUnderstood).toEqual([{ line, problem: expect.stringMatching(problem) }]);
  });

  it("is one row of the table, which brings a site to the current format", () => {
    expect(migrations.map((row) => row.id)).toEqual(["timeline-period-to-dates"]);
    expect(Math.max(...migrations.map((row) => row.from)) + 1).toBe(currentFormat);
    expect(pendingMigrations(1)).toHaveLength(1);
    expect(pendingMigrations(currentFormat)).toEqual([]);
  });
});
