import { rm } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { loadConfig } from "../src/config/load-config.js";
import { compareNewestFirst, endsBeforeStart, partialDateProblem } from "../src/content/partial-date.js";
import { formatPartialDate, formatPeriod } from "../src/format-date.js";
import { builtInStringsFor } from "../src/i18n/dictionaries.js";
import { translator } from "../src/i18n/message.js";
import { shownSections } from "../src/resume/resume-sections.js";
import { ResumeScreen } from "../src/screens/ResumeScreen.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

const load = () => loadSiteContent(site);

async function loadError(): Promise<string> {
  return load().then(
    () => "loaded without an error",
    (error: Error) => error.message,
  );
}

const job = (fields: string, body = "Did things.") =>
  `---\ntitle: Developer\norganisation: Acme\n${fields}\n---\n\n${body}\n`;

/** Replaces the sample's experience with the given files. */
async function experience(files: Record<string, string>): Promise<void> {
  await rm(path.join(site.root, "content/resume/experience"), { recursive: true });
  for (const [name, text] of Object.entries(files)) await site.write(`content/resume/experience/${name}`, text);
}

describe("résumé dates", () => {
  it("are formatted in the site's language", () => {
    expect(formatPartialDate("2022-03", "en")).toBe("Mar 2022");
    expect(formatPartialDate("2022", "en")).toBe("2022");
    expect(formatPartialDate("2022-03", "de")).toBe("März 2022");
    expect(formatPartialDate("2022-03", "pt-BR")).toBe("mar. de 2022");
    expect(formatPartialDate("2022-12", "ja")).toBe("2022年12月");
    expect(formatPeriod("2022-03", "present", "en", "Present")).toEqual({ start: "Mar 2022", end: "Present" });
    expect(formatPeriod("2019-06", "2022-02", "fr", "aujourd’hui")).toEqual({ start: "juin 2019", end: "févr. 2022" });
    expect(formatPeriod("2021", "2021", "en", "Present")).toEqual({ start: "2021", end: undefined });
  });

  it("say 'present' in the site's language, from its dictionary", () => {
    expect(builtInStringsFor("en-GB")?.["resume.present"]).toBe("Present");
    expect(builtInStringsFor("pt")?.["resume.present"]).toBe("presente");
    expect(builtInStringsFor("de-AT")?.["resume.present"]).toBe("heute");
    // A language the engine has no dictionary for gets its words from the owner's `strings`.
    expect(builtInStringsFor("ko")).toBeUndefined();
  });

  it("must be real months, years or days", () => {
    expect(partialDateProblem("2022-03")).toBeUndefined();
    expect(partialDateProblem("2022")).toBeUndefined();
    expect(partialDateProblem("2022-13")).toMatch(/real month/);
    expect(partialDateProblem("2022-00")).toMatch(/real month/);
    expect(partialDateProblem("2022-03-15")).toBeUndefined();
    expect(partialDateProblem("2022-02-29")).toMatch(/real day/);
    expect(partialDateProblem("03/2022")).toMatch(/YYYY-MM/);
    expect(partialDateProblem("999")).toMatch(/YYYY-MM/);
  });

  it("compare by the months they cover", () => {
    expect(endsBeforeStart("2022-03", "2022-02")).toBe(true);
    expect(endsBeforeStart("2022-03", "2022")).toBe(false);
    expect(endsBeforeStart("2022", "2022-01")).toBe(false);
    expect(endsBeforeStart("2022", "2021-12")).toBe(true);
    const present = { start: "2019", end: "present" };
    const ended = { start: "2020-01", end: "2023-05" };
    expect(compareNewestFirst(present, ended)).toBeLessThan(0);
    expect(compareNewestFirst({ start: "2020-05", end: "present" }, present)).toBeLessThan(0);
  });
});

