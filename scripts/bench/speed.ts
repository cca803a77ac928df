import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { timeDevUpdates } from "./dev-timing.js";
import { copySite, makePosts, prepareHugoSite, timedNode } from "./scale.js";
import { median } from "./stats.js";
import { MeasurementError } from "./types.js";

/** Issue 19's figures: cold builds paired with Hugo's, memory, scaling, unchanged rebuilds and dev saves. */
export interface SpeedReport {
  runs: number;
  hugoVersion: string;
  thousand: PairedBuilds;
  twoThousand: PairedBuilds;
  /** A second build with nothing changed, median of `runs`. */
  warmThousandMs: number[];
  warmSampleMs: number[];
  coldSampleMs: number[];
  devThousandMs: number[];
  devSampleMs: number[];
}

/** Ours and Hugo's cold builds of the same posts, run by turns so both meet the same machine. */
export interface PairedBuilds {
  posts: number;
  oursMs: number[];
  oursPeakMb: number;
  hugoMs: number[];
  hugoPeakMb: number;
}

export interface SpeedOptions {
  root: string;
  runs: number;
  makePosts: string;
  browser: Browser;
  progress: (message: string) => void;
}

export async function benchSpeed(options: SpeedOptions): Promise<SpeedReport> {
  const { root, runs, progress } = options;
  const cli = path.join(root, "bin", "portfolio.js");
  return withProject(root, 0, options.makePosts, async (sample) => {
    progress("the sample: cold and unchanged builds");
    await timedNode([cli, "build"], sample);
    const coldSampleMs: number[] = [];
    const warmSampleMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      await rm(path.join(sample, ".portfolio", "cache"), { recursive: true, force: true });
      await rm(path.join(sample, "dist"), { recursive: true, force: true });
      coldSampleMs.push((await timedNode([cli, "build"], sample)).ms);
      warmSampleMs.push((await timedNode([cli, "build"], sample)).ms);
    }
    progress("the sample: portfolio dev saves");
    const devSample = await timeDevUpdates(options.browser, {
      root,
      project: sample,
      file: "content/about.md",
      route: "/",
      runs,
    });
    const { thousand, warmThousandMs, devThousandMs, hugoVersion } = await withProject(
      root,
      1000,
      options.makePosts,
      async (project) => {
        const paired = await pairedBuilds(cli, project, 1000, runs, progress);
        const warm: number[] = [];
        for (let run = 0; run < runs; run++) {
          progress(`1000 posts: unchanged build ${run + 1}/${runs}`);
          warm.push((await timedNode([cli, "build"], project)).ms);
        }
        progress("1000 posts: portfolio dev saves");
        const dev = await timeDevUpdates(options.browser, {
          root,
          project,
          file: "content/blog/post-0000.md",
          route: "/blogs/post-0000",
          runs,
        });
        return {
          thousand: paired.builds,
          warmThousandMs: warm,
          devThousandMs: dev.samplesMs,
          hugoVersion: paired.hugoVersion,
        };
      },
    );
    const twoThousand = await withProject(
      root,
      2000,
      options.makePosts,
      async (project) => (await pairedBuilds(cli, project, 2000, runs, progress)).builds,
    );
    return {
      runs,
      hugoVersion,
      thousand,
      twoThousand,
      warmThousandMs,
      warmSampleMs,
      coldSampleMs,
      devThousandMs,
      devSampleMs: devSample.samplesMs,
    };
  });
}

async function withProject<T>(
  root: string,
  posts: number,
  makePostsScript: string,
  work: (project: string) => Promise<T>,
): Promise<T> {
  const project = await mkdtemp(path.join(tmpdir(), `portfolio-speed-${posts}-`));
  try {
    await copySite(root, project);
    if (posts) await makePosts(makePostsScript, project, posts);
    return await work(project);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

async function pairedBuilds(
  cli: string,
  project: string,
  posts: number,
  runs: number,
  progress: (message: string) => void,
): Promise<{ builds: PairedBuilds; hugoVersion: string }> {
  const hugo = await prepareHugoSite(project);
  if (!hugo) throw new MeasurementError("Hugo is not installed: `apt-get install hugo` (the figures compare with it).");
  // The CLI compiles itself when its sources changed: not part of any build's time.
  await timedNode([cli, "build"], project);
  const ours: Array<{ ms: number; peakKb: number }> = [];
  const theirs: Array<{ ms: number; peakKb: number }> = [];
  for (let run = 0; run < runs; run++) {
    progress(`${posts} posts: cold build ${run + 1}/${runs}, ours then Hugo's`);
    await rm(path.join(project, ".portfolio", "cache"), { recursive: true, force: true });
    await rm(path.join(project, "dist"), { recursive: true, force: true });
    ours.push(await timedNode([cli, "build"], project));
    theirs.push(await hugo.buildCold());
  }
  return {
    hugoVersion: hugo.version,
    builds: {
      posts,
      oursMs: ours.map((sample) => sample.ms),
      oursPeakMb: Math.max(...ours.map((sample) => sample.peakKb)) / 1024,
      hugoMs: theirs.map((sample) => sample.ms),
      hugoPeakMb: Math.max(...theirs.map((sample) => sample.peakKb)) / 1024,
    },
  };
}

/** The table: each measure, what it was, its target, and by how much it passes or misses. */
export function formatSpeed(report: SpeedReport): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const milliseconds = (ms: number) => `${Math.round(ms)} ms`;
  const ratio = (value: number) => `${value.toFixed(2)}×`;
  const megabytes = (value: number) => `${value.toFixed(0)} MiB`;
  const rows: string[][] = [];
  const row = (name: string, measured: number, limit: number, show: (value: number) => string, detail = "") =>
    rows.push([
      name,
      `${show(measured)}${detail}`,
      `≤ ${show(limit)}`,
      measured <= limit ? "met" : `missed by ${show(measured - limit)} (${(measured / limit).toFixed(2)}× the target)`,
    ]);
  const thousand = median(report.thousand.oursMs);
  const hugoThousand = median(report.thousand.hugoMs);
  row("1,000 posts, cold, wall", thousand, 2000, seconds, ` (Hugo ${report.hugoVersion}: ${seconds(hugoThousand)})`);
  row("1,000 posts, cold, vs Hugo in the same run", thousand / hugoThousand, 1.6, ratio);
  row(
    "1,000 posts, cold, peak memory",
    report.thousand.oursPeakMb,
    250,
    megabytes,
    ` (Hugo: ${megabytes(report.thousand.hugoPeakMb)})`,
  );
  row(
    "2,000 posts, cold, ÷ the 1,000-post time",
    median(report.twoThousand.oursMs) / thousand,
    2.1,
    ratio,
    ` (${seconds(median(report.twoThousand.oursMs))}; Hugo ${seconds(median(report.twoThousand.hugoMs))})`,
  );
  row("1,000 posts, second build with nothing changed", median(report.warmThousandMs), 800, seconds);
  row(
    "sample, second build with nothing changed",
    median(report.warmSampleMs),
    400,
    seconds,
    ` (cold: ${seconds(median(report.coldSampleMs))})`,
  );
  row("portfolio dev, save a post → page shows it, 1,000 posts", median(report.devThousandMs), 300, milliseconds);
  row("portfolio dev, save → page, sample", median(report.devSampleMs), 150, milliseconds);
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [
    `Build speed, medians of ${report.runs} runs (cold builds paired with Hugo's, by turns)`,
    line(["measure", "measured", "target", ""]),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...rows.map(line),
  ].join("\n");
}
