import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPatents } from "../fixtures/resume-sections.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, gotoSettled, themesAndViewports } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/** The sample's Resume with a section of the owner's own, Patents, placed after the experience by the config. */
let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite({ prepare: (site) => addPatents(site) }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe.each(themesAndViewports)("the Resume with a custom section, %s theme, %s", (theme, device, viewport) => {
  it("has no axe violation, no overflow, and the section as a labelled region of cards in its place", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin, {
      theme,
      viewport,
      reducedMotion: "reduce",
    });
    try {
      await gotoSettled(page, `${served.url}resume`);
      expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(theme === "light");
      expect(await violations(page)).toEqual([]);
      expect(await page.locator("main h2").allTextContents()).toEqual([
        "Education",
        "Experience",
        "Patents",
        "Certificates",
        "Technical skills",
        "Soft skills",
        "Languages",
        "Interests",
      ]);
      const patents = page.getByRole("region", { name: "Patents", exact: true });
      expect(await patents.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
        "Conflict-free sync of offline edits on mobile devices",
        "Demand forecasting from sparse point-of-sale data",
      ]);
      expect(await patents.locator(".resume-card-date").allTextContents()).toEqual(["Jun 2023", "2021"]);
      if (device === "phone")
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
