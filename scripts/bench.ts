/**
 * Build times (cold and warm), page weight on a desktop and a phone, and Lighthouse scores, for the
 * sample site and for the sample with a phone photo (4000×3000 JPEG) as the owner's photo and a
 * project's image, printed as tables and written to .bench/report.json:
 *   npm run bench [-- --runs 5] [--variant sample|photo|font|portuguese|arabic|bilingual] [--layout column|wide]
 * With --layout, each variant is built in that layout (theme.layout) instead of its own, so the
 * Lighthouse scores of every route, mobile and desktop, can be read per layout.
 *
 * With --posts, how the build scales with a long blog instead, written to .bench/scale-report.json:
 *   npm run bench -- --posts 100,1000,2000 [--runs 3] [--no-lighthouse] [--make-posts <make-posts.mjs>]
 * The posts come from ../shared/scale/make-posts.mjs, so figures compare across issues.
 *
 * With --scale, issue 50's budget guard: cold (median of --runs 3), warm and one-post-added builds of 100 and
 * 1,000 posts, each stage's time (read, images, cards, render, search and check, write), peak memory, and
 * Hugo's cold and warm builds of the same posts by turns, written to .bench/scale-budget-report.json:
 *   npm run bench -- --scale [--runs 3] [--posts 100,1000] [--no-hugo] [--make-posts <make-posts.mjs>]
 *
 * With --dev, how fast `portfolio dev` updates an open page after a save (median of --runs 5), on
 * the sample and, with --posts N, on a site with N posts:  npm run bench -- --dev [--posts 1000]
 *
 * With --speed, issue 19's figures: cold builds of 1,000 and 2,000 posts paired with Hugo's (run by
 * turns), peak memory, builds with nothing changed (1,000 posts and the sample) and `portfolio dev`
 * saves, medians of --runs 3, written to .bench/speed-report.json:  npm run bench -- --speed [--runs 3]
 *
 * With --writing, issue 40's figures: what 100 formulas and 20 diagrams cost a build of 20 posts, cold and with
 * nothing changed, and Lighthouse on the fixture post (every writing feature), mobile and desktop, median of
 * --runs 3, written to .bench/writing-report.json:  npm run bench -- --writing [--runs 3] [--no-lighthouse]
 * [--lighthouse-only] (the fixture post's audits alone, with their metrics and render-blocking requests)
 *
 * With --media, issue 52's figures: a post with a video, a gallery of 12 photos and a YouTube facade (and a code
 * block): Lighthouse mobile and desktop, the requests to other hosts before a click, and the time from the
 * facade's click to the player's frame with the CPU slowed 4×, median of --runs 3, written to
 * .bench/media-report.json:  npm run bench -- --media [--runs 3] [--no-lighthouse]
 *
 * With --publications, issue 54's figures: the sample with a .bib of --count 500 real entries (make-publications.ts)
 * against the sample: cold builds (with every publication's share card, and with shareCards "site"), a build after
 * one entry is added, `portfolio dev`'s save-to-page after one entry's edit, and Lighthouse on a phone on
 * /publications and the list's largest page, medians of --runs 3, written to .bench/publications-report.json:
 *   npm run bench -- --publications [--runs 3] [--count 500] [--no-lighthouse]
 *
 * With --hostile, the inputs of issue 23 that took quadratic time (100,000 identical headings, 100,000
 * identical résumé entries) and the caps that now refuse them, median of --runs 3, written to
 * .bench/hostile-report.json:  npm run bench -- --hostile [--runs 3]
 *
 * With --package, issue 17's figures: the tarball `npm pack` makes (size, files) and the time from
 * `portfolio init` to a built site with it, median of --runs 3, written to .bench/package-report.json:
 *   npm run bench -- --package [--runs 3]
 *
 * With --search, issue 20's figures at --posts N (1000 by default): the time the index takes to make,
 * its size, what a first search downloads and the time from typing to results on a phone profile,
 * median of --runs 5, written to .bench/search-report.json:  npm run bench -- --search [--posts 1000]
 *
 * With --islands, issue 38's figures: script fetched and evaluated before any interaction, blocking
 * after load and the first tap's INP with the CPU slowed 4×, /works' hydration with 24 projects and
 * Lighthouse mobile, per route of the sample, the 1,000-post site, the bilingual fixture and the font
 * variant; with --baseline <git-ref>, that commit's engine measured by turns on the same sites,
 * medians of --runs 3, written to .bench/islands-report.json (scripts/bench/islands.ts says how):
 *   npm run bench -- --islands [--runs 3] [--baseline <ref>] [--sites sample,posts] [--no-lighthouse] [--busy]
 *
 * Exits 0 when targets are missed (it is a report) and 1 only when something could not be measured.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromiumFlags, chromiumPath, launchChromium, quitChromium } from "../tests/helpers/browser.js";
import { formatReport } from "./bench/format.js";
import { formatScale } from "./bench/format-scale.js";
import { timeDevUpdates } from "./bench/dev-timing.js";
import { formatIslands } from "./bench/format-islands.js";
import { benchHostile, formatHostile } from "./bench/hostile.js";
import { benchMedia, formatMedia } from "./bench/media.js";
import { auditFixturePost, benchWriting, formatWriting } from "./bench/writing.js";
import { benchIslands, islandSiteNames, type IslandSiteName } from "./bench/islands.js";
import { benchPackage, formatPackage } from "./bench/package.js";
import { benchPublications, formatPublications } from "./bench/publications.js";
import { benchScale, copySite, makePosts } from "./bench/scale.js";
import { benchScaleBudget, formatScaleBudget, parseScaleBudgetArgs } from "./bench/scale-budget.js";
import { benchSearch, formatSearch } from "./bench/search.js";
import { benchSpeed, formatSpeed } from "./bench/speed.js";
import { lighthouseVersion } from "./bench/lighthouse-audit.js";
import { benchVariant, variantNames, type VariantName } from "./bench/variants.js";
import { MeasurementError, type BenchReport } from "./bench/types.js";
import { layoutNames, type LayoutName } from "../src/config/layout-names.js";

// The spec's routes, a project's own page (the sample has no posts), and the search page.
const routes = ["/", "/resume", "/works", "/blogs", "/contact", "/works/fleetwise", "/search"] as const;

// Lighthouse starts its own Chromium, with the same flags as the tests.
const lighthouseFlags = ["--headless=new", ...chromiumFlags];

const root = process.cwd();

function optionValue(argv: string[], name: string): string | undefined {
  const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index === -1) return undefined;
  return argv[index]!.includes("=") ? argv[index]!.slice(name.length + 1) : (argv[index + 1] ?? "");
}

function parseRuns(argv: string[], fallback: number): number {
  const value = optionValue(argv, "--runs");
  if (value === undefined) return fallback;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs expects a whole number of at least 1, got ${JSON.stringify(value)}.`);
    process.exit(1);
  }
  return runs;
}

function parsePostCounts(value: string): number[] {
  const counts = value.split(",").map((part) => Number(part.trim()));
  if (!counts.length || counts.some((count) => !Number.isInteger(count) || count < 1 || count > 20_000)) {
    console.error(
      `--posts expects whole numbers from 1 to 20000, separated by commas (e.g. 100,1000,2000), got ${JSON.stringify(value)}.`,
    );
    process.exit(1);
  }
  return counts;
}

async function bench(runs: number, variants: VariantName[], layout?: LayoutName): Promise<BenchReport> {
  if (!existsSync(chromiumPath))
    throw new MeasurementError(
      `Chromium not found at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  const browser = await launchChromium();
  try {
    const reports = [];
    for (const variant of variants) {
      reports.push(
        await benchVariant(variant, { root, runs, routes, browser, chromiumPath, lighthouseFlags, progress, layout }),
      );
    }
    return {
      createdAt: new Date().toISOString(),
      node: process.version,
      chromium: browser.version(),
      lighthouseVersion,
      variants: reports,
    };
  } finally {
    await browser.close();
  }
}

function parseVariants(argv: string[]): VariantName[] {
  const value = optionValue(argv, "--variant");
  if (value === undefined) return variantNames;
  if (!variantNames.includes(value as VariantName)) {
    console.error(`--variant expects ${variantNames.join(", ")}, got ${JSON.stringify(value)}.`);
    process.exit(1);
  }
  return [value as VariantName];
}

function parseLayout(argv: string[]): LayoutName | undefined {
  const value = optionValue(argv, "--layout");
  if (value === undefined) return undefined;
  if (!layoutNames.includes(value as LayoutName)) {
    console.error(`--layout expects ${layoutNames.join(", ")}, got ${JSON.stringify(value)}.`);
    process.exit(1);
  }
  return value as LayoutName;
}

/** portfolio dev's save-to-updated-page on the sample, then on a site with each number of posts. */
async function benchDev(counts: number[], runs: number, makePostsScript: string) {
  const browser = await launchChromium();
  const timings = [];
  try {
    for (const posts of [0, ...counts]) {
      const project = await mkdtemp(path.join(tmpdir(), "portfolio-dev-bench-"));
      try {
        await copySite(root, project);
        if (posts) await makePosts(makePostsScript, project, posts);
        progress(`portfolio dev, ${posts ? `${posts} posts` : "the sample"}: ${runs} timed saves`);
        const edit = posts
          ? { file: "content/blog/post-0000.md", route: "/blogs/post-0000" }
          : { file: "content/about.md", route: "/" };
        timings.push({
          site: posts ? `${posts} posts` : "sample",
          ...(await timeDevUpdates(browser, { root, project, runs, ...edit })),
        });
      } finally {
        await rm(project, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  return timings;
}

function parseIslandSites(argv: string[]): IslandSiteName[] {
  const value = optionValue(argv, "--sites");
  if (value === undefined) return [...islandSiteNames];
  const sites = value.split(",").map((site) => site.trim());
  const unknown = sites.filter((site) => !islandSiteNames.includes(site as IslandSiteName));
  if (!sites.length || unknown.length) {
    console.error(
      `--sites expects some of ${islandSiteNames.join(", ")}, separated by commas, got ${JSON.stringify(value)}.`,
    );
    process.exit(1);
  }
  return sites as IslandSiteName[];
}

function progress(message: string): void {
  process.stderr.write(`bench: ${message}…\n`);
}

async function writeReport(report: BenchReport): Promise<string> {
  const file = path.join(root, ".bench", "report.json");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

async function writeJson(name: string, value: unknown): Promise<string> {
  const file = path.join(root, ".bench", name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}

const argv = process.argv.slice(2);
try {
  const posts = optionValue(argv, "--posts");
  if (argv.includes("--scale")) {
    const report = await benchScaleBudget(root, parseScaleBudgetArgs(argv, root), progress);
    console.log(`\n${formatScaleBudget(report)}\n`);
    console.log(
      `Full report: ${path.relative(root, await writeJson("scale-budget-report.json", { createdAt: new Date().toISOString(), node: process.version, ...report }))}`,
    );
  } else if (argv.includes("--package")) {
    const report = await benchPackage({ root, runs: parseRuns(argv, 3), progress });
    console.log(`\n${formatPackage(report)}\n`);
    console.log(
      `Full report: ${path.relative(root, await writeJson("package-report.json", { createdAt: new Date().toISOString(), node: process.version, ...report }))}`,
    );
  } else if (argv.includes("--islands")) {
    if (!existsSync(chromiumPath))
      throw new MeasurementError(`Chromium not found at ${chromiumPath}: install it or set CHROMIUM_PATH.`);
    const browser = await launchChromium();
    try {
      const report = await benchIslands({
        root,
        runs: parseRuns(argv, 3),
        sites: parseIslandSites(argv),
        baseline: optionValue(argv, "--baseline"),
        lighthouse: !argv.includes("--no-lighthouse"),
        busy: argv.includes("--busy"),
        makePosts: path.resolve(root, optionValue(argv, "--make-posts") ?? "../shared/scale/make-posts.mjs"),
        browser,
        chromiumPath,
        lighthouseFlags,
        progress,
      });
      console.log(`\n${formatIslands(report)}\n`);
      console.log(
        `Full report: ${path.relative(root, await writeJson("islands-report.json", { createdAt: new Date().toISOString(), node: process.version, chromium: browser.version(), lighthouseVersion, ...report }))}`,
      );
    } finally {
      await browser.close();
    }
  } else if (argv.includes("--search")) {
    const report = await benchSearch({
      root,
      posts: posts === undefined ? 1000 : parsePostCounts(posts)[0]!,
      runs: parseRuns(argv, 5),
      makePosts: path.resolve(root, optionValue(argv, "--make-posts") ?? "../shared/scale/make-posts.mjs"),
      progress,
    });
    console.log(`\n${formatSearch(report)}\n`);
    console.log(
      `Full report: ${path.relative(root, await writeJson("search-report.json", { createdAt: new Date().toISOString(), node: process.version, ...report }))}`,
    );
  } else if (argv.includes("--speed")) {
    const browser = await launchChromium();
    try {
      const report = await benchSpeed({
        root,
        runs: parseRuns(argv, 3),
        makePosts: path.resolve(root, optionValue(argv, "--make-posts") ?? "../shared/scale/make-posts.mjs"),
        browser,
        progress,
      });
      console.log(`\n${formatSpeed(report)}\n`);
      console.log(
        `Full report: ${path.relative(root, await writeJson("speed-report.json", { createdAt: new Date().toISOString(), node: process.version, ...report }))}`,
      );
    } finally {
      await browser.close();
    }
  } else if (argv.includes("--writing")) {
    const runs = parseRuns(argv, 3);
    const timings = argv.includes("--lighthouse-only")
      ? {}
      : await benchWriting({
          root,
          runs,
          makePosts: path.resolve(root, optionValue(argv, "--make-posts") ?? "../shared/scale/make-posts.mjs"),
          progress,
        });
    const fixturePost = argv.includes("--no-lighthouse")
      ? undefined
      : await auditFixturePost({ root, runs, chromiumPath, chromiumFlags: lighthouseFlags, progress });
    const report = { ...timings, fixturePost };
    console.log(`\n${formatWriting(report)}\n`);
    console.log(
      `Full report: ${path.relative(root, await writeJson("writing-report.json", { createdAt: new Date().toISOString(), node: process.version, ...report }))}`,
    );
  } else if (argv.includes("--media")) {
    if (!existsSync(chromiumPath))
      throw new MeasurementError(`Chromium not found at ${chromiumPath}: install it or set CHROMIUM_PATH.`);
    const browser = await launchChromium();
    try {
      const report = await benchMedia({
        root,
        runs: parseRuns(argv, 3),
        browser,
        chromiumPath,
        lighthouseFlags,
        lighthouse: !argv.includes("--no-lighthouse"),
        progress,
      });
      console.log(`\n${formatMedia(report)}\n`);
      console.log(
        `Full report: ${path.relative(root, await writeJson("media-report.json", { createdAt: new Date().toISOString(), node: process.version, chromium: browser.version(), lighthouseVersion, ...report }))}`,
      );
    } finally {
      await browser.close();
    }
  } else if (argv.includes("--publications")) {
    if (!existsSync(chromiumPath))
      throw new MeasurementError(`Chromium not found at ${chromiumPath}: install it or set CHROMIUM_PATH.`);
    const count = Number(optionValue(argv, "--count") ?? 500);
    if (!Number.isInteger(count) || count < 1 || count > 20_000)
      throw new MeasurementError(
        `--count expects a whole number from 1 to 20000, got ${optionValue(argv, "--count")}.`,
      );
    const browser = await launchChromium();
    try {
      const report = await benchPublications({
        root,
        runs: parseRuns(argv, 3),
        count,
        lighthouse: !argv.includes("--no-lighthouse"),
        browser,
        chromiumPath,
        lighthouseFlags,
        progress,
      });
      console.log(`\n${formatPublications(report)}\n`);
      console.log(
        `Full report: ${path.relative(root, await writeJson("publications-report.json", { createdAt: new Date().toISOString(), node: process.version, chromium: browser.version(), lighthouseVersion, ...report }))}`,
      );
    } finally {
      await browser.close();
    }
  } else if (argv.includes("--hostile")) {
    const report = await benchHostile({ root, runs: parseRuns(argv, 3), progress });
    console.log(`\n${formatHostile(report)}\n`);
    console.log(
      `Full report: ${path.relative(root, await writeJson("hostile-report.json", { createdAt: new Date().toISOString(), node: process.version, ...report }))}`,
    );
  } else if (argv.includes("--dev")) {
    const timings = await benchDev(
      posts === undefined ? [] : parsePostCounts(posts),
      parseRuns(argv, 5),
      path.resolve(root, optionValue(argv, "--make-posts") ?? "../shared/scale/make-posts.mjs"),
    );
    console.log(
      "\nSave to updated page with portfolio dev (each a write of the file until the open page shows the new text)",
    );
    for (const timing of timings)
      console.log(
        `  ${timing.site.padEnd(12)} ${timing.file} → ${timing.route}: median ${Math.round(timing.medianMs)} ms (${timing.samplesMs.map(Math.round).join(", ")})`,
      );
    console.log(
      `Full report: ${path.relative(root, await writeJson("dev-report.json", { createdAt: new Date().toISOString(), node: process.version, timings }))}`,
    );
  } else if (posts !== undefined) {
    if (!existsSync(chromiumPath) && !argv.includes("--no-lighthouse"))
      throw new MeasurementError(
        `Chromium not found at ${chromiumPath}: install it, set CHROMIUM_PATH, or pass --no-lighthouse.`,
      );
    const results = await benchScale({
      root,
      counts: parsePostCounts(posts),
      runs: parseRuns(argv, 3),
      makePosts: path.resolve(root, optionValue(argv, "--make-posts") ?? "../shared/scale/make-posts.mjs"),
      lighthouse: !argv.includes("--no-lighthouse"),
      chromiumPath,
      chromiumFlags: lighthouseFlags,
      progress,
    });
    console.log(`\n${formatScale(results)}\n`);
    console.log(
      `Full report: ${path.relative(root, await writeJson("scale-report.json", { createdAt: new Date().toISOString(), node: process.version, results }))}`,
    );
  } else {
    const report = await bench(parseRuns(argv, 5), parseVariants(argv), parseLayout(argv));
    console.log(`\n${formatReport(report)}\n`);
    console.log(`Full report: ${path.relative(root, await writeReport(report))}`);
  }
} catch (error) {
  const message =
    error instanceof MeasurementError ? error.message : `Unexpected error: ${(error as Error).stack ?? String(error)}`;
  console.error(`\n✗ bench could not measure everything: ${message}`);
  process.exitCode = 1;
} finally {
  // The browser the measurements shared: a close() of theirs leaves it running, and the bench would never exit.
  await quitChromium();
}
