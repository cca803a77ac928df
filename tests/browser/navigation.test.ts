import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openWatchedPage, settled, type WatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

let served: ServedSite;
let browser: Browser;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  [served, browser] = await Promise.all([serveSampleSite(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all(opened.map((watched) => watched.context.close()));
  await browser?.close();
  await served?.close();
});

/** A page that notes, as each document is revealed, whether a view transition runs and how it ends. */
async function openNoting(reducedMotion: "reduce" | "no-preference") {
  const watched = await openWatchedPage(browser, served.origin, {
    viewport: { width: 1280, height: 900 },
    reducedMotion,
  });
  opened.push(watched);
  const { page } = watched;
  await page.addInitScript(() => {
    addEventListener("pagereveal", (event) => {
      const transition = (event as Event & { viewTransition: ViewTransition | null }).viewTransition;
      const note = (ended: string) =>
        sessionStorage.setItem(
          "revealed",
          JSON.stringify({ path: location.pathname, transition: Boolean(transition), ended }),
        );
      note(transition ? "pending" : "none");
      // An aborted transition (a second click mid-way) rejects `ready` as well as `finished`: this
      // probe's own promise, which must not become an unhandled rejection reported as the page's error.
      transition?.ready.catch(() => {});
      transition?.finished.then(
        () => note("finished"),
        (error: Error) => note(error.name),
      );
    });
  });
  return watched;
}

/** How the current page was revealed, once its transition (if any) has ended. */
const revealed = async ({ page }: WatchedPage) => {
  const noted = await page.waitForFunction(() => {
    const note = JSON.parse(sessionStorage.getItem("revealed") ?? "{}") as { path?: string; ended?: string };
    return note.path === location.pathname && note.ended !== "pending" && note;
  });
  const { transition, ended } = (await noted.jsonValue()) as { transition: boolean; ended: string };
  return { transition, ended };
};

describe("navigation between the menu's pages", () => {
  it("cross-fades with a view transition that finishes through the menu, and navigates Back and Forward without an error", async () => {
    const watched = await openNoting("no-preference");
    const { page, problems, foreignRequests } = watched;
    await page.goto(`${served.url}about`);
    for (const [label, path] of [
      ["Resume", "/resume"],
      ["Projects", "/works"],
      ["Contact", "/contact"],
      ["About", "/about"],
    ] as const) {
      await page.getByRole("link", { name: label, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === path);
      expect(await revealed(watched), label).toEqual({ transition: true, ended: "finished" });
    }
    // Back and Forward may restore the page from the back/forward cache, which Chromium reveals with
    // or without a transition; either way it must end well.
    const traversed = async () => expect(["finished", "none"]).toContain((await revealed(watched)).ended);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/contact");
    await traversed();
    await page.goForward();
    await page.waitForURL((url) => url.pathname === "/about");
    // A card's dialog moves the address within the page; leaving and coming back crosses documents.
    await page.getByRole("link", { name: "Projects", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/works");
    // The visitor reaches for the list once the page is shown: a pointer that moves while the
    // cross-document transition still shows the old page reaches nothing on the new one.
    await revealed(watched);
    await settled(page);
    await page.locator(".project-open").first().click();
    await page.locator("dialog[open]").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Contact", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/contact");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/works");
    await traversed();
    // Two clicks in quick succession: the second navigation replaces the first mid-way.
    await page.getByRole("link", { name: "Resume", exact: true }).first().click();
    await page
      .getByRole("link", { name: "Projects", exact: true })
      .first()
      .click({ noWaitAfter: true })
      .catch(() => {});
    await page.waitForLoadState("load");
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 90_000); // Eleven navigations, each waiting for its transition to end: more than 30 s on a busy machine.

  it("raises no InvalidStateError when the stylesheet comes late (here: every request goes through an interceptor)", async () => {
    const watched = await openWatchedPage(browser, served.origin, {
      viewport: { width: 1280, height: 900 },
      intercept: true,
    });
    opened.push(watched);
    const { page, problems } = watched;
    await page.goto(`${served.url}about`);
    for (const [label, path] of [
      ["Resume", "/resume"],
      ["Projects", "/works"],
      ["About", "/about"],
    ] as const) {
      await page.getByRole("link", { name: label, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForLoadState("load");
    }
    await page.waitForTimeout(300);
    expect(problems).toEqual([]);
  });

  it("runs no transition for a visitor who asks for reduced motion", async () => {
    const watched = await openNoting("reduce");
    await watched.page.goto(`${served.url}about`);
    await watched.page.getByRole("link", { name: "Resume", exact: true }).first().click();
    await watched.page.waitForURL((url) => url.pathname === "/resume");
    expect(await revealed(watched)).toEqual({ transition: false, ended: "none" });
  });
});

describe("the Projects page's other projects", () => {
  it("on a desktop, puts the heading above the list, which takes the section's whole width in columns", async () => {
    const watched = await openWatchedPage(browser, served.origin, { viewport: { width: 1280, height: 900 } });
    opened.push(watched);
    const { page } = watched;
    await page.goto(`${served.url}works`);
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const [section, heading, list] = await Promise.all([
      box(".other-projects"),
      box("#other-projects"),
      box(".other-projects-list"),
    ]);
    expect(heading.y + heading.height).toBeLessThanOrEqual(list.y);
    expect(list.x).toBeCloseTo(section.x, 0);
    expect(list.width).toBeCloseTo(section.width, 0);
    // Two cards side by side.
    const cards = await page
      .locator(".other-projects-list > li")
      .evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().top));
    expect(cards[0]).toBe(cards[1]);
  });
});

describe("the top bar's buttons on a phone and a tablet", () => {
  it.each([320, 768])("answer a tap at %i px on every page, above the page's title", async (width) => {
    const watched = await openWatchedPage(browser, served.origin, {
      viewport: { width, height: 800 },
      hasTouch: true,
      isMobile: width < 500,
    });
    opened.push(watched);
    const { page } = watched;
    for (const path of ["", "resume", "works", "blogs", "contact", "works/sitelog"]) {
      await page.goto(`${served.url}${path}`);
      // What a finger at each button's middle lands on is that button, not the title beside it.
      const hits = await page.locator(".topbar-button").evaluateAll((buttons) =>
        buttons.map((button) => {
          const { x, y, width: across, height } = button.getBoundingClientRect();
          return button.contains(document.elementFromPoint(x + across / 2, y + height / 2));
        }),
      );
      expect(hits, path || "about").toEqual(hits.map(() => true));
    }
    const toggle = await page.locator("[data-theme-toggle]").boundingBox();
    await page.touchscreen.tap(toggle!.x + toggle!.width / 2, toggle!.y + toggle!.height / 2);
    await page.waitForFunction(() => !document.body.classList.contains("light-mode"));
    const search = await page.locator(".search-link").boundingBox();
    await page.touchscreen.tap(search!.x + search!.width / 2, search!.y + search!.height / 2);
    await page.waitForURL(/\/search$/);
    expect(watched.problems).toEqual([]);
  });
});
