import { it } from "vitest";
import { addMediaPost } from "../fixtures/media-post.js";
import { launchChromium } from "../helpers/browser.js";
import { serveSampleSite } from "../helpers/served-site.js";

it("shots", async () => {
  const [served, browser] = await Promise.all([serveSampleSite({ prepare: addMediaPost }), launchChromium()]);
  try {
    for (const width of [320, 1280]) {
      for (const theme of ["dark", "light"]) {
        const context = await browser.newContext({ viewport: { width, height: width === 320 ? 640 : 900 }, colorScheme: theme as "dark" | "light" });
        await context.addInitScript((t) => localStorage.setItem("portfolio-theme", t), theme);
        const page = await context.newPage();
        await page.goto(`${served.url}blogs/media-demo`);
        await page.waitForLoadState("load");
        const pre = page.locator("pre.code");
        await pre.hover();
        await page.locator(".code-copy").waitFor();
        await page.waitForTimeout(300);
        await pre.evaluate((el) => el.scrollIntoView({ block: "start" }));
        await page.mouse.move(10, 10);
        await pre.hover();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/shots/code-${width}-${theme}.png` });
        await page.locator(".code-copy").click();
        await page.waitForTimeout(200);
        await page.screenshot({ path: `/tmp/shots/copied-${width}-${theme}.png` });
        await page.locator(".gallery").evaluate((el) => el.scrollIntoView({ block: "center" }));
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/shots/gallery-${width}-${theme}.png` });
        await page.locator(".gallery li > a").first().click();
        await page.locator("dialog.lightbox[open] img").evaluate((i: HTMLImageElement) => i.decode());
        await page.waitForTimeout(400);
        await page.screenshot({ path: `/tmp/shots/lightbox-${width}-${theme}.png` });
        await page.keyboard.press("ArrowRight");
        await page.waitForTimeout(300);
        await page.keyboard.press("Tab");
        await page.screenshot({ path: `/tmp/shots/lightbox2-${width}-${theme}.png` });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await served.close();
  }
}, 120_000);
