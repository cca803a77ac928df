/**
 * Issue 54's figures, `npm run bench -- --publications`: the sample with a .bib of 500 real entries
 * (make-publications.ts) against the sample without, each build by the real CLI in its own process:
 * cold builds (no cache, no output), with every publication's share card and with `shareCards: "site"`;
 * a build after one entry is added (cache and output kept); the time from saving the .bib in
 * `portfolio dev` to the open page of the entry showing the change; and Lighthouse on a phone on
 * /publications and the largest page of the list. Medians of --runs 3, the sites built by turns.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startServer } from "../../src/serve/start-server.js";
import { timeDevUpdates } from "./dev-timing.js";
import { auditRoutes } from "./lighthouse-audit.js";
import { makePublications } from "./make-publications.js";
import { copySite, timedNode } from "./scale.js";
import { median } from "./stats.js";
import { type CategoryId, categoryIds, type LighthouseMetrics, MeasurementError } from "./types.js";

export interface PublicationsBenchOptions {
  root: string;
  runs: number;
  count: number;
  lighthouse: boolean;
  browser: Browser;
  chromiumPath: string;
  lighthouseFlags: readonly string[];
  progress: (message: string) => void;
}

/** Wall times of builds, each a new process, and their median. */
interface Builds {
  ms: number[];
  medianMs: number;
  /** Each stage's median, in ms (PORTFOLIO_STAGE_TIMES). */
  stages: Record<string, number>;
}

export interface PublicationsReport {
  count: number;
  runs: number;
  pages: number;
  cold: { sample: Builds; publications: Builds; publicationsSiteCards: Builds };
  /** One entry added to the .bib (an edit of about.md on the sample), cache and output kept. */
  oneAdded: { sample: Builds; publications: Builds };
  /** Save to the open page showing it, in `portfolio dev`: one entry's title (about.md on the sample). */
  devSave: { sample: number[]; publications: number[]; sampleMedianMs: number; publicationsMedianMs: number };
  sizes: Array<{ route: string; rawBytes: number; entries: number }>;
  lighthouse: Array<{ route: string; scores: Record<CategoryId, number[]>; metrics: LighthouseMetrics[] }>;
}

export async function benchPublications(options: PublicationsBenchOptions): Promise<PublicationsReport> {
  const { root, runs, count, progress } = options;
  const sample = await mkdtemp(path.join(tmpdir(), "portfolio-publications-sample-"));
  const withBib = await mkdtemp(path.join(tmpdir(), "portfolio-publications-"));
  const siteCards = await mkdtemp(path.join(tmpdir(), "portfolio-publications-site-cards-"));
  try {
    progress(`writing the sample, and the sample with ${count} entries`);
    for (const project of [sample, withBib, siteCards]) await copySite(root, project);
    for (const project of [withBib, siteCards]) await makePublications(project, count, { pdfs: true });
    const config = path.join(siteCards, "portfolio.config.ts");
    await writeFile(
      config,
      (await readFile(config, "utf8")).replace('    base: "/",', '    base: "/",\n    shareCards: "site",'),
    );
    const cli = path.join(root, "bin", "portfolio.js");
    const build = (project: string) => timedNode([cli, "build"], project, { PORTFOLIO_STAGE_TIMES: "1" });
    // The CLI compiles itself when its sources changed: not part of any build's time.
    await build(sample);

    const cold = { sample: [] as Timed[], publications: [] as Timed[], publicationsSiteCards: [] as Timed[] };
    for (let run = 1; run <= runs; run++)
      for (const [name, project] of [
        ["sample", sample],
        ["publications", withBib],
        ["publicationsSiteCards", siteCards],
      ] as const) {
        progress(`cold build ${run}/${runs}: ${name}`);
        await rm(path.join(project, ".portfolio"), { recursive: true, force: true });
        await rm(path.join(project, "dist"), { recursive: true, force: true });
        cold[name].push(await build(project));
      }

    const oneAdded = { sample: [] as Timed[], publications: [] as Timed[] };
    const bib = path.join(withBib, "content", "publications", "papers.bib");
    const about = path.join(sample, "content", "about.md");
    for (let run = 1; run <= runs; run++) {
      progress(`one entry added ${run}/${runs} (an edit of about.md on the sample)`);
      await writeFile(about, `${await readFile(about, "utf8")}\nA paragraph added after the build, number ${run}.\n`);
      oneAdded.sample.push(await build(sample));
      await writeFile(bib, `${await readFile(bib, "utf8")}\n${addedEntry(run)}\n`);
      oneAdded.publications.push(await build(withBib));
    }

    progress(`portfolio dev: ${runs} timed saves of about.md on the sample, then of one entry of the .bib`);
    const sampleSaves = await timeDevUpdates(options.browser, {
      root,
      project: sample,
      runs,
      file: "content/about.md",
      route: "/",
    });
    const first = await firstEntry(bib);
    const bibSaves = await timeDevUpdates(options.browser, {
      root,
      project: withBib,
      runs,
      file: "content/publications/papers.bib",
      route: `/publications/${first.slug}`,
      edit: (text, marker) => withTitleMarked(text, first.key, marker),
    });

    const dist = path.join(withBib, "dist");
    const sizes = await listSizes(dist);
    const largest = sizes.filter((size) => size.route !== "/publications").sort((a, b) => b.rawBytes - a.rawBytes)[0];
    const audited = ["/publications", ...(largest ? [largest.route] : [])];
    const lighthouse = options.lighthouse ? await audit(options, dist, audited) : [];
    return {
      count,
      runs,
      pages: pageCount(cold.publications.at(-1)!),
      cold: {
        sample: builds(cold.sample),
        publications: builds(cold.publications),
        publicationsSiteCards: builds(cold.publicationsSiteCards),
      },
      oneAdded: { sample: builds(oneAdded.sample), publications: builds(oneAdded.publications) },
      devSave: {
        sample: sampleSaves.samplesMs,
        publications: bibSaves.samplesMs,
        sampleMedianMs: sampleSaves.medianMs,
        publicationsMedianMs: bibSaves.medianMs,
      },
      sizes,
      lighthouse,
    };
  } finally {
    for (const project of [sample, withBib, siteCards]) await rm(project, { recursive: true, force: true });
  }
}

