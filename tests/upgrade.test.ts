import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { packageVersion } from "../src/package-root.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { overrideOf, siteRecordText } from "../src/project/site-record.js";
import { declareSections } from "./fixtures/resume-sections.js";
import { fingerprint, git, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

/**
 * A site as an owner who started from 0.1 has it: no portfolio-site.json, and résumé entries
 * with the free-text period (education, experience and a timeline section of their own), in a
 * git repository with everything committed.
 */
const periodFiles: Record<string, string> = {
  "content/resume/education/01-msc.md":
    '---\ntitle: MSc Data Science\norganisation: Universidade do Porto # the school\nperiod: "Mar 2019 – Jun 2021"\n---\n\nThesis on demand forecasting.\n',
  "content/resume/education/02-bsc.md":
    "---\ntitle: BSc Computer Science\norganisation: University of Lagos\nperiod: 2012 — 2016\norder: 2\n---\n\nperiod: a line of the body.\n",
  "content/resume/experience/01-nordlys.md":
    "---\ntitle: Senior Developer\norganisation: Nordlys Digital\nperiod: 'Mar 2022 — Present'\n---\n\nLead developer.\n",
  "content/resume/experience/02-freelance.md":
    '---\ntitle: Freelance Developer\norganisation: Self-employed\nperiod: "2021"\n---\n\nClients in retail.\n',
  "content/resume/experience/03-lumio.md":
    "---\ntitle: Developer\norganisation: Lumio Health\nstart: 2019-07\nend: 2020-12\n---\n\nAlready dated.\n",
  "content/resume/teaching/01-workshops.md":
    "---\ntitle: Workshop lead\norganisation: Code Club\nperiod: 2017 - 2019\n---\n\nEvening workshops.\n",
};

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
  await rm(path.join(site.root, "content/resume/education"), { recursive: true });
  await rm(path.join(site.root, "content/resume/experience"), { recursive: true });
  for (const [file, text] of Object.entries(periodFiles)) await site.write(file, text);
  await declareSections(
    site,
    '{ customSections: [{ id: "teaching", title: "Teaching", icon: "presentation", layout: "timeline" }] }',
  );
  await site.write(".gitignore", "dist/\n.portfolio/\n");
  git(site.root, "init", "-q");
  git(site.root, "add", "-A");
  git(site.root, "commit", "-qm", "The site before the upgrade");
});
afterEach(async () => {
  await site.remove();
});

const upgrade = (...args: string[]) => portfolioInProcess(site.root, ["upgrade", ...args]);

/** The periods the Resume page shows, as text, in a stable order (the upgrade may reorder the entries). */
async function builtPeriods(): Promise<{ periods: string[]; warnings: string[] }> {
  // Outside the site: the build deletes the output it replaces in the background, which git would see.
  const outDir = path.join(await mkdtemp(path.join(tmpdir(), "portfolio-upgrade-out-")), "dist");
  const built = await buildSite({ cwd: site.root, env: {}, precompress: false, outDir });
  const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
  await rm(path.dirname(outDir), { recursive: true, force: true });
  const periods = [...html.matchAll(/<p class="timeline-period">(.*?)<\/p>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]*>/g, "")
      .replace(/\s*[-–—]\s*/g, " — ")
      .trim(),
  );
  return { periods: periods.sort(), warnings: built.warnings };
}

/** Files the dry run's diff shows: its `+++ b/…` lines. */
const diffedFiles = (stdout: string) => [...stdout.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((match) => match[1]!).sort();

describe("portfolio upgrade", () => {
  it("shows the migration as a diff and changes nothing on disk", async () => {
    const before = await fingerprint(site.root);
    const run = await upgrade();
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("no portfolio-site.json: a site made before portfolio 0.2, format 1");
    expect(run.stdout).toContain("1 → 2  timeline-period-to-dates");
    expect(run.stdout).toContain(
      '-period: "Mar 2019 – Jun 2021"\n+start: 2019-03\n+end: 2021-06\n ---\n \n Thesis on demand forecasting.',
    );
    expect(diffedFiles(run.stdout)).toEqual([
      "content/resume/education/01-msc.md",
      "content/resume/education/02-bsc.md",
      "content/resume/experience/01-nordlys.md",
      "content/resume/experience/02-freelance.md",
      "content/resume/teaching/01-workshops.md",
    ]);
    expect(run.stdout).toContain("Dry run: 5 files would change");
    expect(await fingerprint(site.root)).toBe(before);
  });

  it("writes exactly what the diff showed, after which the build is clean and shows the same periods", async () => {
    const old = await builtPeriods();
    expect(old.warnings.filter((warning) => warning.includes("run portfolio upgrade"))).toHaveLength(5);
    const shown = diffedFiles((await upgrade()).stdout);

    const run = await upgrade("--write");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const changed = git(site.root, "status", "--porcelain", "--untracked-files=all")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3))
      .sort();
    expect(changed).toEqual([...shown, "portfolio-site.json"].sort());
    expect(JSON.parse(await site.read("portfolio-site.json"))).toMatchObject({ format: 2, overrides: {} });
    expect(await site.read("content/resume/education/02-bsc.md")).toBe(
      "---\ntitle: BSc Computer Science\norganisation: University of Lagos\nstart: 2012\nend: 2016\norder: 2\n---\n\nperiod: a line of the body.\n",
    );

    const upgraded = await builtPeriods();
    expect(upgraded.warnings).toEqual([]);
    expect(upgraded.periods).toHaveLength(6);
    expect(upgraded.periods).toEqual(old.periods);

    git(site.root, "add", "-A");
    git(site.root, "commit", "-qm", "portfolio upgrade");
    const again = await upgrade();
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Up to date: format 2");
  });

  it("refuses to write over uncommitted changes unless --force, and outside git unless --force", async () => {
    await site.write("content/about.md", `${await site.read("content/about.md")}\nA line not committed.\n`);
    const before = await fingerprint(site.root);
    const refused = await upgrade("--write");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("UpgradeUncommitted");
    expect(refused.stderr).toContain("M content/about.md");
    expect(refused.stderr).toContain("--force writes anyway");
    expect(await fingerprint(site.root)).toBe(before);

    await rm(path.join(site.root, ".git"), { recursive: true, force: true });
    const outside = await upgrade("--write");
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain("is not in a git repository");
    expect((await upgrade("--write", "--force")).code).toBe(0);
    expect(await site.read("content/resume/experience/02-freelance.md")).toContain("start: 2021\nend: 2021\n");
  });

  it("leaves a period it cannot read alone, reports it with its line, and keeps the site's format until it is fixed", async () => {
    await site.write(
      "content/resume/experience/04-summer.md",
      "---\ntitle: Intern\norganisation: Acme\nperiod: Summer 2015\n---\n\nCoffee.\n",
    );
    git(site.root, "add", "-A");
    git(site.root, "commit", "-qm", "An internship");
    const run = await upgrade("--write");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'content/resume/experience/04-summer.md:4: period "Summer 2015" cannot be read as dates: "Summer" is not a month',
    );
    expect(await site.read("content/resume/experience/04-summer.md")).toContain("period: Summer 2015\n");
    expect(await site.read("content/resume/experience/01-nordlys.md")).toContain("start: 2022-03\nend: present\n");
    expect(JSON.parse(await site.read("portfolio-site.json")).format).toBe(1);
  });
});

