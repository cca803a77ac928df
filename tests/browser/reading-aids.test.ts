import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addReadingAidsPosts } from "../fixtures/reading-aids.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, gotoSettled } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({ prepare: addReadingAidsPosts, base: "/portfolio/" }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** Opens a watched page, runs `test` on it, then checks it logged no problem and asked no other host. */
async function withPage(
  options: Parameters<typeof openWatchedPage>[2],
  test: (page: Page) => Promise<void>,
): Promise<void> {
  const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin, options);
  try {
    await test(page);
    expect(foreignRequests).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

const cardTitles = (page: Page) => page.locator(".blog-item-title").allInnerTexts();

describe.each([
  ["off", false],
  ["on", true],
] as const)("tags with JavaScript %s", (_state, javaScriptEnabled) => {
  it("a post's tag leads to a page that lists exactly the posts with that tag", async () => {
    await withPage({ javaScriptEnabled, viewport: { width: 320, height: 640 } }, async (page) => {
      await page.goto(`${served.url}blogs/offline-sync`);
      await page.getByRole("list", { name: "Tags" }).getByRole("link", { name: "React Native" }).click();
      await page.waitForURL(`${served.url}blogs/tag/react-native`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Posts tagged React Native");
      expect(await cardTitles(page)).toEqual(["Offline-first, part 2: syncing", "Offline-first, part 1: the queue"]);

      // From a card on the blog, to the tag all three published Offline posts carry (not the draft).
      await page.goto(`${served.url}blogs`);
      await page
        .getByRole("list", { name: "Tags of Tiny models that run offline" })
        .getByRole("link", { name: "Offline" })
        .click();
      await page.waitForURL(`${served.url}blogs/tag/offline`);
      expect(await cardTitles(page)).toEqual([
        "Offline-first, part 3: testing",
        "Offline-first, part 1: the queue",
        "Tiny models that run offline",
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  });
});

describe("a table of contents", () => {
  it("moves the focus to the heading each link leads to", async () => {
    await withPage({}, async (page) => {
      await page.goto(`${served.url}blogs/offline-queue`);
      const toc = page.getByRole("navigation", { name: "Table of contents" });
      expect(await toc.isVisible()).toBe(false);
      await page.getByText("Contents", { exact: true }).click();
      expect(await toc.getByRole("link").allInnerTexts()).toEqual([
        "The problem",
        "The design",
        "The queue",
        "What we learned",
      ]);
      for (const [name, id] of [
        ["The design", "the-design"],
        ["The queue", "the-queue"],
      ]) {
        await toc.getByRole("link", { name }).click();
        await page.waitForURL(`${served.url}blogs/offline-queue#${id}`);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
        expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^H[23]$/);
      }
      // By keyboard too: Enter on a link, and the next Tab goes on from the heading.
      await toc.getByRole("link", { name: "What we learned" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/#what-we-learned$/);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("what-we-learned");
    });
  });

  it("is left out with toc: false, and of a post with fewer than three headings", async () => {
    await withPage({}, async (page) => {
      for (const path of ["blogs/palette", "blogs/offline-sync"]) {
        await page.goto(`${served.url}${path}`);
        expect(await page.locator("details.toc").count()).toBe(0);
      }
      await page.goto(`${served.url}works/fleetwise`);
      expect(await page.locator("details.toc").count()).toBe(1);
    });
  });
});

describe("a series", () => {
  it("its parts show their place and link to each other and to the series' page", async () => {
    await withPage({}, async (page) => {
      await page.goto(`${served.url}blogs/offline-sync`);
      expect(await page.locator(".series-place").innerText()).toBe("Part 2 of 3 in the series Offline-first");
      const parts = page.getByRole("navigation", { name: "Parts of the series Offline-first" });
      expect(await parts.getByRole("listitem").allInnerTexts()).toEqual([
        "Offline-first, part 1: the queue",
        "Offline-first, part 2: syncing",
        "Offline-first, part 3: testing",
      ]);
      // The part being read is marked, not linked.
      expect(await parts.locator('[aria-current="page"]').innerText()).toBe("Offline-first, part 2: syncing");
      expect(await parts.getByRole("link", { name: "Offline-first, part 2: syncing" }).count()).toBe(0);
      await parts.getByRole("link", { name: "Offline-first, part 3: testing" }).click();
      await page.waitForURL(`${served.url}blogs/offline-testing`);
      expect(await page.locator(".series-place").innerText()).toBe("Part 3 of 3 in the series Offline-first");
      await page
        .getByRole("navigation", { name: "Parts of the series Offline-first" })
        .getByRole("link", { name: "Offline-first, part 1: the queue" })
        .click();
      await page.waitForURL(`${served.url}blogs/offline-queue`);
      await page.locator(".series-place").getByRole("link", { name: "Offline-first" }).click();
      await page.waitForURL(`${served.url}blogs/series/offline-first`);
      expect(await page.locator(".series-list-title").allInnerTexts()).toEqual([
        "Offline-first, part 1: the queue",
        "Offline-first, part 2: syncing",
        "Offline-first, part 3: testing",
      ]);
    });
  });
});

describe("related posts", () => {
  it("are at most three, never the post itself or a draft", async () => {
    await withPage({}, async (page) => {
      for (const [slug, title] of [
        ["offline-queue", "Offline-first, part 1: the queue"],
        ["tiny-models", "Tiny models that run offline"],
        ["palette", "A palette for two themes"],
      ]) {
        await page.goto(`${served.url}blogs/${slug}`);
        const related = await page.locator(".related-link-title").allInnerTexts();
        expect(related.length).toBeLessThanOrEqual(3);
        expect(related).not.toContain(title);
        expect(related).not.toContain("Offline ideas not ready yet");
      }
      await page.goto(`${served.url}blogs/tiny-models`);
      // Offline is shared with three posts, the newest first; the category AI with none.
      expect(await page.locator(".related-link-title").allInnerTexts()).toEqual([
        "Offline-first, part 3: testing",
        "Offline-first, part 1: the queue",
      ]);
      await page.goto(`${served.url}blogs/unrelated`);
      expect(await page.locator(".related-posts").count()).toBe(0);
    });
  });
});

describe.each([
  ["light", { width: 1280, height: 900 }],
  ["dark", { width: 1280, height: 900 }],
  ["light", { width: 320, height: 640 }],
  ["dark", { width: 320, height: 640 }],
] as const)("axe finds no violation in the %s theme at %o", (theme, viewport) => {
  const paths = ["blogs/tag/offline", "works/tag/maps", "blogs/series/offline-first", "blogs/offline-queue"];
  // One page loads each route in turn: a browser context per route would cost more than the checks.
  it(`on ${paths.map((path) => `/${path}`).join(", ")}`, async () => {
    await withPage({ theme, viewport, reducedMotion: "reduce" }, async (page) => {
      for (const path of paths) {
        await gotoSettled(page, served.url + path);
        expect(await page.evaluate(() => document.body.classList.contains("light-mode")), path).toBe(theme === "light");
        // The table of contents open, so its links are checked too.
        await page.locator("details.toc").evaluateAll((details) => {
          for (const element of details) element.setAttribute("open", "");
        });
        expect(await violations(page), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        );
      }
    });
  });
});
