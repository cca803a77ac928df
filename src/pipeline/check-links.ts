import { readFile } from "node:fs/promises";
import path from "node:path";
import { portfolioError } from "../errors.js";
import { recall, type KeptResults } from "../kept-results.js";
import { listFiles } from "./list-files.js";

/** The address pages are resolved against: references to other origins are not the site's. */
export const siteOrigin = "http://site.invalid";

/** A site to check: every file it will hold, and the texts (pages, stylesheets, scripts) that refer to them. */
export interface SiteToCheck {
  files: ReadonlySet<string>;
  /** Each text once, with every file it is written to (a route's `works.html` and `works/index.html`). */
  texts: Array<{ files: string[]; text: string }>;
  /**
   * Pages whose references were read as they were made (`pageReferences`), so their text need not be
   * kept until the check: each with the files it is written to and a key that names its text (its digest).
   */
  pages?: ReadonlyArray<{ files: string[]; references: readonly string[]; key: string }> | undefined;
}

/**
 * The references of a page (or stylesheet, or script) `file` whose text is `text`, each once, in
 * order. Each is a copy: V8 makes a longer substring a view of the text it was cut from, which would
 * keep every page's text alive as long as its references.
 */
export function pageReferences(file: string, text: string): string[] {
  return [...new Set(referencesIn(file, text))].map((reference) => ` ${reference}`.slice(1));
}

/**
 * Checks that each reference to the site itself in its pages, stylesheets and scripts (links, assets,
 * chunks, the CV) resolves to a file. Throws one error listing every broken reference, so the build
 * fails before the new output replaces the old. Runs on the files in memory: a text written to two
 * files is read once, and a reference that does not depend on the page's address is checked once.
 */
export function checkLinks(site: SiteToCheck, base: string, memo?: ReferencesMemo): void {
  const broken: string[] = [];
  const exists = (candidate: string) => site.files.has(candidate);
  const rootUrl = new URL(base, siteOrigin);
  // A reference from the root (`/assets/site.css`, the menu's links) means the same on every page: checked once.
  const fromRoot = new Map<string, string | undefined>();
  const checkFromRoot = (reference: string) => {
    if (!fromRoot.has(reference)) fromRoot.set(reference, referenceProblem(reference, rootUrl, base, exists));
    return fromRoot.get(reference);
  };
  // A page found whole by the previous build, at the same files, is whole again while the site has
  // exactly the same files: what it refers to is all still there.
  const filesKey = memo && [...site.files].sort().join("\n");
  const wholeBefore = memo?.whole?.files === filesKey ? memo?.whole?.pages : undefined;
  const wholeNow = new Map<string, string>();
  // Pages read as they were made go by their key (a text cannot start with NUL and be taken for one).
  const read = (site.pages ?? []).map(({ files, references, key }) => ({ files, references, key: `\0${key}` }));
  for (const item of [...read, ...site.texts]) {
    const checkable = item.files.filter((file) => /\.(html|css|js)$/.test(file));
    if (!checkable.length) continue;
    const page = checkable[0]!.endsWith(".html");
    const key = "key" in item ? item.key : item.text;
    const references =
      "references" in item
        ? item.references
        : page
          ? recall(memo, item.text, () => pageReferences(checkable[0]!, item.text))
          : pageReferences(checkable[0]!, item.text);
    const where = checkable.join("\n");
    if (page && wholeBefore?.get(key) === where) {
      wholeNow.set(key, where);
      continue;
    }
    const brokenBefore = broken.length;
    const pageUrls = checkable.map((file) => new URL(base + urlPathOf(file), siteOrigin));
    for (const reference of references) {
      if (reference.startsWith("/")) {
        const problem = checkFromRoot(reference);
        if (problem) broken.push(`${checkable[0]}: ${reference} (${problem})`);
        continue;
      }
      for (const [index, file] of checkable.entries()) {
        const problem = referenceProblem(reference, pageUrls[index]!, base, exists);
        if (problem) broken.push(`${file}: ${reference} (${problem})`);
      }
    }
    if (page && broken.length === brokenBefore) wholeNow.set(key, where);
  }
  if (memo && filesKey !== undefined) memo.whole = { files: filesKey, pages: wholeNow };
  if (broken.length > 0) {
    const unique = [...new Set(broken)];
    throw portfolioError(
      "BrokenLinks",
      [
        `The built site has ${unique.length} broken reference${unique.length === 1 ? "" : "s"}:\n${unique.map((line) => `  - ${line}`).join("\n")}`,
      ],
      {
        hint: "Put the missing files into public/, or correct the paths in the config or templates/.",
      },
    );
  }
}