describe("the timeline", () => {
  it("is ordered newest first by its dates, whatever the file names", async () => {
    await experience({
      "a.md": job("start: 2015-01\nend: 2017-06"),
      "b.md": job("start: 2020-02\nend: present"),
      "c.md": job("start: 2017\nend: 2020-01"),
      "d.md": job("start: 2021-05"),
    });
    const { experience: entries, warnings } = await load();
    expect(entries.map((entry) => entry.slug)).toEqual(["d", "b", "c", "a"]);
    expect(entries[0]!.period).toEqual({ start: "2021-05", end: "present" });
    expect(warnings).toEqual([]);
  });

  it("puts entries with an order first, in that order", async () => {
    await experience({
      "a.md": job("start: 2015-01\nend: 2017-06\norder: 1"),
      "b.md": job("start: 2020-02\nend: present"),
      "c.md": job("start: 2017\nend: 2020-01\norder: 2"),
    });
    expect((await load()).experience.map((entry) => entry.slug)).toEqual(["a", "c", "b"]);
  });

  it("still reads the old free-text period, after the dated entries, with a warning that names the file and says to run portfolio upgrade", async () => {
    await experience({
      "old.md": job('period: "2019 — Present"'),
      "new.md": job("start: 2012\nend: 2014"),
    });
    const content = await load();
    expect(content.experience.map((entry) => [entry.slug, entry.period])).toEqual([
      ["new", { start: "2012", end: "2014" }],
      ["old", { text: "2019 — Present" }],
    ]);
    expect(content.warnings).toHaveLength(1);
    expect(content.warnings[0]).toContain(
      "content/resume/experience/old.md: period is the old free-text date: run portfolio upgrade, which writes start: 2019 and end: present in its place",
    );
  });

  it("reports the warning through the build, like the other warnings", async () => {
    await site.write("content/resume/education/03-course.md", job('period: "Summer 2020"'));
    const built = await buildSite({ cwd: site.root, env: {}, write: false });
    expect(built.warnings.filter((warning) => warning.includes("period"))).toEqual([
      expect.stringContaining(
        'content/resume/education/03-course.md: period is the old free-text date: it cannot be read as dates ("Summer" is not a month: the Resume\'s dates are months or years): write start and end instead, e.g. start: 2019-09 and end: 2022-02, or end: present',
      ),
    ]);
  });

  it.each([
    ["an end before the start", "start: 2022-03\nend: 2021-12", 'end: "2021-12" is before the start "2022-03"'],
    ["month 13", "start: 2022-13", 'start: expected a real month (01 to 12), got "2022-13"'],
    ["a day that does not exist", "start: 2022-02-30", 'start: expected a real day (2022-02 has 28), got "2022-02-30"'],
    [
      "an end that is a word",
      "start: 2020\nend: soon",
      'end: expected a month as YYYY-MM or a year as YYYY, e.g. 2022-03, got "soon", or present',
    ],
    [
      "both period and start",
      'start: 2020\nperiod: "2020 — 2021"',
      "period: is the old free-text form of start and end: remove it",
    ],
    ["a list as start", "start: [2020]", "start: expected when it began as YYYY-MM or YYYY, e.g. 2022-03, got a list"],
  ])("refuses %s, naming the file and the field", async (_name, fields, expected) => {
    await site.write("content/resume/experience/09-probe.md", job(fields));
    const message = await loadError();
    expect(message).toContain("content/resume/experience/09-probe.md is not valid:");
    expect(message).toContain(`  - ${expected}`);
  });

  it("shows the dates in the site's language, each in a <time>", async () => {
    const [content, { config }] = await Promise.all([load(), loadConfig({ cwd: site.root, env: {} })]);
    const render = (lang: string) =>
      renderToStaticMarkup(
        createElement(ResumeScreen, {
          sections: shownSections(config, content),
          title: "Resume",
          t: translator(builtInStringsFor(lang)!, lang),
        }),
      );
    expect(render("en")).toContain('<p class="timeline-period"><time dateTime="2022-03">Mar 2022</time> — Present</p>');
    expect(render("en")).toContain(
      '<time dateTime="2019-06">Jun 2019</time> — <time dateTime="2022-02">Feb 2022</time>',
    );
    const portuguese = render("pt-BR");
    expect(portuguese).toContain('<time dateTime="2022-03">mar. de 2022</time> — presente');
    expect(portuguese).not.toContain("Present<");
  });
});
