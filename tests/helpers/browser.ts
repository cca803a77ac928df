import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

/** Debian's Chromium, installed by .ci/run; override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Without the background-networking flags Chromium keeps trying to reach Google's hosts, which a closed network refuses. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
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
 * error, and every request that leaves the site, so a test can assert there were none. Requests to
 * other hosts are blocked too, unless `intercept` is false: Chromium runs no view transition between
 * pages while requests are intercepted, so a test of transitions only listens. `theme: "dark"` opens
 * every page of the context in the dark theme, as a visitor's earlier choice would.
 */
export async function openWatchedPage(
  browser: Browser,
  siteOrigin: string,
  {
    intercept = true,
    theme,
    ...options
  }: BrowserContextOptions & { intercept?: boolean; theme?: "light" | "dark" } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  if (theme === "dark") await context.addInitScript(() => localStorage.setItem("portfolio-theme", "dark"));
  const page = await context.newPage();
  const problems: string[] = [];
  const foreignRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  if (!intercept) {
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(siteOrigin) && !url.startsWith("data:")) foreignRequests.push(url);
    });
    return { page, context, problems, foreignRequests };
  }
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(siteOrigin) || url.startsWith("data:")) return route.continue();
    foreignRequests.push(url);
    return route.abort("blockedbyclient");
  });
  return { page, context, problems, foreignRequests };
}

/**
 * Goes to `url` and waits until the page has loaded and every island on it is hydrated: the page
 * as a visitor meets it once it is live. Far quicker than waiting for the network to be idle (half
 * a second of silence after the last request), which is what most browser tests need instead.
 */
export async function gotoSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settled(page);
}

/** Waits until every island on the page is hydrated (the island loader marks each one). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector("[data-island]:not([data-hydrated])") === null);
}
