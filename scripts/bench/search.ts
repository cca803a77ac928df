import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { buildSite } from "../../src/pipeline/build-site.js";
import { startServer } from "../../src/serve/start-server.js";
import { launchChromium } from "../../tests/helpers/browser.js";
import { copySite, makePosts } from "./scale.js";
import { median } from "./stats.js";
import { MeasurementError } from "./types.js";

/** Issue 20's figures: what search costs the build, the site, and a visitor on a phone. */
export interface SearchReport {
  posts: number;
  runs: number;
  /** Pages in the index: posts, projects and Markdown pages. */
  indexedPages: number;
  /** The "search" stage with nothing cached, median of `runs`. */
  indexingMs: number;
  indexingSamplesMs: number[];
  /** Everything under pagefind/ (no precompressed copies), and Pagefind's code alone. */
  index: { files: number; bytes: number; codeBytes: number };
  searches: SearchTiming[];
}

export interface SearchTiming {
  word: string;
  results: number;
  /** Requests the first search made, and their bytes as sent (compressed) and as read. */
  requests: number;
  transferBytes: number;
  bodyBytes: number;
  /** From the input event to the first result shown, on the phone profile, median of `runs`. */
  medianMs: number;
  samplesMs: number[];
}

export interface SearchBenchOptions {
  root: string;
  posts: number;
  runs: number;
  makePosts: string;
  progress: (message: string) => void;
}

/**
 * Lighthouse's mobile profile, as DevTools applies it: a Moto G Power's screen, four times slower
 * CPU, 150 ms round trips and 1.6 Mbit/s down.
 */
const phone = {
  context: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  cpuSlowdown: 4,
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: 96_000 },
};

/** A word in most posts of make-posts.mjs, and one that only post 537's code has. */
const words = ["hydration", "post537"];

export async function benchSearch(options: SearchBenchOptions): Promise<SearchReport> {
  const project = await mkdtemp(path.join(tmpdir(), `portfolio-search-${options.posts}-`));
  try {
    options.progress(`${options.posts} posts: writing them`);
    await copySite(options.root, project);
    await makePosts(options.makePosts, project, options.posts);
    const indexingSamplesMs: number[] = [];
    let outDir = "";
    for (let run = 0; run < options.runs; run++) {
      options.progress(`${options.posts} posts: build ${run + 1} of ${options.runs}, the index made anew`);
      await rm(path.join(project, ".portfolio", "cache", "search.bin"), { force: true });
      let started = 0;
      const build = await buildSite({
        cwd: project,
        env: {},
        onStage: (stage) => {
          if (stage === "search") started = performance.now();
          else if (started && stage === "check") indexingSamplesMs.push(performance.now() - started);
        },
      });
      outDir = build.outDir;
    }
    const index = await measureIndex(path.join(outDir, "pagefind"));
    // Pagefind writes one fragment per page it indexed.
    const indexedPages = (await readdir(path.join(outDir, "pagefind", "fragment"))).length;
    const server = await startServer({ root: outDir, base: "/", port: 0, host: "127.0.0.1" });
    const browser = await launchChromium();
    try {
      const searches: SearchTiming[] = [];
      for (const word of words) {
        options.progress(`${options.posts} posts: searching "${word}" on a phone, ${options.runs} times`);
        searches.push(await timeSearch(browser, server.url, word, options.runs));
      }
      return {
        posts: options.posts,
        runs: options.runs,
        indexedPages,
        indexingMs: median(indexingSamplesMs),
        indexingSamplesMs,
        index,
        searches,
      };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

async function measureIndex(folder: string): Promise<SearchReport["index"]> {
  const files = (await readdir(folder, { recursive: true })).filter((file) => !/\.(gz|br)$/.test(file));
  let bytes = 0;
  let codeBytes = 0;
  for (const file of files) {
    const info = await stat(path.join(folder, file));
    if (!info.isFile()) continue;
    bytes += info.size;
    if (/^(pagefind(-worker)?\.js|wasm\.[\w-]+\.pagefind)$/.test(file)) codeBytes += info.size;
  }
  return { files: files.length, bytes, codeBytes };
}

/** Each run in a fresh context (nothing cached): open /search, wait until it is live, then search. */
async function timeSearch(browser: Browser, siteUrl: string, word: string, runs: number): Promise<SearchTiming> {
  const samplesMs: number[] = [];
  let first: Omit<SearchTiming, "medianMs" | "samplesMs"> | undefined;
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext(phone.context);
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", phone.network);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: phone.cpuSlowdown });
      await page.goto(new URL("search", siteUrl).href);
      await page.waitForSelector("[data-island][data-hydrated]", { timeout: 60_000 });
      await page.waitForTimeout(500);
      // The page's and Pagefind's worker's requests alike: bytes as sent (compressed) and as read.
      const transfers: Array<Promise<{ sent: number; read: number }>> = [];
      page.on("requestfinished", (request) =>
        transfers.push(
          Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
            sent: sizes.responseBodySize + sizes.responseHeadersSize,
            read: (await response?.body().catch(() => undefined))?.byteLength ?? 0,
          })),
        ),
      );
      const elapsed = await page.evaluate(
        (query) =>
          new Promise<number>((resolve, reject) => {
            const input = document.querySelector<HTMLInputElement>("input[data-search-input]");
            const status = document.querySelector(".search-status");
            if (!input || !status) return reject(new Error("no search field on /search"));
            const started = performance.now();
            new MutationObserver((_, observer) => {
              if (!(status.textContent ?? "").includes(`“${query}”`)) return;
              observer.disconnect();
              resolve(performance.now() - started);
            }).observe(document.body, { subtree: true, childList: true, characterData: true });
            // What a visitor's typing does: the value changes, React hears an input event.
            const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
            setValue.call(input, query);
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }),
        word,
      );
      samplesMs.push(elapsed);
      await page.waitForTimeout(300);
      if (!first) {
        const status = (await page.locator(".search-status").textContent()) ?? "";
        const sizes = await Promise.all(transfers);
        first = {
          word,
          results: Number(status.match(/^(\d+) results?/)?.[1] ?? 0),
          requests: sizes.length,
          transferBytes: sizes.reduce((sum, size) => sum + size.sent, 0),
          bodyBytes: sizes.reduce((sum, size) => sum + size.read, 0),
        };
      }
    } finally {
      await context.close();
    }
  }
  if (!first) throw new MeasurementError(`searching "${word}" measured nothing`);
  return { ...first, medianMs: median(samplesMs), samplesMs };
}

export function formatSearch(report: SearchReport): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return [
    `Search at ${report.posts} posts (${report.indexedPages} pages indexed: posts, projects and pages; medians of ${report.runs})`,
    `  indexing (the build's "search" stage, nothing cached): ${Math.round(report.indexingMs)} ms (${report.indexingSamplesMs.map(Math.round).join(", ")})`,
    `  index: ${kb(report.index.bytes)} in ${report.index.files} files, of which Pagefind's code ${kb(report.index.codeBytes)}`,
    ...report.searches.map(
      (search) =>
        `  "${search.word}" (${search.results} results): first search downloads ${kb(search.transferBytes)} as sent (${kb(search.bodyBytes)} read) in ${search.requests} requests; typing to results on a phone ${Math.round(search.medianMs)} ms (${search.samplesMs.map(Math.round).join(", ")})`,
    ),
  ].join("\n");
}
