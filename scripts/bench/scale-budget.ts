/**
 * Issue 50's budget guard, `npm run bench -- --scale`: for 100 and 1,000 posts from make-posts.mjs,
 * cold builds (no cache, no output), warm builds (both kept) and a build after one post is added
 * with the cache kept, each by the real CLI in its own process, with its peak memory and the time
 * of each stage (the CLI prints them when PORTFOLIO_STAGE_TIMES=1); and Hugo's cold and warm builds
 * of the same posts, run by turns with ours so both meet the machine as it is. Medians of --runs 3.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildStage } from "../../src/pipeline/build-options.js";
import { copySite, makePosts, prepareHugoSite, timedNode, type TimedRun } from "./scale.js";
import { median } from "./stats.js";
import { MeasurementError } from "./types.js";

export interface ScaleBudgetOptions {
  counts: number[];
  runs: number;
  hugo: boolean;
  makePosts: string;
}

/** The options after `--scale`; a wrong one is refused with what was expected. */
export function parseScaleBudgetArgs(argv: string[], root: string): ScaleBudgetOptions {
  const value = (name: string): string | undefined => {
    const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
    if (index === -1) return undefined;
    return argv[index]!.includes("=") ? argv[index]!.slice(name.length + 1) : (argv[index + 1] ?? "");
  };
  const runsText = value("--runs");
  const runs = runsText === undefined ? 3 : Number(runsText);
  if (!Number.isInteger(runs) || runs < 1)
    throw new MeasurementError(`--runs expects a whole number of at least 1, got ${JSON.stringify(runsText)}.`);
  const postsText = value("--posts");
  const counts = postsText === undefined ? [100, 1000] : postsText.split(",").map((part) => Number(part.trim()));
  if (!counts.length || counts.some((count) => !Number.isInteger(count) || count < 1 || count > 20_000))
    throw new MeasurementError(
      `--posts expects whole numbers from 1 to 20000, separated by commas (e.g. 100,1000), got ${JSON.stringify(postsText)}.`,
    );
  return {
    counts,
    runs,
    hugo: !argv.includes("--no-hugo"),
    makePosts: path.resolve(root, value("--make-posts") ?? "../shared/scale/make-posts.mjs"),
  };
}

/** The groups the report shows, and the build's stages in each. */
const groups = {
  read: ["config", "content"],
  images: ["images"],
  cards: ["cards"],
  render: ["render", "bundle"],
  "search and check": ["search", "check"],
  write: ["compress", "write"],
} satisfies Record<string, BuildStage[]>;
export type StageGroup = keyof typeof groups;
export const stageGroupNames = Object.keys(groups) as StageGroup[];

/** The build's stage times summed into the report's groups; a group none of whose stages ran is left out. */
export function stageGroups(times: Partial<Record<BuildStage, number>>): Partial<Record<StageGroup, number>> {
  const grouped: Partial<Record<StageGroup, number>> = {};
  for (const name of stageGroupNames) {
    const ran = groups[name].filter((stage) => times[stage] !== undefined);
    if (ran.length) grouped[name] = ran.reduce((sum, stage) => sum + times[stage]!, 0);
  }
  return grouped;
}

export interface BuildSamples {
  ms: number[];
  medianMs: number;
  /** The largest of the runs. */
  peakMb: number;
  /** The median CPU time (user and system, with the processes it started); undefined without GNU time. */
  cpuMs: number | undefined;
}

export interface OurBuilds extends BuildSamples {
  /** Each group's median over the runs. */
  stages: Partial<Record<StageGroup, number>>;
}

export interface ScaleBudgetResult {
  posts: number;
  cold: OurBuilds;
  warm: OurBuilds;
  /** A post added to content/blog, the cache and the output of the build before kept. */
  oneAdded: OurBuilds;
  hugo?: { version: string; cold: BuildSamples; warm: BuildSamples } | undefined;
}

export interface ScaleBudgetReport {
  runs: number;
  results: ScaleBudgetResult[];
}

function samples(runs: TimedRun[]): BuildSamples {
  const ms = runs.map((run) => run.ms);
  const cpu = runs.flatMap((run) => (run.cpuMs === undefined ? [] : [run.cpuMs]));
  return {
    ms,
    medianMs: median(ms),
    peakMb: Math.max(...runs.map((run) => run.peakKb)) / 1024,
    cpuMs: cpu.length === runs.length ? median(cpu) : undefined,
  };
}

function ourBuilds(runs: TimedRun[]): OurBuilds {
  const grouped = runs.map((run) => {
    const line = /portfolio-stage-times=(\{.*\})/.exec(run.output);
    if (!line) throw new MeasurementError("The build printed no stage times (PORTFOLIO_STAGE_TIMES=1).");
    return stageGroups(JSON.parse(line[1]!) as Partial<Record<BuildStage, number>>);
  });
  const stages: Partial<Record<StageGroup, number>> = {};
  for (const name of stageGroupNames) {
    const values = grouped.flatMap((times) => (times[name] === undefined ? [] : [times[name]!]));
    if (values.length) stages[name] = median(values);
  }
  return { ...samples(runs), stages };
}

