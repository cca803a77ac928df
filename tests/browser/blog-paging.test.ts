import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addManyPosts } from "../fixtures/posts.js";
import { launchChromium, openWatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

// 23 posts, 5 a page: see tests/blog-paging.test.ts for the pages this makes.
let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({ prepare: (site) => addManyPosts(site, 23, 5), base: "/portfolio/" }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

const cardTitles = (page: import("playwright-core").Page) => page.locator(".blog-item-title").allInnerTexts();

describe.each([
  ["off", false],
  ["on", true],
] as const)("a paged blog with JavaScript %s", (_state, javaScriptEnabled) => {
  it("pages with links, and its category filter covers every post", async () => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin, {
      javaScriptEnabled,
      viewport: { width: 320, height: 640 },
    });
    try {
      await page.goto(`${served.url}blogs`);
      expect(await cardTitles(page)).toEqual(["Note 001", "Note 002", "Note 003", "Note 004", "Note 005"]);
      const pager = page.getByRole("navigation", { name: "Pages of the blog" });
      await pager.getByRole("link", { name: "Older" }).click();
      await page.waitForURL(`${served.url}blogs/page/2`);
      expect(await cardTitles(page)).toEqual(["Note 006", "Note 007", "Note 008", "Note 009", "Note 010"]);
      await page.getByRole("navigation", { name: "Pages of the blog" }).getByRole("link", { name: "Page 5" }).click();
      await page.waitForURL(`${served.url}blogs/page/5`);
      expect(await cardTitles(page)).toEqual(["Note 021", "Note 022", "Note 023"]);

      const filter = page.getByRole("navigation", { name: "Filter blogs by category" });
      await filter.getByRole("link", { name: "Design" }).click();
      await page.waitForURL(`${served.url}blogs/category/design`);
      expect(
        await page
          .getByRole("navigation", { name: "Filter blogs by category" })
          .getByRole("link", { name: "Design" })
          .getAttribute("aria-current"),
      ).toBe("page");
      expect(await cardTitles(page)).toEqual(["Note 003", "Note 006", "Note 009", "Note 012", "Note 015"]);
      await page
        .getByRole("navigation", { name: "Pages of the Design posts" })
        .getByRole("link", { name: "Older" })
        .click();
      await page.waitForURL(`${served.url}blogs/category/design/page/2`);
      expect(await cardTitles(page)).toEqual(["Note 018", "Note 021"]);
      await page
        .getByRole("navigation", { name: "Filter blogs by category" })
        .getByRole("link", { name: "Other" })
        .click();
      await page.waitForURL(`${served.url}blogs/category/other`);
      expect(await page.getByRole("status").innerText()).toBe("No blogs in the selected category.");
      // Nothing is wider than a 320 px phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(foreignRequests).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("a paged blog's cards", () => {
  it("open the post in the modal on any page, and Close returns to that page", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin);
    try {
      await page.goto(`${served.url}blogs/category/ai/page/2`);
      await page.getByRole("link", { name: "Note 020" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(page.url()).toBe(`${served.url}blogs/note-020`);
      await page.locator("dialog .modal-text:not([aria-busy])").waitFor();
      expect(await dialog.innerText()).toContain("The text of note 020.");
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(page.url()).toBe(`${served.url}blogs/category/ai/page/2`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
