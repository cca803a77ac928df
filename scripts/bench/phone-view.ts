import type { Browser } from "playwright-core";
import { MeasurementError } from "./types.js";

/** What a phone downloads for a page's images, and the scripts it fetches before the first paint. */
export interface PhoneView {
  route: string;
  /** Bytes of every image response (images are not compressed again in transit). */
  imageBytes: number;
  images: Array<{ url: string; bytes: number }>;
  /** The sidebar photo as the phone chose it from its srcset. */
  avatar: { url: string; bytes: number } | undefined;
  /** Scripts whose request started before the first contentful paint, other than the theme script. */
  scriptsBeforePaint: string[];
}

/** Lighthouse's mobile device: a Moto G Power, 412×823 CSS pixels at 1.75 device pixels each. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export async function viewOnPhone(browser: Browser, siteUrl: string, routes: readonly string[]): Promise<PhoneView[]> {
  const views: PhoneView[] = [];
  for (const route of routes) {
    const context = await browser.newContext(phone);
    try {
      const page = await context.newPage();
      const images: Array<Promise<{ url: string; bytes: number }>> = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "image" || response.url().startsWith("data:")) return;
        images.push(
          response.body().then(
            (body) => ({ url: response.url(), bytes: body.byteLength }),
            () => ({ url: response.url(), bytes: 0 }),
          ),
        );
      });
      const url = new URL(route.slice(1), siteUrl).href;
      const response = await page.goto(url, { waitUntil: "networkidle" });
      if (!response?.ok())
        throw new MeasurementError(`${url} answered ${response?.status() ?? "nothing"}: is the build complete?`);
      const { avatarUrl, scriptsBeforePaint } = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => /\.m?js(\?|$)/.test(entry.name) && entry.startTime < paint);
        return {
          avatarUrl: document.querySelector<HTMLImageElement>(".avatar-box img")?.currentSrc,
          scriptsBeforePaint: scripts.map((entry) => entry.name).filter((name) => !/\/theme-\w+\.js$/.test(name)),
        };
      });
      const loaded = await Promise.all(images);
      views.push({
        route,
        imageBytes: loaded.reduce((sum, image) => sum + image.bytes, 0),
        images: loaded,
        avatar: loaded.find((image) => image.url === avatarUrl),
        scriptsBeforePaint,
      });
    } finally {
      await context.close();
    }
  }
  return views;
}
