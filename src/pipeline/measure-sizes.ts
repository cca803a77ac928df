import { gzipSync } from "node:zlib";
import type { RenderedPage } from "../render/render-page.js";

/** What the size of a page is reported from: its route and the islands it loads. */
type MeasuredPage = Pick<RenderedPage, "route" | "islands">;
import type { BundledAssets } from "../render/bundled-assets.js";

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
 * loads. Each bundled file is measured once, however many routes load it; a row that stands for
 * many pages (a post each) is measured on its largest, and only that page is compressed to measure it.
 */
export function reportRoutes(
  pages: Array<{ page: MeasuredPage; bytes: Uint8Array }>,
  assets: BundledAssets,
  base: string,
  gzipSizes: ReadonlyMap<string, number> = new Map(),
): RouteReport[] {
  const measure = (file: string, contents: string | Uint8Array): Size => {
    const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
    return { raw: bytes.byteLength, gzip: gzipSizes.get(file) ?? gzipSync(bytes, { level: 9 }).byteLength };
  };
  const assetSizes = new Map(assets.files.map((bundled) => [bundled.file, measure(bundled.file, bundled.contents)]));
  // A page per post or project would make the table as long as the blog: one row per kind, its largest page.
  const rows = new Map<string, { largest: { page: MeasuredPage; bytes: Uint8Array }; pages: number }>();
  for (const { page, bytes } of pages) {
    const key = familyKey(page, base) ?? listingKey(page, base) ?? routeUrl(page, base);
    const row = rows.get(key);
    if (!row) rows.set(key, { largest: { page, bytes }, pages: 1 });
    else
      rows.set(key, {
        largest: bytes.byteLength > row.largest.bytes.byteLength ? { page, bytes } : row.largest,
        pages: row.pages + 1,
      });
  }
  return [...rows].map(([key, { largest, pages: count }]) => ({
    ...reportRoute(
      largest.page,
      measure(largest.page.route.file, largest.bytes),
      assets,
      base,
      (file) => assetSizes.get(file)!,
    ),
    url: key,
    pages: count,
  }));
}

/**
 * The row of an item of a list (a post, a project, a tag's or a series' page): its folder's,
 * `/blogs/*`. A page written in Markdown (`/uses`) is a page of its own, not one of a family.
 */
function familyKey({ route }: MeasuredPage, base: string): string | undefined {
  if (!route.entry || route.entry.kind === "page") return undefined;
  const folder = route.sitePath.lastIndexOf("/");
  return folder < 0 ? undefined : `${base}${route.sitePath.slice(0, folder)}/*`;
}

/** The pages of a paged list after its first: one row for the whole list's, one for the categories'. */
function listingKey({ route }: MeasuredPage, base: string): string | undefined {
  const listing = route.listing;
  if (!listing || (listing.category === null && listing.page === 1)) return undefined;
  const list = `${languageFolderOf(route)}${listing.categoryPaths![0]!.path}`;
  return listing.category === null ? `${base}${list}/page/*` : `${base}${list}/category/*`;
}

function reportRoute(
  page: MeasuredPage,
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
    url: routeUrl(page, base),
    pages: 1,
    file: page.route.file,
    html,
    css: sizeOf(assets.stylesheet),
    js: sumSizes([...new Set(scripts)].map(sizeOf)),
  };
}

function routeUrl(page: MeasuredPage, base: string): string {
  return page.route.path === "404" ? `${languageFolderOf(page.route)}(404)` : `${base}${page.route.sitePath}`;
}

/** "pt/" for a page of the Portuguese pages beside the default language's, "" for the default language's. */
function languageFolderOf(route: RenderedPage["route"]): string {
  return route.sitePath.slice(0, route.sitePath.length - route.path.length);
}

function sumSizes(sizes: Size[]): Size {
  return sizes.reduce((sum, size) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), { raw: 0, gzip: 0 });
}
