/// <reference lib="dom" />
import { afterLoadAndPaint, nextIdle } from "./after-paint.js";

/** The fonts' stylesheet this visit has loaded already: later pages ask for it at once, from the cache. */
const loadedFacesKey = "portfolio-font-faces";

/**
 * How long after the page has painted the fonts wait for its islands at most: an island whose code
 * is slow to come (a stalled request) must not keep the page in its fallback face for the visit.
 */
export const longestWaitForIslandsMs = 4000;

/**
 * The theme's web fonts are an enhancement of text that is already there: every page draws its text
 * at once in a fallback face whose metrics match the font's (so nothing moves when it swaps), and
 * asks for the fonts' stylesheet once it has painted, its islands are live (`islandsLive`) and the
 * browser is idle. So the fonts never hold back the first paint or the largest text, and the swap
 * (the whole page laid out and shaped again) never lands in the same long task as a hydration.
 * Later pages of the same visit have the fonts in the cache and ask at once. Islands that are not live
 * `longestWaitForIslandsMs` after the paint are waited for no longer.
 * Without JavaScript the `<noscript>` link in the head loads them as a stylesheet does.
 */
export function loadFontFaces(islandsLive: Promise<void>): void {
  const href = document.querySelector<HTMLElement>("noscript[data-font-faces]")?.dataset.fontFaces;
  if (!href) return;
  const add = () => {
    if (document.querySelector("link[data-font-faces]")) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.fontFaces = "";
    link.addEventListener("load", () => remember(href), { once: true });
    document.head.append(link);
  };
  if (recalled() === href) add();
  else
    void afterLoadAndPaint()
      .then(() => Promise.race([islandsLive, delay(longestWaitForIslandsMs)]))
      .then(nextIdle)
      .then(add);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function recalled(): string | null {
  try {
    return sessionStorage.getItem(loadedFacesKey);
  } catch {
    return null; // Storage can be off (private windows): the fonts then come after the paint on every page.
  }
}

function remember(href: string): void {
  try {
    sessionStorage.setItem(loadedFacesKey, href);
  } catch {
    // As above: nothing to remember it in.
  }
}
