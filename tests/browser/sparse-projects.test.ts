import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../helpers/axe.js";
import { gotoSettled, launchChromium, openWatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/**
 * Projects as `portfolio import` writes them from a JSON Resume: dates as start and end, roles,
 * no client, image or category; and one with nothing but its title. A visitor sees what each
 * gives, no empty line for what it does not, and the page stays accessible in both themes.
 */

const hermeticCache = `---
title: Hermetic Cache
projectType: application
for: Nørd Systems
roles: [Author, Maintainer]
languages: [Rust, gRPC]
github: https://github.com/zoe/hermetic-cache
start: 2021-04-12
end: "2023"
features:
  - Cut CI time by 40%
  - Adopted by 12 teams
---

A remote build cache.

Serves 2 TB a day.
`;

const dotfiles = "---\ntitle: dotfiles\n---\n";

let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({
      prepare: async (site) => {
        await site.write("content/projects/hermetic-cache.md", hermeticCache);
        await site.write("content/projects/dotfiles.md", dotfiles);
      },
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe("projects that give only some of their facts", () => {
  it("show on the list, in the dialog and on their page what they give, and no line for the rest", async () => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin);
    try {
      await gotoSettled(page, `${served.url}works`);
      const card = page.locator(".project-card", { has: page.getByRole("link", { name: "Hermetic Cache" }) });
      expect(await card.locator(".project-year").textContent()).toBe("Apr 2021 — 2023");
      expect(await card.locator(".project-category").textContent()).toBe("application");
      const bare = page.locator(".project-card", { has: page.getByRole("link", { name: "dotfiles" }) });
      expect(await bare.locator(".project-year, .project-category").count()).toBe(0);
      // Without an image, a card shows art drawn from its title in the accent, never a broken picture's icon.
      for (const [shown, initials] of [
        [card, "HC"],
        [bare, "D"],
      ] as const) {
        expect(await shown.locator(".title-art").isVisible()).toBe(true);
        expect(await shown.locator(".title-art text").textContent()).toBe(initials);
        expect(await shown.locator(".lucide-image-off:visible").count()).toBe(0);
      }
      expect(await card.locator(".title-art text").evaluate((text) => getComputedStyle(text).fill)).toBe(
        await page.evaluate(() => getComputedStyle(document.querySelector(".navbar-link[aria-current]")!).color),
      );

      // Without a category, a project is under All only.
      await page.getByRole("button", { name: "Web", exact: true }).click();
      expect(await page.getByRole("link", { name: "Hermetic Cache" }).count()).toBe(0);
      await page.getByRole("button", { name: "All" }).click();

      await page.getByRole("link", { name: "Hermetic Cache" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      const facts = await dialog.locator(".modal-facts dt").allTextContents();
      expect(facts).toEqual(["Project type", "Roles", "Languages"]);
      expect(await dialog.locator(".modal-facts").innerText()).toContain("Author, Maintainer");
      expect(await dialog.locator(".title-art").getAttribute("role")).toBe("img");
      expect(await dialog.locator(".title-art").getAttribute("aria-label")).toContain("Hermetic Cache");
      expect(await dialog.locator(".lucide-image-off:visible").count()).toBe(0);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      await gotoSettled(page, `${served.url}works/hermetic-cache`);
      const terms = await page.locator(".modal-facts dt").allTextContents();
      const details = await page.locator(".modal-facts dd").allTextContents();
      expect(Object.fromEntries(terms.map((term, index) => [term, details[index]]))).toEqual({
        When: "Apr 2021 — 2023",
        For: "Nørd Systems",
        "Project type": "application",
        Roles: "Author, Maintainer",
        Languages: "Rust, gRPC",
      });
      expect(await page.getByRole("link", { name: "Source code" }).getAttribute("href")).toBe(
        "https://github.com/zoe/hermetic-cache",
      );
      expect(await page.getByRole("heading", { level: 2, name: "Features" }).isVisible()).toBe(true);

      await gotoSettled(page, `${served.url}works/dotfiles`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("dotfiles");
      expect(await page.locator(".modal-facts").count()).toBe(0);
      expect(foreignRequests).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(["light", "dark"] as const)("leave axe nothing to find in the %s theme", async (theme) => {
    const { page, context } = await openWatchedPage(browser, served.origin, { theme, reducedMotion: "reduce" });
    try {
      for (const path of ["works", "works/hermetic-cache", "works/dotfiles"]) {
        await gotoSettled(page, served.url + path);
        expect(await violations(page), path).toEqual([]);
      }
      await gotoSettled(page, `${served.url}works`);
      await page.getByRole("link", { name: "dotfiles" }).click();
      await page.getByRole("dialog").waitFor();
      expect(await violations(page), "dialog of dotfiles").toEqual([]);
    } finally {
      await context.close();
    }
  });
});
