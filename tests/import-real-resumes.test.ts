import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findJsonSyntaxError } from "../src/import/json-syntax-error.js";
import { blankTolerableSyntax } from "../src/import/lenient-json.js";
import { normaliseResume } from "../src/import/normalise-resume.js";
import { readResumeDate } from "../src/import/read-resume-date.js";
import { skillPercent } from "../src/json-resume/skill-levels.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

/**
 * `portfolio import` takes the JSON Resumes people have: the schema's older names, blanks, dates
 * written other ways and in other languages, addresses without a scheme or with another one. What
 * it cannot read for sure it lists for the owner, and imports the rest, unless --strict.
 */

describe("dates as people write them", () => {
  it.each([
    ["11/2017", "2017-11"],
    ["9/2020", "2020-09"],
    ["04.2021", "2021-04"],
    ["2017/11", "2017-11"],
    ["2023-9-28", "2023-09-28"],
    ["2022-3", "2022-03"],
    ["2019/07/13", "2019-07-13"],
    ["Nov 2017", "2017-11"],
    ["Sept 2019", "2019-09"],
    ["November 2017", "2017-11"],
    ["May 23, 2022", "2022-05-23"],
    ["septembre 2021", "2021-09"],
    ["août 2021", "2021-08"],
    ["setembro de 2020", "2020-09"],
    ["jan/2023", "2023-01"],
    ["Outubro 2025", "2025-10"],
    ["noviembre 2021", "2021-11"],
    ["März 2020", "2020-03"],
    ["2021年4月", "2021-04"],
    ["25/06/2019", "2019-06-25"],
    ["2014", "2014"],
  ])("reads %s as %s", (written, read) => {
    expect(readResumeDate(written)).toEqual({ date: read });
  });

  it.each([
    "present",
    "Present",
    "current",
    "now",
    "atual",
    "Atualmente",
    "actualidad",
    "aujourd'hui",
    "Aujourd’hui",
    "heute",
    "bis heute",
    "obecnie",
    "současnost",
    "現在",
  ])("reads %s as still going on", (written) => {
    expect(readResumeDate(written)).toEqual({ ongoing: true });
  });

  it("does not guess a date that does not exist or reads two ways, and keeps the part that is clear", () => {
    expect(readResumeDate("2024-09-31")).toEqual({
      problem: "2024-09 has no day 31 (it has 30)",
      suggestion: "write the real day, or only the month: 2024-09",
      fallback: "2024-09",
    });
    expect(readResumeDate("03/04/2020")).toMatchObject({
      problem: "it reads as 2020-04-03 (day first) and as 2020-03-04 (month first)",
      fallback: "2020",
    });
    expect(readResumeDate("Summer 2016")).toMatchObject({ problem: "a season is not a month", fallback: "2016" });
    expect(readResumeDate("soon")).toMatchObject({ problem: "it is not a date that can be read", fallback: undefined });
  });
});

