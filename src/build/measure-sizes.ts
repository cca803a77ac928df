import { gzipSync } from "node:zlib";
import type { RenderedPage } from "../render/render-page.js";
import type { BundledAssets } from "./bundle-assets.js";

export interface Size {
  raw: number;
  gzip: number;
}

export interface RouteReport {
  /** The URL path the route answers, e.g. `/works`. */
  url: string;
  file: string;
  html: Size;
  css: Size;
  js: Size;
}

/**
 * What a first visit to each route downloads, by kind: its HTML, the stylesheet, and the scripts it
 * loads. Each bundled file is measured once, however many routes load it.
 */
export function reportRoutes(pages: Array<{ page: RenderedPage; html: string }>, assets: BundledAssets, base: string): RouteReport[] {
  const assetSizes = new Map(assets.files.map((bundled) => [bundled.file, measure(bundled.contents)]));
  return pages.map(({ page, html }) => reportRoute(page, html, assets, base, (file) => assetSizes.get(file)!));
}

function reportRoute(page: RenderedPage, html: string, assets: BundledAssets, base: string, sizeOf: (file: string) => Size): RouteReport {
  const scripts = [assets.themeScript, ...page.islands.flatMap((name) => [assets.islandScripts[name]!.entry, ...assets.islandScripts[name]!.imports])];
  return {
    url: page.route.path === "404" ? "(404)" : `${base}${page.route.path}`,
    file: page.route.files[0]!,
    html: measure(html),
    css: sizeOf(assets.stylesheet),
    js: sumSizes([...new Set(scripts)].map(sizeOf)),
  };
}

function measure(contents: string | Uint8Array): Size {
  const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
  return { raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
}

function sumSizes(sizes: Size[]): Size {
  return sizes.reduce((sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), { raw: 0, gzip: 0 });
}
