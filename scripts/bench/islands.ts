/**
 * Issue 38's figures: what the islands cost a visitor before and at their first interaction, on a
 * phone (Lighthouse's Moto G Power screen) in Debian's Chromium, medians of --runs, written to
 * .bench/islands-report.json:  npm run bench -- --islands [--runs 3] [--baseline <git-ref>]
 *   [--sites sample,posts,bilingual,font,works24] [--no-lighthouse] [--busy]
 *
 * How each figure is measured (per route, each run a fresh browser context, so nothing is cached):
 * - Script fetched: every script response's body (and any module preloaded), gzipped here (level 9)
 *   whatever the server sent, from navigation until load plus `idleMs` of idle.
 * - Script evaluated: the same window with Playwright's JS coverage; a script counts when any of its
 *   functions ran (its top level included), with its source gzipped. Not slowed down.
 * - Blocking after load, CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, not simulated): the sum
 *   of (duration − 50 ms) over long tasks (PerformanceObserver "longtask", buffered) from the load
 *   event's start (a task under way then counts from there, as Lighthouse clips tasks at the first
 *   paint) until `settleMs` after load, before any interaction.
 * - First interaction at 4×: after that window, one tap (a filter button, a project card, the
 *   contact form's submit with EmailJS answered here), its Interaction to Next Paint read with the
 *   Event Timing API in the page ("event" entries, durationThreshold 16): the largest duration among
 *   the entries of the tap's interactionId. A tap whose entries all stayed under 16 ms has none:
 *   it counts as 16 ms, marked "<16". Each interaction has a page load of its own.
 * - Hydration at 4× (/works with 24 projects): traced from before navigation, a pointer over the
 *   first filter button as soon as the page has loaded (a focus too if nothing hydrated within
 *   3 s), then the main thread's busy time from the load event to the first
 *   `[data-island][data-hydrated]`: the renderer main thread's top-level tasks (RunTask in a
 *   Chromium trace), their union clipped to that window. From load, not from the pointer, so an
 *   engine that hydrates when idle is measured whole. The report also gives the long tasks' time
 *   in the window and the wall time from load to live.
 * - Lighthouse: mobile (simulated throttling), Performance score and total blocking time; with
 *   --busy, while a cold build of the 1,000-post site runs in a loop beside it.
 * With --baseline, the same sites are built by that commit's engine too (a detached worktree), and
 * each measurement alternates between the engines route by route, so both see the same machine.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Locator, Page, Response } from "playwright-core";
import { startServer } from "../../src/serve/start-server.js";
import { auditRoutes } from "./lighthouse-audit.js";
import { copySite, makePosts, newestPost, timedNode } from "./scale.js";
import { median } from "./stats.js";
import { MeasurementError } from "./types.js";
import { addThemeFont, fixtureRoutes } from "./variants.js";

export const islandSiteNames = ["sample", "posts", "bilingual", "font", "works24"] as const;
export type IslandSiteName = (typeof islandSiteNames)[number];

export const islandTargets = {
  evaluatedGzip: 5000,
  blockingMs: 0,
  inpMs: 200,
  hydrationMs: 50,
  lighthousePerformance: 100,
  lighthouseTbtMs: 50,
} as const;

export interface Samples {
  samples: number[];
  median: number;
}

export type InteractionName = "filter" | "card" | "submit";

export interface InteractionFigures {
  name: InteractionName;
  inpMs: Samples;
  /** Runs whose tap left no entry of 16 ms or more: its INP is under 16 ms. */
  underThresholdRuns: number;
}

export interface HydrationFigures {
  /** Main-thread top-level tasks from the load event to the first island live (a trace's RunTask events). */
  taskMs: Samples;
  /** The same from the visitor's reach (from load for an island live before it). */
  reachTaskMs: Samples;
  /** Of that, the time running JavaScript (`scriptEvents`): the island's hydration, without the hover's own rendering. */
  reachScriptMs: Samples;
  /** Long tasks (the page's PerformanceObserver) overlapping that window. */
  longTaskMs: Samples;
  toHydratedMs: Samples;
}

