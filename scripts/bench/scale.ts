import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pointConfigAtRepo } from "../../tests/helpers/sample-site.js";
import { startServer } from "../../src/serve/start-server.js";
import { auditRoutes } from "./lighthouse-audit.js";
import { median } from "./stats.js";
import { MeasurementError, type LighthouseRun, type Size } from "./types.js";

/** What one size of blog measured: builds, memory, sizes, and Lighthouse on its list and a post. */
export interface ScaleResult {
  posts: number;
  coldMs: number[];
  warmMs: number[];
  coldMedianMs: number;
  warmMedianMs: number;
  /** Peak resident memory of the build process, the largest of the cold runs. */
  peakMemoryMb: number;
  pages: number;
  sizes: { blogs: Size; post: Size; postWithoutBody: Size; project: Size; rss: Size; atom: Size; json: Size };
  postRoute: string;
  hugo?: { coldMs: number[]; medianMs: number; peakMemoryMb: number; version: string } | undefined;
  lighthouse: LighthouseRun[];
}

export interface ScaleOptions {
  root: string;
  counts: number[];
  runs: number;
  makePosts: string;
  lighthouse: boolean;
  chromiumPath: string;
  chromiumFlags: readonly string[];
  progress: (message: string) => void;
}

/**
 * For each count: a copy of the sample site with that many posts from make-posts.mjs (the script
 * every scale figure on the issues uses), built cold (no cache, no output) and warm (both kept),
 * `runs` times each, by the real CLI in its own process.
 */
