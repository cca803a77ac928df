import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { copySite, makePosts, timedNode } from "./scale.js";
import { median } from "./stats.js";

/** One site's builds: cold (no cache, no output) and again with nothing changed, `runs` times each. */
export interface WritingTiming {
  site: string;
  formulas: number;
  coldMs: number[];
  rebuildMs: number[];
  coldMedianMs: number;
  rebuildMedianMs: number;
}

export interface WritingReport {
  posts: number;
  timings: WritingTiming[];
  /** What a site's math costs: the medians' differences, with math less without. */
  mathCost: { coldMs: number; rebuildMs: number };
}

/** Formulas a post of the bench holds: inline, on a line of their own, and a ```math block. */
const formulasPerPost = [
  "$E = mc^2$",
  "$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$",
  "$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$",
  "$\\sqrt{a^2 + b^2}$",
  "```math\n\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}\n```",
];

/**
 * Issue 40's figures: what 100 formulas cost a build, cold and with nothing changed. Two sites of
 * the same 20 generated posts (../shared/scale/make-posts.mjs), one with five formulas in each
 * post; each built cold then again, by the real CLI, median of `runs`. Diagrams are not measured:
 * the build does not draw them yet.
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
}): Promise<WritingReport> {
  const posts = 20;
  const cli = path.join(root, "bin", "portfolio.js");
  const sites = await Promise.all(
    [false, true].map(async (withMath) => {
      const project = await mkdtemp(path.join(tmpdir(), "portfolio-writing-"));
      await copySite(root, project);
      await makePosts(makePostsScript, project, posts);
      if (withMath) await addFormulas(path.join(project, "content", "blog"));
      const name = withMath ? `${posts} posts, ${posts * formulasPerPost.length} formulas` : `${posts} posts, no math`;
      return {
        project,
        name,
        formulas: withMath ? posts * formulasPerPost.length : 0,
        coldMs: [] as number[],
        rebuildMs: [] as number[],
      };
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
  const timings: WritingTiming[] = sites.map(({ name, formulas, coldMs, rebuildMs }) => ({
    site: name,
    formulas,
    coldMs,
    rebuildMs,
    coldMedianMs: median(coldMs),
    rebuildMedianMs: median(rebuildMs),
  }));
  const [plain, math] = timings as [WritingTiming, WritingTiming];
  return {
    posts,
    timings,
    mathCost: {
      coldMs: math.coldMedianMs - plain.coldMedianMs,
      rebuildMs: math.rebuildMedianMs - plain.rebuildMedianMs,
    },
  };
}

async function addFormulas(blog: string): Promise<void> {
  for (const name of await readdir(blog)) {
    if (!name.endsWith(".md")) continue;
    const file = path.join(blog, name);
    const text = await readFile(file, "utf8");
    await writeFile(file, `${text}\n## Math\n\n${formulasPerPost.join("\n\n")}\n`);
  }
}

export function formatWriting(report: WritingReport): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = ["Builds by the CLI, cold and again with nothing changed (median of the runs):"];
  for (const timing of report.timings)
    lines.push(
      `  ${timing.site}: cold ${seconds(timing.coldMedianMs)} (${timing.coldMs.map(seconds).join(", ")}), rebuild ${seconds(timing.rebuildMedianMs)} (${timing.rebuildMs.map(seconds).join(", ")})`,
    );
  lines.push(
    `What the formulas cost: cold ${seconds(report.mathCost.coldMs)}, rebuild with nothing changed ${seconds(report.mathCost.rebuildMs)}`,
    "Diagrams: not measured (not drawn by the build yet).",
  );
  return lines.join("\n");
}
