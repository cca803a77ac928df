import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everySection } from "../fixtures/resume-sections.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, gotoSettled, themesAndViewports } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/** The sample's Resume, whose interests are its own, with the references of the fixtures. */
let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({
      prepare: (site) => site.write("content/resume/references.md", everySection["content/resume/references.md"]!),
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe("the Resume's interests and references", () => {
  it("come after the languages: each interest under an h3 with its keywords as tags, each reference a quotation with its name", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin);
    try {
      await gotoSettled(page, `${served.url}resume`);
      const headings = await page.locator("main h2").allTextContents();
      expect(headings.slice(-3)).toEqual(["Languages", "Interests", "References"]);

      const interests = page.getByRole("region", { name: "Interests", exact: true });
      expect(await interests.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
        "Surfing",
        "Open source",
        "Film photography",
        "Cooking",
      ]);
      const surfing = interests.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Surfing" }) });
      expect(await surfing.locator(".skill-keywords li").allTextContents()).toEqual(["Ericeira", "Early sessions"]);

      const references = page.getByRole("region", { name: "References", exact: true });
      const figures = references.getByRole("figure");
      expect(await figures.count()).toBe(2);
      const first = figures.first();
      expect(await first.locator("blockquote p").allTextContents()).toEqual([
        "Maya rebuilt our fleet dashboard while it stayed in use, and nobody noticed the switch.",
        "She writes the design notes everyone else ends up reading, and she leaves a team better than she found it.",
      ]);
      expect(await first.locator("figcaption").textContent()).toBe("— Ana Costa, CTO at Nordlys Digital");
      // The figure is named by its caption: who said it.
      expect(
        await references.getByRole("figure", { name: "— Tiago Ramos, Product Lead at Lumio Health" }).count(),
      ).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  describe.each(themesAndViewports)("in the %s theme, %s", (theme, device, viewport) => {
    it("have no axe violation and no overflow", async () => {
      const { page, context, problems } = await openWatchedPage(browser, served.origin, {
        theme,
        viewport,
        reducedMotion: "reduce",
      });
      try {
        await gotoSettled(page, `${served.url}resume`);
        expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(theme === "light");
        expect(await violations(page)).toEqual([]);
        for (const name of ["Interests", "References"])
          expect(await page.getByRole("region", { name, exact: true }).isVisible(), name).toBe(true);
        if (device === "phone") {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
          // Nothing of the new sections runs past the page's edge.
          const right = await page.$$eval(".interest-item, .reference-item, .interest-keywords li", (elements) =>
            Math.max(...elements.map((element) => element.getBoundingClientRect().right)),
          );
          expect(right).toBeLessThanOrEqual(320);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  it.each(["light", "dark"] as const)("print in the %s theme as plain blocks, dark on white", async (theme) => {
    const { page, context } = await openWatchedPage(browser, served.origin, {
      theme,
      viewport: { width: 1280, height: 900 },
    });
    try {
      await gotoSettled(page, `${served.url}resume`);
      await page.emulateMedia({ media: "print" });
      for (const item of await page.locator(".interest-item, .reference-item").all()) {
        const style = await item.evaluate((element) => {
          const computed = getComputedStyle(element);
          return { shadow: computed.boxShadow, border: computed.borderTopWidth, breakInside: computed.breakInside };
        });
        expect(style).toEqual({ shadow: "none", border: "0px", breakInside: "avoid" });
      }
      expect(
        await page
          .locator(".reference-name")
          .first()
          .evaluate((element) => getComputedStyle(element).color),
      ).not.toBe("rgb(255, 255, 255)");
    } finally {
      await context.close();
    }
  });
});
