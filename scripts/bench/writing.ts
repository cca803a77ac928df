import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "../../src/serve/start-server.js";
import { addWritingPosts } from "../../tests/fixtures/writing-post.js";
import { auditRoutes } from "./lighthouse-audit.js";
import { copySite, makePosts, timedNode } from "./scale.js";
import { median } from "./stats.js";
import {
  type CategoryId,
  categoryIds,
  type LighthouseMetrics,
  type LighthouseMode,
  type LighthouseRun,
} from "./types.js";

/** One site's builds: cold (no cache, no output) and again with nothing changed, `runs` times each. */
export interface WritingTiming {
  site: string;
  formulas: number;
  diagrams: number;
  coldMs: number[];
  rebuildMs: number[];
  coldMedianMs: number;
  rebuildMedianMs: number;
}

export interface WritingBuilds {
  posts: number;
  timings: WritingTiming[];
  /** What a site's math costs: the medians' differences, with math less without. */
  mathCost: { coldMs: number; rebuildMs: number };
  /** What a site's diagrams cost (drawn by Mermaid in Chromium): the medians' differences, with diagrams less without. */
  diagramCost: { coldMs: number; rebuildMs: number };
}

/** The builds' figures (none with `--lighthouse-only`) and the fixture post's audits (none with `--no-lighthouse`). */
export interface WritingReport extends Partial<WritingBuilds> {
  /** Lighthouse on the fixture post (every writing feature), each category's scores of the runs. */
  fixturePost?: FixturePostAudit[];
}

export interface FixturePostAudit {
  route: string;
  mode: LighthouseMode;
  scores: Record<CategoryId, number[]>;
  /** Each run's first paint, largest paint, blocking time and layout shift, as Lighthouse measured them. */
  metrics: LighthouseMetrics[];
  /** Each run's render-blocking requests, each with what Lighthouse says it costs the first paint. */
  renderBlocking: string[][];
  /** Each run's bytes transferred, the page and every file it loads. */
  transferBytes: number[];
}

/** The post of tests/fixtures/writing-post.ts: callouts, footnotes, a figure, math and a diagram of each kind. */
const fixturePostRoute = "/blogs/writing";

/**
 * Lighthouse on the fixture post, mobile and desktop, `runs` times: the sample with the fixture's
 * posts (the post a folder with its image), built by the real CLI (which draws its diagrams in
 * Chromium) and served as `portfolio serve` does.
 */