export async function benchScale(options: ScaleOptions): Promise<ScaleResult[]> {
  if (!existsSync(options.makePosts))
    throw new MeasurementError(
      `No post generator at ${options.makePosts}: pass --make-posts <path to make-posts.mjs>.`,
    );
  const results: ScaleResult[] = [];
  for (const posts of options.counts) {
    const project = await mkdtemp(path.join(tmpdir(), `portfolio-scale-${posts}-`));
    try {
      options.progress(`${posts} posts: writing them`);
      await copySite(options.root, project);
      await makePosts(options.makePosts, project, posts);
      results.push(await measure(options, project, posts));
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }
  return results;
}

/** The sample site, its config pointed at this repository, in a folder of its own. */
export async function copySite(root: string, project: string): Promise<void> {
  for (const folder of ["content", "public", "templates"]) {
    if (existsSync(path.join(root, folder)))
      await cp(path.join(root, folder), path.join(project, folder), { recursive: true });
  }
  await writeFile(
    path.join(project, "portfolio.config.ts"),
    pointConfigAtRepo(await readFile(path.join(root, "portfolio.config.ts"), "utf8")),
  );
}

export async function makePosts(makePostsScript: string, project: string, posts: number): Promise<void> {
  if (!existsSync(makePostsScript))
    throw new MeasurementError(`No post generator at ${makePostsScript}: pass --make-posts <path to make-posts.mjs>.`);
  await run(process.execPath, [makePostsScript, project, String(posts)], project);
}

async function measure(options: ScaleOptions, project: string, posts: number): Promise<ScaleResult> {
  const cli = path.join(options.root, "bin", "portfolio.js");
  const build = () => timedNode([cli, "build"], project);
  // The CLI compiles itself when its sources changed: not part of any build's time.
  await build();
  const cold: Array<{ ms: number; peakKb: number }> = [];
  for (let index = 0; index < options.runs; index++) {
    options.progress(`${posts} posts: cold build ${index + 1}/${options.runs}`);
    await rm(path.join(project, ".portfolio"), { recursive: true, force: true });
    await rm(path.join(project, "dist"), { recursive: true, force: true });
    cold.push(await build());
  }
  const warm: number[] = [];
  for (let index = 0; index < options.runs; index++) {
    options.progress(`${posts} posts: warm build ${index + 1}/${options.runs}`);
    warm.push((await build()).ms);
  }
  const dist = path.join(project, "dist");
  const newest = await newestPost(project);
  const sizes = {
    blogs: await sizeOf(path.join(dist, "blogs.html")),
    post: await sizeOf(path.join(dist, "blogs", `${newest}.html`)),
    postWithoutBody: await sizeOf(path.join(dist, "blogs", `${newest}.html`), withoutBody),
    project: await sizeOf(path.join(dist, "works", "fleetwise.html")),
    rss: await sizeOf(path.join(dist, "feed.xml")),
    atom: await sizeOf(path.join(dist, "atom.xml")),
    json: await sizeOf(path.join(dist, "feed.json")),
  };
  const hugo = await benchHugo(options, project, posts);
  let lighthouse: LighthouseRun[] = [];
  if (options.lighthouse) {
    options.progress(`${posts} posts: Lighthouse on /blogs, /blogs/${newest} and /works/fleetwise`);
    const server = await startServer({ root: dist, base: "/", port: 0, host: "127.0.0.1" });
    try {
      lighthouse = await auditRoutes(options.chromiumPath, options.chromiumFlags, server.url, [
        "/blogs",
        `/blogs/${newest}`,
        "/works/fleetwise",
      ]);
    } finally {
      await server.close();
    }
  }
  return {
    posts,
    coldMs: cold.map((sample) => sample.ms),
    warmMs: warm,
    coldMedianMs: median(cold.map((sample) => sample.ms)),
    warmMedianMs: median(warm),
    peakMemoryMb: Math.max(...cold.map((sample) => sample.peakKb)) / 1024,
    pages: await countPages(dist),
    sizes,
    postRoute: `/blogs/${newest}`,
    hugo,
    lighthouse,
  };
}

/** The newest post is the first on /blogs: the page a reader of the feed lands on. */
export async function newestPost(project: string): Promise<string> {
  const html = await readFile(path.join(project, "dist", "blogs.html"), "utf8");
  const slug = /class="blog-open"[^>]*href="\/blogs\/([^"]+)"|href="\/blogs\/([^"]+)"[^>]*class="blog-open"/.exec(html);
  if (!slug) throw new MeasurementError("No post card found on /blogs of the scale site.");
  return slug[1] ?? slug[2]!;
}

async function sizeOf(file: string, change: (html: string) => string = (html) => html): Promise<Size> {
  if (!existsSync(file)) return { raw: 0, gzip: 0 };
  const bytes = Buffer.from(change(await readFile(file, "utf8")));
  return { raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
}

/** A post page without the post's own text: what the page costs beyond its body (target: 8 KB gzip). */
function withoutBody(html: string): string {
  const emptied = html.replace(/(data-item-body="">)[\s\S]*?(<\/div>)/, "$1$2");
  if (emptied === html) throw new MeasurementError("No post body ([data-item-body]) found in the post page.");
  return emptied;
}

async function countPages(dist: string): Promise<number> {
  const entries = await readdir(dist, { recursive: true });
  // A page is one file (works.html); the 404 page is not a page of the site.
  return entries.filter((entry) => entry.endsWith(".html") && !entry.endsWith("404.html")).length;
}

/**
 * The same posts built by Hugo, when it is installed: a minimal theme (a list and a page per post,
 * Chroma's highlighting as Hugo does by default), for a reference on the same machine.
 */
async function benchHugo(options: ScaleOptions, project: string, posts: number): Promise<ScaleResult["hugo"]> {
  const hugo = await prepareHugoSite(project);
  if (!hugo) return undefined;
  const samples: Array<{ ms: number; peakKb: number }> = [];
  for (let index = 0; index < options.runs; index++) {
    options.progress(`${posts} posts: Hugo build ${index + 1}/${options.runs}`);
    samples.push(await hugo.buildCold());
  }
  return {
    coldMs: samples.map((sample) => sample.ms),
    medianMs: median(samples.map((sample) => sample.ms)),
    peakMemoryMb: Math.max(...samples.map((sample) => sample.peakKb)) / 1024,
    version: hugo.version,
  };
}

/** A Hugo site beside the project with its posts, and a cold build of it (no public/, no resources/); undefined without Hugo. */
export async function prepareHugoSite(
  project: string,
): Promise<{ version: string; buildCold: () => Promise<TimedRun>; buildWarm: () => Promise<TimedRun> } | undefined> {
  const hugoPath = ["/usr/bin/hugo", "/usr/local/bin/hugo"].find((candidate) => existsSync(candidate));
  if (!hugoPath) return undefined;
  const site = path.join(project, "hugo");
  await mkdir(path.join(site, "layouts", "_default"), { recursive: true });
  await cp(path.join(project, "content", "blog"), path.join(site, "content", "posts"), { recursive: true });
  await writeFile(
    path.join(site, "hugo.toml"),
    'baseURL = "https://example.org/"\ntitle = "Scale"\npaginate = 12\n[taxonomies]\ncategory = "category"\n',
  );
  const shell = (main: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main>${main}</main></body></html>`;
  await writeFile(
    path.join(site, "layouts", "_default", "single.html"),
    shell('<h1>{{ .Title }}</h1><p>{{ .Date.Format "Jan 2, 2006" }} · {{ .ReadingTime }} min</p>{{ .Content }}'),
  );
  await writeFile(
    path.join(site, "layouts", "_default", "list.html"),
    shell(
      '<h1>{{ .Title }}</h1>{{ range (.Paginate .Pages).Pages }}<article><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2><p>{{ .Summary }}</p></article>{{ end }}',
    ),
  );
  const version = (await run(hugoPath, ["version"], site)).trim().split(" ")[1] ?? "?";
  return {
    version,
    buildCold: async () => {
      await rm(path.join(site, "public"), { recursive: true, force: true });
      await rm(path.join(site, "resources"), { recursive: true, force: true });
      return timed(gnuTime, ["-f", `bench-peak-rss-kb=%M ${cpuFormat}`, hugoPath, "--quiet", "--ignoreCache"], site);
    },
    // Its output and resources/ kept, as a second build on a host that keeps them.
    buildWarm: () => timed(gnuTime, ["-f", `bench-peak-rss-kb=%M ${cpuFormat}`, hugoPath, "--quiet"], site),
  };
}

export function timedNode(args: string[], cwd: string, env: Record<string, string> = {}): Promise<TimedRun> {
  const preload = new URL("./report-peak-memory.mjs", import.meta.url).href;
  const node = [process.execPath, "--import", preload, ...args];
  // GNU time counts the CPU of the processes the build starts (Pagefind, esbuild) with its own.
  return existsSync(gnuTime)
    ? timed(gnuTime, ["-f", cpuFormat, ...node], cwd, env)
    : timed(node[0]!, node.slice(1), cwd, env);
}

/** GNU time, which the benchmark reads CPU time (and Hugo's peak memory) from, where the machine has it. */
export const gnuTime = "/usr/bin/time";

/** What GNU time prints for `timed` to read: the CPU seconds of the process and of every process it waited for. */
export const cpuFormat = "bench-cpu-s=%U+%S";

/** A timed process: its wall time, peak resident memory, CPU time and what it printed (stdout and stderr). */
export interface TimedRun {
  ms: number;
  peakKb: number;
  /**
   * User and system CPU time of the process and those it started, in ms (GNU time's): on a machine of few cores,
   * what a build costs whatever else the machine runs meanwhile. Undefined without GNU time.
   */
  cpuMs: number | undefined;
  output: string;
}

async function timed(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<TimedRun> {
  const started = performance.now();
  const output = await run(command, args, cwd, env);
  const ms = performance.now() - started;
  const peak = /bench-peak-rss-kb=(\d+)/.exec(output);
  const cpu = /bench-cpu-s=([\d.]+)\+([\d.]+)/.exec(output);
  return {
    ms,
    peakKb: peak ? Number(peak[1]) : 0,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined,
    output,
  };
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => reject(new MeasurementError(`Could not run ${command}: ${error.message}`)));
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new MeasurementError(
              `${path.basename(command)} ${args.join(" ")} failed (exit code ${code}):\n${output.trim().slice(-2000)}`,
            ),
          ),
    );
  });
}
