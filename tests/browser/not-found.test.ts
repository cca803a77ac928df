import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, themesAndViewports } from "../helpers/browser.js";
import { buildSampleWithPosts, serveAsHost, type BuiltSample, type HttpServerRun } from "../helpers/built-sample.js";

const base = "/portfolio/";
let sample: BuiltSample;
let github: HttpServerRun;
let browser: Browser;

beforeAll(async () => {
  sample = await buildSampleWithPosts(base);
  github = await serveAsHost("github", sample.build.outDir, sample.files, base);
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await github?.close();
  await sample?.site.remove();
});

describe("an address with a slash at its end, on a host that answers it with the 404 page (GitHub Pages)", () => {
  it.each(["about", "resume", "contact", "blogs/post-0002"])(
    "/%s/ reaches the page at its address without the slash",
    async (page) => {
      const { page: tab, context } = await openWatchedPage(browser, github.origin);
      const first = await tab.goto(`${github.origin}${base}${page}/`);
      expect(first?.status()).toBe(404);
      await tab.waitForURL(`${github.origin}${base}${page}`);
      expect(await tab.locator("[data-not-found]").count()).toBe(0);
      expect(await tab.title()).not.toMatch(/^Page not found/);
      await context.close();
    },
  );

  it("keeps the query and the fragment on the way", async () => {
    const { page, context } = await openWatchedPage(browser, github.origin);
    await page.goto(`${github.origin}${base}resume/?from=card#skills`);
    await page.waitForURL(`${github.origin}${base}resume?from=card#skills`);
    await context.close();
  });

  it("stays on the 404 page for an address the site does not have, with or without the slash", async () => {
    for (const asked of ["nothing-here/", "nothing-here", "works/none/"]) {
      const { page, context } = await openWatchedPage(browser, github.origin);
      const answer = await page.goto(`${github.origin}${base}${asked}`);
      expect(answer?.status()).toBe(404);
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(`${base}${asked}`);
      expect(await page.getByRole("heading", { level: 1, name: "Page not found" }).isVisible()).toBe(true);
      await context.close();
    }
  });
});

describe("the 404 page", () => {
  it("says the address was not found, leads to search and the lists, and marks no menu link current", async () => {
    const { page, context } = await openWatchedPage(browser, github.origin);
    await page.goto(`${github.origin}${base}no/such/page`);
    expect(await page.title()).toBe("Page not found | Maya Okafor");
    const notice = page.locator("[data-not-found]");
    expect(await notice.getByRole("heading", { name: "Page not found" }).isVisible()).toBe(true);
    const links = await notice
      .getByRole("link")
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute("href")]));
    expect(links).toEqual([
      ["Search", `${base}search`],
      ["all posts", `${base}blogs`],
      ["all projects", `${base}works`],
    ]);
    // About is still shown below, as the spec asks, but is not the page the visitor is on.
    expect(await page.getByRole("heading", { name: "About me" }).isVisible()).toBe(true);
    expect(await page.locator("nav [aria-current]").count()).toBe(0);
    await notice.getByRole("link", { name: "all projects" }).click();
    await page.waitForURL(`${github.origin}${base}works`);
    await context.close();
  });

  it.each(themesAndViewports)("has no axe violation in the %s theme on a %s", async (theme, _device, viewport) => {
    const { page, context } = await openWatchedPage(browser, github.origin, {
      theme,
      viewport,
      reducedMotion: "reduce",
    });
    await page.goto(`${github.origin}${base}no/such/page`);
    await page.waitForLoadState("load");
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
