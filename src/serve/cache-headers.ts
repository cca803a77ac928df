import { publicFileType } from "../pipeline/public/media-type.js";

/**
 * How long a browser may keep each kind of file: the same rules for `portfolio serve`, for the
 * `_headers` file Netlify and Cloudflare Pages read, and in README for nginx.
 * - `assets/` holds content-hashed names: a changed file gets a new name, so keep it for a year.
 * - Pages, feeds, the sitemap and the manifest: always ask again (a 304 costs a round trip, not a
 *   download), so a new build is seen at once.
 * - Images, fonts and other files of public/ keep their names when they change: a day.
 */
export const cacheRules = {
  hashed: "public, max-age=31536000, immutable",
  revalidate: "no-cache",
  media: "public, max-age=86400",
  other: "public, max-age=3600",
} as const;

/** The Cache-Control value for a file, by its path inside the output folder ("/assets/site-X.css"). */
export function cacheControlFor(sitePath: string): string {
  const file = sitePath.replace(/^\/+/, "").replace(/\.(br|gz)$/, "");
  if (file.startsWith("assets/")) return cacheRules.hashed;
  if (
    file === "" ||
    file.endsWith("/") ||
    /\.(html|xml|json|webmanifest|txt)$/.test(file) ||
    !/\.[a-z0-9]+$/i.test(file)
  )
    return cacheRules.revalidate;
  if (/\.(png|jpe?g|webp|avif|gif|svg|ico|woff2?|mp4|webm)$/i.test(file)) return cacheRules.media;
  return cacheRules.other;
}

/**
 * The same in `portfolio dev`, except that files of public/ are asked for again each time: the owner
 * replaces a photo under the same name and expects to see it on the next reload.
 */
export function devCacheControlFor(sitePath: string): string {
  const rule = cacheControlFor(sitePath);
  return rule === cacheRules.hashed ? rule : cacheRules.revalidate;
}

/**
 * Headers for the files of public/, which are published as they are: if one ever held a script the
 * build's check missed, opened on its own it would still run nothing (`sandbox`), load nothing from
 * elsewhere, and never be sniffed into another type. Pages carry their own policy in a `<meta>`.
 */
export const publicFileHeaders = {
  "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  "X-Content-Type-Options": "nosniff",
} as const;

/** Cloudflare Pages reads at most 100 rules: past this many documents in public/, they are listed by folder. */
const maxPublicRules = 80;

/**
 * `_headers` for Netlify and Cloudflare Pages, under the site's base path: `nosniff` for every file,
 * the cache rules, and `publicFileHeaders` for each document of public/ (`publicDocumentPatterns`).
 */
export function headersFile(base: string, publicDocuments: readonly string[] = []): string {
  const rules = new Map<string, string[]>([
    [`${base}*`, [`X-Content-Type-Options: ${publicFileHeaders["X-Content-Type-Options"]}`]],
    [`${base}assets/*`, [`Cache-Control: ${cacheRules.hashed}`]],
    [`${base}images/*`, [`Cache-Control: ${cacheRules.media}`]],
  ]);
  const policy = `Content-Security-Policy: ${publicFileHeaders["Content-Security-Policy"]}`;
  for (const pattern of publicDocuments)
    rules.set(`${base}${pattern}`, [...(rules.get(`${base}${pattern}`) ?? []), policy]);
  return [...rules]
    .flatMap(([pattern, headers]) => [pattern, ...headers.map((header) => `  ${header}`)])
    .concat("")
    .join("\n");
}

/**
 * The files of public/ a browser could open as a document (HTML, SVG, any XML, or no known type),
 * each by its path, or by its top-level folder (`images/*`) when there are too many for one rule
 * each. Images, fonts and PDFs get no policy: Chromium shows no PDF in a sandboxed document.
 */
export function publicDocumentPatterns(publicFiles: Iterable<string>, pageFiles: Iterable<string>): string[] {
  const documents = [...publicFiles]
    .filter((file) => ["html", "xml", "unknown"].includes(publicFileType(file).kind))
    .sort();
  if (documents.length <= maxPublicRules) return documents;
  const pageFolders = new Set([...pageFiles].filter((file) => file.includes("/")).map((file) => file.split("/")[0]!));
  const byFolder = documents.map((file) => {
    const folder = file.includes("/") ? file.split("/")[0]! : undefined;
    return folder === undefined || pageFolders.has(folder) ? file : `${folder}/*`;
  });
  return [...new Set(byFolder)].slice(0, maxPublicRules);
}

export interface HeaderRule {
  /** A path, or a prefix ending in `*`. */
  pattern: string;
  headers: Array<[name: string, value: string]>;
}

/** The rules of a `_headers` file, as Netlify and Cloudflare Pages read them. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("/")) rules.push({ pattern: line.trim(), headers: [] });
    const header = /^\s+([^:\s]+):\s*(.*)$/.exec(line);
    if (header && rules.length) rules.at(-1)!.headers.push([header[1]!, header[2]!.trim()]);
  }
  return rules;
}

/** The headers the rules give a path (with the base), every matching rule's in order. */
export function headersForPath(rules: readonly HeaderRule[], urlPath: string): Array<[string, string]> {
  return rules
    .filter(({ pattern }) => (pattern.endsWith("*") ? urlPath.startsWith(pattern.slice(0, -1)) : urlPath === pattern))
    .flatMap((rule) => rule.headers);
}