describe("a résumé brought to JSON Resume v1", () => {
  it("reads the older names as today's, keeps today's where both are given, and says so in one line", () => {
    const { value, changes } = normaliseResume({
      basics: { picture: "https://a.example/me.jpg", website: "https://a.example" },
      work: [
        { company: "Acme", position: "Dev", startDate: "2020" },
        { company: "Old", name: "New", position: "Dev", startDate: "2019" },
      ],
      education: [{ institution: "Uni", gpa: "3.9", studyType: "BSc" }],
      languages: [{ name: "English", level: "Native" }],
    });
    expect(value).toEqual({
      basics: { image: "https://a.example/me.jpg", url: "https://a.example" },
      work: [
        { name: "Acme", position: "Dev", startDate: "2020" },
        { name: "New", position: "Dev", startDate: "2019" },
      ],
      education: [{ institution: "Uni", score: "3.9", studyType: "BSc" }],
      languages: [{ language: "English", fluency: "Native" }],
    });
    expect(changes).toContain(
      "Read older JSON Resume names as today's: basics.picture → image, basics.website → url, work[].company → name, education[].gpa → score, languages[].name → language, languages[].level → fluency",
    );
    expect(changes).toContain("Both an older and today's name (today's is kept): work[1].company");
  });

  it("treats blanks as absent and drops entries left with nothing, and reads an end that means now as no end", () => {
    const { value } = normaliseResume({
      basics: { name: "Ada", email: "", url: null, location: {}, profiles: [{ network: "", url: "" }] },
      work: [
        { name: "Acme", position: "Dev", startDate: "2020-01", endDate: "" },
        { name: "", position: "" },
      ],
      volunteer: [{ organization: "Club", position: "Coach", startDate: "2018", endDate: "Present" }],
    });
    expect(value).toEqual({
      basics: { name: "Ada" },
      work: [{ name: "Acme", position: "Dev", startDate: "2020-01" }],
      volunteer: [{ organization: "Club", position: "Coach", startDate: "2018" }],
    });
  });

  it("reads addresses without a scheme as https, keeps other schemes, and never keeps one that runs code", () => {
    const { value, decisions } = normaliseResume({
      basics: {
        url: "www.ada.example",
        profiles: [
          { network: "GitHub", url: "github.com/ada" },
          { network: "Blog", url: "//ada.example/blog" },
          { network: "Skype", url: "skype:ada?chat" },
          { network: "Evil", url: " JavaScript:alert(1)" },
        ],
      },
      projects: [{ name: "x", url: "data:text/html;base64,PHNjcmlwdD4=" }],
    });
    expect(value).toEqual({
      basics: {
        url: "https://www.ada.example",
        profiles: [
          { network: "GitHub", url: "https://github.com/ada" },
          { network: "Blog", url: "https://ada.example/blog" },
          { network: "Skype", url: "skype:ada?chat" },
          { network: "Evil" },
        ],
      },
      projects: [{ name: "x" }],
    });
    expect(decisions.map(({ field }) => field)).toEqual(["basics.profiles[3].url", "projects[0].url"]);
  });
});

describe("skill levels beyond the English table", () => {
  it("reads levels in other languages, marks out of 5 or 10 and stars", () => {
    expect(skillPercent("Avancé")).toEqual({ percent: 85, from: "table" });
    expect(skillPercent("Grundkenntnisse").percent).toBe(40);
    expect(skillPercent("średniozaawansowany").percent).toBe(65);
    expect(skillPercent("4")).toEqual({ percent: 80, from: "scale" });
    expect(skillPercent("8/10")).toEqual({ percent: 80, from: "scale" });
    expect(skillPercent("★★☆☆☆")).toEqual({ percent: 40, from: "scale" });
    expect(skillPercent("75 %")).toEqual({ percent: 75, from: "percent" });
  });
});

describe("JSON syntax errors", () => {
  it("are named by line and column, with what to do", () => {
    expect(findJsonSyntaxError('{\n  "work": [\n    "a",\n  ]\n}')).toEqual({
      line: 3,
      column: 8,
      problem: "a comma after the last item (a trailing comma): remove it",
    });
    expect(findJsonSyntaxError('{\n  // note\n  "a": 1\n}')).toMatchObject({ line: 2, column: 3 });
    expect(findJsonSyntaxError("{'a': 1}")).toMatchObject({ problem: expect.stringContaining("single quotes") });
    expect(findJsonSyntaxError('{"a": 1')).toMatchObject({ problem: expect.stringContaining("the file ends") });
    expect(findJsonSyntaxError(`${"[".repeat(100_000)}x`)).toMatchObject({
      problem: expect.stringContaining("nested"),
    });
    expect(findJsonSyntaxError('{"a": [1, 2]}')).toBeUndefined();
  });
});

