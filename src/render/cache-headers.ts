import path from "node:path";
import { publicFileType } from "../project/media-type.js";
import { searchPaths } from "../routes/make-routes.js";

/**
 * Top-level folders the build writes files into besides pages:
 * a folder rule there would cover the site's own bundles too.
 */
const engineFolders = ["assets", searchPaths.index];

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

/**
 * Cloudflare Pages reads at most 100 rules, and lines of at most 2,000 characters (its `_headers`
 * documentation); Netlify documents no limit. public/'s documents get at most this many rules,
 * beside the site's own three, and a pattern at most this long.
 */
export const maxPublicRules = 90;
const maxPatternLength = 1000;

/** Which sites may show the pages in a frame: the config's `site.embedding`. */
export type Embedding = "none" | "self" | readonly string[];

/** `frame-ancestors` for the embedding the owner allows. */
export function frameAncestors(embedding: Embedding): string {
  if (embedding === "none") return "'none'";
  if (embedding === "self") return "'self'";
  return ["'self'", ...embedding].join(" ");
}

/**
 * The headers every file of the site gets on a host that sends headers (Netlify, Cloudflare Pages,
 * Vercel, nginx, Caddy, `portfolio serve`). The policy here holds what a `<meta>` policy cannot
 * (`frame-ancestors`); each page's own `<meta>` policy (its scripts' hashes, the hosts its
 * integrations use) still applies beside it, since a browser enforces both. No `Cache-Control`
 * here: two rules that match one file have their values joined.
 */
export function securityHeaders(embedding: Embedding): Array<[name: string, value: string]> {
  return [
    // frame-ancestors alone: `object-src 'none'` in a header would keep Chromium from showing a PDF of public/.
    ["Content-Security-Policy", `frame-ancestors ${frameAncestors(embedding)}`],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
    ["X-Content-Type-Options", publicFileHeaders["X-Content-Type-Options"]],
  ];
}

/**
 * `_headers` for Netlify and Cloudflare Pages, under the site's base path: `securityHeaders` for
 * every file, the cache rules, and `publicFileHeaders` for each pattern of `publicDocumentPatterns`.
 * Pages keep the hosts' own rule for HTML, which is to revalidate each time.
 *
 * The two hosts combine overlapping rules differently (`hostHeadersForPath`): Netlify keeps the
 * last matching rule's value of a header, Cloudflare Pages joins them all. So no rule relies on
 * another: each carries every header its addresses need, the general ones with its own, and a
 * public document's policy holds the site's `frame-ancestors` beside the sandbox.
 */
export function headersFile(
  base: string,
  publicDocuments: readonly string[] = [],
  embedding: Embedding = "none",
): string {
  const general = securityHeaders(embedding);
  const rules = new Map<string, Map<string, string>>([[`${base}*`, new Map(general)]]);
  const add = (pattern: string, headers: Array<[string, string]>) => {
    const rule = rules.get(pattern) ?? new Map(general);
    for (const [name, value] of headers) rule.set(name, value);
    rules.set(pattern, rule);
  };
  add(`${base}assets/*`, [["Cache-Control", cacheRules.hashed]]);
  add(`${base}images/*`, [["Cache-Control", cacheRules.media]]);
  const policy = `frame-ancestors ${frameAncestors(embedding)}; ${publicFileHeaders["Content-Security-Policy"]}`;
  for (const pattern of publicDocuments) add(`${base}${pattern}`, [["Content-Security-Policy", policy]]);
  return [...rules]
    .flatMap(([pattern, headers]) => [pattern, ...[...headers].map(([name, value]) => `  ${name}: ${value}`)])
    .concat("")
    .join("\n");
}

/** A file of public/ that `_headers` cannot give its policy, and why. */
export interface UncoveredDocument {
  file: string;
  problem: string;
}

/**
 * The patterns (without the base path) that give every file of public/ a browser could open as a
 * document (HTML, SVG, any XML, or no known type) its policy, however many there are: a rule per
 * class, never a rule per file that a limit could cut off.
 * - A document in a top-level folder that holds no page of the site (nor its bundles or search
 *   index): the folder, `demos/*`.
 * - Any other (at the top, or beside the site's pages): its extension, `*.svg`, at any depth. The
 *   site's own XML and SVG files get the policy too, which costs them nothing (no page is opened
 *   as one). A page of the site asked for as `works.html` would get it too: the site never links
 *   there, and Cloudflare Pages redirects it to `/works`.
 * - An HTML file there is also served without its extension (`/demo` for `demo.html`, by Cloudflare
 *   Pages and Netlify alike), an address no extension matches: that address gets a rule of its own.
 * Images, fonts and PDFs get no policy: Chromium shows no PDF in a sandboxed document. What cannot
 * be covered within the hosts' limits (more HTML files beside the pages than rules left, a name no
 * pattern can hold) is listed in `uncovered`, for the build to refuse.
 */
