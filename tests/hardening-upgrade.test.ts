import { mkdir, readFile, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { overrideOf, siteRecordText } from "../src/project/site-record.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 37: `portfolio upgrade` as an owner meets it after a while, with a large copy of a
 * default, a résumé file pasted from an older site, and a build cache that must see what a cold
 * build sees.
 */

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

const upgrade = (...args: string[]) => portfolioInProcess(site.root, ["upgrade", ...args]);
const engineTemplate = () => readFile(path.join(repoRoot, "templates/page.html"), "utf8");

/** The owner's copy of templates/page.html, ejected from `older` (the engine's default has changed since). */
async function ejectedFrom(older: string, own: string): Promise<void> {
  await site.write("templates/page.html", own);
  await site.write(
    "portfolio-site.json",
    siteRecordText({ format: 2, overrides: { "templates/page.html": overrideOf(older, "0.1.0") }, wrapped: [] }),
  );
}

describe("finding 14: upgrade's three-way merge of a copied default", () => {
  it("merges a 50 kB copy of many repeated lines, changed on both sides, where node-diff3 took minutes", async () => {
    const current = await engineTemplate();
    // An older default with a long run of one line (node-diff3's search grew with its cube), which today's drops.
    const block = "    <hr>\n".repeat(6000);
    const older = current
      .replace('    <meta name="viewport" content="width=device-width, initial-scale=1">\n', "")
      .replace("    {{body}}\n", `    {{body}}\n${block}`);
    expect(older.length).toBeGreaterThan(50_000);
    const own = older.replace('<body class="light-mode">', '<body class="light-mode" data-owner="mine">');
    await ejectedFrom(older, own);

    const run = await upgrade("--write", "--force");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("It merges cleanly with your changes");
    expect(await site.read("templates/page.html")).toBe(
      current.replace('<body class="light-mode">', '<body class="light-mode" data-owner="mine">'),
    );
  });

  it("merges a copy whose last line is a name Object has (node-diff3 crashed on `constructor`)", async () => {
    const current = await engineTemplate();
    const older = current.replace('<body class="light-mode">', "<body>");
    const own = `${older.replace("<html", '<html data-owner="mine"')}constructor`;
    await ejectedFrom(older, own);

    const run = await upgrade("--write", "--force");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await site.read("templates/page.html")).toBe(
      `${current.replace("<html", '<html data-owner="mine"')}constructor`,
    );
  });

  it("leaves alone, and says why, a copy that adds more lines than a line diff is bounded to", async () => {
    const current = await engineTemplate();
    const older = current.replace('<body class="light-mode">', "<body>");
    // Lines the default has, many times over: none can be set aside as the copy's own, so the diff must walk them.
    const own = older.repeat(250);
    await ejectedFrom(older, own);

    const run = await upgrade("--write", "--force");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("add and remove more than 2,000 lines: too many to merge line by line");
    expect(run.stderr).toContain("templates/page.html: the engine's default changed, and your copy differs too much");
    expect(await site.read("templates/page.html")).toBe(own);
  });

  it("compares lines a number of times near the number of lines, not its square or cube", async () => {
    const { mergeLines } = await import("../src/upgrade/merge-lines.js");
    const base = `<main>\n${"    <br>\n".repeat(4500)}</main>\n`;
    const own = base.replace("<main>", '<main class="mine">');
    const theirs = base.replace("</main>", "</main><!-- today's default -->");
    let comparisons = 0;
    const merged = mergeLines(own, base, theirs, { onCompare: () => comparisons++ });
    expect(merged).toEqual({ kind: "merged", text: own.replace("</main>", "</main><!-- today's default -->") });
    expect(comparisons).toBeLessThan(4 * 4502);
  });
});

