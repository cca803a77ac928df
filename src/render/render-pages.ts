import { repeatedIds } from "./repeated-ids.js";
import { OverrideThrew } from "../overrides/load-overrides.js";
import { createHash } from "node:crypto";
import { describeThrown, portfolioError } from "../errors.js";
import type { Route, ScreenName } from "../routes/make-routes.js";
import { keep, lastKept, recall, type KeptResults } from "../kept-results.js";
import { withBase } from "../site-paths.js";
import { renderPage, type RenderInput, type RenderedPage, type SharedParts, sharedParts } from "./render-page.js";

/**
 * Renders every route. Content is validated before this stage, so a failure here is a bug of
 * portfolio: it is reported with the route it happened on and its cause. The same holds for two
 * elements of one page with the same id, which would break labels and in-page links.
 */
export function renderPages(routes: Route[], input: RenderInput, memo?: RenderMemo): RenderedPage[] {
  const shared = sharedParts(input);
  const keys = memo && pageKeys(routes, input, shared.sidebar.html, memo);
  return routes.map((route, index) => {
    const key = keys?.[index];
    if (key === undefined || !memo) return renderOne(route, input, shared);
    const kept = lastKept(memo.pages, key);
    const page = kept ? { ...kept, route } : renderOne(route, input, shared);
    keep(memo.pages, key, kept ?? page);
    memo.keys.set(page, key);
    return page;
  });
}

/**
 * For `portfolio dev`, which renders again after every save: the pages of the previous build by what
 * they were rendered from, so a page whose inputs are all the same is not rendered again.
 */
export interface RenderMemo {
  pages: KeptResults<string, RenderedPage>;
  /** Each page this build returned, by what it was rendered from: for its document's memo (build-stages.ts). */
  keys: Map<RenderedPage, string>;
  /** Names every image the pages may show, as made (their names hold their content's hash). */
  imagesKey: string;
  /**
   * The digests of long texts (a post's HTML) met while digesting, from the previous build and for
   * the next: an unchanged post's text is the very string the caches kept, so it is looked up, not hashed.
   */
  texts: KeptResults<string, string>;
  /** The digests of content entries (objects with a `file`), by the entry, in this build and the ones before. */
  entries: WeakMap<object, string>;
}

/** The screens that read the content itself, not only their route's entry or listing (render-page.tsx). */
const screensReadingContent = new Set<ScreenName>(["about", "resume", "projects", "notFound"]);

/**
 * What each page is rendered from, digested: its route (entry, listing, neighbours, translations),
 * the config, the menu, the sidebar and the images, and for the screens that read it, the whole
 * content. Undefined when something cannot be digested: every page is then rendered.
 */
function pageKeys(
  routes: Route[],
  input: RenderInput,
  sidebarHtml: string,
  { imagesKey, texts, entries }: RenderMemo,
): string[] | undefined {
  try {
    const known: Digested = { entries, texts };
    const shared = digestOf(
      {
        config: input.config,
        menu: input.menu,
        sidebarHtml,
        imagesKey,
        github: input.github ?? null,
        overrides: input.overrides?.digest ?? null,
      },
      known,
    );
    const content = routes.some((route) => screensReadingContent.has(route.screen))
      ? digestOf(input.content, known)
      : "";
    return routes.map((route) =>
      digestOf([shared, route, screensReadingContent.has(route.screen) ? content : ""], known),
    );
  } catch {
    return undefined;
  }
}

/**
 * A digest of plain data (what routes, the config and the content are): each string, number and
 * key fed to the hash as it is met, without first copying the whole value into one buffer as
 * `v8.serialize` does, which took as long as rendering the pages again. Anything else (a function,
 * a class instance) cannot be digested: the caller then renders every page. A content entry (an
 * object with its `file`) is digested once and then stands for itself by its digest in `entries`:
 * a post is on its own page, on its neighbours', among related posts and on a list page.
 */
function digestOf(value: unknown, known: Digested): string {
  const parts: string[] = [];
  feedDigest(parts, value, known, 0);
  // Hashed in one call: a call per field (tens of thousands a build) cost more than the hashing.
  return createHash("sha256").update(parts.join("")).digest("base64url");
}

/**
 * What has been digested already: content entries in this build and those before, long texts in this one
 * and the last.
 */
interface Digested {
  entries: WeakMap<object, string>;
  texts: RenderMemo["texts"];
}

/** Texts at least this long are digested once and then stand for themselves by their digest. */
const longText = 1024;

/**
 * Writes `item` into `parts` as text that tells apart every two different values (lengths and tags before contents).
 */
function feedDigest(parts: string[], item: unknown, known: Digested, depth: number): void {
  if (depth > 64) throw new Error("too deep to digest");
  if (typeof item === "string") {
    if (item.length < longText) parts.push(`s${item.length}:`, item);
    else parts.push(`h${textDigest(item, known.texts)};`);
  } else if (typeof item === "number" || typeof item === "boolean" || typeof item === "bigint")
    parts.push(`${(typeof item)[0]}${String(item)};`);
  else if (item === null || item === undefined) parts.push(item === null ? "n;" : "u;");
  else if (Array.isArray(item)) {
    parts.push(`a${item.length}[`);
    for (const element of item) feedDigest(parts, element, known, depth + 1);
    parts.push("]");
  } else if (item instanceof Date) parts.push(`d${item.getTime()};`);
  else if (Object.getPrototypeOf(item) === Object.prototype) {
    if (typeof (item as { file?: unknown }).file === "string") {
      let digest = known.entries.get(item);
      if (digest === undefined) {
        const own: string[] = [];
        feedFields(own, item, known, depth);
        digest = createHash("sha256").update(own.join("")).digest("base64url");
        known.entries.set(item, digest);
      }
      parts.push(`e${digest};`);
    } else feedFields(parts, item, known, depth);
  } else throw new Error("not plain data");
}

/**
 * A long text's digest. A Map finds a string by its content, and first by identity: the texts the
 * caches kept are the same strings from build to build, so looking one up costs little.
 */
function textDigest(text: string, texts: RenderMemo["texts"]): string {
  return recall(texts, text, () => createHash("sha256").update(text).digest("base64url"));
}

function feedFields(parts: string[], item: object, known: Digested, depth: number): void {
  parts.push("{");
  for (const [key, inner] of Object.entries(item)) {
    parts.push(`k${key.length}:${key}`);
    feedDigest(parts, inner, known, depth + 1);
  }
  parts.push("}");
}

function renderOne(route: Route, input: RenderInput, shared: SharedParts): RenderedPage {
  const shown = route.path === "404" ? route.file : withBase(input.config.site.base, route.sitePath);
  let page: RenderedPage;
  try {
    page = renderPage(route, input, shared);
  } catch (cause) {
    if (cause instanceof OverrideThrew)
      throw portfolioError("OverrideFailed", [cause.file, shown, describeThrown(cause.cause)], { cause });
    throw portfolioError("RenderFailed", [shown, describeThrown(cause)], { cause });
  }
  const repeated = repeatedIds(page.body);
  if (repeated.length)
    throw portfolioError("RenderFailed", [
      shown,
      `the page has more than one element with the id ${repeated.map((id) => JSON.stringify(id)).join(", ")}`,
    ]);
  return page;
}
