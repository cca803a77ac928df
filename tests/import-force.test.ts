import { access, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { readSiteRecord, sha256, siteRecordFile } from "../src/project/site-record.js";
import { type UpgradePlan, upgradedRecord } from "../src/upgrade/plan-upgrade.js";
import { completeResume } from "./fixtures/json-resume.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";
import { clearResumeContent, copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

/**
 * `portfolio import --force` replaces what import wrote, never what the owner changed since: a file
 * edited by hand is kept, and the import's new version is written beside it as `<name>.imported.md`,
 * which the build does not read.
 */
let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
  await clearResumeContent(site.root);
  // The About the import writes, not the sample's: this site is a new owner's before the first import.
  await rm(path.join(site.root, "content/about.md"));
});
afterEach(async () => {
  await site.remove();
});

const portfolio = (...args: string[]) => portfolioInProcess(site.root, args);
const exists = (relative: string) =>
  access(path.join(site.root, relative)).then(
    () => true,
    () => false,
  );

async function writeResume(resume: unknown): Promise<void> {
  await writeFile(path.join(site.root, "zoe.json"), JSON.stringify(resume, null, 2));
}

/** The résumé a second time, changed where both projects come from. */
const changedResume = {
  ...completeResume,
  projects: [
    { name: "hermetic-cache", description: "A cache for hermetic builds." },
    { name: "dotfiles", description: "My shell, as I like it." },
  ],
};

describe("portfolio import --force", () => {
  it("records what it wrote in portfolio-site.json, by path, as the sha256 of each file's text", async () => {
    await writeResume(completeResume);
    const run = await portfolio("import", "zoe.json");
    expect(run.code, run.stderr).toBe(0);
    const record = await readSiteRecord(site.root);
    const project = "content/projects/hermetic-cache.md";
    expect(record.written[project]).toBe(sha256(await site.read(project)));
    expect(Object.keys(record.written)).toContain("content/about.md");
    // A site without a record is still read as format 1, the format it was.
    expect(record.format).toBe(1);
  });

  it("keeps a project file the owner edited, writes the new version beside it, names it, and the build ignores it", async () => {
    await writeResume(completeResume);
    expect((await portfolio("import", "zoe.json")).code).toBe(0);
    const project = "content/projects/hermetic-cache.md";
    const imported = await site.read(project);
    // The owner gives the project an image, its languages (its tags) and a category by hand.
    const edited = imported.replace(
      /^---\n/,
      "---\nimage: images/projects/fleetwise.svg\nlanguages: [Bazel, Go]\ncategory: Web\n",
    );
    expect(edited).not.toBe(imported);
    await site.write(project, edited);

    await writeResume(changedResume);
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code, run.stderr).toBe(0);
    // The owner's edit is kept, byte for byte.
    expect(await site.read(project)).toBe(edited);
    // The import's new version is beside it, and the report says so.
    const beside = "content/projects/hermetic-cache.imported.md";
    expect(await site.read(beside)).toContain("A cache for hermetic builds.");
    expect(run.stdout).toContain(`  - ${project} → ${beside}`);
    expect(run.stdout).toContain("changed since import wrote it");

    // An unedited file import wrote is replaced by the new version.
    expect(await site.read("content/projects/dotfiles.md")).toContain("My shell, as I like it.");
    expect(await exists("content/projects/dotfiles.imported.md")).toBe(false);

    // The build reads the owner's file and not the one beside it.
    const content = await loadSiteContent(site);
    const slugs = content.projects.map((entry) => entry.slug);
    expect(slugs).toContain("hermetic-cache");
    expect(slugs.some((slug) => slug.includes("imported"))).toBe(false);
    const built = await buildSite({ cwd: site.root, env: {} });
    // …and says the import's version waits beside it.
    expect(built.warnings.filter((warning) => warning.includes(".imported.md"))).toEqual([
      `${beside} is portfolio import's version of ${project}, which you changed: the build reads yours only. Merge what you want from it into yours, then delete it.`,
    ]);
    const output = (await readdir(built.outDir, { recursive: true })).map(String);
    expect(output.filter((file) => file.includes("imported"))).toEqual([]);
    const pages = output.filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = await readFile(path.join(built.outDir, page), "utf8");
      // The new version's words are only in the file beside the owner's.
      expect(html, page).not.toContain("A cache for hermetic builds.");
    }
    expect(pages.some((page) => page.includes("hermetic-cache"))).toBe(true);
  });

  it("keeps a file it has no record of, and writes its version beside it", async () => {
    await writeResume(completeResume);
    // The owner's own skills file, written before any import.
    await site.write(
      "content/resume/skills.md",
      "---\nskills:\n  - name: Knitting\n    percent: 90\n    category: Craft\n---\n",
    );
    const before = await site.read("content/resume/skills.md");
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code, run.stderr).toBe(0);
    expect(await site.read("content/resume/skills.md")).toBe(before);
    expect(await exists("content/resume/skills.imported.md")).toBe(true);
    expect(run.stdout).toContain("  - content/resume/skills.md → content/resume/skills.imported.md");
  });

  it("records the file kept under the hash import last wrote, so a later --force keeps it again", async () => {
    await writeResume(completeResume);
    expect((await portfolio("import", "zoe.json")).code).toBe(0);
    const project = "content/projects/hermetic-cache.md";
    const first = (await readSiteRecord(site.root)).written[project];
    await site.write(project, `${await site.read(project)}\nMy own words.\n`);
    await writeResume(changedResume);
    expect((await portfolio("import", "zoe.json", "--force")).code).toBe(0);
    expect((await readSiteRecord(site.root)).written[project]).toBe(first);
    expect((await portfolio("import", "zoe.json", "--force")).code).toBe(0);
    expect(await site.read(project)).toContain("My own words.");
  });
});

