import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPages } from "../fixtures/pages.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, gotoSettled, themesAndViewports } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/** A page the owner wrote in Markdown (`content/pages/uses.md`), as a visitor meets it. */
let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite({ prepare: addPages }), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe.each(themesAndViewports)("/uses in the %s theme on a %s", (theme, device, viewport) => {
  it("is axe clean, sets its lists like a post's, and its menu fits", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin, {
      theme,
      viewport,
      reducedMotion: "reduce",
    });
    try {
      await gotoSettled(page, `${served.url}uses`);
      expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(theme === "light");
      expect(await violations(page)).toEqual([]);
      const main = page.locator("main");
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Uses");
      expect(
        await main
          .locator("ul")
          .first()
          .evaluate((list) => getComputedStyle(list).listStyleType),
      ).toBe("disc");
      expect(
        await main
          .locator("ol")
          .first()
          .evaluate((list) => getComputedStyle(list).listStyleType),
      ).toBe("decimal");
      const menu = page.getByRole("navigation", { name: "Main" });
      expect(await menu.getByRole("link").allTextContents()).toEqual([
        "About",
        "Resume",
        "Projects",
        "Uses",
        "Contact",
      ]);
      expect(await menu.getByRole("link", { name: "Uses" }).getAttribute("aria-current")).toBe("page");
      // Every link of the menu is inside the window: none is cut off on a 320 px phone.
      for (const box of await menu
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.left, device).toBeGreaterThanOrEqual(0);
        expect(box.right, device).toBeLessThanOrEqual(viewport.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

it("is reached from the menu of every page, and its menu link leads there", async () => {
  const { page, context, problems } = await openWatchedPage(browser, served.origin);
  try {
    await gotoSettled(page, `${served.url}resume`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Uses" }).click();
    await page.waitForURL(`${served.url}uses`);
    expect(await page.title()).toBe("Uses | Maya Okafor");
    await gotoSettled(page, `${served.url}colophon`);
    expect(await page.locator("main h1").textContent()).toBe("Colophon");
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Colophon" }).count()).toBe(
      0,
    );
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
