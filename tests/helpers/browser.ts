import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

/** Debian's Chromium, installed by .ci/run; override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The features playwright-core (1.x, as pinned) turns off in every Chromium it launches. */
const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];

/** Without the background-networking flags Chromium keeps trying to reach Google's hosts, which a closed network refuses. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No host but the test server's resolves: a request that leaves the site fails in the browser
  // itself, as the CV's Chromium is pinned, without a round trip through Playwright for every
  // request of every page (which cost a third of a page's load). A test that stubs a host routes it.
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
  // Chromium 15x loads the address bar's suggestion popup (a WebUI page in a renderer of its own) at
  // every start, headless too: two of the four seconds of CPU a launch cost here, for a popup no test
  // opens. Playwright's own list is repeated, so it holds whether Chromium merges or replaces the switch.
  `--disable-features=${[...playwrightDisabledFeatures, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"].join(",")}`,
];

let running: Browser | undefined;

/**
 * The Chromium of this test worker, started by the first file that asks and kept for the next
 * (a start costs seconds of CPU; the files of a worker run one after another). Each file's
 * contexts are its own, and its `close()` closes them, never the browser, which ends with the
 * worker. A browser that went away is started again.
 */
export async function launchChromium(): Promise<Browser> {
  if (running?.isConnected()) return running;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const closeBrowser = browser.close.bind(browser);
  browser.close = async () => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  };
  running = browser;
  quit = async () => {
    running = undefined;
    quit = undefined;
    await closeBrowser();
  };
  return browser;
}

let quit: (() => Promise<void>) | undefined;

/**
 * Ends the Chromium `launchChromium` started, which a `close()` leaves running: for a script such as the bench,
 * whose process would otherwise wait for it after its report.
 */
export async function quitChromium(): Promise<void> {
  await quit?.();
}

/** The four ways a visitor meets a page in the accessibility checks: both themes, on a desktop and on a 320 px phone. */
export const themesAndViewports = [
  ["light", "desktop", { width: 1280, height: 900 }],
  ["dark", "desktop", { width: 1280, height: 900 }],
  ["light", "phone", { width: 320, height: 640 }],
  ["dark", "phone", { width: 320, height: 640 }],
] as const;

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, page errors, and failed same-site requests. */
  problems: string[];
  /** Requests the page made to any host but the test server's. */
  foreignRequests: string[];
}

/**
 * A fresh browser context and page that record every console error or warning, every uncaught
 * error, and every request that leaves the site, so a test can assert there were none. Such a
 * request fails in the browser (`chromiumFlags` resolves no other host). With `intercept`, every
 * request also goes through Playwright, as a stub of a slow or broken network does: the stylesheet
 * then comes late, and Chromium runs no view transition between pages. `theme: "dark"` opens every
 * page of the context in the dark theme, as a visitor's earlier choice would.
 */
export async function openWatchedPage(
  browser: Browser,
  siteOrigin: string,
  {
    intercept = false,
    theme,
    ...options
  }: BrowserContextOptions & { intercept?: boolean; theme?: "light" | "dark" } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  if (theme === "dark") await context.addInitScript(() => localStorage.setItem("portfolio-theme", "dark"));
  const page = await context.newPage();
  const problems: string[] = [];
  const foreignRequests: string[] = [];
  const isForeign = (url: string) => !url.startsWith(siteOrigin) && !url.startsWith("data:");
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (isForeign(request.url())) foreignRequests.push(request.url());
  });
  if (intercept)
    await context.route("**/*", (route) =>
      isForeign(route.request().url()) ? route.abort("blockedbyclient") : route.continue(),
    );
  return { page, context, problems, foreignRequests };
}

/**
 * Goes to `url` and waits until the page has loaded and every island on it is live: the page as a
 * visitor meets it once they have reached for each of its islands (`settled`). Far quicker than
 * waiting for the network to be idle (half a second of silence after the last request).
 */
export async function gotoSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settled(page);
}

/**
 * Waits until the page has loaded and the visitor has reached for each island, and every island is
 * live (the island loader marks each one). Islands run their code only at the visitor's first sign
 * of intent, so nothing settles by itself: the pointer passes over each island that waits for it,
 * as a visitor about to use it does; the others (search, comments, analytics) come alive at idle.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  // A pointer that passed while a cross-document view transition still showed the old page reached
  // nothing: the visitor's next move reaches the island, so the reach is made again, a few times.
  for (let attempt = 1; ; attempt++) {
    await reachForIslands(page);
    try {
      // Every island the visitor can see is live; one out of sight (a code block in a closed
      // <details>) waits, as it does for a visitor, until it is shown.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")].every(
            (root) => !root.checkVisibility() && [...root.children].every((child) => !child.checkVisibility()),
          ),
        null,
        { timeout: 5_000 },
      );
      return;
    } catch (error) {
      if (attempt === 4) {
        const waiting = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")].map(
            (root) => `${root.tagName.toLowerCase()} ${root.dataset.island}${root.checkVisibility() ? " (shown)" : ""}`,
          ),
        );
        throw new Error(`Islands not live on ${page.url()}: ${waiting.join("; ")}`, { cause: error });
      }
    }
  }
}

/**
 * Waits until the page has its web fonts, which it asks for after the paint, its islands and an idle
 * moment (client/font-faces.ts): a list of the files a page loads is whole only then.
 */
export async function fontsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.querySelector("noscript[data-font-faces]")) return true;
    const link = document.querySelector<HTMLLinkElement>("link[data-font-faces]");
    return link?.sheet != null;
  });
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    await document.fonts.ready;
  });
}

/**
 * Passes the pointer over the corner of each island that waits for the visitor's reach and is not
 * live yet. The page's scroll is put back where it was, as after a glance at an island further down.
 */
export async function reachForIslands(page: Page): Promise<void> {
  const waiting = await page.evaluate(() => {
    const data = document.querySelector("script[data-island-scripts]")?.textContent;
    const scripts = JSON.parse(data ?? "{}") as Record<string, { start: string }>;
    // Each island the visitor can see, marked to be found again: a component's island has an id, a code
    // block's (a <pre>) none. One out of sight (in a closed <details>) cannot be reached for.
    const shown = (element: Element) => element.checkVisibility();
    return [...document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")]
      .filter((root) => scripts[root.dataset.island ?? ""]?.start === "intent")
      .filter((root) => shown(root) || [...root.children].some(shown))
      .map((root, index) => {
        root.dataset.reachIndex = String(index);
        return { index, drawn: shown(root) };
      });
  });
  for (const { index, drawn } of waiting) {
    // From outside the page, so the hover enters the island even where the pointer already rests.
    await page.mouse.move(0, 0);
    const scroll = await page.evaluate(() => ({ left: scrollX, top: scrollY }));
    // An island whose own element has no box (display: contents): its first drawn element is hovered,
    // at its corner. One drawn itself (a code block, with rounded corners the pointer passes outside
    // of) is hovered in its middle.
    const root = page.locator(`[data-reach-index="${index}"]`);
    if (drawn) await root.hover({ force: true });
    else
      await root
        .locator(":visible")
        .first()
        .hover({ position: { x: 1, y: 1 }, force: true });
    await page.evaluate((to) => scrollTo({ ...to, behavior: "instant" }), scroll);
  }
  if (waiting.length)
    await page.evaluate(() => {
      for (const root of document.querySelectorAll<HTMLElement>("[data-reach-index]")) delete root.dataset.reachIndex;
    });
}