export interface EngineFigures {
  fetchedGzip: Samples;
  evaluatedGzip: Samples;
  /** The scripts evaluated before any interaction in the last run, with their gzip bytes. */
  evaluatedScripts: Array<{ url: string; gzip: number }>;
  /** Islands live (`data-hydrated`) before any interaction, of those on the page. */
  hydratedBeforeInteraction: Samples;
  islands: number;
  /** `island-evaluated:<Name>` marks found before any interaction (only engines that set them). */
  islandMarks: string[];
  blockingMs: Samples;
  interactions: InteractionFigures[];
  hydration?: HydrationFigures;
  lighthouse?: { performance: Samples; tbtMs: Samples };
}

export type EngineLabel = "baseline" | "current";

export interface RouteFigures {
  route: string;
  engines: Partial<Record<EngineLabel, EngineFigures>>;
}

export interface SiteFigures {
  site: IslandSiteName;
  description: string;
  routes: RouteFigures[];
}

export interface IslandsReport {
  runs: number;
  cpuSlowdown: number;
  settleMs: number;
  idleMs: number;
  current: { commit: string };
  baseline?: { ref: string; commit: string };
  busy: boolean;
  sites: SiteFigures[];
}

export interface IslandsOptions {
  root: string;
  runs: number;
  sites: readonly IslandSiteName[];
  baseline?: string | undefined;
  lighthouse: boolean;
  busy: boolean;
  makePosts: string;
  browser: Browser;
  chromiumPath: string;
  lighthouseFlags: readonly string[];
  progress: (message: string) => void;
}

const cpuSlowdown = 4;
/** After load, how long the page is left alone before an interaction (blocking is summed over it). */
const settleMs = 4000;
/** After load, how long the page may idle before its scripts are counted. */
const idleMs = 3000;

/** Lighthouse's mobile device: a Moto G Power, 412×823 CSS pixels at 1.75 device pixels each. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const sampleRoutes = ["/", "/resume", "/works", "/blogs", "/contact", "/works/fleetwise", "/search", "/about"];

interface SiteSpec {
  description: string;
  make: (root: string, project: string, makePostsScript: string) => Promise<void>;
  /** Read from the built site of the current engine. */
  routes: (project: string) => Promise<string[]>;
}

const siteSpecs: Record<IslandSiteName, SiteSpec> = {
  sample: {
    description: "the spec's sample site, every route",
    make: (root, project) => copySite(root, project),
    routes: async () => sampleRoutes,
  },
  posts: {
    description: "the sample with 1,000 posts (make-posts.mjs): the blog's first pages and its newest post",
    make: async (root, project, makePostsScript) => {
      await copySite(root, project);
      await makePosts(makePostsScript, project, 1000);
    },
    routes: async (project) => ["/blogs", "/blogs/page/2", `/blogs/${await newestPost(project)}`],
  },
  bilingual: {
    description: "the bilingual fixture (tests/fixtures/sites/bilingual): its Portuguese pages, under /pt/",
    make: (root, project) => copySite(path.join(root, "tests", "fixtures", "sites", "bilingual"), project),
    routes: (project) => fixtureRoutes(project, "pt"),
  },
  font: {
    description: "the sample with a theme font (Inter, self-hosted)",
    make: async (root, project) => {
      await copySite(root, project);
      await addThemeFont(project, root);
    },
    routes: async () => sampleRoutes,
  },
  works24: {
    description: "the sample with 24 projects (its 9, then copies under new slugs)",
    make: async (root, project) => {
      await copySite(root, project);
      await addProjectCopies(project, 24);
    },
    routes: async () => ["/works"],
  },
};