/**
 * For `portfolio dev`: the references found in each page of the previous build, by the page's text,
 * so a page that did not change is not read again.
 */
export interface ReferencesMemo extends KeptResults<string, string[]> {
  /**
   * The pages the last check found whole (by their text, or the key of a page read as it was made,
   * with the files each is written to), and
   * every file the site had then; replaced by this check's.
   */
  whole?: { files: string; pages: ReadonlyMap<string, string> } | undefined;
}

/** The same check on a site already written to a folder. */
export async function checkFolderLinks(folder: string, base: string): Promise<void> {
  const files = await listFiles(folder);
  const texts = await Promise.all(
    files
      .filter((file) => /\.(html|css|js)$/.test(file))
      .map(async (file) => ({ files: [file], text: await readFile(path.join(folder, file), "utf8") })),
  );
  checkLinks({ files: new Set(files), texts }, base);
}

/** The URL path a file is served at: `works/index.html` at `works/`, `works.html` at `works`. */
function urlPathOf(file: string): string {
  if (file === "index.html") return "";
  if (file.endsWith("/index.html")) return file.slice(0, -"index.html".length);
  return file.endsWith(".html") ? file.slice(0, -".html".length) : file;
}

function referencesIn(file: string, text: string): string[] {
  if (file.endsWith(".css"))
    return [...text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)|@import\s*["']([^"']+)["']/g)].map(
      (match) => match[1] ?? match[2]!,
    );
  if (file.endsWith(".js"))
    return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!);
  // Islands carry HTML in their props (project descriptions, blog posts) under keys ending in
  // "Html": check the links in it too. Other props are plain text, whatever characters they hold.
  const islandHtml = [...text.matchAll(/<script type="application\/json" data-island-props="[^"]*">(.*?)<\/script>/g)]
    .flatMap((match) => htmlStringsIn(JSON.parse(match[1]!)))
    .flatMap((html) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((found) => decodeEntities(found[1]!)));
  const attributes = [...text.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
  const sourceSets = [...text.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((match) =>
    decodeEntities(match[1]!)
      .split(",")
      .map((candidate) => candidate.trim().split(/\s+/)[0]!),
  );
  const speculation = [...text.matchAll(/<script type="speculationrules">(.*?)<\/script>/g)].flatMap(
    (match) =>
      (JSON.parse(match[1]!) as { prefetch?: Array<{ urls?: string[] }> }).prefetch?.flatMap(
        (rule) => rule.urls ?? [],
      ) ?? [],
  );
  return [...attributes, ...sourceSets, ...speculation, ...islandHtml];
}

function htmlStringsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(htmlStringsIn);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === "string" ? (key.endsWith("Html") ? [inner] : []) : htmlStringsIn(inner),
  );
}

/**
 * What is wrong with a reference to the site from the page at `pageUrl`, if anything: it must stay
 * under the base path and name a file the site has (`works` may be `works.html`, a folder its
 * `index.html`). References with a scheme, to other hosts or to a fragment are not checked.
 */
export function referenceProblem(
  reference: string,
  pageUrl: URL,
  base: string,
  exists: (sitePath: string) => boolean,
): string | undefined {
  if (!reference || reference.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith("//"))
    return undefined;
  let url: URL;
  try {
    url = new URL(reference, pageUrl);
  } catch {
    return "not a valid URL";
  }
  if (url.origin !== pageUrl.origin) return undefined;
  if (!url.pathname.startsWith(base)) return `outside the base path ${base}`;
  let sitePath: string;
  try {
    sitePath = decodeURIComponent(url.pathname.slice(base.length));
  } catch {
    return "not a valid URL (a % not followed by two hex digits)";
  }
  const candidates =
    sitePath === "" || sitePath.endsWith("/") ? [`${sitePath}index.html`] : [sitePath, `${sitePath}.html`];
  return candidates.some(exists) ? undefined : "no such file";
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}