describe("portfolio-site.json", () => {
  it("loads a record from before `written` existed, and keeps a field it does not know when it writes the record", async () => {
    await site.write(siteRecordFile, JSON.stringify({ format: 2, overrides: {} }));
    expect((await readSiteRecord(site.root)).written).toEqual({});
    await site.write(siteRecordFile, JSON.stringify({ format: 2, overrides: {}, later: { kept: true } }));
    expect((await readSiteRecord(site.root)).found).toBe(true);
    await writeResume(completeResume);
    expect((await portfolio("import", "zoe.json")).code).toBe(0);
    const written = JSON.parse(await site.read(siteRecordFile));
    expect(written.later).toEqual({ kept: true });
    expect(Object.keys(written.written).length).toBeGreaterThan(0);
  });
});

describe("portfolio import --force after portfolio init", () => {
  let work: string;
  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), "portfolio-import-force-"));
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("replaces the draft's files init wrote, and keeps one the owner has changed since", async () => {
    const made = await portfolioInProcess(work, [
      "init",
      "ada",
      "--name",
      "Ada Lovelace",
      "--job-title",
      "Analytical Engineer",
      "--email",
      "ada@example.com",
    ]);
    expect(made.code, made.stderr).toBe(0);
    const root = path.join(work, "ada");
    const read = (relative: string) => readFile(path.join(root, relative), "utf8");
    // The owner makes the draft's skills their own; the draft's About stays as init wrote it.
    const skills = `${await read("content/resume/skills.md")}\nMy own words.\n`;
    await writeFile(path.join(root, "content/resume/skills.md"), skills);
    await writeFile(path.join(root, "zoe.json"), JSON.stringify(completeResume));

    const run = await portfolioInProcess(root, ["import", "zoe.json", "--force"]);
    expect(run.code, run.stderr).toBe(0);
    expect(await read("content/about.md")).not.toBe("");
    expect(run.stdout).toContain("\n  content/about.md\n");
    expect(
      await access(path.join(root, "content/about.imported.md")).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
    expect(await read("content/resume/skills.md")).toBe(skills);
    expect(run.stdout).toContain("  - content/resume/skills.md → content/resume/skills.imported.md");
  });
});

describe("portfolio upgrade and the record of what portfolio wrote", () => {
  it("follows a migrated file that was still portfolio's, and leaves an owner's file the owner's", () => {
    const plan = {
      record: {
        format: 1,
        overrides: {},
        wrapped: [],
        written: { "content/a.md": sha256("a before"), "content/b.md": sha256("b as portfolio wrote it") },
        found: true,
      },
      pending: [],
      leftAlone: [],
      overrides: [],
      changes: [
        { file: "content/a.md", before: "a before", after: "a after" },
        { file: "content/b.md", before: "b as the owner changed it", after: "b after" },
      ],
    } as unknown as UpgradePlan;
    expect(upgradedRecord(plan, "0.3.0", {}).written).toEqual({
      "content/a.md": sha256("a after"),
      "content/b.md": sha256("b as portfolio wrote it"),
    });
  });
});
