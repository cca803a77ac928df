import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addContentComponents } from "../fixtures/content-components.js";
import { addMediaPost } from "../fixtures/media-post.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, settled } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/**
 * Issue 52: a post with a video, a YouTube facade, a code block and a gallery, as a visitor meets
 * it. Nothing is asked of another host, and no code of the facade, the copy button or the lightbox
 * runs, until the visitor reaches for it; the facade's button then puts YouTube's privacy-enhanced
 * player in its place, the code block's copies its text, a thumbnail opens the lightbox. The player's
 * host is answered by a stub here, so nothing leaves the machine. The same post holds two of the
 * owner's components (fixtures/content-components.ts): the counter, an island, runs none of its code
 * until reached for, and its first click, made before it is live, counts.
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

describe("a post with a video, a YouTube facade, a code block and a gallery", () => {
  it("asks no other host for anything until the click, which brings the player; the copy button and the lightbox on intent; axe clean in both themes", async () => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin, {
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
      permissions: ["clipboard-read", "clipboard-write"],
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
      for (const island of ["EmbedFacade", "CodeCopy", "Gallery"])
        expect(
          await page.evaluate((name) => performance.getEntriesByName(`island-evaluated:${name}`).length, island),
        ).toBe(0);
      // Nothing is drawn over the code before the visitor reaches for it.
      expect(await page.locator(".code-copy").count()).toBe(0);
      // The owner's island likewise: its code fetched at idle, none of it run.
      await page.waitForFunction(() => document.querySelector('link[rel=modulepreload][href*="/content-counter-"]'));
      expect(await page.evaluate(() => performance.getEntriesByName("island-evaluated:content-counter").length)).toBe(
        0,
      );

      // The video keeps its place before it loads: its box is its file's 16:9.
      const video = await page.locator("figure.video video").boundingBox();
      expect(Math.abs(video!.height - (video!.width * 720) / 1280)).toBeLessThan(2);

      expect(await violations(page)).toEqual([]);

      // The copy button: drawn as the pointer reaches the block, over its corner (the block stays where it was).
      const block = page.locator("pre.code");
      const placeOf = () =>
        block.evaluate((pre) => {
          const { left, top, width, height } = pre.getBoundingClientRect();
          return { left, top: top + scrollY, width, height };
        });
      const before = await placeOf();
      await block.hover();
      const copy = page.getByRole("button", { name: "Copy code" });
      await copy.waitFor();
      expect(await placeOf()).toEqual(before);
      await copy.click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const greeting = "hello";');
      expect(await page.getByRole("status").filter({ hasText: "Copied" }).count()).toBe(1);
      // From the keyboard: the button follows the block in the tab order, and shows as it takes the focus.
      await block.focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.className)).toBe("code-copy");
      expect(await copy.evaluate((button) => getComputedStyle(button).opacity)).toBe("1");
      // Without the Clipboard API (an http page), the text is selected, for the old copy or the visitor's own.
      await page.evaluate(() =>
        Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }),
      );
      await copy.click();
      expect(await page.evaluate(() => getSelection()?.toString())).toBe('const greeting = "hello";');

      // The gallery: a thumbnail opens the lightbox, its large image asked for only then.
      const thumbnails = page.locator(".gallery li > a");
      const focusOnThumbnail = (index: number) =>
        page.waitForFunction(
          (at) => document.activeElement === document.querySelectorAll(".gallery li > a")[at],
          index,
          { timeout: 5_000 },
        );
      await thumbnails.first().focus();
      const asked = new Set(ownRequests);
      await page.keyboard.press("Enter");
      const lightbox = page.getByRole("dialog", { name: "The map, offline" });
      await lightbox.waitFor();
      const large = lightbox.locator("img");
      await large.evaluate((image: HTMLImageElement) => image.decode());
      const largeSource = await large.evaluate((image: HTMLImageElement) => image.currentSrc);
      expect(largeSource).toMatch(/\/assets\/images\/map-480-\w+\.avif$/);
      expect(asked.has(largeSource)).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.className)).toBe("lightbox-close");
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press("ArrowRight");
      const shown = page.locator("dialog.lightbox[open]");
      expect(await shown.getAttribute("aria-label")).toBe("Fleetwise's dashboard");
      expect(await shown.locator(".lightbox-caption").textContent()).toBe("Fleetwise's dashboard2 / 3");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      expect(await shown.locator(".lightbox-count").textContent()).toBe("3 / 3");
      // Tab stays in the dialog, Escape closes it and the focus is on the thumbnail of the image last shown.
      for (let step = 0; step < 4; step++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      await page.keyboard.press("Escape");
      expect(await page.locator("dialog.lightbox[open]").count()).toBe(0);
      // The dialog's close event, which gives the focus back, is its own task after the dialog shuts.
      await focusOnThumbnail(2);

      await page.locator("[data-theme-toggle]").first().click();
      expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(false);
      expect(await violations(page)).toEqual([]);
      await thumbnails.nth(1).click();
      await page.getByRole("dialog", { name: "Fleetwise's dashboard" }).waitFor();
      expect(await violations(page)).toEqual([]);
      // A finger moving left brings the next image.
      await page.locator("dialog.lightbox[open]").evaluate((dialog) => {
        const at = (type: string, x: number) =>
          dialog.dispatchEvent(
            new PointerEvent(type, { pointerType: "touch", clientX: x, clientY: 300, bubbles: true }),
          );
        at("pointerdown", 300);
        at("pointerup", 200);
      });
      expect(await page.locator("dialog.lightbox[open]").getAttribute("aria-label")).toBe("Shelfcast's player");
      await page.getByRole("button", { name: "Close" }).click();
      await focusOnThumbnail(2);

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
      // The frame is in the page before its request reaches the network: that request is awaited, not assumed.
      await expect
        .poll(() => player, { timeout: 5_000 })
        .toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
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