type Timed = Awaited<ReturnType<typeof timedNode>>;

function builds(runs: Timed[]): Builds {
  const ms = runs.map((run) => run.ms);
  const times = runs.map((run) => {
    const line = /portfolio-stage-times=(\{.*\})/.exec(run.output);
    if (!line) throw new MeasurementError("The build printed no stage times (PORTFOLIO_STAGE_TIMES=1).");
    return JSON.parse(line[1]!) as Record<string, number>;
  });
  const names = [...new Set(times.flatMap((each) => Object.keys(each)))];
  const stages = Object.fromEntries(
    names
      .map((name) => [name, median(times.map((each) => each[name] ?? 0))] as const)
      .filter(([, value]) => value >= 1),
  );
  return { ms, medianMs: median(ms), stages };
}

function pageCount(run: Timed): number {
  return Number(/Built (\d+) pages/.exec(run.output)?.[1] ?? 0);
}

/** An entry as a reference manager adds one: a new key at the end of the file. */
function addedEntry(run: number): string {
  return `@inproceedings{bench-added-${run},
  title = {An Entry Added After the Build, Number ${run}},
  author = {Okafor, Maya and Lee, Ann},
  booktitle = {Proceedings of the Bench}, year = 2026, pages = {1--9},
}`;
}

/** The first entry of the .bib: its key, and its page's address below /publications/. */
async function firstEntry(bib: string): Promise<{ key: string; slug: string }> {
  const key = /^@\s*(?!string\b)[A-Za-z]+\s*\{\s*([^,\s]+)\s*,/im.exec(await readFile(bib, "utf8"))?.[1];
  if (!key) throw new MeasurementError("The bench's .bib has no entry.");
  const slug = key
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return { key, slug };
}

/** The .bib with the marker put at the start of one entry's title. */
function withTitleMarked(text: string, key: string, marker: string): string {
  const start = text.indexOf(`{${key},`);
  const title = /\btitle\s*=\s*[{"]/iy;
  for (let at = start; at !== -1 && at < text.length; at++) {
    title.lastIndex = at;
    const found = title.exec(text);
    if (found) return `${text.slice(0, at + found[0].length)}${marker}: ${text.slice(at + found[0].length)}`;
  }
  throw new MeasurementError(`No title found in the entry ${key} of the bench's .bib.`);
}

/** The list's pages: each one's size and entries. */
async function listSizes(dist: string): Promise<PublicationsReport["sizes"]> {
  const { readdir } = await import("node:fs/promises");
  const files = [
    "publications.html",
    ...(await readdir(path.join(dist, "publications", "page")).catch(() => [] as string[])).map(
      (name) => `publications/page/${name}`,
    ),
  ];
  return Promise.all(
    files.map(async (file) => {
      const html = await readFile(path.join(dist, file), "utf8");
      return {
        route: `/${file.replace(/\.html$/, "")}`,
        rawBytes: Buffer.byteLength(html),
        entries: html.match(/<article class="publication"/g)?.length ?? 0,
      };
    }),
  );
}

async function audit(
  options: PublicationsBenchOptions,
  dist: string,
  routes: string[],
): Promise<PublicationsReport["lighthouse"]> {
  const server = await startServer({ root: dist, base: "/", port: 0, host: "127.0.0.1" });
  try {
    const results = routes.map((route) => ({
      route,
      scores: Object.fromEntries(categoryIds.map((id) => [id, [] as number[]])) as Record<CategoryId, number[]>,
      metrics: [] as LighthouseMetrics[],
    }));
    for (let run = 1; run <= options.runs; run++) {
      options.progress(`Lighthouse on a phone, run ${run}/${options.runs}: ${routes.join(", ")}`);
      for (const result of await auditRoutes(options.chromiumPath, options.lighthouseFlags, server.url, routes, [
        "mobile",
      ])) {
        const into = results.find((each) => each.route === result.route)!;
        for (const id of categoryIds) into.scores[id].push(result.categories[id].score);
        into.metrics.push(result.metrics);
      }
    }
    return results;
  } finally {
    await server.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const signed = (ms: number) => `${ms >= 0 ? "+" : "−"}${seconds(Math.abs(ms))}`;

export function formatPublications(report: PublicationsReport): string {
  const { cold, oneAdded, devSave } = report;
  const list = (values: number[]) => values.map((value) => (value / 1000).toFixed(2)).join(", ");
  const lines = [
    `Publications: the sample with ${report.count} entries (${report.pages} pages) against the sample, median of ${report.runs}`,
    `  cold build (no cache, no output): sample ${seconds(cold.sample.medianMs)} (${list(cold.sample.ms)}); ` +
      `with the entries ${seconds(cold.publications.medianMs)} (${list(cold.publications.ms)}), ${signed(cold.publications.medianMs - cold.sample.medianMs)}; ` +
      `with shareCards "site" ${seconds(cold.publicationsSiteCards.medianMs)} (${list(cold.publicationsSiteCards.ms)}), ${signed(cold.publicationsSiteCards.medianMs - cold.sample.medianMs)} (target: under +1 s)`,
    `    stages, with the entries: ${stageList(cold.publications.stages)}`,
    `    stages, shareCards "site": ${stageList(cold.publicationsSiteCards.stages)}`,
    `    stages, the sample:       ${stageList(cold.sample.stages)}`,
    `  one entry added, cache and output kept: ${seconds(oneAdded.publications.medianMs)} (${list(oneAdded.publications.ms)}) against ${seconds(oneAdded.sample.medianMs)} for an edit of about.md on the sample, ${signed(oneAdded.publications.medianMs - oneAdded.sample.medianMs)}`,
    `  portfolio dev, save to page: one entry's title ${Math.round(devSave.publicationsMedianMs)} ms (${devSave.publications.map(Math.round).join(", ")}) against ${Math.round(devSave.sampleMedianMs)} ms for about.md on the sample, ${signed(devSave.publicationsMedianMs - devSave.sampleMedianMs)} (target: under +0.2 s)`,
    `  the list's pages: ${report.sizes.map((size) => `${size.route} ${(size.rawBytes / 1024).toFixed(0)} kB, ${size.entries} entries`).join("; ")}`,
  ];
  for (const audit of report.lighthouse) {
    const scores = categoryIds.map((id) => `${id} ${Math.round(median(audit.scores[id]))}`).join(", ");
    const metric = (pick: (metrics: LighthouseMetrics) => number) => median(audit.metrics.map(pick));
    lines.push(
      `  Lighthouse mobile ${audit.route}: ${scores} (performance ${audit.scores.performance.join(", ")}); ` +
        `largest paint ${Math.round(metric((each) => each.lcpMs))} ms, blocking ${Math.round(metric((each) => each.tbtMs))} ms, ` +
        `layout shift ${metric((each) => each.cls).toFixed(3)} (target: 100, no shift)`,
    );
  }
  return lines.join("\n");
}

function stageList(stages: Record<string, number>): string {
  return Object.entries(stages)
    .map(([name, ms]) => `${name} ${seconds(ms)}`)
    .join(", ");
}
