import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { gotoSettled, launchChromium, openWatchedPage, type WatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { loadSiteContent } from "../helpers/sample-site.js";

/**
 * The islands are the controls, not the lists: cards are server HTML that React never renders, the
 * category filter shows and hides them, and a list with nothing to open loads no React at all.
 */
let empty: ServedSite;
let withPosts: ServedSite;
let browser: Browser;
const opened: WatchedPage[] = [];

const post = (slug: string, title: string, category: string, date: string) => [
  `content/blog/${slug}.md`,
  `---\ntitle: ${title}\nauthor: Maya Okafor\ndate: ${date}\ncategory: ${category}\n---\nWhy this matters.\n`,
];

beforeAll(async () => {
  [empty, withPosts, browser] = await Promise.all([
    // The spec's sample: a blog without posts.
    serveSampleSite(),
    serveSampleSite({
      prepare: async (site) => {
        for (const [file, text] of [
          post("shipping-small", "Shipping small", "Programming", "2025-03-02"),
          post("model-cards", "Reading model cards", "AI", "2025-02-01"),
          post("tiny-types", "Tiny types", "Programming", "2025-01-05"),
        ])
          await site.write(file!, text!);
      },
    }),
    launchChromium(),
  ]);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watched) => watched.context.close()));
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([empty?.close(), withPosts?.close()]);
});

async function open(site: ServedSite, path: string): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser, site.origin, { viewport: { width: 1280, height: 900 } });
  opened.push(watched);
  await gotoSettled(watched.page, site.url + path);
  return watched;
}

/** The elements of the cards React holds (its fibre is kept on each element it made or hydrated). */
const reactCardElements = (page: Page, card: string) =>
  page.$$eval(
    `${card}, ${card} *`,
    (elements) => elements.filter((element) => Object.keys(element).some((key) => key.startsWith("__react"))).length,
  );

/** The scripts the page asked for: each one's file name without its hash, and whether it holds React. */
const requestedScripts = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map(async (entry) => ({
          name: new URL(entry.name).pathname.replace(/^.*\//, "").replace(/-\w+\.js$/, ""),
          // React's elements are marked by this symbol's name, in every build of it.
          react: (await (await fetch(entry.name)).text()).includes("react.transitional.element"),
        })),
    ),
  );

describe("a list with nothing to open", () => {
  it("keeps the blog's filter and message as server HTML, works, and asks for no React", async () => {
    const { page, problems } = await open(empty, "blogs");
    const filter = page.getByRole("group", { name: "Filter blogs by category" });
    await filter.getByRole("button", { name: "AI", exact: true }).click();
    expect(await filter.getByRole("button", { name: "AI", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await filter.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByRole("status").filter({ hasText: "No blogs in the selected category." }).isVisible()).toBe(
      true,
    );
    // The theme's script and the filter's plain module (with esbuild's few shared helpers at most): no React.
    const scripts = await requestedScripts(page);
    expect(scripts.filter((script) => script.react)).toEqual([]);
    expect(scripts.map((script) => script.name)).toContain("ListFilter");
    expect(problems).toEqual([]);
  });
});

describe("the blog's list", () => {
  it("is server HTML outside React, before and after a card's dialog opens", async () => {
    const { page, problems } = await open(withPosts, "blogs");
    expect(await page.locator(".blog-card").count()).toBe(3);
    expect(await page.locator("[data-island=ListFilter] .blog-card").count()).toBe(0);
    expect(await reactCardElements(page, ".blog-card")).toBe(0);
    await page.getByRole("link", { name: "Tiny types" }).click();
    await page.getByRole("dialog", { name: "Tiny types" }).waitFor();
    expect(await reactCardElements(page, ".blog-card")).toBe(0);
    expect(problems).toEqual([]);
  });

  it("filters the server's cards by category and announces a category without posts", async () => {
    const { page, problems } = await open(withPosts, "blogs");
    const filter = page.getByRole("group", { name: "Filter blogs by category" });
    const shownTitles = () => page.locator(".blog-item-title:visible").allTextContents();
    // The status line is there, silent, before it has something to say: a live region must exist to be heard.
    const status = page.locator('[role="status"]').filter({ hasText: /^$/ });
    expect(await status.count()).toBe(1);

    await filter.getByRole("button", { name: "Programming", exact: true }).click();
    expect(await shownTitles()).toEqual(["Shipping small", "Tiny types"]);
    await filter.getByRole("button", { name: "AI", exact: true }).click();
    expect(await shownTitles()).toEqual(["Reading model cards"]);
    await filter.getByRole("button", { name: "Design", exact: true }).click();
    expect(await shownTitles()).toEqual([]);
    expect(await page.getByRole("status").textContent()).toBe("No blogs in the selected category.");
    expect(await page.getByRole("status").isVisible()).toBe(true);
    await filter.getByRole("button", { name: "All" }).click();
    expect(await shownTitles()).toEqual(["Shipping small", "Reading model cards", "Tiny types"]);
    expect(await page.getByText("No blogs in the selected category.").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe("the projects' list", () => {
  it("is server HTML outside React, before and after a card's dialog opens", async () => {
    const { page, problems } = await open(empty, "works");
    expect(await page.locator(".project-card").count()).toBe(9);
    expect(await page.locator("[data-island=ListFilter] .project-card").count()).toBe(0);
    expect(await reactCardElements(page, ".project-card")).toBe(0);
    await page.locator(".project-open").first().click();
    await page.locator("dialog[open] .modal-title").waitFor();
    expect(await reactCardElements(page, ".project-card")).toBe(0);
    expect(problems).toEqual([]);
  });

  it("shows exactly each category's projects, in the list's order", async () => {
    const { page, problems } = await open(empty, "works");
    const { projects } = await loadSiteContent(empty.site);
    const filter = page.getByRole("group", { name: "Filter projects by category" });
    const categories = await filter.getByRole("button").allTextContents();
    expect(categories.length).toBeGreaterThan(2);
    for (const category of categories.slice(1)) {
      await filter.getByRole("button", { name: category, exact: true }).click();
      expect(await page.locator(".project-title:visible").allTextContents(), category).toEqual(
        projects.filter((project) => project.category === category).map((project) => project.title),
      );
    }
    await filter.getByRole("button", { name: "All" }).click();
    expect(await page.locator(".project-title:visible").count()).toBe(projects.length);
    expect(problems).toEqual([]);
  });
});
