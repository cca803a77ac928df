/// <reference lib="dom" />
import { afterLoadAndPaint, nextIdle } from "./after-paint.js";

/** The fonts' stylesheet this visit has loaded already: later pages ask for it at once, from the cache. */
const loadedFacesKey = "portfolio-font-faces";

/**
 * How long after the page has painted the fonts wait for its islands at most: an island whose code
 * is slow to come (a stalled request) must not keep the page in its fallback face for the visit.
 */
export const longestWaitForIslandsMs = 4000;

/** How long the stylesheet waits for the main face at most: a stalled font must not keep the others away. */
export const longestWaitForMainFaceMs = 3000;

/**
 * The theme's web fonts are an enhancement of text that is already there: every page draws its text
 * at once in a fallback face whose metrics match the font's (so nothing moves when it swaps), and
 * asks for the fonts' stylesheet once it has painted, its islands are live (`islandsLive`) and the
 * browser is idle. So the fonts never hold back the first paint or the largest text, and the swap
 * (the whole page laid out and shaped again) never lands in the same long task as a hydration.
 * The text's main face (`data-font-main`, on a page whose text it draws) is fetched just before the
 * stylesheet: the faces then come with the font they name already there, and the page is laid out
 * once, not once as the faces come and again as the font does (on a phone, each a long task).
 * Later pages of the same visit have the fonts in the cache and ask at once. Islands that are not live
 * `longestWaitForIslandsMs` after the paint are waited for no longer.
 * Without JavaScript the `<noscript>` link in the head loads them as a stylesheet does.
 */
export function loadFontFaces(islandsLive: Promise<void>): void {
  const fonts = document.querySelector<HTMLElement>("noscript[data-font-faces]")?.dataset;
  const href = fonts?.fontFaces;
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
      .then(() => Promise.race([fetched(fonts.fontMain), delay(longestWaitForMainFaceMs)]))
      .then(add);
}

/**
 * A font file fetched and read, as the stylesheet's face will ask for it (the browser keeps it), but
 * not added to the page's fonts: nothing is laid out again for it. Settles whether it came or not.
 */
function fetched(url: string | undefined): Promise<void> {
  if (!url || typeof FontFace === "undefined") return Promise.resolve();
  return new FontFace("portfolio-main-face", `url(${JSON.stringify(url)})`).load().then(
    () => undefined,
    () => undefined,
  );
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
