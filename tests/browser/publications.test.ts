import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPublications } from "../fixtures/publications.js";
import { violations } from "../helpers/axe.js";
import { gotoSettled, launchChromium, openWatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/** /publications as a visitor meets it on a 320 px phone: one page visit, both themes. */
let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite({ prepare: addPublications }), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe("/publications on a 320 px phone", () => {
  it("is axe clean in both themes, fits the width, and opens an abstract and a BibTeX entry by keyboard", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin, {
      viewport: { width: 320, height: 640 },
      reducedMotion: "reduce",
    });
    try {
      await gotoSettled(page, `${served.url}publications`);
      expect(await violations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

      const abstract = page.locator("details.publication-details", { hasText: "Abstract" }).first();
      await abstract.locator("summary").focus();
      await page.keyboard.press("Enter");
      expect(await abstract.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      const bibtex = page.locator("details.publication-details", { hasText: "BibTeX" }).first();
      await bibtex.locator("summary").focus();
      await page.keyboard.press(" ");
      expect(await bibtex.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      expect(await bibtex.locator("pre > code").textContent()).toMatch(/^@article\{okafor2024sorting,/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

      await page.locator("[data-theme-toggle]").first().focus();
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.documentElement.classList.contains("theme-dark"))).toBe(true);
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("filters by type or tag with the lists' own filter, hiding a year none of whose entries is left; without JavaScript shows every entry", async () => {
    const titles = (page: Page) =>
      page
        .locator(".publication-title")
        .evaluateAll((shown) => shown.filter((title) => title.checkVisibility()).map((title) => title.textContent));
    const years = (page: Page) =>
      page
        .locator(".publication-group-title")
        .evaluateAll((shown) => shown.filter((title) => title.checkVisibility()).map((title) => title.textContent));
    const { page, context, problems } = await openWatchedPage(browser, served.origin, { reducedMotion: "reduce" });
    try {
      await gotoSettled(page, `${served.url}publications`);
      const filter = page.getByRole("group", { name: "Filter publications by type or tag" });
      await filter.getByRole("button", { name: "Conference papers" }).click();
      expect(await titles(page)).toEqual(["Graphs for GPUs"]);
      expect(await years(page)).toEqual(["2021"]);
      expect(await filter.getByRole("button", { name: "Conference papers" }).getAttribute("aria-pressed")).toBe("true");
      // A tag two entries share ("sorting", one of them spelling it "Sorting"); "algorithms", one entry's, is no choice.
      await filter.getByRole("button", { name: "sorting" }).click();
      expect(await years(page)).toEqual(["2024", "2019"]);
      expect(await filter.getByRole("button").allTextContents()).toEqual([
        "All",
        "Journal articles",
        "Conference papers",
        "Books",
        "sorting",
      ]);
      await filter.getByRole("button", { name: "All" }).click();
      expect(await years(page)).toEqual(["2024", "2021", "2019"]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const withoutScript = await openWatchedPage(browser, served.origin, { javaScriptEnabled: false });
    try {
      await withoutScript.page.goto(`${served.url}publications`);
      expect(await titles(withoutScript.page)).toHaveLength(3);
    } finally {
      await withoutScript.context.close();
    }
  });
});