describe("upgrade and the build agree on what a file needs", () => {
  const pasted =
    "---\ntitle: Backend Developer\norganisation: Lumio Health\nperiod: Jul 2019 – Dec 2020\n---\n\nPasted from the old site.\n";

  it("migrates a file still in format 1 in a site whose record says format 2, as the build's warning promises", async () => {
    await site.write("portfolio-site.json", siteRecordText({ format: 2, overrides: {}, wrapped: [] }));
    await site.write("content/resume/experience/zz-pasted.md", pasted);
    const outDir = path.join(site.root, "out");

    const before = await buildSite({ cwd: site.root, env: {}, precompress: false, outDir });
    const promise = before.warnings.find((warning) => warning.includes("zz-pasted.md"));
    expect(promise).toContain("run portfolio upgrade, which writes start: 2019-07 and end: 2020-12 in its place");

    const dry = await upgrade();
    expect(dry.stdout).not.toContain("Up to date");
    expect(dry.stdout).toContain("portfolio-site.json says format 2, but some files are still as format 1 wrote them");
    expect(dry.stdout).toContain("+start: 2019-07\n+end: 2020-12");

    const run = await upgrade("--write", "--force");
    expect(run.code).toBe(0);
    expect(await site.read("content/resume/experience/zz-pasted.md")).toBe(
      pasted.replace("period: Jul 2019 – Dec 2020", "start: 2019-07\nend: 2020-12"),
    );
    expect(JSON.parse(await site.read("portfolio-site.json")).format).toBe(2);
    const after = await buildSite({ cwd: site.root, env: {}, precompress: false, outDir });
    expect(after.warnings.filter((warning) => warning.includes("zz-pasted.md"))).toEqual([]);
    expect((await upgrade()).stdout).toContain("Up to date");
  });

  it("reports a period it cannot read in a format-2 site, as the build does, instead of saying up to date", async () => {
    await site.write("portfolio-site.json", siteRecordText({ format: 2, overrides: {}, wrapped: [] }));
    await site.write("content/resume/experience/zz-pasted.md", pasted.replace("Jul 2019 – Dec 2020", "Summer 2015"));

    const built = await buildSite({ cwd: site.root, env: {}, precompress: false, outDir: path.join(site.root, "out") });
    expect(built.warnings.join("\n")).toContain("zz-pasted.md: period is the old free-text date: it cannot be read");
    const run = await upgrade();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'content/resume/experience/zz-pasted.md:4: period "Summer 2015" cannot be read as dates: "Summer" is not a month',
    );
  });
});

describe("a warm build sees every entry a cold build reads", () => {
  /** What a build gives: its error, or its pages and warnings. The cold one starts without the cache, in a folder of its own. */
  async function outcome(kind: "warm" | "cold"): Promise<Record<string, unknown>> {
    if (kind === "cold") await rm(path.join(site.root, ".portfolio", "cache"), { recursive: true, force: true });
    try {
      const built = await buildSite({
        cwd: site.root,
        env: {},
        precompress: false,
        outDir: path.join(site.root, kind),
      });
      return { unchanged: built.unchanged, pages: built.pagesDigest, warnings: built.warnings };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  interface Change {
    name: string;
    /** The site as the warm builds first see it. */
    before?: () => Promise<void>;
    change: () => Promise<void>;
    /** What the cold build refuses, when it does. */
    refused?: RegExp;
  }
  const experience = () => path.join(site.root, "content/resume/experience");
  const changes: Change[] = [
    {
      name: "an empty folder named like a project file",
      change: () => mkdir(path.join(site.root, "content/projects/zz.md")),
      refused: /zz\.md/,
    },
    {
      name: "a link to a folder the walk has already seen (the Resume's experience read from education)",
      before: () => rm(experience(), { recursive: true }),
      change: () => symlink("education", experience()),
    },
    {
      name: "an empty folder in content/resume/ that no section reads (the cold build warns)",
      change: () => mkdir(path.join(site.root, "content/resume/talks")),
    },
    {
      name: "a file turned into a folder of the same name",
      change: async () => {
        await rm(path.join(site.root, "content/projects/turma.md"));
        await mkdir(path.join(site.root, "content/projects/turma.md"));
      },
      refused: /turma\.md/,
    },
  ];

  it.each(changes)("$name", async ({ before, change, refused }) => {
    await before?.();
    expect(await outcome("warm")).toMatchObject({ unchanged: false });
    expect(await outcome("warm")).toMatchObject({ unchanged: true });
    await change();
    const warm = await outcome("warm");
    const cold = await outcome("cold");
    if (refused) expect(cold.error).toMatch(refused);
    else expect(cold).toMatchObject({ unchanged: false });
    expect(warm).toEqual(cold);
  });
});