/** Copies of the sample's projects under new slugs and titles, up to `total` projects. */
async function addProjectCopies(project: string, total: number): Promise<void> {
  const folder = path.join(project, "content", "projects");
  const originals = (await readdir(folder)).filter((file) => file.endsWith(".md")).sort();
  if (!originals.length) throw new MeasurementError("The sample has no projects to copy.");
  for (let index = originals.length; index < total; index++) {
    const original = originals[index % originals.length]!;
    const text = await readFile(path.join(folder, original), "utf8");
    const copy = text.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title.replace(/"$/, "")} ${index + 1}`);
    if (copy === text) throw new MeasurementError(`No title line in ${original}: the sample changed shape.`);
    await writeFile(path.join(folder, original.replace(/\.md$/, `-copy-${index + 1}.md`)), copy);
  }
}

interface Engine {
  label: EngineLabel;
  root: string;
  commit: string;
}

interface BuiltSite {
  engine: Engine;
  project: string;
  server: { url: string; close: () => Promise<void> };
}

export async function benchIslands(options: IslandsOptions): Promise<IslandsReport> {
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const current: Engine = { label: "current", root: options.root, commit: await commitOf(options.root, "HEAD") };
    const engines: Engine[] = [current];
    if (options.baseline) {
      options.progress(`baseline: checking out ${options.baseline} in a worktree`);
      const baseline = await checkOutBaseline(options.root, options.baseline);
      cleanups.push(baseline.remove);
      engines.unshift(baseline.engine);
    }
    const sites: SiteFigures[] = [];
    for (const site of options.sites) {
      const built: BuiltSite[] = [];
      for (const engine of engines) {
        const made = await buildSite(site, engine, options);
        cleanups.push(made.cleanup);
        built.push(made.site);
      }
      const routes = await siteSpecs[site].routes(built.find((one) => one.engine.label === "current")!.project);
      sites.push({
        site,
        description: siteSpecs[site].description,
        routes: await measureSite(site, routes, built, options),
      });
    }
    const baseline = engines.find((engine) => engine.label === "baseline");
    return {
      runs: options.runs,
      cpuSlowdown,
      settleMs,
      idleMs,
      current: { commit: current.commit },
      ...(baseline ? { baseline: { ref: options.baseline!, commit: baseline.commit } } : {}),
      busy: options.busy && options.lighthouse,
      sites,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

const exec = promisify(execFile);

async function git(root: string, args: string[]): Promise<string> {
  try {
    return (await exec("git", args, { cwd: root })).stdout.trim();
  } catch (error) {
    throw new MeasurementError(`git ${args.join(" ")} failed: ${(error as Error).message}`);
  }
}

const commitOf = (root: string, ref: string) => git(root, ["rev-parse", "--verify", `${ref}^{commit}`]);

/** The baseline's engine: its commit checked out on its own, sharing this checkout's node_modules. */
async function checkOutBaseline(root: string, ref: string): Promise<{ engine: Engine; remove: () => Promise<void> }> {
  const commit = await commitOf(root, ref);
  const folder = await mkdtemp(path.join(tmpdir(), "portfolio-islands-baseline-"));
  await rm(folder, { recursive: true, force: true });
  await git(root, ["worktree", "add", "--detach", folder, commit]);
  await symlink(path.join(root, "node_modules"), path.join(folder, "node_modules"), "dir");
  return {
    engine: { label: "baseline", root: folder, commit },
    remove: async () => {
      await git(root, ["worktree", "remove", "--force", folder]);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The site's content (always this checkout's), built by the engine's own CLI, and served. */
async function buildSite(
  site: IslandSiteName,
  engine: Engine,
  options: IslandsOptions,
): Promise<{ site: BuiltSite; cleanup: () => Promise<void> }> {
  const project = await mkdtemp(path.join(tmpdir(), `portfolio-islands-${site}-${engine.label}-`));
  const remove = () => rm(project, { recursive: true, force: true });
  try {
    options.progress(`${site}: building with the ${engine.label} engine (${engine.commit.slice(0, 9)})`);
    await siteSpecs[site].make(options.root, project, options.makePosts);
    await timedNode([path.join(engine.root, "bin", "portfolio.js"), "build"], project);
    const server = await startServer({ root: path.join(project, "dist"), base: "/", port: 0, host: "127.0.0.1" });
    return {
      site: { engine, project, server },
      cleanup: async () => {
        await server.close();
        await remove();
      },
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

interface RunSample {
  fetchedGzip: number;
  evaluatedGzip: number;
  evaluatedScripts: Array<{ url: string; gzip: number }>;
  hydrated: number;
  islands: number;
  islandMarks: string[];
  blockingMs: number[];
  interactions: Array<{ name: InteractionName; inpMs: number; underThreshold: boolean }>;
  hydration?: { taskMs: number; reachTaskMs: number; reachScriptMs: number; longTaskMs: number; toHydratedMs: number };
  lighthouse?: { performance: number; tbtMs: number };
}

/** Every run measures each route with each engine in turn, so a busy moment of the machine hits both. */
async function measureSite(
  site: IslandSiteName,
  routes: string[],
  built: BuiltSite[],
  options: IslandsOptions,
): Promise<RouteFigures[]> {
  const samples = new Map<string, RunSample[]>();
  const key = (route: string, label: EngineLabel) => `${label} ${route}`;
  for (let run = 0; run < options.runs; run++) {
    for (const route of routes) {
      for (const { engine, server } of built) {
        options.progress(`${site} ${route}: run ${run + 1}/${options.runs}, ${engine.label} engine`);
        const url = new URL(route.slice(1), server.url).href;
        const sample = await measureRoute(options.browser, url, route, site === "works24");
        samples.set(key(route, engine.label), [...(samples.get(key(route, engine.label)) ?? []), sample]);
      }
    }
    if (options.lighthouse)
      await auditSiteRun(site, routes, built, options, run, (route, label, lighthouse) => {
        const runs = samples.get(key(route, label))!;
        runs[runs.length - 1]!.lighthouse = lighthouse;
      });
  }
  return routes.map((route) => ({
    route,
    engines: Object.fromEntries(
      built.map(({ engine }) => [engine.label, summarize(samples.get(key(route, engine.label))!)]),
    ),
  }));
}

async function auditSiteRun(
  site: IslandSiteName,
  routes: string[],
  built: BuiltSite[],
  options: IslandsOptions,
  run: number,
  record: (route: string, label: EngineLabel, lighthouse: { performance: number; tbtMs: number }) => void,
): Promise<void> {
  const busy = options.busy ? await startBusyBuilds(options) : undefined;
  try {
    for (const { engine, server } of built) {
      options.progress(
        `${site}: Lighthouse mobile, run ${run + 1}/${options.runs}, ${engine.label} engine${busy ? ", a build running beside it" : ""}`,
      );
      const audits = await auditRoutes(options.chromiumPath, options.lighthouseFlags, server.url, routes, ["mobile"]);
      for (const audit of audits)
        record(audit.route, engine.label, {
          performance: audit.categories.performance.score,
          tbtMs: audit.metrics.tbtMs,
        });
    }
  } finally {
    await busy?.stop();
  }
}

/** Cold builds of the 1,000-post site, one after another, until stopped: a busy CI machine. */
async function startBusyBuilds(options: IslandsOptions): Promise<{ stop: () => Promise<void> }> {
  const project = await mkdtemp(path.join(tmpdir(), "portfolio-islands-busy-"));
  await siteSpecs.posts.make(options.root, project, options.makePosts);
  const cli = path.join(options.root, "bin", "portfolio.js");
  let stopped = false;
  let builds = 0;
  const loop = (async () => {
    while (!stopped) {
      await rm(path.join(project, ".portfolio"), { recursive: true, force: true });
      await rm(path.join(project, "dist"), { recursive: true, force: true });
      await timedNode([cli, "build"], project);
      builds++;
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      try {
        await loop;
      } finally {
        await rm(project, { recursive: true, force: true });
      }
      if (!builds) throw new MeasurementError("The busy build beside Lighthouse never completed one build.");
    },
  };
}

function samplesOf(values: number[]): Samples {
  return { samples: values, median: median(values) };
}

function summarize(runs: RunSample[]): EngineFigures {
  const last = runs[runs.length - 1]!;
  const interactionNames = [...new Set(runs.flatMap((run) => run.interactions.map((one) => one.name)))];
  const hydrations = runs.flatMap((run) => (run.hydration ? [run.hydration] : []));
  const audits = runs.flatMap((run) => (run.lighthouse ? [run.lighthouse] : []));
  return {
    fetchedGzip: samplesOf(runs.map((run) => run.fetchedGzip)),
    evaluatedGzip: samplesOf(runs.map((run) => run.evaluatedGzip)),
    evaluatedScripts: last.evaluatedScripts,
    hydratedBeforeInteraction: samplesOf(runs.map((run) => run.hydrated)),
    islands: last.islands,
    islandMarks: [...new Set(runs.flatMap((run) => run.islandMarks))].sort(),
    blockingMs: samplesOf(runs.flatMap((run) => run.blockingMs)),
    interactions: interactionNames.map((name) => {
      const taps = runs.flatMap((run) => run.interactions.filter((one) => one.name === name));
      return {
        name,
        inpMs: samplesOf(taps.map((tap) => tap.inpMs)),
        underThresholdRuns: taps.filter((tap) => tap.underThreshold).length,
      };
    }),
    ...(hydrations.length
      ? {
          hydration: {
            taskMs: samplesOf(hydrations.map((one) => one.taskMs)),
            reachTaskMs: samplesOf(hydrations.map((one) => one.reachTaskMs)),
            reachScriptMs: samplesOf(hydrations.map((one) => one.reachScriptMs)),
            longTaskMs: samplesOf(hydrations.map((one) => one.longTaskMs)),
            toHydratedMs: samplesOf(hydrations.map((one) => one.toHydratedMs)),
          },
        }
      : {}),
    ...(audits.length
      ? {
          lighthouse: {
            performance: samplesOf(audits.map((audit) => audit.performance)),
            tbtMs: samplesOf(audits.map((audit) => audit.tbtMs)),
          },
        }
      : {}),
  };
}

/** The interactions a route offers a first tap: by the kind of page its path names. */
function interactionsFor(route: string): InteractionName[] {
  const kind = route.replace(/^\/(pt\/)?/, "/");
  if (kind === "/works") return ["filter", "card"];
  if (kind === "/blogs" || /^\/blogs\/page\/\d+$/.test(kind)) return ["filter"];
  if (kind === "/contact") return ["submit"];
  return [];
}

async function measureRoute(browser: Browser, url: string, route: string, hydration: boolean): Promise<RunSample> {
  const scripts = await measureScripts(browser, url);
  const blockingMs: number[] = [];
  const interactions: RunSample["interactions"] = [];
  const wanted = interactionsFor(route);
  for (const name of wanted.length ? wanted : [undefined]) {
    const visit = await visitSlowed(browser, url, name);
    blockingMs.push(visit.blockingMs);
    if (visit.interaction) interactions.push(visit.interaction);
  }
  return {
    ...scripts,
    blockingMs,
    interactions,
    ...(hydration ? { hydration: await measureHydration(browser, url) } : {}),
  };
}

/** Every entry is recorded from the page's first script on, for the bench to read back. */
const probeScript = `(() => {
  const bench = { longTasks: [], events: [] };
  Object.defineProperty(window, "__islandsBench", { value: bench });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration, interactionId: entry.interactionId });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  addEventListener("load", () => performance.mark("bench-load"), { once: true });
  new MutationObserver((records, observer) => {
    if (!records.some((record) => record.target.hasAttribute("data-hydrated"))) return;
    performance.mark("bench-hydrated");
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
})();`;

interface PageProbe {
  longTasks: Array<{ start: number; duration: number }>;
  events: Array<{ name: string; start: number; duration: number; interactionId: number }>;
}

async function openPhonePage(
  browser: Browser,
  { slowed, answerEmail }: { slowed: boolean; answerEmail: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(phone);
  try {
    await context.addInitScript(probeScript);
    const page = await context.newPage();
    // Only where the form sends: a route makes every request of the page go through Playwright.
    if (answerEmail)
      await page.route("https://api.emailjs.com/**", (route) =>
        route.fulfill({ status: 200, body: "OK", headers: { "access-control-allow-origin": "*" } }),
      );
    if (slowed) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    }
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

async function load(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  if (!response?.ok())
    throw new MeasurementError(`${url} answered ${response?.status() ?? "nothing"}: is the build complete?`);
}

const gzipBytes = (text: string | Buffer) => gzipSync(text, { level: 9 }).byteLength;

function isScript(response: Response): boolean {
  const type = response.request().resourceType();
  return (
    type === "script" ||
    /javascript|ecmascript/.test(response.headers()["content-type"] ?? "") ||
    /\.m?js$/.test(new URL(response.url()).pathname)
  );
}

async function measureScripts(
  browser: Browser,
  url: string,
): Promise<
  Pick<RunSample, "fetchedGzip" | "evaluatedGzip" | "evaluatedScripts" | "hydrated" | "islands" | "islandMarks">
> {
  const { context, page } = await openPhonePage(browser, { slowed: false, answerEmail: false });
  try {
    const bodies = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      if (!isScript(response) || bodies.has(response.url())) return;
      bodies.set(
        response.url(),
        response.body().catch((error: unknown) => {
          throw new MeasurementError(`Could not read ${response.url()}'s body: ${(error as Error).message}`);
        }),
      );
    });
    await page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: true });
    await load(page, url);
    await page.waitForTimeout(idleMs);
    const coverage = await page.coverage.stopJSCoverage();
    const state = await page.evaluate(() => ({
      hydrated: document.querySelectorAll("[data-island][data-hydrated]").length,
      islands: document.querySelectorAll("[data-island]").length,
      marks: performance
        .getEntriesByType("mark")
        .map((mark) => mark.name)
        .filter((name) => name.startsWith("island-evaluated:")),
    }));
    const origin = new URL(url).origin;
    const evaluatedScripts = coverage
      .filter(
        (entry) =>
          entry.url.startsWith(origin) &&
          entry.source !== undefined &&
          entry.functions.some((fn) => fn.ranges.some((range) => range.count > 0)),
      )
      .map((entry) => ({ url: entry.url, gzip: gzipBytes(entry.source!) }));
    const fetched = await Promise.all(bodies.values());
    return {
      fetchedGzip: fetched.reduce((sum, body) => sum + gzipBytes(body), 0),
      evaluatedGzip: evaluatedScripts.reduce((sum, script) => sum + script.gzip, 0),
      evaluatedScripts,
      hydrated: state.hydrated,
      islands: state.islands,
      islandMarks: state.marks,
    };
  } finally {
    await context.close();
  }
}

/** One load at 4×: the blocking after load, then (when given) a first tap and its INP. */
async function visitSlowed(
  browser: Browser,
  url: string,
  interaction: InteractionName | undefined,
): Promise<{ blockingMs: number; interaction?: RunSample["interactions"][number] }> {
  const { context, page } = await openPhonePage(browser, { slowed: true, answerEmail: interaction === "submit" });
  try {
    await load(page, url);
    await page.waitForTimeout(settleMs);
    const { supported, loadStart, now, longTasks } = await page.evaluate(() => {
      const probe = (window as unknown as { __islandsBench: PageProbe }).__islandsBench;
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        supported: PerformanceObserver.supportedEntryTypes,
        loadStart: navigation.loadEventStart,
        now: performance.now(),
        longTasks: probe.longTasks,
      };
    });
    if (!supported.includes("longtask") || !supported.includes("event"))
      throw new MeasurementError(`This Chromium observes no long tasks or event timing (${supported.join(", ")}).`);
    // As Lighthouse clips tasks at the first paint: only the part of a task after load counts.
    const blockingMs = longTasks
      .filter((task) => task.start < now)
      .reduce((sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, loadStart) - 50), 0);
    if (!interaction) return { blockingMs };
    const inp = await tapFirst(page, interaction, url);
    return inp === undefined ? { blockingMs } : { blockingMs, interaction: { name: interaction, ...inp } };
  } finally {
    await context.close();
  }
}

/**
 * Taps what the interaction names and waits for its effect; undefined when the page has no such
 * control (a paged list's filter is links to other pages, not buttons).
 */
async function tapFirst(
  page: Page,
  interaction: InteractionName,
  url: string,
): Promise<{ inpMs: number; underThreshold: boolean } | undefined> {
  const effectTimeout = 20_000;
  let effect: () => Promise<unknown>;
  let target: Locator;
  if (interaction === "filter") {
    target = page.locator('button.filter-button[aria-pressed="false"]').first();
    if (!(await target.count())) return undefined;
    const handle = await target.elementHandle();
    effect = () =>
      page.waitForFunction((button) => button?.getAttribute("aria-pressed") === "true", handle, {
        timeout: effectTimeout,
      });
  } else if (interaction === "card") {
    target = page.locator(".project-open").first();
    if (!(await target.count())) throw new MeasurementError(`No project card (.project-open) on ${url}.`);
    effect = () => page.locator("dialog[open]").waitFor({ timeout: effectTimeout });
  } else {
    target = page.locator("form .form-btn").first();
    if (!(await target.count())) throw new MeasurementError(`No contact form's submit (.form-btn) on ${url}.`);
    await fillContactForm(page);
    const sent = page.waitForRequest("https://api.emailjs.com/**", { timeout: effectTimeout });
    effect = () => sent;
  }
  const before = await page.evaluate(() => performance.now());
  await target.tap();
  try {
    await effect();
  } catch (error) {
    throw new MeasurementError(`The first ${interaction} tap on ${url} had no effect: ${(error as Error).message}`);
  }
  // Event Timing entries reach the observer after the next paint.
  await page.waitForTimeout(500);
  const events = await page.evaluate(() => (window as unknown as { __islandsBench: PageProbe }).__islandsBench.events);
  return interactionToNextPaint(events, before);
}

/** The first interaction after `since`: the largest duration among its entries. */
function interactionToNextPaint(
  events: PageProbe["events"],
  since: number,
): { inpMs: number; underThreshold: boolean } {
  const tapped = events.filter((event) => event.interactionId > 0 && event.start >= since);
  if (!tapped.length) return { inpMs: 16, underThreshold: true };
  const first = tapped.reduce((earliest, event) => (event.start < earliest.start ? event : earliest));
  const durations = tapped
    .filter((event) => event.interactionId === first.interactionId)
    .map((event) => event.duration);
  return { inpMs: Math.max(...durations), underThreshold: false };
}

/** Values in every field, typed as a visitor's browser fills them (no key events, so no interaction). */
async function fillContactForm(page: Page): Promise<void> {
  const fields = page.locator("form .form-input");
  const count = await fields.count();
  if (!count) throw new MeasurementError("The contact form has no fields (.form-input).");
  for (let index = 0; index < count; index++) {
    const field = fields.nth(index);
    const type = await field.getAttribute("type");
    await field.fill(type === "email" ? "ada@client.example" : "A message from the bench.");
  }
}

const traceCategories = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  "toplevel",
  "v8",
  "v8.execute",
];

/**
 * The trace events of the main thread running JavaScript: a classic script or a module evaluated,
 * a listener or callback called, promise continuations. Their union, in a window, is the script
 * time of that window, without the style, layout and paint the same tasks may do (a card's hover
 * effect, say), which are not an island's hydration.
 */
const scriptEvents = new Set([
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "RunMicrotasks",
  "v8.compile",
  "v8.compileModule",
]);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/**
 * At 4×, traced from before navigation: a pointer over the first project card (the list's dialog
 * island; the first filter button on a list without one) as soon as the page has loaded, and a
 * focus if that woke nothing; then the main thread's busy time (1) from the load event to the
 * first live island, which counts everything the page does after load, its images and layout
 * included, and (2) from the reach to the island live: the island's own hydration. An engine that
 * hydrates unasked, before the reach, is measured from load in (2) too, as its hydration is then
 * all of what ran after load.
 */
async function measureHydration(browser: Browser, url: string): Promise<NonNullable<RunSample["hydration"]>> {
  const { context, page } = await openPhonePage(browser, { slowed: true, answerEmail: false });
  try {
    let trace: Buffer;
    await browser.startTracing(page, { categories: traceCategories });
    try {
      await load(page, url);
      const card = page.locator("[data-island] .project-card a").first();
      const button = (await card.count()) ? card : page.locator("button.filter-button").first();
      if (!(await button.count())) throw new MeasurementError(`No card or filter button on ${url} to reach for.`);
      await page.evaluate(() => performance.mark("bench-reach"));
      await button.hover();
      const hydrated = page.locator("[data-island][data-hydrated]").first();
      try {
        await hydrated.waitFor({ state: "attached", timeout: 3000 });
      } catch {
        await button.focus();
        await hydrated.waitFor({ state: "attached", timeout: 30_000 }).catch((error: unknown) => {
          throw new MeasurementError(
            `No island on ${url} hydrated after a pointer and a focus: ${(error as Error).message}`,
          );
        });
      }
      await page.waitForFunction(() => performance.getEntriesByName("bench-hydrated").length > 0);
      // Long tasks reach the observer a little after they end.
      await page.waitForTimeout(300);
    } finally {
      trace = await browser.stopTracing();
    }
    const span = await page.evaluate(() => {
      const probe = (window as unknown as { __islandsBench: PageProbe }).__islandsBench;
      const start = performance.getEntriesByName("bench-load")[0]?.startTime ?? Number.NaN;
      const end = performance.getEntriesByName("bench-hydrated")[0]!.startTime;
      return { start, end, longTasks: probe.longTasks };
    });
    if (!(span.end >= span.start))
      throw new MeasurementError(
        `On ${url}, an island was live before the load event: no hydration to measure after it.`,
      );
    const tasks = mainThreadTaskMs(trace, url);
    return {
      taskMs: tasks.fromLoad,
      reachTaskMs: tasks.fromReach,
      reachScriptMs: tasks.scriptFromReach,
      longTaskMs: span.longTasks.reduce(
        (sum, task) => sum + overlap(task.start, task.start + task.duration, span.start, span.end),
        0,
      ),
      toHydratedMs: span.end - span.start,
    };
  } finally {
    await context.close();
  }
}

function overlap(start: number, end: number, from: number, to: number): number {
  return Math.max(0, Math.min(end, to) - Math.max(start, from));
}

/**
 * The renderer's main thread is the one that recorded the bench's marks; its RunTask events are its
 * tasks. Busy from the load event to the first live island, and from the reach to it (from the load
 * event when the island was live before the reach).
 */
function mainThreadTaskMs(
  trace: Buffer,
  url: string,
): { fromLoad: number; fromReach: number; scriptFromReach: number } {
  const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (name: string) => events.find((event) => event.name === name && event.cat.includes("blink.user_timing"));
  const loaded = mark("bench-load");
  const hydrated = mark("bench-hydrated");
  const reached = mark("bench-reach");
  if (!loaded || !hydrated || !reached)
    throw new MeasurementError(`The trace of ${url} holds no bench-load, bench-reach or bench-hydrated mark.`);
  const onMain = events.filter((event) => event.pid === hydrated.pid && event.tid === hydrated.tid && event.ph === "X");
  const tasks = onMain.filter((event) => event.name === "RunTask");
  const topLevel = tasks.length ? tasks : onMain.filter((event) => event.name === "ThreadControllerImpl::RunTask");
  if (!topLevel.length) throw new MeasurementError(`The trace of ${url} holds no task on the page's main thread.`);
  const spans = topLevel.map((task) => [task.ts, task.ts + (task.dur ?? 0)] as const);
  const scripts = onMain
    .filter((event) => scriptEvents.has(event.name))
    .map((event) => [event.ts, event.ts + (event.dur ?? 0)] as const);
  const from = reached.ts < hydrated.ts ? reached.ts : loaded.ts;
  return {
    fromLoad: busyTime(spans, loaded.ts, hydrated.ts) / 1000,
    fromReach: busyTime(spans, from, hydrated.ts) / 1000,
    scriptFromReach: busyTime(scripts, from, hydrated.ts) / 1000,
  };
}

/** The time covered by any of the spans within [from, to], a nested task counted once. */
function busyTime(spans: ReadonlyArray<readonly [number, number]>, from: number, to: number): number {
  let covered = 0;
  let reached = from;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const clippedStart = Math.max(start, reached);
    const clippedEnd = Math.min(end, to);
    if (clippedEnd > clippedStart) covered += clippedEnd - clippedStart;
    reached = Math.max(reached, Math.min(end, to));
  }
  return covered;
}
