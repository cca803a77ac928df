import { createHash, type Hash } from "node:crypto";
import { describeThrown, portfolioError } from "../errors.js";
import type { Route, ScreenName } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { renderPage, renderSidebar, type RenderInput, type RenderedPage, type RenderedSidebar } from "./render-page.js";

/**
 * Renders every route. Content is validated before this stage, so a failure here is a bug of
 * portfolio: it is reported with the route it happened on and its cause. The same holds for two
 * elements of one page with the same id, which would break labels and in-page links.
 */
export function renderPages(routes: Route[], input: RenderInput, memo?: RenderMemo): RenderedPage[] {
  const sidebar = renderSidebar(input);
  const keys = memo && pageKeys(routes, input, sidebar.html, memo.imagesKey);
  return routes.map((route, index) => {
    const key = keys?.[index];
    const kept = key === undefined ? undefined : memo?.previous.get(key);
    const page = kept ? { ...kept, route } : renderOne(route, input, sidebar);
    if (key !== undefined) {
      memo!.next.set(key, kept ?? page);
      memo!.keys.set(page, key);
    }
    return page;
  });
}

/**
 * For `portfolio dev`, which renders again after every save: the pages of the previous build by what
 * they were rendered from, so a page whose inputs are all the same is not rendered again. `next`
 * receives this build's, for the next one.
 */
export interface RenderMemo {
  previous: ReadonlyMap<string, RenderedPage>;
  next: Map<string, RenderedPage>;
  /** Each page this build returned, by what it was rendered from: for its document's memo (build-stages.ts). */
  keys: Map<RenderedPage, string>;
  /** Names every image the pages may show, as made (their names hold their content's hash). */
  imagesKey: string;
}

/** The screens that read the content itself, not only their route's entry or listing (render-page.tsx). */
const screensReadingContent = new Set<ScreenName>(["about", "resume", "projects"]);

/**
 * What each page is rendered from, digested: its route (entry, listing, neighbours, translations),
 * the config, the menu, the sidebar and the images, and for the screens that read it, the whole
 * content. Undefined when something cannot be digested: every page is then rendered.
 */
function pageKeys(routes: Route[], input: RenderInput, sidebarHtml: string, imagesKey: string): string[] | undefined {
  try {
    const shared = digestOf({
      config: input.config,
      menu: input.menu,
      sidebarHtml,
      imagesKey,
      github: input.github ?? null,
    });
    const entries = new WeakMap<object, string>();
    const content = routes.some((route) => screensReadingContent.has(route.screen))
      ? digestOf(input.content, entries)
      : "";
    return routes.map((route) =>
      digestOf([shared, route, screensReadingContent.has(route.screen) ? content : ""], entries),
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
function digestOf(value: unknown, entries: WeakMap<object, string> = new WeakMap()): string {
  const hash = createHash("sha256");
  feedDigest(hash, value, entries, 0);
  return hash.digest("base64url");
}

function feedDigest(hash: Hash, item: unknown, entries: WeakMap<object, string>, depth: number): void {
  if (depth > 64) throw new Error("too deep to digest");
  if (typeof item === "string") hash.update(`s${item.length}:`).update(item);
  else if (typeof item === "number" || typeof item === "boolean" || typeof item === "bigint")
    hash.update(`${(typeof item)[0]}${String(item)};`);
  else if (item === null || item === undefined) hash.update(item === null ? "n;" : "u;");
  else if (Array.isArray(item)) {
    hash.update(`a${item.length}[`);
    for (const element of item) feedDigest(hash, element, entries, depth + 1);
    hash.update("]");
  } else if (item instanceof Date) hash.update(`d${item.getTime()};`);
  else if (Object.getPrototypeOf(item) === Object.prototype) {
    if (typeof (item as { file?: unknown }).file === "string") {
      let digest = entries.get(item);
      if (digest === undefined) {
        const own = createHash("sha256");
        feedFields(own, item, entries, depth);
        digest = own.digest("base64url");
        entries.set(item, digest);
      }
      hash.update(`e${digest};`);
    } else feedFields(hash, item, entries, depth);
  } else throw new Error("not plain data");
}

function feedFields(hash: Hash, item: object, entries: WeakMap<object, string>, depth: number): void {
  hash.update("{");
  for (const [key, inner] of Object.entries(item)) {
    hash.update(`k${key.length}:${key}`);
    feedDigest(hash, inner, entries, depth + 1);
  }
  hash.update("}");
}

function renderOne(route: Route, input: RenderInput, sidebar: RenderedSidebar): RenderedPage {
  const shown = route.path === "404" ? route.file : withBase(input.config.site.base, route.sitePath);
  let page: RenderedPage;
  try {
    page = renderPage(route, input, sidebar);
  } catch (cause) {
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

function repeatedIds(html: string): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [, id] of html.matchAll(/\sid="([^"]*)"/g)) {
    if (seen.has(id!)) repeated.add(id!);
    seen.add(id!);
  }
  return [...repeated];
}