export async function benchScaleBudget(
  root: string,
  options: ScaleBudgetOptions,
  progress: (message: string) => void,
): Promise<ScaleBudgetReport> {
  const results: ScaleBudgetResult[] = [];
  for (const posts of options.counts) {
    const project = await mkdtemp(path.join(tmpdir(), `portfolio-scale-budget-${posts}-`));
    try {
      progress(`${posts} posts: writing them`);
      await copySite(root, project);
      await makePosts(options.makePosts, project, posts);
      results.push(await measure(root, project, posts, options, progress));
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }
  return { runs: options.runs, results };
}

async function measure(
  root: string,
  project: string,
  posts: number,
  options: ScaleBudgetOptions,
  progress: (message: string) => void,
): Promise<ScaleBudgetResult> {
  const cli = path.join(root, "bin", "portfolio.js");
  const build = () => timedNode([cli, "build"], project, { PORTFOLIO_STAGE_TIMES: "1" });
  const hugo = options.hugo ? await prepareHugoSite(project) : undefined;
  // The CLI compiles itself when its sources changed: not part of any build's time.
  await build();
  const cold: TimedRun[] = [];
  const hugoCold: TimedRun[] = [];
  for (let run = 1; run <= options.runs; run++) {
    progress(`${posts} posts: cold build ${run}/${options.runs}${hugo ? ", then Hugo's" : ""}`);
    await rm(path.join(project, ".portfolio", "cache"), { recursive: true, force: true });
    await rm(path.join(project, "dist"), { recursive: true, force: true });
    cold.push(await build());
    if (hugo) hugoCold.push(await hugo.buildCold());
  }
  const warm: TimedRun[] = [];
  const hugoWarm: TimedRun[] = [];
  for (let run = 1; run <= options.runs; run++) {
    progress(`${posts} posts: warm build ${run}/${options.runs}${hugo ? ", then Hugo's" : ""}`);
    warm.push(await build());
    if (hugo) hugoWarm.push(await hugo.buildWarm());
  }
  const oneAdded: TimedRun[] = [];
  const first = await readFile(path.join(project, "content", "blog", "post-0000.md"), "utf8");
  for (let run = 1; run <= options.runs; run++) {
    progress(`${posts} posts: one post added, cache kept ${run}/${options.runs}`);
    await writeFile(
      path.join(project, "content", "blog", `added-${run}.md`),
      first.replace(/^title: "[^"]*"/m, `title: "A post added after the build, number ${run}"`),
    );
    oneAdded.push(await build());
  }
  return {
    posts,
    cold: ourBuilds(cold),
    warm: ourBuilds(warm),
    oneAdded: ourBuilds(oneAdded),
    hugo: hugo && { version: hugo.version, cold: samples(hugoCold), warm: samples(hugoWarm) },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** Two tables: each build with Hugo's beside it, and where each build's time went. */
export function formatScaleBudget(report: ScaleBudgetReport): string {
  const kinds = [
    ["cold", "cold"],
    ["warm", "warm"],
    ["oneAdded", "one post added"],
  ] as const;
  const range = (ms: number[]) => `${(Math.min(...ms) / 1000).toFixed(2)}–${seconds(Math.max(...ms))}`;
  const builds = report.results.flatMap((result) =>
    kinds.map(([kind, label]) => {
      const ours = result[kind];
      const hugo = kind === "oneAdded" ? undefined : result.hugo?.[kind];
      return [
        String(result.posts),
        label,
        seconds(ours.medianMs),
        range(ours.ms),
        ours.cpuMs === undefined ? "–" : seconds(ours.cpuMs),
        `${ours.peakMb.toFixed(0)} MB`,
        hugo
          ? `${seconds(hugo.medianMs)}, ${hugo.cpuMs === undefined ? "" : `CPU ${seconds(hugo.cpuMs)}, `}${hugo.peakMb.toFixed(0)} MB (Hugo ${result.hugo!.version})`
          : result.hugo
            ? "–"
            : "Hugo not run",
        hugo ? `${(ours.medianMs / hugo.medianMs).toFixed(2)}×` : "–",
      ];
    }),
  );
  const stages = report.results.flatMap((result) =>
    kinds.map(([kind, label]) => [
      String(result.posts),
      label,
      ...stageGroupNames.map((name) => {
        const ms = result[kind].stages[name];
        return ms === undefined ? "–" : seconds(ms);
      }),
    ]),
  );
  return [
    `Builds (each a new \`portfolio build\` process, median of ${report.runs}; cold: no cache and no output; warm: both kept; one post added: cache and output kept; CPU: user and system time of the build and the processes it starts, the steadier figure on a shared machine)`,
    table(
      ["posts", "build", "median", "range", "CPU (median)", "peak memory", "Hugo (same posts)", "ours ÷ Hugo"],
      builds,
    ),
    "",
    "Stages (median of each; the time from a stage's start to the next one's)",
    table(["posts", "build", ...stageGroupNames], stages),
  ].join("\n");
}
