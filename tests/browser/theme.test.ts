import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { themeSite, testFontPackage } from "../fixtures/theme-site.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { deriveAccentTokens, derivedDarkAccent, printAccentTokens } from "../../src/theme/accent.js";
import { parseColour, toHex } from "../../src/colour.js";
import { longestWaitForIslandsMs } from "../../src/client/font-faces.js";
import { pageBackgrounds } from "../../src/render/head-tags.js";

/**
 * Issue 53, point 1, the first theme: the themed site has `theme.initial: "system"`, the owner's
 * none (light, as the spec says). Issue 16, item 4, checked as a visitor's browser draws it: the accent and the font of the config
 * in the light theme, the dark one and print, the font served by the site itself with its fallback
 * face, axe clean in both themes; and one unlayered rule of templates/site.css winning everywhere.
 */
const accent = "#0f766e";
const lightAccent = parseColour(accent)!;
const expected = {
  light: accent,
  dark: toHex(derivedDarkAccent(lightAccent)),
  print: toHex(printAccentTokens(lightAccent).accent),
};

let themed: ServedSite;
let owned: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [themed, owned, browser] = await Promise.all([
    serveSampleSite({
      prepare: (site) =>
        themeSite(site, `{ accent: "${accent}", fonts: { text: "${testFontPackage}" }, radius: 6, initial: "system" }`),
    }),
    // No theme in the config: the owner's one rule, the example of the issue.
    serveSampleSite({ prepare: (site) => site.write("templates/site.css", ":root { --accent: #6d28d9; }\n") }),
    launchChromium(),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([themed?.close(), owned?.close()]);
});

type Mode = "light" | "dark" | "print";

async function open(served: ServedSite, path: string, mode: Mode) {
  const watched = await openWatchedPage(browser, served.origin, {
    theme: mode === "dark" ? "dark" : undefined,
    reducedMotion: "reduce",
  });
  const fonts: Array<{ url: string; status: number; type: string | undefined }> = [];
  watched.page.on("response", (response) => {
    if (response.request().resourceType() === "font")
      fonts.push({ url: response.url(), status: response.status(), type: response.headers()["content-type"] });
  });
  await watched.page.goto(served.url + path, { waitUntil: "networkidle" });
  if (mode === "print") await watched.page.emulateMedia({ media: "print" });
  // The fonts' stylesheet comes after the first paint (client/font-faces.ts); then its faces load as text needs them.
  await watched.page.waitForFunction(
    () =>
      !document.querySelector("noscript[data-font-faces]") ||
      [...document.fonts].some((face) => face.status === "loaded"),
  );
  await watched.page.evaluate(() => document.fonts.ready);
  return { ...watched, fonts };
}

/** The accent as the page draws it: the active menu link's text (screen), the sidebar's rule (print). */
function drawnAccent(page: Page, mode: Mode): Promise<string> {
  return page.evaluate((printing) => {
    const element = printing
      ? document.querySelector(".sidebar")!
      : document.querySelector(".navbar-link[aria-current]")!;
    const colour = printing ? getComputedStyle(element).borderBottomColor : getComputedStyle(element).color;
    const [r, g, b] = colour.match(/\d+/g)!.map(Number);
    return `#${[r, g, b].map((channel) => channel!.toString(16).padStart(2, "0")).join("")}`;
  }, mode === "print");
}