describe("what JSON5 and JSONC allow", () => {
  it("is blanked out where it is, line by line, and nothing inside a string is touched", () => {
    const text =
      '{\n  "a": "x, ] // not a comment /* nor this */",\n  /* gone */ "b": [1, 2,],\n  "c": {"d": 1,} // gone\n}';
    const { json, tolerated } = blankTolerableSyntax(text);
    expect(JSON.parse(json)).toEqual({ a: "x, ] // not a comment /* nor this */", b: [1, 2], c: { d: 1 } });
    expect(json.split("\n").map((line) => line.length)).toEqual(text.split("\n").map((line) => line.length));
    expect(tolerated).toEqual([
      { kind: "comment", line: 3 },
      { kind: "trailing comma", line: 3 },
      { kind: "trailing comma", line: 4 },
      { kind: "comment", line: 4 },
    ]);
  });

  it("leaves what is not JSON5 or JSONC for the syntax error, named where it is", () => {
    expect(blankTolerableSyntax('{"a": 1 /* never closed').tolerated).toEqual([]);
    expect(findJsonSyntaxError("export const resume = {\n  basics: {}\n}")).toEqual({
      line: 1,
      column: 1,
      problem: "JavaScript, not JSON: keep only the { … } object, with its field names in double quotes",
    });
  });
});

