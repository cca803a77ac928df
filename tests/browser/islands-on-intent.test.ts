import type { Browser, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openWatchedPage, type WatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/**
 * An island's code runs only when the visitor reaches for the island: after the page has loaded
 * and gone idle its code may have been fetched, but no island module has been evaluated and none is
 * live. Then the visitor's first click, key or submit brings it to life and takes effect.
 */
let served: ServedSite;
let browser: Browser;
const opened: WatchedPage[] = [];

const postTitle = "Shipping small, shipping often";

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({
      // The sample's blog has no posts: one, to have a card to open and a list to filter.
      prepare: (site) =>
        site.write(
          "content/blog/shipping-small.md",
          `---\ntitle: ${postTitle}\nauthor: Maya Okafor\ndate: 2025-03-02\ncategory: Programming\n---\nWhy **small releases** beat big ones.\n`,
        ),
    }),
    launchChromium(),
  ]);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watched) => watched.context.close()));
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** What the page's islands have run so far, read from the page. */
interface IslandsState {
  /** `island-evaluated:<Name>` marks: an island's entry module has run. */
  evaluated: string[];
  /** Islands React has taken over (its container key is set as hydration begins). */
  taken: string[];
  /** Islands marked live. */
  live: string[];
}

const islandsState = (page: Page): Promise<IslandsState> =>
  page.evaluate(() => {
    const roots = [...document.querySelectorAll<HTMLElement>("[data-island]")];
    return {
      evaluated: performance
        .getEntriesByType("mark")
        .map((mark) => mark.name)
        .filter((name) => name.startsWith("island-evaluated:")),
      taken: roots
        .filter((root) => Object.keys(root).some((key) => key.startsWith("__react")))
        .map((root) => root.dataset.island!),
      live: roots.filter((root) => root.dataset.hydrated !== undefined).map((root) => root.dataset.island!),
    };
  });

/**
 * Opens `path` as a visitor who has not touched it yet, and waits until the page has loaded, its
 * islands' code has arrived and the browser has been idle twice since: the latest moment the page
 * could have run an island by itself.
 */
async function openUntouched(path: string, { touch = false } = {}): Promise<WatchedPage> {
  const watched = await openWatchedPage(
    browser,
    served.origin,
    touch
      ? { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } },
  );
  opened.push(watched);
  const { page } = watched;
  await page.goto(served.url + path);
  await page.waitForFunction(() => {
    const scripts = JSON.parse(document.querySelector("script[data-island-scripts]")?.textContent ?? "{}") as Record<
      string,
      { entry: string }
    >;
    const arrived = performance
      .getEntriesByType("resource")
      .filter((entry) => (entry as PerformanceResourceTiming).responseEnd > 0)
      .map((entry) => new URL(entry.name).pathname);
    return Object.values(scripts).every((script) => arrived.includes(script.entry));
  });
  for (let round = 0; round < 2; round++)
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  expect(await islandsState(page), "before the visitor reaches for an island").toEqual({
    evaluated: [],
    taken: [],
    live: [],
  });
  return watched;
}

/** Waits until the island around `selector` is live, and checks its module was evaluated to get there. */
async function liveAround(page: Page, selector: string): Promise<void> {
  const island = page.locator("[data-island]", { has: page.locator(selector) }).first();
  await island.and(page.locator("[data-hydrated]")).waitFor({ state: "attached" });
  const name = (await island.getAttribute("data-island"))!;
  expect((await islandsState(page)).evaluated).toContain(`island-evaluated:${name}`);
}

/** Presses Tab from the top of the page until focus is inside an island; returns the focused text. */
async function tabIntoIsland(page: Page): Promise<string> {
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(() => Boolean(document.activeElement?.closest("[data-island]")));
    if (inside) return page.evaluate(() => document.activeElement!.textContent ?? "");
  }
  throw new Error("Tab never reached an island");
}

const pressed = (page: Page, name: string) =>
  page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