describe("portfolio eject", () => {
  const eject = (...args: string[]) => portfolioInProcess(site.root, ["eject", ...args]);
  const engineTemplate = () => readFile(path.join(repoRoot, "templates/page.html"), "utf8");

  it("copies the default and records its version and text; refuses an existing or unknown file", async () => {
    const run = await eject("templates/page.html");
    expect(run.code).toBe(0);
    expect(await site.read("templates/page.html")).toBe(await engineTemplate());
    const record = JSON.parse(await site.read("portfolio-site.json"));
    expect(record.overrides["templates/page.html"]).toEqual(overrideOf(await engineTemplate(), packageVersion()));
    expect(record.format).toBe(1);

    const before = await fingerprint(site.root);
    const again = await eject("templates/page.html");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("EjectTargetExists: templates/page.html exists already");
    const unknown = await eject("templates/site.css");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("expected one of templates/page.html");
    expect(await fingerprint(site.root)).toBe(before);
  });

  /** An ejected template whose recorded default is `older` (the engine's default has changed since), and the owner's copy. */
  async function ejectedFrom(older: string, own: string): Promise<void> {
    await site.write("templates/page.html", own);
    await site.write(
      "portfolio-site.json",
      siteRecordText({ format: 2, overrides: { "templates/page.html": overrideOf(older, "0.1.0") }, wrapped: [] }),
    );
    await rm(path.join(site.root, "content/resume/teaching"), { recursive: true });
    for (const folder of ["education", "experience"]) {
      await rm(path.join(site.root, "content/resume", folder), { recursive: true });
      await site.write(
        `content/resume/${folder}/a.md`,
        "---\ntitle: T\norganisation: O\nstart: 2020\nend: present\n---\n\nB.\n",
      );
    }
    git(site.root, "add", "-A");
    git(site.root, "commit", "-qm", "Ejected earlier");
  }

  it("reports a default that changed since, with its diff, and merges it into the owner's copy with --write", async () => {
    const current = await engineTemplate();
    const older = current.replace('    <meta name="viewport" content="width=device-width, initial-scale=1">\n', "");
    const own = older.replace("<body", '<body data-owner="mine"');
    await ejectedFrom(older, own);

    const dry = await upgrade();
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      "templates/page.html: the engine's default has changed since you copied it from portfolio 0.1.0",
    );
    expect(dry.stdout).toContain('+    <meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(dry.stdout).toContain("It merges cleanly with your changes");
    expect(await site.read("templates/page.html")).toBe(own);

    const run = await upgrade("--write");
    expect(run.code).toBe(0);
    expect(await site.read("templates/page.html")).toBe(current.replace("<body", '<body data-owner="mine"'));
    const record = JSON.parse(await site.read("portfolio-site.json"));
    expect(record.overrides["templates/page.html"]).toEqual(overrideOf(current, packageVersion()));
    git(site.root, "commit", "-qam", "Upgraded");
    expect((await upgrade()).stdout).toContain("Up to date");
  });

  it("leaves a copy whose changes conflict with the default's alone, and reports it", async () => {
    const current = await engineTemplate();
    const older = current.replace('<body class="light-mode">', "<body>");
    const own = older.replace("<body>", '<body class="mine">');
    await ejectedFrom(older, own);
    const recordBefore = await site.read("portfolio-site.json");

    const run = await upgrade("--write");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('-  <body>\n+  <body class="light-mode">');
    expect(run.stdout).toContain("it is not merged: your copy is left as it is");
    expect(run.stderr).toContain("templates/page.html: the engine's default changed where you changed it too");
    expect(await site.read("templates/page.html")).toBe(own);
    expect(await site.read("portfolio-site.json")).toBe(recordBefore);
  });

  it("reports a copy made by hand, which the record does not know", async () => {
    await site.write("templates/page.html", (await engineTemplate()).replace("<body", "<body data-x"));
    const run = await upgrade();
    expect(run.stdout).toContain("templates/page.html replaces the engine's default, and was copied by hand");
    expect(run.stdout).toContain('+  <body data-x class="light-mode">');
  });
});
