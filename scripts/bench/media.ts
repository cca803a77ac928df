import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { startServer } from "../../src/serve/start-server.js";
import { mp4Bytes } from "../../tests/fixtures/videos.js";
import { auditRoutes } from "./lighthouse-audit.js";
import { copySite, timedNode } from "./scale.js";
import { median } from "./stats.js";
import { type CategoryId, categoryIds, type LighthouseMetrics, type LighthouseMode } from "./types.js";

/** Issue 52's figures for a post with a video, a gallery of 12 photos and a YouTube facade. */
export interface MediaReport {
  route: string;
  galleryImages: number;
  /** Lighthouse on the post, each category's scores and each run's metrics, per mode. */
  audits: Array<{ mode: LighthouseMode; scores: Record<CategoryId, number[]>; metrics: LighthouseMetrics[] }>;
  /** Requests to any other host made by the page before a click, per run (the target: none). */
  foreignRequestsBeforeClick: number[];
  /**
   * From the click on the facade's button to the player's frame in the page, with the CPU slowed 4×,
   * per run (the frame's own load aside: its host is answered by a stub). The click comes without a
   * pointer passing over first, so the facade's code runs only then: the slowest way a visitor meets it.
   */
  clickToPlayerMs: number[];
}

const route = "/blogs/media-bench";
const galleryImages = 12;

/** A photo-like picture for the gallery, 1600×1200, the same bytes on every run. */
async function galleryPhoto(index: number): Promise<Buffer> {
  const hue = (index * 31) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,25%)"/></linearGradient></defs>` +
    `<rect width="1600" height="1200" fill="url(#g)"/>` +
    `<circle cx="${400 + index * 60}" cy="520" r="260" fill="hsl(${(hue + 180) % 360},50%,70%)" opacity="0.7"/>` +
    `<path d="M0 900 C400 700 900 1100 1600 760 L1600 1200 L0 1200 Z" fill="hsl(${hue},40%,18%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** The bench's post: a video beside it, 12 photos in a gallery, a YouTube facade and a code block. */
async function writeMediaPost(project: string): Promise<void> {
  const folder = path.join(project, "content", "blog", "media-bench");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "demo.mp4"), mp4Bytes(1280, 720));
  await writeFile(path.join(folder, "demo.vtt"), "WEBVTT\n\n00:00.000 --> 00:02.000\nThe map, offline.\n");
  const images: string[] = [];
  for (let index = 1; index <= galleryImages; index++) {
    await writeFile(path.join(folder, `shot-${index}.jpg`), await galleryPhoto(index));
    images.push(`![Screen ${index} of the app](shot-${index}.jpg "Screen ${index}")`);
  }
  await writeFile(
    path.join(folder, "index.md"),
    [
      "---",
      "title: The app, shown",
      "date: 2025-06-03",
      "category: Programming",
      "---",
      "",
      "A minute of the app, the talk, and the screens.",
      "",
      '::video{src="demo.mp4" captions="demo.vtt" title="The app in a minute"}',
      "",
      '::youtube{id="dQw4w9WgXcQ" title="The talk at the meetup"}',
      "",
      "```ts",
      'export const greeting = "hello";',
      "```",
      "",
      ":::gallery",
      ...images,
      ":::",
      "",
    ].join("\n"),
  );
}

