import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { build as esbuild } from "esbuild";
import { buildSite, type BuildMemo, type BuildOptions, type BuildResult } from "../pipeline/build-site.js";
import { loadConfig } from "../config/load-config.js";
import { formatError } from "../terminal/report-error.js";
import { errorsData } from "../errors-data.js";
import { isPortfolioError } from "../errors.js";
import { checkOutDir, stageOutput } from "../pipeline/write-site.js";
import { writeDeferredCaches, type DeferredCacheWrites } from "../cache/cache-store.js";
import { packageRoot } from "../package-root.js";
import { startServer, type RunningServer } from "../serve/start-server.js";
import { devTagAttribute } from "./patch-page.js";
import { pagesServedTracker } from "./pages-served.js";
import { watchSources } from "./watch-sources.js";
import { type EngineWatch, watchEngine } from "./watch-engine.js";

export interface DevOptions extends Pick<BuildOptions, "cwd" | "env" | "file" | "drafts"> {
  port: number;
  /** How many ports after `port` to try while it is taken (start-server.ts). */
  nextPorts?: number | undefined;
  host: string;
  /** Host names answered besides loopback and this machine's own addresses (--allowed-host). */
  allowedHosts?: readonly string[] | undefined;
  /** Told of each rebuild, for the terminal: its result, or the error as the terminal prints it. */
  onBuild: (outcome: { result: BuildResult } | { error: unknown }) => void;
  /** Told once when the engine on disk changes (npm update), with the line to show. */
  onEngineChanged?: ((line: string) => void) | undefined;
  /** Which package.json is the engine's, and how often to look (tests). */
  engine?: EngineWatch | undefined;
}

export interface DevServer extends RunningServer {
  /** Resolves once the build started by the latest change (if any) has finished and been announced. */
  settled: () => Promise<void>;
}

/** What the page's script is told, as Server-Sent Events. */
type DevEvent =
  | { event: "reload" }
  | { event: "update" }
  | { event: "css"; data: { from: string; to: string } }
  | { event: "build-error"; data: { title: string; message: string } }
  | { event: "build-ok" };

const devPaths = { events: "/__portfolio/events", script: "/__portfolio/dev.js", styles: "/__portfolio/dev.css" };

/**
 * `portfolio dev`: builds into `.portfolio/dev-site/` (never `dist/`), serves it on 127.0.0.1, and
 * rebuilds when the config, content/, public/, templates/ or the stylesheet change. Every open page
 * is told over Server-Sent Events: it takes in what changed on it (or reloads), swaps the stylesheet,
 * or shows the error over the last good build. Rapid saves coalesce into one rebuild, and one
 * build runs at a time, so the served folder is only ever replaced whole by a finished build.
 */
