import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContentComponents } from "../fixtures/content-components.js";
import { addMediaPost } from "../fixtures/media-post.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, settled } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/**
 * Issue 52: a post with a video and a YouTube facade, as a visitor meets it. Nothing is asked of
 * another host, and no code of the facade runs, until the visitor reaches for it; its button then
 * puts YouTube's privacy-enhanced player in its place. The player's host is answered by a stub here,
 * so nothing leaves the machine. The same post holds two of the owner's components
 * (fixtures/content-components.ts): the counter, an island, runs none of its code until reached for,
 * and its first click, made before it is live, counts.
 */
let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({
      prepare: async (site) => {
        await addMediaPost(site);
        await addContentComponents(site);
      },
    }),
    launchChromium(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe("a post with a video and a YouTube facade", () => {
  it("asks no other host for anything until the click, which brings the player; axe clean in both themes", async () => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin, {
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    const player: string[] = [];
    await context.route("https://www.youtube-nocookie.com/**", (route) => {
      player.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" });
    });
    const ownRequests: string[] = [];
    page.on("request", (request) => ownRequests.push(request.url()));
    try {
      await page.goto(`${served.url}blogs/media-demo`);
      await page.waitForLoadState("load");
      // The island loader fetches the facade's code at idle, and runs none of it.
      await page.waitForFunction(() => document.querySelector("link[rel=modulepreload]") !== null);
      await page.waitForTimeout(300);
      expect(foreignRequests).toEqual([]);
      // The video's bytes wait for the play button (its captions, a few lines of the site's own, load shown).
      expect(ownRequests.filter((url) => /\.(?:mp4|webm)$/.test(url))).toEqual([]);
      expect(await page.evaluate(() => performance.getEntriesByName("island-evaluated:EmbedFacade").length)).toBe(0);
      // The owner's island likewise: its code fetched at idle, none of it run.
      await page.waitForFunction(() => document.querySelector('link[rel=modulepreload][href*="/content-counter-"]'));
      expect(await page.evaluate(() => performance.getEntriesByName("island-evaluated:content-counter").length)).toBe(
        0,
      );

      // The video keeps its place before it loads: its box is its file's 16:9.
      const video = await page.locator("figure.video video").boundingBox();
      expect(Math.abs(video!.height - (video!.width * 720) / 1280)).toBeLessThan(2);

      expect(await violations(page)).toEqual([]);
      await page.locator("[data-theme-toggle]").first().click();
      expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(false);
      expect(await violations(page)).toEqual([]);

      // The first click on the owner's island, before it is live, is held and counted once it is.
      await page.getByRole("button", { name: "Times pressed: 3" }).click();
      await page.getByRole("button", { name: "Times pressed: 4" }).waitFor();
      expect(await page.locator('[data-island="content-counter"]').getAttribute("data-hydrated")).toBe("");
      await page.getByRole("button", { name: "Times pressed: 4" }).click();
      await page.getByRole("button", { name: "Times pressed: 5" }).waitFor();
      expect(await page.locator("[data-content-children] kbd").textContent()).toBe("Enter");

      const play = page.getByRole("button", { name: "Play: The talk at the meetup" });
      await play.click();
      const frame = page.locator('figure.embed iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
      await frame.waitFor();
      expect(await frame.getAttribute("title")).toBe("The talk at the meetup");
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("IFRAME");
      expect(await play.count()).toBe(0);
      expect(player).toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
      expect(foreignRequests.filter((url) => !url.startsWith("https://www.youtube-nocookie.com/"))).toEqual([]);
      expect(problems).toEqual([]);

      // In the blog's dialog, which shows the post's text fetched from its page, the owner's island comes
      // alive too; the video's facade there is the link under it (the list's policy names no player).
      await page.goto(`${served.url}blogs`);
      await settled(page);
      await page.getByRole("link", { name: "A post with media" }).first().click();
      const dialog = page.getByRole("dialog", { name: "A post with media" });
      await dialog.getByRole("button", { name: "Times pressed: 3" }).click();
      await dialog.getByRole("button", { name: "Times pressed: 4" }).waitFor();
      expect(await dialog.getByRole("button", { name: "Play: The talk at the meetup" }).count()).toBe(0);
      expect(await dialog.getByRole("link", { name: "The talk at the meetup" }).count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