export async function auditFixturePost({
  root,
  runs,
  chromiumPath,
  chromiumFlags,
  progress,
}: {
  root: string;
  runs: number;
  chromiumPath: string;
  chromiumFlags: readonly string[];
  progress: (message: string) => void;
}): Promise<FixturePostAudit[]> {
  const project = await mkdtemp(path.join(tmpdir(), "portfolio-writing-post-"));
  try {
    await copySite(root, project);
    await addWritingPosts({
      root: project,
      write: async (relative, text) => {
        await mkdir(path.dirname(path.join(project, relative)), { recursive: true });
        await writeFile(path.join(project, relative), text);
      },
      read: (relative) => readFile(path.join(project, relative), "utf8"),
      remove: () => rm(project, { recursive: true, force: true }),
    });
    progress("the fixture post: building");
    await timedNode([path.join(root, "bin", "portfolio.js"), "build"], project);
    const server = await startServer({ root: path.join(project, "dist"), base: "/", port: 0, host: "127.0.0.1" });
    try {
      const audits = new Map<LighthouseMode, FixturePostAudit>();
      for (let run = 1; run <= runs; run++) {
        progress(`the fixture post: Lighthouse, run ${run}/${runs}`);
        for (const result of await auditRoutes(chromiumPath, chromiumFlags, server.url, [fixturePostRoute])) {
          const audit = audits.get(result.mode) ?? {
            route: fixturePostRoute,
            mode: result.mode,
            scores: Object.fromEntries(categoryIds.map((id) => [id, [] as number[]])) as Record<CategoryId, number[]>,
            metrics: [],
            renderBlocking: [],
            transferBytes: [],
          };
          for (const id of categoryIds) audit.scores[id].push(result.categories[id].score);
          audit.metrics.push(result.metrics);
          audit.renderBlocking.push(renderBlocking(result));
          audit.transferBytes.push(result.transferBytes);
          audits.set(result.mode, audit);
        }
      }
      return [...audits.values()];
    } finally {
      await server.close();
    }
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

/** The requests Lighthouse finds holding the first paint back, from whichever of its audits of them it ran. */
function renderBlocking(run: LighthouseRun): string[] {
  const audits = run.categories.performance.failingAudits.filter((audit) => /^render-blocking/.test(audit.id));
  return [...new Set(audits.flatMap((audit) => audit.items))];
}

/** Formulas a post of the bench holds: inline, on a line of their own, and a ```math block. */
const formulasPerPost = [
  "$E = mc^2$",
  "$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$",
  "$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$",
  "$\\sqrt{a^2 + b^2}$",
  "```math\n\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}\n```",
];

/** The diagrams of the bench, one per post in turn: the six common kinds, each a typical size. */
const diagramKinds = [
  "flowchart LR\n  A[Phone] -->|writes| B[(Local store)]\n  B --> C{Online?}\n  C -- yes --> D[Server]\n  C -- no --> B",
  "sequenceDiagram\n  participant P as Phone\n  participant S as Server\n  P->>S: Push changes\n  S-->>P: Acknowledge\n  Note over P,S: Retried on failure",
  'classDiagram\n  class Store {\n    +put(key, value)\n    +get(key) Value\n  }\n  Store <|-- Queue\n  Store "1" --> "*" Record',
  "stateDiagram-v2\n  [*] --> Offline\n  Offline --> Syncing: signal\n  Syncing --> Online\n  Online --> Offline: lost",
  "erDiagram\n  DRIVER ||--o{ TRIP : drives\n  TRIP ||--|{ STOP : has",
  "gantt\n  title Release\n  dateFormat YYYY-MM-DD\n  section Build\n  Sync engine :a1, 2025-01-01, 30d\n  Map view :after a1, 20d",
];

type Writing = "plain" | "math" | "diagrams";

/**
 * Issue 40's figures: what 100 formulas and 20 diagrams cost a build, cold and with nothing changed.
 * Three sites of the same 20 generated posts (../shared/scale/make-posts.mjs): one as they are, one
 * with five formulas in each post, one with a Mermaid diagram in each (the six common kinds in
 * turn, each post's its own: they are told apart by the post's number); each built cold then again,
 * by the real CLI, median of `runs`.
 */
export async function benchWriting({
  root,
  runs,
  makePosts: makePostsScript,
  progress,
}: {
  root: string;
  runs: number;
  makePosts: string;
  progress: (message: string) => void;
}): Promise<WritingBuilds> {
  const posts = 20;
  const cli = path.join(root, "bin", "portfolio.js");
  const sites = await Promise.all(
    (["plain", "math", "diagrams"] as Writing[]).map(async (writing) => {
      const project = await mkdtemp(path.join(tmpdir(), "portfolio-writing-"));
      await copySite(root, project);
      await makePosts(makePostsScript, project, posts);
      const blog = path.join(project, "content", "blog");
      if (writing === "math") await addToPosts(blog, () => `## Math\n\n${formulasPerPost.join("\n\n")}`);
      if (writing === "diagrams") await addToPosts(blog, diagramOfPost);
      const formulas = writing === "math" ? posts * formulasPerPost.length : 0;
      const diagrams = writing === "diagrams" ? posts : 0;
      const name = formulas
        ? `${posts} posts, ${formulas} formulas`
        : diagrams
          ? `${posts} posts, ${diagrams} diagrams`
          : `${posts} posts, no math or diagram`;
      return { project, name, formulas, diagrams, coldMs: [] as number[], rebuildMs: [] as number[] };
    }),
  );
  try {
    // The CLI compiles itself when its sources changed: not part of any build's time.
    await timedNode([cli, "--version"], sites[0]!.project);
    // The two sites take turns, so that a machine busy for a while slows both alike.
    for (let run = 1; run <= runs; run++) {
      for (const site of sites) {
        progress(`${site.name}: run ${run}/${runs}`);
        await rm(path.join(site.project, ".portfolio"), { recursive: true, force: true });
        await rm(path.join(site.project, "dist"), { recursive: true, force: true });
        site.coldMs.push((await timedNode([cli, "build"], site.project)).ms);
        site.rebuildMs.push((await timedNode([cli, "build"], site.project)).ms);
      }
    }
  } finally {
    await Promise.all(sites.map((site) => rm(site.project, { recursive: true, force: true })));
  }
  const timings: WritingTiming[] = sites.map(({ name, formulas, diagrams, coldMs, rebuildMs }) => ({
    site: name,
    formulas,
    diagrams,
    coldMs,
    rebuildMs,
    coldMedianMs: median(coldMs),
    rebuildMedianMs: median(rebuildMs),
  }));
  const [plain, math, diagrams] = timings as [WritingTiming, WritingTiming, WritingTiming];
  const costOf = (site: WritingTiming) => ({
    coldMs: site.coldMedianMs - plain.coldMedianMs,
    rebuildMs: site.rebuildMedianMs - plain.rebuildMedianMs,
  });
  return { posts, timings, mathCost: costOf(math), diagramCost: costOf(diagrams) };
}

/** The `index`th post's diagram: a kind in turn, with a node named after the post, so that no two are one in the cache. */
function diagramOfPost(index: number): string {
  const source = diagramKinds[index % diagramKinds.length]!;
  const own = source.startsWith("gantt")
    ? `\n  Post ${index} :2025-02-01, ${index + 1}d`
    : source.startsWith("sequenceDiagram")
      ? `\n  P->>S: Post ${index}`
      : source.startsWith("erDiagram")
        ? `\n  POST${index} ||--o{ TRIP : has`
        : source.startsWith("classDiagram")
          ? `\n  class Post${index}`
          : source.startsWith("stateDiagram")
            ? `\n  Online --> Post${index}`
            : `\n  D --> P${index}[Post ${index}]`;
  return `## Diagram\n\n\`\`\`mermaid\n${source}${own}\n\`\`\``;
}

/** Adds to the end of each post what `addition` gives for it (its place in name order). */
async function addToPosts(blog: string, addition: (index: number) => string): Promise<void> {
  const names = (await readdir(blog)).filter((name) => name.endsWith(".md")).sort();
  for (const [index, name] of names.entries()) {
    const file = path.join(blog, name);
    const text = await readFile(file, "utf8");
    await writeFile(file, `${text}\n${addition(index)}\n`);
  }
}

export function formatWriting(report: WritingReport): string {
  const lines = report.timings && report.mathCost && report.diagramCost ? formatBuilds(report as WritingBuilds) : [];
  for (const audit of report.fixturePost ?? []) lines.push(...formatAudit(audit));
  return lines.join("\n");
}

function formatBuilds(report: WritingBuilds): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    "Builds by the CLI, cold and again with nothing changed (median of the runs):",
    ...report.timings.map(
      (timing) =>
        `  ${timing.site}: cold ${seconds(timing.coldMedianMs)} (${timing.coldMs.map(seconds).join(", ")}), rebuild ${seconds(timing.rebuildMedianMs)} (${timing.rebuildMs.map(seconds).join(", ")})`,
    ),
    `What the formulas cost: cold ${seconds(report.mathCost.coldMs)}, rebuild with nothing changed ${seconds(report.mathCost.rebuildMs)}`,
    `What the diagrams cost (Mermaid in Chromium, one browser per build): cold ${seconds(report.diagramCost.coldMs)}, rebuild with nothing changed ${seconds(report.diagramCost.rebuildMs)}`,
    "Times of a machine others may share: compare runs of one session, not sessions.",
  ];
}

