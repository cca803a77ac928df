import type { Browser } from "playwright-core";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFixturePosts } from "../fixtures/posts.js";
import { launchChromium, openWatchedPage, settled } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({ prepare: addFixturePosts, base: "/portfolio/" }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe.each([
  ["off", false],
  ["on", true],
] as const)("item pages with JavaScript %s", (_state, javaScriptEnabled) => {
  it("a project's page shows every field, and its links lead back and on", async () => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin, {
      javaScriptEnabled,
    });
    try {
      const response = await page.goto(`${served.url}works/fleetwise`);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("FleetWise");
      expect(await page.getByRole("img", { name: "Screenshot of FleetWise" }).isVisible()).toBe(true);
      const facts = await page.locator(".modal-facts").innerText();
      for (const text of ["09/2024", "Nordlys Digital", "Web", "Web Application", "Rota Verde Logistics", "PostGIS"])
        expect(facts).toContain(text);
      for (const heading of ["Features", "Technical highlights", "Key components"]) {
        expect(await page.getByRole("heading", { level: 2, name: heading }).isVisible()).toBe(true);
      }
      expect(await page.getByRole("link", { name: "Preview" }).getAttribute("target")).toBe("_blank");
      const menu = page.getByRole("navigation", { name: "Main" });
      expect(await menu.getByRole("link", { name: "Projects" }).getAttribute("aria-current")).toBe("true");
      await page
        .getByRole("navigation", { name: "More projects" })
        .getByRole("link", { name: /Next project/ })
        .click();
      await page.waitForURL(`${served.url}works/receiptlens`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("ReceiptLens");
      await page.getByRole("link", { name: "All projects" }).click();
      await page.waitForURL(`${served.url}works`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Projects");
      expect(foreignRequests).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a post's page shows its byline, image and body, and links to the next older post", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin, {
      javaScriptEnabled,
      viewport: { width: 320, height: 640 },
    });
    try {
      await page.goto(`${served.url}blogs/offline-first`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Shipping an offline-first React Native app",
      );
      expect(await page.locator(".post-meta").innerText()).toMatch(
        /^Maya Okafor\s+Jan 31, 2025\s+Programming\s+1 min read$/,
      );
      expect(
        await page
          .getByRole("img", { name: "Illustration for Shipping an offline-first React Native app" })
          .isVisible(),
      ).toBe(true);
      expect(await page.getByRole("heading", { level: 2, name: "Why offline-first" }).isVisible()).toBe(true);
      // Nothing is wider than a 320 px phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.getByRole("link", { name: "the follow-up post" }).click();
      await page.waitForURL(`${served.url}blogs/small-models`);
      await page.getByRole("link", { name: /Newer post/ }).click();
      await page.waitForURL(`${served.url}blogs/offline-first`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("feeds", () => {
  it("RSS and Atom parse, carry the newest posts in full, and every link in them answers under the base path", async () => {
    const parser = new Parser();
    for (const file of ["feed.xml", "atom.xml"]) {
      const response = await fetch(`${served.url}${file}`);
      expect(response.status, file).toBe(200);
      const feed = await parser.parseString(await response.text());
      expect(feed.title).toBe("Maya Okafor: Blogs");
      expect(feed.items.map((item) => item.title)).toEqual([
        "Shipping an offline-first React Native app",
        "Small models on small devices",
        "Colour contrast in two themes",
      ]);
      for (const item of feed.items) {
        expect(item.link).toMatch(/^https:\/\/maya-okafor\.example\/portfolio\/blogs\/[\w-]+$/);
        expect((await fetch(`${served.origin}${new URL(item.link!).pathname}`)).status, item.link).toBe(200);
      }
      const content =
        (feed.items[0] as { content?: string; "content:encoded"?: string })["content:encoded"] ??
        feed.items[0]!.content!;
      const links = [...content.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((match) => match[1]!);
      expect(links).toContain("https://maya-okafor.example/portfolio/works/fleetwise");
      for (const link of links) {
        expect(link, "absolute").toMatch(/^https?:\/\//);
        if (link.startsWith("https://maya-okafor.example/"))
          expect((await fetch(`${served.origin}${new URL(link).pathname}`)).status, link).toBe(200);
      }
    }
    const json = (await (await fetch(`${served.url}feed.json`)).json()) as {
      version: string;
      items: Array<{ url: string; content_html: string }>;
    };
    expect(json.version).toBe("https://jsonfeed.org/version/1.1");
    expect(json.items).toHaveLength(3);
    expect(json.items[0]!.content_html).toContain('href="https://maya-okafor.example/portfolio/blogs/small-models"');
  });

  it("every page names the feeds for browsers and readers to find", async () => {
    for (const path of ["", "works/fleetwise", "blogs/offline-first"]) {
      const html = await (await fetch(`${served.url}${path}`)).text();
      expect(html).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Maya Okafor: Blogs (RSS)" href="/portfolio/feed.xml">',
      );
      expect(html).toContain(
        '<link rel="alternate" type="application/atom+xml" title="Maya Okafor: Blogs (Atom)" href="/portfolio/atom.xml">',
      );
    }
  });
});

describe("dialogs take the item's text from its page", () => {
  it("the list carries no item's full text; pointing at a card fetches it, and the dialog shows it", async () => {
    const list = await (await fetch(`${served.url}blogs`)).text();
    expect(list).not.toContain("export async function drain");
    expect(list).not.toContain("descriptionHtml");
    const { page, context, problems } = await openWatchedPage(browser, served.origin);
    try {
      const fetched: string[] = [];
      page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`${served.url}blogs`);
      await settled(page);
      const card = page.getByRole("link", { name: "Shipping an offline-first React Native app" });
      await card.hover();
      await page.waitForFunction(() =>
        performance.getEntriesByType("resource").some((entry) => entry.name.endsWith("/blogs/offline-first")),
      );
      expect(fetched).toContain("/portfolio/blogs/offline-first");
      await card.click();
      const dialog = page.getByRole("dialog", { name: "Shipping an offline-first React Native app" });
      await dialog.getByRole("heading", { name: "Why offline-first" }).waitFor();
      // The heading ids are the post page's; in the dialog they could repeat the list's own.
      expect(await dialog.locator(".modal-text [id]").count()).toBe(0);
      expect(await dialog.getByRole("link", { name: "the project" }).getAttribute("href")).toBe(
        "/portfolio/works/fleetwise",
      );
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("when the page cannot be had, the dialog keeps the summary and links to the page", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin);
    try {
      await page.route("**/works/turma", (route) =>
        route.request().resourceType() === "fetch" ? route.abort("failed") : route.continue(),
      );
      await page.goto(`${served.url}works`);
      await settled(page);
      await page.getByRole("link", { name: "Turma", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Turma" });
      const fallback = dialog.getByRole("link", { name: "Read it all on the project's own page" });
      await fallback.waitFor();
      expect(await fallback.getAttribute("href")).toBe("/portfolio/works/turma");
      expect((await dialog.locator(".modal-text p").first().textContent())!.length).toBeGreaterThan(20);
      // The browser reports the failed request, and the island says what it could not load.
      expect(
        problems.some((problem) => problem.includes("The text of /portfolio/works/turma could not be loaded")),
      ).toBe(true);
      expect(
        problems.filter((problem) => !/could not be loaded|Failed to load resource: net::ERR_FAILED/.test(problem)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