export function publicDocumentPatterns(
  publicFiles: Iterable<string>,
  pageFiles: Iterable<string>,
): { patterns: string[]; uncovered: UncoveredDocument[] } {
  const pages = new Set(pageFiles);
  // A page of the site wins over a file of public/ of the same name, which is then not published.
  const documents = [...publicFiles]
    .filter((file) => !pages.has(file) && ["html", "xml", "unknown"].includes(publicFileType(file).kind))
    .sort();
  const pageFolders = new Set([
    ...engineFolders,
    ...[...pages].filter((file) => file.includes("/")).map((file) => file.split("/")[0]!),
  ]);
  const patterns = new Set<string>();
  const uncovered: UncoveredDocument[] = [];
  for (const file of documents) {
    const folder = file.includes("/") ? file.split("/")[0]! : undefined;
    const extension = path.posix.extname(file).slice(1);
    const covering =
      folder !== undefined && !pageFolders.has(folder)
        ? [`${folder}/*`]
        : extension
          ? [`*.${extension}`, ...(/^html?$/i.test(extension) ? [extensionlessAddress(file)] : [])]
          : [file];
    const unsafe = covering.find((pattern) => !isPlainPattern(pattern));
    if (unsafe !== undefined)
      uncovered.push({
        file,
        problem: `its name cannot be written in _headers (${JSON.stringify(unsafe)}): use letters, digits, "-", "_" and "." only, or move it into a folder of its own`,
      });
    else for (const pattern of covering) patterns.add(pattern);
  }
  if (patterns.size > maxPublicRules) {
    const ruleEach = documents.filter(
      (file) => !isInFolderOfItsOwn(file, pageFolders) && /^(|html?)$/i.test(path.posix.extname(file).slice(1)),
    );
    const named = ruleEach.slice(0, 5).join(", ");
    return {
      patterns: [],
      uncovered: [
        {
          file: "public/",
          problem: `needs ${patterns.size} rules in _headers to keep its documents from running scripts, more than the ${maxPublicRules} Cloudflare Pages leaves room for: the HTML files and files without an extension at its top or beside the site's pages take one each (${named}${ruleEach.length > 5 ? `, and ${ruleEach.length - 5} more` : ""}). Move them into a folder of their own, such as public/demos/, which takes one rule however many it holds`,
        },
      ],
    };
  }
  return { patterns: [...patterns], uncovered };
}

/** `demo.html` is also served as `demo`, and `notes/index.html` as `notes/`. */
function extensionlessAddress(file: string): string {
  const withoutExtension = file.replace(/\.html?$/i, "");
  return withoutExtension === "index" || withoutExtension.endsWith("/index")
    ? withoutExtension.slice(0, -"index".length)
    : withoutExtension;
}

function isInFolderOfItsOwn(file: string, pageFolders: ReadonlySet<string>): boolean {
  return file.includes("/") && !pageFolders.has(file.split("/")[0]!);
}

/**
 * A pattern both hosts read as the path it is: no second splat, no `:placeholder`, no space or
 * control character that would end the line or the pattern, and short enough for one line.
 */
function isPlainPattern(pattern: string): boolean {
  return (
    pattern.length <= maxPatternLength &&
    /^[\p{L}\p{N}._~@+\-/]*\*?[\p{L}\p{N}._~@+\-/]*$/u.test(pattern) &&
    !pattern.includes("//")
  );
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

/**
 * The headers the rules give an address (with the base), every matching rule's in order. A `*`
 * matches any run of characters, slashes included, as on both hosts (a rule has at most one).
 */
export function headersForPath(rules: readonly HeaderRule[], urlPath: string): Array<[string, string]> {
  return rules.filter(({ pattern }) => patternMatches(pattern, urlPath)).flatMap((rule) => rule.headers);
}

/**
 * How a host combines one header set by several rules that match an address: Netlify keeps the
 * last rule's value (`netlify dev` merges the matching rules' values with `Object.assign`,
 * https://github.com/netlify/cli/blob/main/src/utils/headers.ts); Cloudflare Pages joins the values
 * with a comma (https://developers.cloudflare.com/pages/configuration/headers/), which for a
 * policy means both are enforced.
 */
export type HeaderOverlap = "last" | "join";

/** The headers a host sends for `urlPath` by the rules of `_headers`, one value per name (its first spelling). */
export function hostHeadersForPath(
  rules: readonly HeaderRule[],
  urlPath: string,
  overlap: HeaderOverlap,
): Map<string, string> {
  const sent = new Map<string, { name: string; values: string[] }>();
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, urlPath)) continue;
    // Within one rule, a name given twice is joined on both hosts.
    const own = new Map<string, { name: string; values: string[] }>();
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      own.set(key, { name: own.get(key)?.name ?? name, values: [...(own.get(key)?.values ?? []), value] });
    }
    for (const [key, header] of own) {
      const earlier = sent.get(key);
      sent.set(
        key,
        overlap === "join" && earlier ? { name: earlier.name, values: [...earlier.values, ...header.values] } : header,
      );
    }
  }
  return new Map([...sent.values()].map(({ name, values }) => [name, values.join(", ")]));
}

function patternMatches(pattern: string, urlPath: string): boolean {
  const star = pattern.indexOf("*");
  if (star === -1) return urlPath === pattern;
  const [before, after] = [pattern.slice(0, star), pattern.slice(star + 1)];
  return urlPath.length >= before.length + after.length && urlPath.startsWith(before) && urlPath.endsWith(after);
}