/** A mode's scores, then its metrics (median, and each run's), then what blocked the first paint in each run. */
function formatAudit(audit: FixturePostAudit): string[] {
  const scores = categoryIds.map((id) => `${id} ${median(audit.scores[id])} (${audit.scores[id].join(", ")})`);
  const metric = (name: string, values: number[], unit: string) =>
    `${name} ${median(values)}${unit} (${values.join(", ")})`;
  const metrics = [
    metric(
      "FCP",
      audit.metrics.map((run) => run.fcpMs),
      " ms",
    ),
    metric(
      "LCP",
      audit.metrics.map((run) => run.lcpMs),
      " ms",
    ),
    metric(
      "TBT",
      audit.metrics.map((run) => run.tbtMs),
      " ms",
    ),
    metric(
      "CLS",
      audit.metrics.map((run) => run.cls),
      "",
    ),
    metric(
      "transferred",
      audit.transferBytes.map((bytes) => Math.round(bytes / 1000)),
      " kB",
    ),
  ];
  return [
    `Lighthouse ${audit.mode} on the fixture post ${audit.route}: ${scores.join(", ")}`,
    `  ${metrics.join("; ")}`,
    ...audit.renderBlocking.map(
      (items, run) => `  render-blocking, run ${run + 1}: ${items.length ? items.join("; ") : "none"}`,
    ),
  ];
}