describe("ListFilter and ProjectDialog on /works", () => {
  it("runs nothing until the first click on a filter, which then filters", async () => {
    const { page, problems } = await openUntouched("works");
    await page.getByRole("button", { name: "Hardware", exact: true }).click();
    await page.waitForFunction(
      () => document.querySelector(".filter-button[aria-pressed=true]")?.textContent === "Hardware",
    );
    expect(await page.locator(".project-card:visible .project-title").allTextContents()).toEqual(["SoilSense"]);
    await liveAround(page, ".filter-button");
    expect(problems).toEqual([]);
  });

  it("runs nothing until a finger touches a filter; the tap then filters", async () => {
    const { page, problems } = await openUntouched("works", { touch: true });
    await page.getByRole("button", { name: "Hardware", exact: true }).tap();
    await expect.poll(() => pressed(page, "Hardware")).toBe("true");
    expect(await page.locator(".project-card:visible .project-title").allTextContents()).toEqual(["SoilSense"]);
    await liveAround(page, ".filter-button");
    expect(problems).toEqual([]);
  });

  it("runs nothing until the first click on a card, which then opens its dialog", async () => {
    const { page, problems } = await openUntouched("works");
    const card = page.locator(".project-open").first();
    const title = (await card.textContent())!;
    await card.click();
    await page.getByRole("dialog", { name: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe((await card.getAttribute("href"))!);
    await liveAround(page, ".project-open");
    expect(problems).toEqual([]);
  });

  it("runs nothing until Tab brings focus in; Enter and Space then work on the filters", async () => {
    const { page, problems } = await openUntouched("works");
    expect(await tabIntoIsland(page)).toBe("All");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => pressed(page, "Mobile & Web")).toBe("true");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect.poll(() => pressed(page, "All")).toBe("true");
    await liveAround(page, ".filter-button");
    expect(problems).toEqual([]);
  });
});

describe("ListFilter and PostDialog on /blogs", () => {
  it("runs nothing until the first click on a filter, which then filters", async () => {
    const { page, problems } = await openUntouched("blogs");
    await page.getByRole("button", { name: "Design", exact: true }).click();
    await page.getByText("No blogs in the selected category.").waitFor();
    expect(await pressed(page, "Design")).toBe("true");
    await liveAround(page, ".filter-button");
    expect(problems).toEqual([]);
  });

  it("runs nothing until the first click on a post, which then opens its dialog", async () => {
    const { page, problems } = await openUntouched("blogs");
    await page.getByRole("link", { name: postTitle }).click();
    const dialog = page.getByRole("dialog", { name: postTitle });
    await dialog.locator(".modal-text:not([aria-busy])").waitFor();
    expect(await dialog.locator("strong").textContent()).toBe("small releases");
    await liveAround(page, `a:text("${postTitle}")`);
    expect(problems).toEqual([]);
  });

  it("runs nothing until Tab brings focus in; Enter and Space then work on the filters", async () => {
    const { page, problems } = await openUntouched("blogs");
    expect(await tabIntoIsland(page)).toBe("All");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => pressed(page, "Programming")).toBe("true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect.poll(() => pressed(page, "AI")).toBe("true");
    await page.getByText("No blogs in the selected category.").waitFor();
    await liveAround(page, ".filter-button");
    expect(problems).toEqual([]);
  });
});

describe("ContactForm on /contact", () => {
  /** Answers EmailJS as it does when a message is sent, and keeps what was sent. */
  async function stubEmailjs(page: Page): Promise<Request[]> {
    const sent: Request[] = [];
    await page.route("https://api.emailjs.com/**", (route) => {
      sent.push(route.request());
      return route.fulfill({ status: 200, body: "OK", headers: { "access-control-allow-origin": "*" } });
    });
    return sent;
  }

  it("runs nothing until the visitor writes; the first submit, by the button, is sent", async () => {
    const { page, problems } = await openUntouched("contact");
    const sent = await stubEmailjs(page);
    await page.getByLabel("Name", { exact: true }).fill("Ada Client");
    await page.getByLabel("Email", { exact: true }).fill("ada@client.example");
    await page.getByLabel("Subject", { exact: true }).fill("First submit");
    await page.getByLabel("Message", { exact: true }).fill("Sent by the first press of Submit.");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataBuffer()!.toString()).toContain("Sent by the first press of Submit.");
    expect(new URL(page.url()).pathname).toBe("/contact");
    await liveAround(page, "form");
    expect(problems).toEqual([]);
  });

  it("runs nothing until Tab brings focus in; typing and Enter in a field then send the message", async () => {
    const { page, problems } = await openUntouched("contact");
    const sent = await stubEmailjs(page);
    expect(await tabIntoIsland(page)).toBe("");
    await page.keyboard.type("Ada Client");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ada@client.example");
    await page.keyboard.press("Tab");
    await page.keyboard.type("By keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Typed, and sent with Enter.");
    // Enter in the subject's field submits the form, as a browser does without any script.
    await page.getByLabel("Subject", { exact: true }).press("Enter");
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataBuffer()!.toString()).toContain("Typed, and sent with Enter.");
    await liveAround(page, "form");
    expect(problems).toEqual([]);
  });
});
