import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addEverySection } from "../fixtures/resume-sections.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, gotoSettled, themesAndViewports } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/** The Resume with every section it can have: the sample's, plus volunteer work, awards, publications and talks, references. */
let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite({ prepare: addEverySection }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

const sections = [
  "Education",
  "Experience",
  "Volunteer work",
  "Certificates",
  "Awards",
  "Publications & talks",
  "Technical skills",
  "Soft skills",
  "Languages",
  "Interests",
  "References",
];

describe.each(themesAndViewports)("the Resume with every section, %s theme, %s", (theme, device, viewport) => {
  it("has no axe violation, no overflow, and every section as a labelled region", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin, {
      theme,
      viewport,
      reducedMotion: "reduce",
    });
    try {
      await gotoSettled(page, `${served.url}resume`);
      expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(theme === "light");
      expect(await violations(page)).toEqual([]);
      for (const name of sections) expect(await page.getByRole("region", { name, exact: true }).count(), name).toBe(1);
      if (device === "phone")
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the Resume's new sections", () => {
  it("are lists, each entry under an h3, headings in order", async () => {
    const { page, context } = await openWatchedPage(browser, served.origin);
    try {
      await gotoSettled(page, `${served.url}resume`);
      const levels = await page.$$eval("main h1, main h2, main h3, main h4", (headings) =>
        headings.map((heading) => Number(heading.tagName[1])),
      );
      levels.forEach((level, index) => {
        if (index > 0) expect(level - levels[index - 1]!, `heading ${index}`).toBeLessThanOrEqual(1);
      });
      const awards = page.getByRole("region", { name: "Awards" });
      expect(await awards.getByRole("listitem").count()).toBe(1);
      expect(await awards.getByRole("heading", { level: 3 }).textContent()).toBe("Best Health App");
      const talks = page.getByRole("region", { name: "Publications & talks" });
      expect(await talks.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
        "Offline-first React Native, in production",
        "Short-term retail demand forecasting with recurrent models",
      ]);
      expect(
        await talks.getByRole("link", { name: "Offline-first React Native, in production" }).getAttribute("href"),
      ).toBe("https://talks.example/offline-first");
      const volunteer = page.getByRole("region", { name: "Volunteer work" });
      expect(await volunteer.getByRole("listitem").first().textContent()).toContain("Oct 2020 — Present");
      const languages = page.getByRole("region", { name: "Languages" });
      expect(await languages.locator("dt").allTextContents()).toEqual(["English", "Portuguese"]);
    } finally {
      await context.close();
    }
  });

  it.each(["light", "dark"] as const)(
    "print as plain blocks in the %s theme: no card box, no icon, whole entries, two columns of cards",
    async (theme) => {
      const { page, context } = await openWatchedPage(browser, served.origin, {
        theme,
        viewport: { width: 1280, height: 900 },
      });
      try {
        await gotoSettled(page, `${served.url}resume`);
        await page.emulateMedia({ media: "print" });
        const cards = page.locator(".resume-card");
        expect(await cards.count()).toBe(5);
        for (const card of await cards.all()) {
          const style = await card.evaluate((element) => {
            const computed = getComputedStyle(element);
            return {
              shadow: computed.boxShadow,
              background: computed.backgroundImage,
              border: computed.borderTopWidth,
              breakInside: computed.breakInside,
            };
          });
          expect(style).toEqual({ shadow: "none", background: "none", border: "0px", breakInside: "avoid" });
        }
        // No skill group or soft-skill group prints a shadow either: print's tokens win over either theme's.
        expect(
          await page
            .locator(".skill-group")
            .first()
            .evaluate((element) => getComputedStyle(element).boxShadow),
        ).toBe("none");
        expect(await page.locator(".outbound-link-icon").first().isVisible()).toBe(false);
        // Dark text on white, whichever theme the visitor chose.
        expect(
          await page
            .locator(".resume-card-by")
            .first()
            .evaluate((element) => getComputedStyle(element).color),
        ).toBe("rgb(31, 31, 31)");
        const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
        expect(second!.y).toBeCloseTo(first!.y, 0);
        expect(second!.x).toBeGreaterThan(first!.x + first!.width);
        const pdf = await page.pdf({ format: "A4" });
        expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      } finally {
        await context.close();
      }
    },
  );
});
