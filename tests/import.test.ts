import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { loadConfig } from "../src/config/load-config.js";
import { loadContent } from "../src/content/load-content.js";
import { markdownOfText } from "../src/import/markdown-file.js";
import { profileUrl } from "../src/import/profile-url.js";
import { defaultSkillPercent, skillPercent } from "../src/json-resume/skill-levels.js";
import { completeResume } from "./fixtures/json-resume.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ asFork: true });
});
afterEach(async () => {
  await site.remove();
});

/** `portfolio` in this process, in the copy of the sample. */
const portfolio = (...args: string[]) => portfolioInProcess(site.root, args);

/** Every file of content/ with its bytes, to prove an import wrote nothing. */
async function contentFingerprint(): Promise<string> {
  const folder = path.join(site.root, "content");
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(path.relative(folder, file)).update(await readFile(file));
  return `${files.length}:${hash.digest("hex")}`;
}

/** The sample without the Resume entries an import brings (soft skills stay: JSON Resume has none). */
async function emptyResume(): Promise<void> {
  for (const part of ["education", "experience", "skills.md", "certificates.md", "languages.md", "interests.md"])
    await rm(path.join(site.root, "content/resume", part), { recursive: true });
}

async function writeJson(name: string, value: unknown): Promise<void> {
  await writeFile(path.join(site.root, name), typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

/** A résumé read from JSON, to spoil one value of: any path may be written. */
// biome-ignore lint/suspicious/noExplicitAny: a test edits arbitrary paths of parsed JSON.
type Editable = any;

describe("skill levels", () => {
  it("become percents by the documented table, case-insensitive, a percent as written, anything else the default", () => {
    expect(skillPercent("Master")).toEqual({ percent: 95, from: "table" });
    expect(skillPercent("expert").percent).toBe(95);
    expect(skillPercent("ADVANCED").percent).toBe(85);
    expect(skillPercent(" Intermediate ").percent).toBe(65);
    expect(skillPercent("beginner").percent).toBe(40);
    expect(skillPercent("90%")).toEqual({ percent: 90, from: "percent" });
    expect(skillPercent("72").percent).toBe(72);
    expect(skillPercent("Guru")).toEqual({ percent: defaultSkillPercent, from: "default" });
    expect(skillPercent("250%").from).toBe("default");
    expect(skillPercent(undefined).from).toBe("default");
  });
});

describe("text from a JSON Resume", () => {
  it("is written as Markdown that shows it as it was, paragraphs kept", () => {
    expect(
      markdownOfText(
        "5 * 3 * 2 <b>bold</b> & [x](y) `code` _a_\n\n# not a heading\n- not a list\n1. not numbered\n---",
      ),
    ).toBe(
      "5 \\* 3 \\* 2 \\<b\\>bold\\</b\\> \\& \\[x\\](y) \\`code\\` \\_a\\_\n\n\\# not a heading\n\\- not a list\n1\\. not numbered\n\\---",
    );
  });
});

describe("a profile's link from its username", () => {
  it("is the network's one pattern of address, whatever the network's name is written like", () => {
    expect(profileUrl("GitHub", "ada")).toBe("https://github.com/ada");
    expect(profileUrl("twitter", "@zoe_an")).toBe("https://x.com/zoe_an");
    expect(profileUrl("X", "zoe_an")).toBe("https://x.com/zoe_an");
    expect(profileUrl("LinkedIn", "ada-lovelace")).toBe("https://www.linkedin.com/in/ada-lovelace");
    expect(profileUrl("Dev.to", "ada")).toBe("https://dev.to/ada");
    expect(profileUrl("Hacker News", "pg")).toBe("https://news.ycombinator.com/user?id=pg");
    expect(profileUrl("Bluesky", "ada.bsky.social")).toBe("https://bsky.app/profile/ada.bsky.social");
    expect(profileUrl("GitHub", "zoë")).toBe("https://github.com/zo%C3%AB");
    expect(profileUrl("Mastodon", "@zoe@Hachyderm.IO")).toBe("https://hachyderm.io/@zoe");
    expect(profileUrl("mastodon", "zoe@fosstodon.org")).toBe("https://fosstodon.org/@zoe");
  });

  it("is not guessed: an unknown network, an id-only one, or anything but a plain username gives none", () => {
    expect(profileUrl("Stack Overflow", "4711")).toBeUndefined();
    expect(profileUrl("Myspace", "ada")).toBeUndefined();
    expect(profileUrl("Mastodon", "zoe")).toBeUndefined();
    expect(profileUrl("Mastodon", "@zoe@not a host")).toBeUndefined();
    for (const username of ["ada lovelace", "ada/repos", "javascript:alert(1)", "../admin", "", "@", "a".repeat(101)])
      expect(profileUrl("GitHub", username), username).toBeUndefined();
  });
});

describe("portfolio import", () => {
  it("turns a complete JSON Resume into content that builds, and says what it did", async () => {
    await emptyResume();
    await rm(path.join(site.root, "content/about.md"));
    await writeJson("zoe.json", completeResume);
    const run = await portfolio("import", "zoe.json");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("✓ Imported zoe.json: wrote 15 files");
    for (const file of [
      "content/about.md",
      "content/resume/experience/2021-nørd-systems.md",
      "content/resume/experience/2016-kaisha-株式会社.md",
      "content/resume/education/2014-kth-royal-institute-of-technology.md",
      "content/resume/education/2011-lunds-universitet.md",
      "content/resume/volunteer/2019-rails-girls-malmö.md",
      "content/resume/awards/2023-engineer-of-the-year.md",
      "content/resume/publications/2023-hermetic-builds-at-scale.md",
      "content/resume/certificates.md",
      "content/resume/languages.md",
      "content/resume/interests.md",
      "content/resume/references.md",
      "content/resume/skills.md",
      "content/projects/hermetic-cache.md",
      "content/projects/dotfiles.md",
    ])
      expect(run.stdout).toContain(`\n  ${file}\n`);

    // Skill levels: the table, the default for an unknown or missing level, and the category.
    expect(run.stdout).toContain(
      "Skill levels became bars (Master/Expert 95, Advanced/Proficient 85, Intermediate/Competent 65, Beginner/Novice/Basic/Elementary 40; a percent as written; any other level or none: 50)",
    );
    expect(run.stdout).toContain('  TypeScript: "Master" → 95%\n');
    expect(run.stdout).toContain(
      '  Kubernetes: "advanced" → 85%, filed under Web: no keyword names one of your skillCategories\n',
    );
    expect(run.stdout).toContain('  Swift: "Beginner" → 40%\n');
    expect(run.stdout).toContain(
      '  Go: "Guru" → 50% (not a known level: the default), filed under Web: no keyword names one of your skillCategories',
    );
    expect(run.stdout).toContain("  Rust: no level → 50% (the default)\n");

    // What had no place.
    const leftOut = run.stdout.slice(run.stdout.indexOf("Not imported"));
    for (const path of ["basics.location.address", "basics.location.postalCode", "basics.profiles[3] (it has no url)"])
      expect(leftOut).toContain(`  - ${path}`);
    expect(leftOut).not.toContain("interests");
    expect(leftOut).not.toContain("references");
    expect(leftOut).not.toContain("meta");
    expect(leftOut).not.toContain("$schema");

    // The config is the owner's: printed, never written.
    expect(await site.read("portfolio.config.ts")).not.toContain("Zoë");
    expect(run.stdout).toContain('    name: "Zoë Ångström-Nakamura",\n    jobTitle: "Staff Engineer",');
    expect(run.stdout).toContain('    location: "Malmö, Sweden",');
    // A username on a network with one pattern of address becomes a link; Stack Overflow's need an id.
    expect(run.stdout).toContain("Made profile links from usernames: basics.profiles[2].url https://x.com/zoe_an");
    expect(run.stdout).toMatch(/\{ kind: "\w+", label: "Twitter", url: "https:\/\/x\.com\/zoe_an", icon: "\w+" \},/);
    expect(run.stdout).toContain(
      '    { kind: "other", label: "Mastodon", url: "https://hachyderm.io/@zoe", icon: "mastodon" },',
    );

    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const content = await loadContent({ root: site.root, config });
    expect(content.experience.map((entry) => [entry.organisation, entry.period])).toEqual([
      ["Nørd Systems", { start: "2021-04-12", end: "present" }],
      ["Kaisha 株式会社", { start: "2016-09", end: "2021-03" }],
    ]);
    expect(content.education.map((entry) => entry.title)).toEqual(["MSc in Computer Science", "BSc"]);
    expect(content.languages).toEqual([
      { language: "Svenska", fluency: "Native" },
      { language: "日本語", fluency: "Professional working proficiency" },
    ]);
    expect(content.interests).toEqual([{ name: "Sailing", keywords: ["Øresund"] }]);
    expect(content.references).toEqual([{ name: "A. Person", reference: "Zoë is great." }]);
    // The level word is shown beside the bar, the keywords as its tags (a lone keyword naming the category is the category).
    expect(content.skills).toEqual([
      { name: "TypeScript", category: "Web", percent: 95, level: "Master", keywords: ["Web", "Node.js"] },
      { name: "Kubernetes", category: "Web", percent: 85, level: "advanced", keywords: ["DevOps"] },
      { name: "Swift", category: "Mobile", percent: 40, level: "Beginner" },
      { name: "Go", category: "Web", percent: 50, level: "Guru" },
      { name: "Rust", category: "Desktop", percent: 50 },
    ]);
    // Location and highlights, and education's degree, grade and courses, are kept apart.
    expect(content.experience[0]).toMatchObject({
      location: "Malmö",
      highlights: ["Led the move to Bazel", "Mentored 6 engineers"],
    });
    expect(content.education[0]).toMatchObject({
      title: "MSc in Computer Science",
      studyType: "MSc",
      area: "Computer Science",
      score: "4.8/5",
      courses: ["DD2380 AI"],
    });
    expect(content.certificates.map((certificate) => [certificate.name, certificate.date, certificate.url])).toEqual([
      ["Certified Kubernetes Administrator", "2022-02-15", "https://cncf.example/cka/zoe"],
      ["Professional Scrum Master I", "2019", undefined],
    ]);

    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(html).toContain("Cut build times by 30% — 5 * 3 * 2 &lt;fast&gt; &amp; [cheap] # yes</p>");
    expect(html).toContain("<li>Led the move to Bazel</li>");
    expect(html).toContain("Rails Girls Malmö");
    expect(html).toContain("Hermetic builds at scale");
    expect(await readFile(path.join(built.outDir, "index.html"), "utf8")).toContain("東京 before that.");
  });

  it("makes each project a page of the Projects list, keeping every field JSON Resume gives it", async () => {
    await rm(path.join(site.root, "content/projects"), { recursive: true, force: true });
    const projects = [
      {
        name: "Hermetic Cache",
        description: "A remote build cache.\n\nServes 2 TB a day.",
        highlights: ["Cut CI time by 40%", "Adopted by 12 teams"],
        keywords: ["Rust", "gRPC"],
        startDate: "2021-04-12",
        endDate: "2023",
        url: "https://github.com/zoe/hermetic-cache",
        roles: ["Author", "Maintainer"],
        entity: "Nørd Systems",
        type: "application",
      },
      { name: "Talk: Builds at scale", type: "Web", url: "https://talks.example/builds", startDate: "2023-10" },
      { name: "Page", description: "Named like the list's own pages." },
    ];
    await writeJson("zoe.json", { ...completeResume, projects });
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code, run.stderr).toBe(0);
    for (const file of ["hermetic-cache", "talk-builds-at-scale", "page-2"])
      expect(run.stdout).toContain(`\n  content/projects/${file}.md\n`);
    expect(run.stdout).not.toContain("projects (");

    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const content = await loadContent({ root: site.root, config });
    // Newest first, by when each ended (a year ends in December) or else began; the undated one last.
    // A JSON Resume project without an endDate goes on, so it is written `end: present` and comes first.
    expect(content.projects.map((project) => project.slug)).toEqual([
      "talk-builds-at-scale",
      "hermetic-cache",
      "page-2",
    ]);
    expect(content.projects[0]).toMatchObject({ start: "2023-10", end: "present" });
    expect(content.projects[1]).toMatchObject({
      title: "Hermetic Cache",
      projectType: "application",
      for: "Nørd Systems",
      roles: ["Author", "Maintainer"],
      languages: ["Rust", "gRPC"],
      github: "https://github.com/zoe/hermetic-cache",
      start: "2021-04-12",
      end: "2023",
      features: ["Cut CI time by 40%", "Adopted by 12 teams"],
    });
    // A type that names one of the config's project categories files it there; otherwise it is under All only.
    expect(content.projects.map((project) => project.category)).toEqual(["Web", undefined, undefined]);
    expect(content.projects[0]!.preview).toBe("https://talks.example/builds");

    const built = await buildSite({ cwd: site.root, env: {} });
    const resume = JSON.parse(await readFile(path.join(built.outDir, "resume.json"), "utf8"));
    // In the list's order, newest first: the project that goes on, without an endDate as in the file imported.
    expect(resume.projects).toEqual([projects[1], projects[0], projects[2]]);
    const page = await readFile(path.join(built.outDir, "works/hermetic-cache.html"), "utf8");
    for (const fact of [
      "<dt>When</dt><dd>Apr 2021 — 2023</dd>",
      "<dt>Roles</dt><dd>Author, Maintainer</dd>",
      "<dt>For</dt><dd>Nørd Systems</dd>",
    ])
      expect(page).toContain(fact);
    expect(page).toContain("<li>Adopted by 12 teams</li>");
    expect(page).not.toContain("<dt>Client</dt>");
    const list = await readFile(path.join(built.outDir, "works.html"), "utf8");
    expect(list).toContain(">Apr 2021 — 2023</p>");
  });

  it("links an organisation that gives a mailto: address, in place, and keeps a skype: one out, listed", async () => {
    await writeJson("zoe.json", {
      ...completeResume,
      volunteer: [
        {
          organization: "She Code Africa",
          position: "Mentor",
          url: "mailto:lagos@shecodeafrica.org",
          startDate: "2020",
        },
        { organization: "Rails Girls", position: "Coach", url: "skype:railsgirls?chat", startDate: "2019" },
      ],
    });
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "  - volunteer[1].url (skype:railsgirls?chat: the Resume links an entry to a web page only)",
    );
    expect(run.stdout).not.toContain("volunteer[0].url");
    const built = await buildSite({ cwd: site.root, env: {} });
    const resume = JSON.parse(await readFile(path.join(built.outDir, "resume.json"), "utf8"));
    expect(resume.volunteer.map((entry: { url?: string }) => entry.url)).toEqual([
      "mailto:lagos@shecodeafrica.org",
      undefined,
    ]);
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(html).toContain('<a class="outbound-link" href="mailto:lagos@shecodeafrica.org">She Code Africa</a>');
  });

  it("writes interests and references as lists, text tidied and a reference's paragraphs kept, and /resume.json gives them back", async () => {
    await emptyResume();
    const interests = [
      { name: "Sailing", keywords: ["Øresund", "dinghy   racing"] },
      { name: "Letterpress\n printing" },
      { name: "Ceramics", keywords: [] },
    ];
    const references = [
      {
        name: "Ana Costa,  CTO at Nordlys",
        reference: "Zoë rebuilt our\n pipeline   in a month.\n\n\nShe also  taught us how.",
      },
      { name: "Tiago Ramos", reference: "Calm under   pressure." },
    ];
    await writeJson("zoe.json", {
      ...completeResume,
      interests: [...interests, { keywords: ["no name"] }, { name: "Chess", since: 2001 }],
      references: [...references, { reference: "Anonymous praise." }, { name: "Available on request", reference: "" }],
    });
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code, run.stderr).toBe(0);
    const leftOut = run.stdout.slice(run.stdout.indexOf("Not imported"));
    for (const path of ["interests[3] (it has no name)", "interests[4].since", "references[2] (it has no name)"])
      expect(leftOut).toContain(`  - ${path}`);

    const interestsFile = await site.read("content/resume/interests.md");
    expect(interestsFile).toContain("- name: Letterpress printing\n");
    expect(interestsFile).toContain("dinghy racing");
    const referencesFile = await site.read("content/resume/references.md");
    expect(referencesFile).toContain("Zoë rebuilt our pipeline in a month.\n\n");

    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const content = await loadContent({ root: site.root, config });
    const expectedInterests = [
      { name: "Sailing", keywords: ["Øresund", "dinghy racing"] },
      { name: "Letterpress printing" },
      { name: "Ceramics" },
      { name: "Chess" },
    ];
    const expectedReferences = [
      {
        name: "Ana Costa, CTO at Nordlys",
        reference: "Zoë rebuilt our pipeline in a month.\n\nShe also taught us how.",
      },
      { name: "Tiago Ramos", reference: "Calm under pressure." },
      // A referee named without their words is kept, and shown by name alone.
      { name: "Available on request" },
    ];
    expect(content.interests).toEqual(expectedInterests);
    expect(content.references).toEqual(expectedReferences);

    const built = await buildSite({ cwd: site.root, env: {} });
    const resume = JSON.parse(await readFile(path.join(built.outDir, "resume.json"), "utf8"));
    // In JSON Resume's order, after languages; keywords only where there are some.
    expect(Object.keys(resume).slice(-5)).toEqual(["languages", "interests", "references", "projects", "meta"]);
    expect(resume.interests).toEqual(expectedInterests);
    expect(resume.references).toEqual(expectedReferences);
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(html).toContain("<p>Zoë rebuilt our pipeline in a month.</p><p>She also taught us how.</p>");
    expect(html).toContain("— <!-- -->Ana Costa, CTO at Nordlys</figcaption>");
    expect(html).toContain('<p class="reference-name reference-name-alone">Available on request</p>');
  });

  it("writes interests and references that are already tidy exactly as the résumé has them", async () => {
    await emptyResume();
    const interests = [{ name: "Sailing", keywords: ["Øresund", "Dinghy racing"] }, { name: "Letterpress printing" }];
    const references = [
      { name: "Ana Costa, CTO at Nordlys", reference: "Zoë rebuilt our pipeline.\n\nShe also taught us how." },
    ];
    await writeJson("zoe.json", { ...completeResume, interests, references });
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code, run.stderr).toBe(0);
    const built = await buildSite({ cwd: site.root, env: {} });
    const resume = JSON.parse(await readFile(path.join(built.outDir, "resume.json"), "utf8"));
    expect(resume.interests).toEqual(interests);
    expect(resume.references).toEqual(references);
  });

  it("refuses to replace a file without --force, lists the clashes and writes nothing", async () => {
    await writeJson("zoe.json", completeResume);
    const before = await contentFingerprint();
    const run = await portfolio("import", "zoe.json");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "ImportWouldOverwrite: Importing zoe.json would replace 5 files:\n  - content/about.md\n  - content/resume/certificates.md\n  - content/resume/languages.md\n  - content/resume/interests.md\n  - content/resume/skills.md",
    );
    expect(run.stderr).toContain("--force");
    expect(await contentFingerprint()).toBe(before);

    const forced = await portfolio("import", "zoe.json", "--force");
    expect(forced.code).toBe(0);
    // The repository's record names the sample's files as init --sample's does: --force replaces them.
    expect(await site.read("content/resume/languages.md")).toContain("日本語");
    expect(existsSync(path.join(site.root, "content/resume/languages.imported.md"))).toBe(false);
    // The sample's own entries are not the import's to delete: they are listed instead.
    expect(forced.stdout).toContain(
      "Kept, though not from zoe.json (delete what is not yours, such as the sample's entries):\n  - content/resume/education/01-msc-data-science.md",
    );
  });

  it.each([
    [
      "a work entry without position",
      (resume: Editable) => {
        delete resume.work[0].position;
      },
      "work[0].position: is missing: expected the position",
    ],
    [
      "an education entry without a title",
      (resume: Editable) => {
        delete resume.education[1].studyType;
      },
      "education[1].area: is missing: expected the field of study (area) or the kind of degree (studyType)",
    ],
    [
      "skills that are not a list",
      (resume: Editable) => {
        resume.skills = "TypeScript";
      },
      'skills: expected a list, got string "TypeScript"',
    ],
    [
      // A value that can be left out of its entry is a decision: it refuses the file under --strict only.
      "a URL that is not one, under --strict",
      (resume: Editable) => {
        resume.publications[0].url = "bazelcon dot example";
      },
      "publications[0].url: expected an absolute URL such as https://example.com",
      ["--strict"],
    ],
  ])(
    "rejects %s, naming its JSON path, with exit code 1 and nothing written",
    async (_name, spoil, expected, flags = []) => {
      const resume = structuredClone(completeResume);
      spoil(resume);
      await writeJson("broken.json", resume);
      const before = await contentFingerprint();
      const run = await portfolio("import", "broken.json", "--force", ...flags);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("ImportInvalid: broken.json is not valid:");
      expect(run.stderr).toContain(`  - ${expected}`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(await contentFingerprint()).toBe(before);
    },
  );

  it("rejects a file that is not JSON, or not there, saying where", async () => {
    await writeJson("broken.json", '{\n  "basics": { "name": "Zoë" },\n  "work": [1 2]\n}');
    const run = await portfolio("import", "broken.json");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("broken.json is not valid:\n  - is not valid JSON (line 3, column 14)");
    const missing = await portfolio("import", "nowhere.json");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("ImportUnreadable: Cannot import nowhere.json: there is no such file.");
  });

  it("round trip: importing the built sample's /resume.json gives the same Resume page", async () => {
    const first = await buildSite({ cwd: site.root, env: {} });
    const before = await readFile(path.join(first.outDir, "resume.html"), "utf8");
    await writeFile(path.join(site.root, "resume.json"), await readFile(path.join(first.outDir, "resume.json")));
    await emptyResume();
    const run = await portfolio("import", "resume.json", "--force");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain("Not imported");
    const second = await buildSite({ cwd: site.root, env: {} });
    expect(await readFile(path.join(second.outDir, "resume.html"), "utf8")).toBe(before);
    // And the round trip is not empty: the page it compares has the sample's entries.
    expect(before).toContain("Nordlys Digital");
    expect(before).toContain("TensorFlow Developer Certificate");
  });
});