export async function benchMedia({
  root,
  runs,
  browser,
  chromiumPath,
  lighthouseFlags,
  lighthouse,
  progress,
}: {
  root: string;
  runs: number;
  browser: Browser;
  chromiumPath: string;
  lighthouseFlags: readonly string[];
  lighthouse: boolean;
  progress: (message: string) => void;
}): Promise<MediaReport> {
  const project = await mkdtemp(path.join(tmpdir(), "portfolio-media-bench-"));
  try {
    await copySite(root, project);
    await writeMediaPost(project);
    progress("the media post: building");
    await timedNode([path.join(root, "bin", "portfolio.js"), "build"], project);
    const server = await startServer({ root: path.join(project, "dist"), base: "/", port: 0, host: "127.0.0.1" });
    try {
      const report: MediaReport = {
        route,
        galleryImages,
        audits: [],
        foreignRequestsBeforeClick: [],
        clickToPlayerMs: [],
      };
      for (let run = 1; run <= runs; run++) {
        progress(`the media post: a visit with the CPU slowed 4×, run ${run}/${runs}`);
        const visit = await visitAndPlay(browser, server.url);
        report.foreignRequestsBeforeClick.push(visit.foreignRequests);
        report.clickToPlayerMs.push(visit.clickToPlayerMs);
        if (!lighthouse) continue;
        progress(`the media post: Lighthouse, run ${run}/${runs}`);
        for (const result of await auditRoutes(chromiumPath, lighthouseFlags, server.url, [route])) {
          let audit = report.audits.find((each) => each.mode === result.mode);
          if (!audit) {
            audit = {
              mode: result.mode,
              scores: Object.fromEntries(categoryIds.map((id) => [id, [] as number[]])) as Record<CategoryId, number[]>,
              metrics: [],
            };
            report.audits.push(audit);
          }
          for (const id of categoryIds) audit.scores[id].push(result.categories[id].score);
          audit.metrics.push(result.metrics);
        }
      }
      return report;
    } finally {
      await server.close();
    }
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

/** One visit on a phone's screen: the requests to other hosts until the page is idle, then the click's time. */
async function visitAndPlay(
  browser: Browser,
  siteUrl: string,
): Promise<{ foreignRequests: number; clickToPlayerMs: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const origin = new URL(siteUrl).origin;
    let foreignRequests = 0;
    let clicked = false;
    context.on("request", (request) => {
      if (!clicked && !request.url().startsWith(origin) && !request.url().startsWith("data:")) foreignRequests++;
    });
    // The player's own page is not measured: a stub answers for YouTube.
    await context.route("https://www.youtube-nocookie.com/**", (stub) =>
      stub.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
    );
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(new URL(route.slice(1), siteUrl).href, { waitUntil: "load" });
    // The loader fetches the islands' code at idle: wait for it, as a visitor who reads first would.
    await page.waitForFunction(() => document.querySelector("link[rel=modulepreload]") !== null);
    await page.waitForTimeout(1000);
    clicked = true;
    // Written as text: the bench runs through tsx, whose compiled functions call a helper the page lacks.
    const clickToPlayerMs = (await page.evaluate(`(async () => {
      const button = document.querySelector("figure.embed button");
      if (!button) throw new Error("The post has no facade's button");
      const start = performance.now();
      button.click();
      await new Promise((resolve, reject) => {
        const look = () => {
          if (document.querySelector("figure.embed iframe")) resolve();
          else if (performance.now() - start > 10000) reject(new Error("No player 10 s after the click"));
          else requestAnimationFrame(look);
        };
        look();
      });
      return performance.now() - start;
    })()`)) as number;
    return { foreignRequests, clickToPlayerMs };
  } finally {
    await context.close();
  }
}

export function formatMedia(report: MediaReport): string {
  const lines = [
    `The media post (${report.route}: a video, a gallery of ${report.galleryImages} photos, a YouTube facade, a code block), median of ${report.clickToPlayerMs.length}`,
    `  requests to other hosts before a click: ${report.foreignRequestsBeforeClick.join(", ")} (target: 0)`,
    `  click to the player's frame, CPU 4× slower: median ${Math.round(median(report.clickToPlayerMs))} ms (${report.clickToPlayerMs.map(Math.round).join(", ")}; target: under 200 ms)`,
  ];
  for (const audit of report.audits) {
    const scores = categoryIds.map((id) => `${id} ${Math.round(median(audit.scores[id]))}`).join(", ");
    const lcp = median(audit.metrics.map((metrics) => metrics.lcpMs));
    const cls = median(audit.metrics.map((metrics) => metrics.cls));
    lines.push(
      `  Lighthouse ${audit.mode}: ${scores}; largest paint ${Math.round(lcp)} ms, layout shift ${cls.toFixed(3)}`,
    );
  }
  return lines.join("\n");
}