describe("portfolio import of a real-world résumé", () => {
  let site: SiteCopy;
  beforeEach(async () => {
    site = await copySampleSite({ asFork: true });
  });
  afterEach(async () => {
    await site.remove();
  });

  const resume = {
    basics: { name: "Ada", website: "ada.example" },
    work: [
      { company: "Acme", position: "Dev", startDate: "Nov 2021", endDate: "atual" },
      { company: "Initech", position: "Intern", startDate: "03/04/2020", endDate: "2021-02-30" },
    ],
    education: [{ institution: "Uni", studyType: "BSc", endDate: "2019" }],
    awards: [{ title: "Best poster", awarder: "RSE Conf" }],
    languages: [{ name: "English" }],
  };

  it("imports the rest and lists what needs the owner's decision, by JSON path, with what to write", async () => {
    await writeFile(path.join(site.root, "resume.json"), JSON.stringify(resume));
    const run = await portfolioInProcess(site.root, ["import", "resume.json", "--force"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Read older JSON Resume names as today's: basics.website → url, work[].company → name (2), languages[].name → language",
    );
    expect(run.stdout).toContain('work[0].startDate "Nov 2021" → 2021-11');
    expect(run.stdout).toContain('Read an end that means still there as no end: work[0].endDate "atual"');
    expect(run.stdout).toContain(
      '  - work[1].startDate: "03/04/2020": it reads as 2020-04-03 (day first) and as 2020-03-04 (month first); write the one you mean as YYYY-MM-DD, e.g. 2020-04-03 (imported as 2020 meanwhile)',
    );
    expect(run.stdout).toContain('  - work[1].endDate: "2021-02-30": 2021-02 has no day 30');
    const content = await loadSiteContent(site);
    const imported = (organisation: string) => content.experience.find((entry) => entry.organisation === organisation);
    expect(imported("Acme")?.period).toEqual({ start: "2021-11", end: "present" });
    expect(imported("Initech")?.period).toEqual({ start: "2020", end: "2021-02" });
    expect(content.education.find((entry) => entry.organisation === "Uni")?.period).toEqual({
      undated: true,
      end: "2019",
    });
    expect(content.languages).toEqual([{ language: "English" }]);
  });

  it("with --strict, refuses the file with the same words and writes nothing", async () => {
    await writeFile(path.join(site.root, "resume.json"), JSON.stringify(resume));
    const before = await site.read("content/resume/languages.md");
    const run = await portfolioInProcess(site.root, ["import", "resume.json", "--force", "--strict"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("ImportInvalid: resume.json is not valid:");
    expect(run.stderr).toContain(
      '  - work[1].startDate: "03/04/2020": it reads as 2020-04-03 (day first) and as 2020-03-04 (month first); write the one you mean as YYYY-MM-DD, e.g. 2020-04-03\n',
    );
    expect(run.stderr).not.toContain("meanwhile");
    expect(await site.read("content/resume/languages.md")).toBe(before);
  });

  it("reads past trailing commas and comments (JSON5, JSONC), says so by line, and still refuses what is not JSON", async () => {
    await writeFile(
      path.join(site.root, "resume.json"),
      '{\n  // written by hand\n  "basics": { "name": "Ada" },\n  "languages": [\n    {"language": "English"},\n  ],\n}\n',
    );
    const run = await portfolioInProcess(site.root, ["import", "resume.json", "--force"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Read past what JSON does not allow: a comma after the last item (JSON5 allows it, JSON does not) at lines 5, 6; comments (JSONC allows them, JSON does not) at line 2",
    );
    expect((await loadSiteContent(site)).languages).toEqual([{ language: "English" }]);

    await writeFile(path.join(site.root, "resume.json"), '{\n  "work": [\n    {"name": "Acme"},\n  ]\n  "x": 1\n}\n');
    const broken = await portfolioInProcess(site.root, ["import", "resume.json"]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("resume.json is not valid:\n  - is not valid JSON (line 5, column 3):");
  });

  it("lists every problem of a refused file at once, the ones that need a decision too", async () => {
    const resume = {
      basics: { name: "Ada", email: "ada at example dot com" },
      work: [
        { name: "Acme", position: "Dev", startDate: "2021-02-30" },
        { name: "Initech", startDate: "2019" },
      ],
    };
    await writeFile(path.join(site.root, "resume.json"), JSON.stringify(resume));
    const before = await site.read("content/resume/languages.md");
    const run = await portfolioInProcess(site.root, ["import", "resume.json", "--force"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("  - work[1].position: is missing: expected the position\n");
    expect(run.stderr).toContain('  - basics.email: expected an e-mail address, got string "ada at example dot com"\n');
    expect(run.stderr).toContain('  - work[0].startDate: "2021-02-30": 2021-02 has no day 30');
    expect(await site.read("content/resume/languages.md")).toBe(before);

    // Without the entry that cannot be imported, the e-mail and the date are decisions: listed, the rest imported.
    resume.work.pop();
    await writeFile(path.join(site.root, "resume.json"), JSON.stringify(resume));
    const imported = await portfolioInProcess(site.root, ["import", "resume.json", "--force"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      '  - basics.email: expected an e-mail address, got string "ada at example dot com" (it was left out)',
    );
    expect(imported.stdout).toContain('  - work[0].startDate: "2021-02-30": 2021-02 has no day 30');
    const strict = await portfolioInProcess(site.root, ["import", "resume.json", "--force", "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      '  - basics.email: expected an e-mail address, got string "ada at example dot com"\n',
    );
    expect(strict.stderr).toContain('  - work[0].startDate: "2021-02-30": 2021-02 has no day 30');
  });

  it("lists an address that is not one (a volunteer url naming its project) and imports the rest, unless --strict", async () => {
    const resume = {
      basics: { name: "Tilman" },
      volunteer: [
        { organization: "Open Source", position: "Maintainer", url: "GitHub", startDate: "2012-06" },
        { organization: "Ruby User Group", position: "Organiser", url: "rug.example", startDate: "2012-10" },
      ],
    };
    await writeFile(path.join(site.root, "resume.json"), JSON.stringify(resume));
    const run = await portfolioInProcess(site.root, ["import", "resume.json", "--force"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      '  - volunteer[0].url: expected an absolute URL such as https://example.com, got string "GitHub" (it was left out)',
    );
    const volunteer = (await loadSiteContent(site)).volunteer;
    expect(volunteer.find((entry) => entry.organisation === "Open Source")).toMatchObject({ title: "Maintainer" });
    expect(volunteer.find((entry) => entry.organisation === "Open Source")?.url).toBeUndefined();
    expect(volunteer.find((entry) => entry.organisation === "Ruby User Group")?.url).toBe("https://rug.example");

    const strict = await portfolioInProcess(site.root, ["import", "resume.json", "--force", "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      '  - volunteer[0].url: expected an absolute URL such as https://example.com, got string "GitHub"\n',
    );
  });
});

describe("values given in other shapes than the schema's", () => {
  it("reads interests, languages and skills given as plain texts as entries", () => {
    const { value, changes } = normaliseResume({
      languages: ["English", "Hindi"],
      interests: ["hiking", "chess", ""],
      skills: ["TypeScript"],
    });
    expect(value).toEqual({
      languages: [{ language: "English" }, { language: "Hindi" }],
      interests: [{ name: "hiking" }, { name: "chess" }],
      skills: [{ name: "TypeScript" }],
    });
    expect(changes).toContain(
      "Read plain texts as entries: languages[] → language (2), interests[] → name (2), skills[] → name",
    );
  });

  it("reads a skill given as keywords without a name as one skill per keyword, keeping its level", () => {
    const { value, changes } = normaliseResume({
      skills: [
        { name: "", level: "", keywords: ["", "C/C++", "", "Python"] },
        { level: "Intermediate", keywords: ["React"] },
        { name: "Web", keywords: ["HTML"] },
      ],
    });
    expect(value).toEqual({
      skills: [
        { name: "C/C++" },
        { name: "Python" },
        { level: "Intermediate", name: "React" },
        { name: "Web", keywords: ["HTML"] },
      ],
    });
    expect(changes).toContain("Read skills without a name as one skill per keyword: skills[0] (2), skills[1] (1)");
  });

  it("reads a summary given as a list as paragraphs, and a list of one given as its text as a list", () => {
    const { value, changes } = normaliseResume({
      basics: { summary: ["First paragraph.", " Second one. "] },
      work: [{ name: "Acme", position: "Dev", summary: ["Did a.", "Did b."], highlights: "Shipped c." }],
      references: [{ name: "Bo", reference: ["Great.", "Would hire again."] }],
    });
    expect(value).toEqual({
      basics: { summary: "First paragraph.\n\nSecond one." },
      work: [{ name: "Acme", position: "Dev", summary: "Did a.\n\nDid b.", highlights: ["Shipped c."] }],
      references: [{ name: "Bo", reference: "Great.\n\nWould hire again." }],
    });
    expect(changes).toContain(
      "Read a list of texts as paragraphs: basics.summary, work[0].summary, references[0].reference",
    );
    expect(changes).toContain("Read a text as a list of one: work[0].highlights");
  });

  it("reads an address written after a label (github: https://…) as the address, and leaves schemes alone", () => {
    const { value, changes } = normaliseResume({
      basics: {
        url: "Website: https://ada.example",
        profiles: [
          { network: "GitHub", url: "github: https://github.com/ada" },
          { network: "LinkedIn", url: "LinkedIn:https://www.linkedin.com/in/ada" },
          { network: "Blog", url: "Blog: ada.blog.example" },
          { network: "Skype", url: "skype:ada?chat" },
          { network: "Mail", url: "mailto:ada@ada.example" },
          { network: "Evil", url: "evil: javascript:alert(1)" },
        ],
      },
    });
    expect(value).toMatchObject({
      basics: {
        url: "https://ada.example",
        profiles: [
          { url: "https://github.com/ada" },
          { url: "https://www.linkedin.com/in/ada" },
          { url: "https://ada.blog.example" },
          { url: "skype:ada?chat" },
          { url: "mailto:ada@ada.example" },
          { url: "evil: javascript:alert(1)" },
        ],
      },
    });
    expect(changes.find((line) => line.startsWith("Read addresses written after a label"))).toContain(
      'basics.profiles[0].url "github: https://github.com/ada"',
    );
  });
});