describe("a theme set in the config", () => {
  it.each(["light", "dark", "print"] as const)("draws the accent and the font in %s", async (mode) => {
    const { page, context, problems, foreignRequests, fonts } = await open(themed, "", mode);
    try {
      expect(await page.evaluate(() => document.documentElement.classList.contains("theme-dark"))).toBe(
        mode === "dark",
      );
      expect(await drawnAccent(page, mode)).toBe(expected[mode]);
      const drawn = await page.evaluate(() => ({
        family: getComputedStyle(document.body).fontFamily,
        loaded: document.fonts.check('16px "Inter"'),
        faces: [...document.fonts].map((face) => `${face.family.replace(/"/g, "")} ${face.style} ${face.status}`),
        radius: getComputedStyle(document.querySelector(".service-item")!).borderTopLeftRadius,
      }));
      expect(drawn.family.startsWith('Inter, "Inter Fallback", system-ui')).toBe(true);
      expect(drawn.loaded).toBe(true);
      expect(drawn.faces).toContain("Inter normal loaded");
      expect(drawn.faces.some((face) => face.startsWith("Inter Fallback normal"))).toBe(true);
      expect(drawn.radius).toBe("6px");
      // Served by the site itself, as WOFF2, and nothing asked of another host.
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.url).toMatch(
          new RegExp(`^${themed.url}assets/fonts/inter-latin-wght-normal-[A-Za-z0-9]{8}\\.woff2$`),
        );
        expect([font.status, font.type]).toEqual([200, "font/woff2"]);
      }
      expect(foreignRequests).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("gives the accent's buttons their text colour from the accent, in both themes", async () => {
    for (const mode of ["light", "dark"] as const) {
      const { page, context } = await open(themed, "", mode);
      try {
        const button = await page.evaluate(() => getComputedStyle(document.querySelector(".cv-button")!).color);
        const onAccent = toHex(deriveAccentTokens(parseColour(expected[mode])!, mode).onAccent);
        expect(button, mode).toBe(
          `rgb(${[1, 3, 5].map((start) => parseInt(onAccent.slice(start, start + 2), 16)).join(", ")})`,
        );
      } finally {
        await context.close();
      }
    }
  });

  it.each(["light", "dark"] as const)(
    "leaves axe nothing to find in the %s theme, on each kind of page",
    async (mode) => {
      const paths = ["", "resume", "works", "blogs/themed", "contact"];
      const { page, context } = await open(themed, paths[0]!, mode);
      try {
        for (const path of paths) {
          // As `open` loads the first: the later pages have the fonts from the cache at once.
          if (path !== paths[0]) {
            await page.goto(`${themed.url}${path}`, { waitUntil: "networkidle" });
            await page.evaluate(() => document.fonts.ready);
          }
          expect(await violations(page), `/${path}`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    },
  );
});

describe("the first theme a visitor sees", () => {
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(", ")})`;
  const dark = { dark: true, background: rgb(pageBackgrounds.dark) };
  const light = { dark: false, background: rgb(pageBackgrounds.light) };

  /**
   * The page in its first frame, drawn with no script but the head's inline one: every script file
   * (the theme script, the islands) is refused, so nothing after the first paint can have set the
   * theme. The frame's callback runs once the render-blocking stylesheet is in, just before the paint.
   */
  async function firstFrame(served: ServedSite, colorScheme: "light" | "dark", saved?: "light" | "dark") {
    const context = await browser.newContext({ colorScheme, reducedMotion: "reduce" });
    try {
      if (saved) await context.addInitScript((choice) => localStorage.setItem("portfolio-theme", choice), saved);
      await context.addInitScript(() => {
        const frame = () => {
          if (!document.body) return void requestAnimationFrame(frame);
          (window as unknown as { firstFrame: unknown }).firstFrame = {
            dark: document.documentElement.classList.contains("theme-dark"),
            background: getComputedStyle(document.body).backgroundColor,
            at: performance.now(),
          };
        };
        requestAnimationFrame(frame);
      });
      const page = await context.newPage();
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto(served.url, { waitUntil: "load" });
      await page.waitForFunction(() => "firstFrame" in window);
      const { at, ...seen } = await page.evaluate(
        () => (window as unknown as { firstFrame: { dark: boolean; background: string; at: number } }).firstFrame,
      );
      const painted = await page.evaluate(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY,
      );
      // Seen no later than the first paint with content: that paint drew this theme.
      expect(at).toBeLessThanOrEqual(painted);
      return seen;
    } finally {
      await context.close();
    }
  }

  /** The theme, the toggle's state, once the page's scripts have run as usual. */
  async function shown(page: Page) {
    return page.evaluate(() => ({
      dark: document.documentElement.classList.contains("theme-dark"),
      lightMode: document.body.classList.contains("light-mode"),
      pressed: document.querySelector("[data-theme-toggle]")!.getAttribute("aria-pressed"),
    }));
  }

  /** The device's colour scheme turned while the page is open, once the page has been told. */
  async function turnDevice(page: Page, colorScheme: "light" | "dark") {
    const told = page.evaluate(
      (scheme) =>
        new Promise<void>((resolve) => {
          const query = matchMedia(`(prefers-color-scheme: ${scheme})`);
          if (query.matches) resolve();
          else query.addEventListener("change", () => resolve(), { once: true });
        }),
      colorScheme,
    );
    await page.emulateMedia({ colorScheme });
    await told;
  }

  it('with "system", paints dark from the first frame on a dark device, follows the device while open, and a choice of light then wins', async () => {
    expect(await firstFrame(themed, "dark")).toEqual(dark);
    const { page, context, problems } = await openWatchedPage(browser, themed.origin, { colorScheme: "dark" });
    try {
      await page.goto(themed.url);
      expect(await shown(page)).toEqual({ dark: true, lightMode: false, pressed: "true" });
      // The device turns light, then dark again, while the page is open: the page follows.
      await turnDevice(page, "light");
      expect(await shown(page)).toEqual({ dark: false, lightMode: true, pressed: "false" });
      await turnDevice(page, "dark");
      expect(await shown(page)).toEqual({ dark: true, lightMode: false, pressed: "true" });
      await page.click("[data-theme-toggle]");
      expect(await shown(page)).toEqual({ dark: false, lightMode: true, pressed: "false" });
      // A choice from the toggle wins over the device's turns.
      await turnDevice(page, "light");
      await turnDevice(page, "dark");
      expect(await shown(page)).toEqual({ dark: false, lightMode: true, pressed: "false" });
      await page.goto(`${themed.url}resume`);
      expect(await shown(page)).toEqual({ dark: false, lightMode: true, pressed: "false" });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with "system", paints light on a light device, and on a dark one where light was chosen before', async () => {
    expect(await firstFrame(themed, "light")).toEqual(light);
    expect(await firstFrame(themed, "dark", "light")).toEqual(light);
    expect(await firstFrame(themed, "light", "dark")).toEqual(dark);
  });

  it("without theme.initial, stays light on a dark device, as the spec says, and when the device turns", async () => {
    expect(await firstFrame(owned, "dark")).toEqual(light);
    const { page, context, problems } = await openWatchedPage(browser, owned.origin, { colorScheme: "dark" });
    try {
      await page.goto(owned.url);
      expect(await shown(page)).toEqual({ dark: false, lightMode: true, pressed: "false" });
      // Nor does it follow the device's turns while open.
      await turnDevice(page, "light");
      await turnDevice(page, "dark");
      expect(await shown(page)).toEqual({ dark: false, lightMode: true, pressed: "false" });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the theme's fonts", () => {
  /**
   * When the fonts' stylesheet was asked for, against the page's first paint, its DOMContentLoaded and its load,
   * and when the main face arrived.
   */
  const fontTiming = (page: Page) =>
    page.evaluate(() => {
      const faces = performance
        .getEntriesByType("resource")
        .find((entry) => /\/assets\/font-faces-[A-Z0-9]{8}\.css$/.test(entry.name));
      const mainFace = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
        /\/assets\/fonts\/inter-latin-wght-normal-[A-Za-z0-9]{8}\.woff2$/.test(entry.name),
      );
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        asked: faces?.startTime,
        mainFaceArrived: mainFace?.responseEnd,
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        contentLoaded: navigation.domContentLoadedEventEnd,
        loaded: navigation.loadEventStart,
      };
    });

  it("come after the first paint on a first visit, and at once on the visit's next pages", async () => {
    const { page, context, problems } = await open(themed, "", "light");
    try {
      const first = await fontTiming(page);
      expect(first.asked).toBeDefined();
      expect(first.firstPaint).toBeDefined();
      expect(first.asked!).toBeGreaterThanOrEqual(first.firstPaint!);
      expect(first.asked!).toBeGreaterThanOrEqual(first.loaded);
      // The main face is there before its stylesheet is asked for: the swap is one layout, not two.
      expect(first.mainFaceArrived).toBeDefined();
      expect(first.asked!).toBeGreaterThanOrEqual(first.mainFaceArrived!);
      await page.goto(`${themed.url}resume`, { waitUntil: "networkidle" });
      const next = await fontTiming(page);
      expect(next.asked).toBeDefined();
      expect(next.asked!).toBeLessThan(next.contentLoaded);
      expect(await page.evaluate(() => document.fonts.check('16px "Inter"'))).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("come only once a page's islands are quiet: their code fetched, a hydration under way finished", async () => {
    const { page, context, problems } = await openWatchedPage(browser, themed.origin);
    try {
      // The moment an island was first marked live, and the moment the island holding the focus
      // was, seen from the page itself; on the visits marked "early", a visitor's focus moves into
      // an island before the page has loaded, and so brings that island (only) to life.
      await page.addInitScript(() => {
        const times = window as unknown as { anyLive?: number; reachedLive?: number };
        new MutationObserver(() => {
          if (document.querySelector("[data-island][data-hydrated]")) times.anyLive ??= performance.now();
          if (document.activeElement?.closest("[data-island]")?.hasAttribute("data-hydrated"))
            times.reachedLive ??= performance.now();
        }).observe(document, { subtree: true, attributeFilter: ["data-hydrated"] });
        if (location.search === "?early")
          addEventListener("DOMContentLoaded", () =>
            document.querySelector<HTMLElement>("[data-island] button, [data-island] input")?.focus(),
          );
      });
      for (const path of ["works", "contact"]) {
        for (const visit of ["untouched", "early"] as const) {
          await page.goto(`${themed.url}${path}${visit === "early" ? "?early" : ""}`);
          // Asked for, and arrived (its resource timing is written when it has).
          await page.waitForFunction(() => document.querySelector<HTMLLinkElement>("link[data-font-faces]")?.sheet);
          const { anyLive, reachedLive, asked, codeArrived } = await page.evaluate(() => {
            const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
            const times = window as unknown as { anyLive?: number; reachedLive?: number };
            return {
              anyLive: times.anyLive,
              reachedLive: times.reachedLive,
              asked: resources.find((entry) => /\/assets\/font-faces-[A-Za-z0-9]{8}\.css$/.test(entry.name))?.startTime,
              codeArrived: resources.find((entry) =>
                /\/assets\/(ProjectDialog|ListFilter|ContactForm)-\w+\.js$/.test(entry.name),
              )?.responseEnd,
            };
          });
          expect(codeArrived, `${path} ${visit}`).toBeDefined();
          expect(asked, `${path} ${visit}`).toBeGreaterThanOrEqual(codeArrived!);
          if (visit === "early") {
            expect(reachedLive, `${path} ${visit}`).toBeDefined();
            expect(asked, `${path} ${visit}`).toBeGreaterThanOrEqual(reachedLive!);
          } else expect(anyLive, `${path} ${visit}`).toBeUndefined();
          // A first visit each time: later pages have the fonts in the cache and ask at once.
          await page.evaluate(() => sessionStorage.clear());
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("come all the same when an island's code never arrives, a few seconds after the paint", async () => {
    const { page, context } = await openWatchedPage(browser, themed.origin);
    try {
      // The Projects islands' own code stalls: its requests are never answered.
      await page.route(/\/assets\/(ProjectDialog|ListFilter)-[A-Za-z0-9]+\.js$/, () => {});
      await page.goto(`${themed.url}works`);
      await page.waitForFunction(() => document.querySelector<HTMLLinkElement>("link[data-font-faces]")?.sheet, null, {
        timeout: 15_000,
      });
      const { painted, asked, live } = await page.evaluate(() => ({
        painted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        asked: performance
          .getEntriesByType("resource")
          .find((entry) => /\/assets\/font-faces-[A-Za-z0-9]{8}\.css$/.test(entry.name))?.startTime,
        live: document.querySelectorAll("[data-island][data-hydrated]").length,
      }));
      // The island is still not live, and the fonts were asked for once the wait ran out, not before.
      expect(live).toBe(0);
      expect(asked! - painted!).toBeGreaterThanOrEqual(longestWaitForIslandsMs);
    } finally {
      await context.close();
    }
  });

  it("load without JavaScript too, from the <noscript> stylesheet", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      // Waited for by its response rather than by a quiet network: on a loaded machine the font can
      // be asked for after half a second without requests, once the stylesheet is laid out.
      const font = page.waitForResponse(
        (response) =>
          response.request().resourceType() === "font" &&
          response.ok() &&
          /\/assets\/fonts\/inter-latin-wght-normal-[A-Za-z0-9]{8}\.woff2$/.test(response.url()),
        { timeout: 30_000 },
      );
      await page.goto(themed.url);
      expect((await font).ok()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("one rule of the owner's templates/site.css", () => {
  it.each(["light", "dark", "print"] as const)("wins in %s", async (mode) => {
    const { page, context, problems } = await open(owned, "", mode);
    try {
      expect(await drawnAccent(page, mode)).toBe("#6d28d9");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
