import { gzipSync } from "node:zlib";
import type { RenderedPage } from "../render/render-page.js";
import type { BundledAssets } from "./bundle-assets.js";

export interface Size {
  raw: number;
  gzip: number;
}

export interface RouteReport {
  /** The URL path the route answers, e.g. `/works`; for item pages, one row for all: `/works/*`. */
  url: string;
  /** How many pages the row stands for (item pages: the largest of them is measured). */
  pages: number;
  file: string;
  html: Size;
  css: Size;
  js: Size;
}

/**
 * What a first visit to each route downloads, by kind: its HTML, the stylesheet, and the scripts it
 * loads. Each bundled file is measured once, however many routes load it.
 */
export function reportRoutes(
  pages: Array<{ page: RenderedPage; html: string }>,
  assets: BundledAssets,
  base: string,
  gzipSizes: ReadonlyMap<string, number>,
): RouteReport[] {
  const measure = (file: string, contents: string | Uint8Array): Size => {
    const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
    return { raw: bytes.byteLength, gzip: gzipSizes.get(file) ?? gzipSync(bytes, { level: 9 }).byteLength };
  };
  const assetSizes = new Map(assets.files.map((bundled) => [bundled.file, measure(bundled.file, bundled.contents)]));
  const rows = new Map<string, RouteReport>();
  for (const { page, html } of pages) {
    const report = reportRoute(
      page,
      measure(page.route.files[0]!, html),
      assets,
      base,
      (file) => assetSizes.get(file)!,
    );
    // A page per post or project would make the table as long as the blog: one row per kind, its largest page.
    const { sitePath } = page.route;
    const key = page.route.entry
      ? `${base}${sitePath.slice(0, sitePath.lastIndexOf("/"))}/*`
      : (listingKey(page, base) ?? report.url);
    const row = rows.get(key);
    if (!row) rows.set(key, { ...report, url: key });
    else rows.set(key, { ...(report.html.gzip > row.html.gzip ? report : row), url: key, pages: row.pages + 1 });
  }
  return [...rows.values()];
}

/** The pages of a paged list after its first: one row for the whole list's, one for the categories'. */
function listingKey({ route }: RenderedPage, base: string): string | undefined {
  const listing = route.listing;
  if (!listing || (listing.category === null && listing.page === 1)) return undefined;
  const list = `${languageFolderOf(route)}${listing.categoryPaths![0]!.path}`;
  return listing.category === null ? `${base}${list}/page/*` : `${base}${list}/category/*`;
}

function reportRoute(
  page: RenderedPage,
  html: Size,
  assets: BundledAssets,
  base: string,
  sizeOf: (file: string) => Size,
): RouteReport {
  const scripts = [
    assets.themeScript,
    ...page.islands.flatMap((name) => [assets.islandScripts[name]!.entry, ...assets.islandScripts[name]!.imports]),
  ];
  return {
    url: page.route.path === "404" ? `${languageFolderOf(page.route)}(404)` : `${base}${page.route.sitePath}`,
    pages: 1,
    file: page.route.files[0]!,
    html,
    css: sizeOf(assets.stylesheet),
    js: sumSizes([...new Set(scripts)].map(sizeOf)),
  };
}

/** "pt/" for a page of the Portuguese pages beside the default language's, "" for the default language's. */
function languageFolderOf(route: RenderedPage["route"]): string {
  return route.sitePath.slice(0, route.sitePath.length - route.path.length);
}

function sumSizes(sizes: Size[]): Size {
  return sizes.reduce((sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), { raw: 0, gzip: 0 });
}