export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const { root, file: configFile, config } = await loadConfig(options);
  const outDir = path.join(root, ".portfolio", "dev-site");
  // Before anything is built: a folder that is a link (or not a build's output) is said once, and dev stops.
  await checkOutDir(root, outDir);
  // The caches' files are written once each build has been shown, so a save waits for none of them.
  const cacheWrites: DeferredCacheWrites = { pending: [], warnings: [] };
  // What a build leaves for after its pages are shown: the search index, then the caches' files.
  const afterShown: Array<() => void> = [];
  const memo: BuildMemo = { pages: new Map(), cacheWrites, afterShown: (work) => afterShown.push(work) };
  // Counts the builds served, for pages to tell which build they were loaded from. Counted once the
  // build has replaced the served folder, so a page never claims a build older than its markup.
  let buildNumber = 0;
  const build = (): Promise<BuildResult> =>
    buildSite(
      {
        cwd: options.cwd,
        env: options.env,
        file: options.file,
        drafts: options.drafts,
        outDir,
        measure: false,
        update: true,
      },
      memo,
    ).then((result) => {
      buildNumber += 1;
      return result;
    });
  const clients = new Set<ServerResponse>();
  let lastError: DevEvent | undefined;
  let last: BuildResult | undefined;

  /** Sends an event to every open page; the number of pages told. */
  const send = (message: DevEvent): number => {
    const text = `event: ${message.event}\ndata: ${"data" in message ? JSON.stringify(message.data) : "{}"}\n\n`;
    for (const client of clients) client.write(text);
    return clients.size;
  };
  const served = pagesServedTracker();
  const rebuild = async (): Promise<void> => {
    // The pages told to fetch what changed (or to reload): the work left for after them waits until they have it.
    let fetching = 0;
    try {
      const result = await build();
      const previous = last;
      last = result;
      const hadError = lastError !== undefined;
      lastError = undefined;
      options.onBuild({ result });
      if (hadError) send({ event: "build-ok" });
      if (!previous) fetching = send({ event: "reload" });
      else if (previous.pagesDigest !== result.pagesDigest || hadError) fetching = send({ event: "update" });
      else if (previous.stylesheet !== result.stylesheet)
        send({
          event: "css",
          data: { from: `${config.site.base}${previous.stylesheet}`, to: `${config.site.base}${result.stylesheet}` },
        });
    } catch (error) {
      // Nothing of a failed build runs on after it.
      afterShown.length = 0;
      lastError = { event: "build-error", data: describeForPage(error, root) };
      options.onBuild({ error });
      send(lastError);
    }
    await served.wait(fetching);
    for (const work of afterShown.splice(0)) work();
    await writeDeferredCaches(cacheWrites);
  };

  try {
    last = await build();
    options.onBuild({ result: last });
  } catch (error) {
    lastError = { event: "build-error", data: describeForPage(error, root) };
    options.onBuild({ error });
    await writePlaceholder(root, outDir);
  }
  await writeDeferredCaches(cacheWrites);

  const client = await bundleClient();
  const styles = await readFile(path.join(packageRoot(), "src", "dev", "dev-overlay.css"), "utf8");
  const handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    const pathname = (request.url ?? "/").split("?")[0];
    if (pathname === devPaths.events) {
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      response.write("retry: 500\n\n");
      clients.add(response);
      // A page that loads while the build is broken shows the error at once.
      if (lastError)
        response.write(`event: build-error\ndata: ${JSON.stringify((lastError as { data: unknown }).data)}\n\n`);
      request.on("close", () => clients.delete(response));
      return true;
    }
    const asset =
      pathname === devPaths.script
        ? { type: "text/javascript", body: client }
        : pathname === devPaths.styles
          ? { type: "text/css", body: styles }
          : undefined;
    if (!asset) return false;
    response.writeHead(200, { "content-type": `${asset.type}; charset=utf-8`, "cache-control": "no-store" });
    response.end(asset.body);
    return true;
  };
  const pageTransform = () => {
    const tags = `<link rel="stylesheet" href="${devPaths.styles}" ${devTagAttribute}><script type="module" src="${devPaths.script}" ${devTagAttribute} data-build="${buildNumber}"></script>`;
    return (html: string) => {
      served.count();
      return html.replace("</body>", `${tags}</body>`);
    };
  };
  const server = await startServer({
    root: outDir,
    project: root,
    base: config.site.base,
    port: options.port,
    nextPorts: options.nextPorts,
    host: options.host,
    allowedHosts: options.allowedHosts,
    dev: { handle, pageTransform },
  });
  const watcher = await watchSources(root, configFile, rebuild);
  memo.onSearchIndexed = watcher.rebuild;
  const { onEngineChanged } = options;
  const unwatchEngine = onEngineChanged ? watchEngine(options.engine ?? {}, onEngineChanged) : () => {};
  const close = async () => {
    unwatchEngine();
    await watcher.close();
    // Pagefind may still be writing to the cache: the owner's folder is whole once this resolves.
    await memo.searchIndexing?.catch(() => {});
    await writeDeferredCaches(cacheWrites);
    for (const response of clients) response.end();
    await server.close();
  };
  let closing: Promise<void> | undefined;
  return {
    ...server,
    settled: () => watcher.settled(),
    // Closing twice waits for the same close.
    close: () => (closing ??= close()),
  };
}

/** The error exactly as the terminal prints it, without colours, for the page's overlay. */
function describeForPage(error: unknown, root: string): { title: string; message: string } {
  const title = isPortfolioError(error) ? errorsData[error.name].title : "The site could not be built";
  return { title, message: stripVTControlCharacters(formatError(error, root)) };
}

/**
 * When the very first build fails there is no site yet: a blank page carries the overlay. It is
 * written as a build writes its output (checked, staged, marked and swapped in), so a folder that
 * is a symbolic link or not a build's output is refused here too, and the build that follows the
 * fix may replace it.
 */
async function writePlaceholder(root: string, outDir: string): Promise<void> {
  await checkOutDir(root, outDir);
  const output = await stageOutput(root, outDir);
  await output.write(
    "index.html",
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built yet</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Not built yet</h1><p>The first build failed: see the message over this page, or in the terminal.</p></main></body></html>\n',
  );
  await output.commit();
}

async function bundleClient(): Promise<string> {
  const result = await esbuild({
    entryPoints: [path.join(packageRoot(), "src", "dev", "dev-client.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["chrome111", "firefox113", "safari16.4"],
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
