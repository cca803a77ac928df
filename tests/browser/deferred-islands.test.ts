import type { Browser, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openWatchedPage, type WatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/**
 * Islands' code is fetched once the page has loaded and the browser is idle, and runs when the
 * visitor reaches for an island. These tests hold an island's code back, act before it arrives, and
 * check that the action takes effect once it does.
 */
let served: ServedSite;
let browser: Browser;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite(), launchChromium()]);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watched) => watched.context.close()));
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** Opens a page whose island entry is held until `release()`, or fails when `fail` is set. */
async function openHeld(path: string, { fail = false } = {}) {
  const watched = await openWatchedPage(browser, served.origin, { viewport: { width: 1280, height: 900 } });
  opened.push(watched);
  const { page } = watched;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const entryRequests: string[] = [];
  await page.route(/\/assets\/(ProjectDialog|PostDialog|ListFilter|ContactForm)-\w+\.js$/, async (route) => {
    entryRequests.push(route.request().url());
    if (fail) return route.abort("failed");
    await released;
    return route.continue();
  });
  await page.goto(served.url + path);
  await page.waitForLoadState("load");
  return { ...watched, release, entryRequests };
}

const isHydrated = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("[data-island]")].every((island) => island.hasAttribute("data-hydrated")),
  );

describe("islands that wait for the first paint", () => {
  it.each(["works", "blogs", "contact"])(
    "/%s fetches no island code before its first paint and its load, then fetches it when idle",
    async (path) => {
      const watched = await openWatchedPage(browser, served.origin, { viewport: { width: 412, height: 823 } });
      opened.push(watched);
      const { page, problems } = watched;
      await page.goto(served.url + path);
      // Fetched, not run: the island runs at the visitor's first reach (islands-on-intent.test.ts).
      await page.waitForFunction(() =>
        performance
          .getEntriesByType("resource")
          .some((entry) => /\/assets\/(ProjectDialog|PostDialog|ListFilter|ContactForm)-\w+\.js$/.test(entry.name)),
      );
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const paint = performance.getEntriesByName("first-contentful-paint")[0]!;
        const scripts = performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js"));
        return {
          load: navigation.loadEventStart,
          paint: paint.startTime,
          scripts: scripts.map((entry) => ({ name: entry.name, start: entry.startTime })),
        };
      });
      const before = timing.scripts.filter((script) => !/\/theme-\w+\.js$/.test(script.name));
      expect(before.length).toBeGreaterThan(0);
      for (const script of before) {
        expect(script.start, script.name).toBeGreaterThanOrEqual(timing.load);
        expect(script.start, script.name).toBeGreaterThan(timing.paint);
      }
      // In the HTML, only the theme script: nothing preloaded, no island entry.
      expect(await page.$$eval("script[src]", (scripts) => scripts.length)).toBe(1);
      expect(problems).toEqual([]);
    },
  );

  it("replays a card click made before hydration: the modal opens, and nothing is lost", async () => {
    const { page, release, problems } = await openHeld("works");
    await page.locator(".project-open").first().click();
    // Held: the page did not navigate away, and no dialog yet.
    expect(new URL(page.url()).pathname).toBe("/works");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    release();
    await page.locator("dialog[open] .modal-title").waitFor();
    expect(await page.locator("dialog[open] .modal-title").textContent()).toBe(
      await page.locator(".project-open").first().textContent(),
    );
    expect(new URL(page.url()).pathname).toMatch(/^\/works\/[\w-]+$/);
    expect(problems).toEqual([]);
  });

  it("replays a filter click made before hydration", async () => {
    const { page, release } = await openHeld("works");
    await page.locator(".filter-button", { hasText: "Hardware" }).click();
    expect(await isHydrated(page)).toBe(false);
    release();
    await page.waitForFunction(
      () => document.querySelector(".filter-button[aria-pressed=true]")?.textContent === "Hardware",
    );
    // The other categories' cards are hidden, not gone.
    expect(await page.locator(".project-title:visible").allTextContents()).toEqual(["SoilSense"]);
  });

  it("keeps a message typed before hydration, and sends it when Submit was pressed before hydration", async () => {
    const { page, release } = await openHeld("contact");
    const sent: Request[] = [];
    await page.route("https://api.emailjs.com/**", (route) => {
      sent.push(route.request());
      return route.fulfill({ status: 200, body: "OK", headers: { "access-control-allow-origin": "*" } });
    });
    await page.getByLabel("Name", { exact: true }).fill("Ada Client");
    await page.getByLabel("Email", { exact: true }).fill("ada@client.example");
    await page.getByLabel("Subject", { exact: true }).fill("Before hydration");
    await page.getByLabel("Message", { exact: true }).fill("Typed while the form's script was on its way.");
    await page.locator(".form-btn").click();
    expect(await isHydrated(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/contact");
    release();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataBuffer()!.toString()).toContain("Typed while the form's script was on its way.");
  });

  it("follows the card's link when the island's code cannot be loaded", async () => {
    const { page, entryRequests } = await openHeld("works", { fail: true });
    const title = await page.locator(".project-open").first().textContent();
    await page.locator(".project-open").first().click();
    await page.waitForURL(/\/works\/[\w-]+$/, { timeout: 10_000 });
    expect(entryRequests.length).toBeGreaterThan(0);
    expect(await page.locator("h1").textContent()).toBe(title);
  });
});
