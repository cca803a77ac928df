import { gzipSync } from "node:zlib";
import type { Browser, Response } from "playwright-core";
import { MeasurementError, resourceKinds, type PageWeight, type ResourceKind, type Size } from "./types.js";

/** JavaScript per page, gzip, first visit, from the project's issue (kB = 1000 bytes, as the build's report). */
const jsBudgetGzip: Record<string, number> = { "/": 3_000, "/resume": 3_000 };
const defaultJsBudgetGzip = 80_000;

interface Transfer {
  kind: ResourceKind;
  size: Size;
}

/** Every route in a fresh context, so each one is a first visit with an empty cache. */
export async function weighPages(browser: Browser, siteUrl: string, routes: readonly string[]): Promise<PageWeight[]> {
  const weights: PageWeight[] = [];
  for (const route of routes) weights.push(await weighPage(browser, siteUrl, route));
  return weights;
}

async function weighPage(browser: Browser, siteUrl: string, route: string): Promise<PageWeight> {
  const url = new URL(route.slice(1), siteUrl).href;
  const siteHost = new URL(siteUrl).hostname;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const transfers: Promise<Transfer>[] = [];
    const foreignRequests: string[] = [];
    let requests = 0;
    page.on("request", (request) => {
      const requested = new URL(request.url());
      if (requested.protocol === "data:" || requested.protocol === "blob:") return;
      requests++;
      if (requested.hostname !== siteHost) foreignRequests.push(request.url());
    });
    page.on("response", (response) => transfers.push(measureResponse(response)));
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (!response?.ok())
      throw new MeasurementError(`${url} answered ${response?.status() ?? "nothing"}: is the build complete?`);
    const byKind = sumByKind(await Promise.all(transfers));
    const js = byKind.js.gzip;
    const limit = jsBudgetGzip[route] ?? defaultJsBudgetGzip;
    return {
      route,
      url,
      requests,
      byKind,
      total: sumSizes(Object.values(byKind)),
      foreignRequests,
      jsBudget: { limitGzip: limit, actualGzip: js, pass: js <= limit },
    };
  } finally {
    await context.close();
  }
}

async function measureResponse(response: Response): Promise<Transfer> {
  // Redirects and aborted requests have no body; they still count as requests.
  const body = await response.body().catch(() => Buffer.alloc(0));
  const kind = classify(response.headers()["content-type"] ?? "", response.request().resourceType());
  return { kind, size: { raw: body.byteLength, gzip: body.byteLength ? gzipSync(body, { level: 9 }).byteLength : 0 } };
}

function classify(contentType: string, resourceType: string): ResourceKind {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "text/html") return "html";
  if (type === "text/css") return "css";
  if (type.includes("javascript") || type === "text/ecmascript") return "js";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("font/") || type.includes("font-woff") || type.includes("opentype")) return "font";
  // Servers that send no useful type: fall back on what the browser used the response for.
  const byUse: Record<string, ResourceKind> = {
    document: "html",
    stylesheet: "css",
    script: "js",
    image: "image",
    font: "font",
  };
  return byUse[resourceType] ?? "other";
}

function sumByKind(transfers: Transfer[]): Record<ResourceKind, Size> {
  const byKind = Object.fromEntries(resourceKinds.map((kind) => [kind, { raw: 0, gzip: 0 }])) as Record<
    ResourceKind,
    Size
  >;
  for (const { kind, size } of transfers) byKind[kind] = sumSizes([byKind[kind], size]);
  return byKind;
}

function sumSizes(sizes: Size[]): Size {
  return sizes.reduce((sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), { raw: 0, gzip: 0 });
}
