/// <reference lib="dom" />
/**
 * How `portfolio dev` shows a rebuilt page without reloading it: a three-way patch. `served` is the
 * HTML the open page was loaded from, `next` the same address after the rebuild, and the open page
 * is `served` plus what its scripts have done since (hydrated islands, the theme toggle's state,
 * the fonts' stylesheet, a typed message). Only the parts that differ between `served` and `next`
 * are replaced, so everything else, scripts' work included, stays as it is.
 *
 * A part that scripts have made live cannot be replaced by fresh markup: its listeners and state
 * would be lost. When one of those differs, or the head differs in more than its title, descriptions
 * and structured data, the answer is `undefined` and the page must reload instead. An island that has
 * not come to life yet (a code block's copy button waits for the visitor's reach) is still the markup
 * it was served as: what changed inside it is replaced, and the island itself, which the island
 * loader watches, stays.
 */

/** Elements a script has bound or filled in: never replaced, only kept or reloaded for. */
const liveSelector = "[data-island], script[data-island-props], [data-theme-toggle]";

/** The dev server's own tags, which carry the build's number and so differ on every build. */
export const devTagAttribute = "data-portfolio-dev-tag";

/** The changes to make to the open page, planned in full before any is made. */
export type PagePatch = Array<() => void>;

export function planPatch(page: Document, served: Document, next: Document): PagePatch | undefined {
  const changes: PagePatch = [];
  if (!sameAttributes(served.documentElement, next.documentElement)) return undefined;
  if (!planHead(page.head, served.head, next.head, changes)) return undefined;
  if (!sameAttributes(served.body, next.body)) return undefined;
  if (!planChildren(page.body, served.body, next.body, changes)) return undefined;
  return changes;
}

/**
 * Makes the changes, keeping the scroll position and, where
 * its element was replaced by one with the same id, the focus.
 */
export function applyPatch(page: Document, changes: PagePatch): void {
  const view = page.defaultView;
  const { scrollX = 0, scrollY = 0 } = view ?? {};
  const focused = page.activeElement;
  for (const change of changes) change();
  if (focused && focused !== page.body && !focused.isConnected && focused.id)
    (page.getElementById(focused.id) as HTMLElement | null)?.focus({ preventScroll: true });
  view?.scrollTo(scrollX, scrollY);
}

/**
 * The head may differ only in its title, its descriptive `<meta>` tags and its JSON-LD (data, which
 * no browser runs): anything else (the stylesheet, scripts, the content security policy) takes a
 * reload. The open head also holds what scripts added to it, so each element to replace is found by
 * its served markup, not its position.
 */
function planHead(live: HTMLHeadElement, served: HTMLHeadElement, next: HTMLHeadElement, changes: PagePatch): boolean {
  const servedElements = [...served.children];
  const nextElements = [...next.children];
  if (servedElements.length !== nextElements.length) return false;
  const used = new Set<Element>();
  for (const [index, before] of servedElements.entries()) {
    const after = nextElements[index]!;
    if (before.isEqualNode(after)) continue;
    if (!isDescriptive(before) || !isDescriptive(after) || before.tagName !== after.tagName) return false;
    const current = [...live.children].find((element) => !used.has(element) && element.isEqualNode(before));
    if (!current) return false;
    used.add(current);
    changes.push(() => current.replaceWith(live.ownerDocument.importNode(after, true)));
  }
  return true;
}

/**
 * Pairs the children of an open element with those of its served and next versions. Children the
 * same in both are left alone; a changed child without live parts is replaced whole; a changed
 * child holding live parts is patched inside, if its own attributes are unchanged.
 */
function planChildren(live: Node, served: Node, next: Node, changes: PagePatch): boolean {
  const liveNodes = [...live.childNodes];
  const servedNodes = [...served.childNodes];
  const nextNodes = [...next.childNodes];
  // Something a script added or removed here: the open element no longer matches what was served.
  if (liveNodes.length !== servedNodes.length) return false;
  if (!servedNodes.every((node, index) => node.nodeName === liveNodes[index]!.nodeName)) return false;

  const sameShape =
    servedNodes.length === nextNodes.length &&
    servedNodes.every((node, index) => node.nodeName === nextNodes[index]!.nodeName);
  if (!sameShape) {
    if (servedNodes.some(hasLiveParts) || nextNodes.some(hasLiveParts)) return false;
    const document = live.ownerDocument!;
    changes.push(() => (live as Element).replaceChildren(...nextNodes.map((node) => document.importNode(node, true))));
    return true;
  }
  for (const [index, before] of servedNodes.entries()) {
    const after = nextNodes[index]!;
    const current = liveNodes[index]!;
    if (before.isEqualNode(after) || isDevTag(before)) continue;
    if (!hasLiveParts(before) && !hasLiveParts(after)) {
      changes.push(() => (current as ChildNode).replaceWith(current.ownerDocument!.importNode(after, true)));
      continue;
    }
    const patchable =
      before instanceof Element &&
      after instanceof Element &&
      (!before.matches(liveSelector) || isDormantIsland(current, before)) &&
      sameAttributes(before, after) &&
      planChildren(current, before, after, changes);
    if (!patchable) return false;
  }
  return true;
}

/** A head element that only describes the page: its title, a `<meta>` that sets no header, structured data. */
function isDescriptive(element: Element): boolean {
  if (element.tagName === "TITLE") return true;
  if (element.tagName === "META") return !element.hasAttribute("http-equiv");
  return (
    element.tagName === "SCRIPT" &&
    element.getAttribute("type") === "application/ld+json" &&
    element.attributes.length === 1
  );
}

/**
 * An island whose code has not run: not marked live by the island loader, and still exactly as served. Its
 * inside is plain markup that its code reads once it runs.
 */
function isDormantIsland(live: Node, served: Element): boolean {
  return (
    live instanceof Element &&
    served.hasAttribute("data-island") &&
    !live.hasAttribute("data-hydrated") &&
    live.isEqualNode(served)
  );
}

function hasLiveParts(node: Node): boolean {
  return node instanceof Element && (node.matches(liveSelector) || node.querySelector(liveSelector) !== null);
}

function isDevTag(node: Node): boolean {
  return node instanceof Element && node.hasAttribute(devTagAttribute);
}

function sameAttributes(before: Element, after: Element): boolean {
  if (before.attributes.length !== after.attributes.length) return false;
  return [...before.attributes].every((attribute) => after.getAttribute(attribute.name) === attribute.value);
}
