import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../helpers/axe.js";
import { gotoSettled, launchChromium, openWatchedPage, themesAndViewports } from "../helpers/browser.js";
import type { SiteCopy } from "../helpers/sample-site.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/** Two posts of the sample's owner: one has a word no other page has, and text that looks like markup. */
async function addSearchPosts(site: SiteCopy): Promise<void> {
  await site.write(
    "content/blog/field-notes.md",
    `---
title: Field notes from Rottnest
author: Maya Okafor
date: 2025-03-02
category: Other
tags: [travel]
---

The island's quokkas came close to the camera every morning.

## What the logs said

A log line read \`<img src=x onerror="window.__injected=1">\` and nothing ran.
`,
  );
  await site.write(
    "content/blog/profiling.md",
    `---
title: Profiling a slow dashboard
author: Maya Okafor
date: 2025-02-10
category: Programming
---

Most of the time went to one query; the dashboard now loads in a second.
`,
  );
}

/**
 * 1,000 posts of a few hundred words each; note 637 alone says "zorblat", and every one says
 * "harbour". The site shares one card (`shareCards: "site"`): a thousand drawn cards are the
 * bench's to measure, not the search's.
 */
async function addThousandPosts(site: SiteCopy): Promise<void> {
  const config = (await site.read("portfolio.config.ts")).replace(
    /\n {2}site: \{/,
    '\n  site: {\n    shareCards: "site",',
  );
  if (!config.includes('shareCards: "site"'))
    throw new Error("the sample's config has no site: { … } to add shareCards to");
  await site.write("portfolio.config.ts", config);
  const vocabulary =
    "react server hydration island static build markdown typescript latency cache render stream bundle module graph accessibility contrast keyboard focus dialog filter category index feed sitemap".split(
      " ",
    );
  const categories = ["Programming", "AI", "Design", "Other"];
  let seed = 11;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return vocabulary[seed % vocabulary.length]!;
  };
  const paragraph = () => Array.from({ length: 60 }, word).join(" ");
  await Promise.all(
    Array.from({ length: 1000 }, (_, index) => {
      const number = String(index + 1).padStart(4, "0");
      const date = new Date(Date.UTC(2025, 5, 30) - index * 86_400_000).toISOString().slice(0, 10);
      const unique = index + 1 === 637 ? "The zorblat was found here. " : "";
      return site.write(
        `content/blog/note-${number}.md`,
        `---\ntitle: Note ${number}\nauthor: Maya Okafor\ndate: ${date}\ncategory: ${categories[index % 4]}\n---\n\n${paragraph()}.\n\n## The harbour\n\n${unique}${paragraph()}.\n\n${paragraph()}.\n`,
      );
    }),
  );
}

let sample: ServedSite;
let thousand: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [sample, thousand, browser] = await Promise.all([
    serveSampleSite({ prepare: addSearchPosts }),
    serveSampleSite({ prepare: addThousandPosts, base: "/portfolio/", precompress: false }),
    launchChromium(),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([sample?.close(), thousand?.close()]);
});

const searchInput = (page: Page) => page.getByRole("searchbox", { name: "Search posts and projects" });
const resultLinks = (page: Page) => page.locator(".search-result-link");

/** Types into the search field and waits for the status to report the outcome. */
async function search(page: Page, words: string): Promise<void> {
  await searchInput(page).fill(words);
  await page.waitForFunction(
    (query) => (document.querySelector(".search-status")?.textContent ?? "").includes(`“${query}”`),
    words,
  );
}

describe("search on the sample site, under /", () => {
  it("finds the one post whose body has a word, with the word marked in its excerpt, and leads to it", async () => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, sample.origin);
    try {
      await gotoSettled(page, `${sample.url}search`);
      await search(page, "quokkas");
      expect(await page.locator(".search-status").innerText()).toBe("1 result for “quokkas”");
      expect(await resultLinks(page).allInnerTexts()).toEqual(["Field notes from Rottnest"]);
      expect(await resultLinks(page).first().getAttribute("href")).toBe("/blogs/field-notes");
      expect(await page.locator(".search-result-excerpt mark").allInnerTexts()).toEqual(["quokkas"]);
      expect(await page.locator(".search-result-meta").first().innerText()).toContain("Post");
      // The address keeps the query, so going back or sharing it finds the same.
      expect(new URL(page.url()).searchParams.get("q")).toBe("quokkas");
      await resultLinks(page).first().click();
      await page.waitForURL(`${sample.url}blogs/field-notes`);

      // Projects are found by their description and their technologies.
      await gotoSettled(page, `${sample.url}search`);
      await search(page, "offline");
      expect(await resultLinks(page).allInnerTexts()).toEqual(expect.arrayContaining(["SiteLog", "MoveWell"]));
      await search(page, "xylqwv");
      expect(await page.locator(".search-status").innerText()).toMatch(
        /^No results for “xylqwv”\. Try another word\. Browse all posts or all projects\.$/,
      );
      expect(
        await page.locator(".search-status a").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
      ).toEqual(["/blogs", "/works"]);
      expect(foreignRequests).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows text of a post that looks like markup as text, and runs none of it", async () => {
    const { page, context, problems } = await openWatchedPage(browser, sample.origin);
    try {
      await gotoSettled(page, `${sample.url}search`);
      await search(page, "onerror");
      const excerpt = page.locator(".search-result-excerpt").first();
      expect(await excerpt.innerText()).toContain('<img src=x onerror="window.__injected=1">');
      expect(await excerpt.locator("img").count()).toBe(0);
      expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("loads the index only when the visitor searches: no other page and no idle search page asks for it", async () => {
    const { page, context } = await openWatchedPage(browser, sample.origin);
    const indexRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/pagefind/")) indexRequests.push(request.url());
    });
    try {
      for (const route of ["", "works", "blogs/field-notes", "search"]) {
        await gotoSettled(page, `${sample.url}${route}`);
        await page.waitForTimeout(200);
      }
      expect(indexRequests).toEqual([]);
      await search(page, "quokkas");
      expect(indexRequests.map((url) => new URL(url).pathname)).toContain("/pagefind/pagefind.js");
    } finally {
      await context.close();
    }
  });

  it("is reached with / or Ctrl+K from any page, but never from a field being typed in", async () => {
    const { page, context, problems } = await openWatchedPage(browser, sample.origin);
    try {
      await gotoSettled(page, `${sample.url}works`);
      await page.keyboard.press("/");
      await page.waitForURL(`${sample.url}search`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
      await page.keyboard.type("quokkas");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".search-result-link");
      expect(await resultLinks(page).allInnerTexts()).toEqual(["Field notes from Rottnest"]);

      // On the search page, Ctrl+K takes the focus back to the field from anywhere on it.
      await resultLinks(page).first().focus();
      await page.keyboard.press("Control+k");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");

      await gotoSettled(page, `${sample.url}about`);
      await page.keyboard.press("Control+k");
      await page.waitForURL(`${sample.url}search`);

      // A slash in a message is a slash.
      await gotoSettled(page, `${sample.url}contact`);
      const message = page.getByLabel("Message", { exact: true });
      await message.click();
      await page.keyboard.type("either/or");
      await page.keyboard.press("Control+k");
      await page.waitForTimeout(300);
      expect(page.url()).toBe(`${sample.url}contact`);
      expect(await message.inputValue()).toBe("either/or");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("has a search button in the header of every page, marked current on the search page", async () => {
    const { page, context } = await openWatchedPage(browser, sample.origin);
    try {
      await gotoSettled(page, `${sample.url}resume`);
      const button = page.getByRole("banner").getByRole("link", { name: "Search" });
      expect(await button.getAttribute("aria-keyshortcuts")).toBe("/ Control+K");
      await button.click();
      await page.waitForURL(`${sample.url}search`);
      expect(await page.getByRole("banner").getByRole("link", { name: "Search" }).getAttribute("aria-current")).toBe(
        "page",
      );
    } finally {
      await context.close();
    }
  });

  it("searches a query given in the address at once (a shared link, or a form sent before the script came)", async () => {
    const { page, context, problems } = await openWatchedPage(browser, sample.origin);
    try {
      await page.goto(`${sample.url}search?q=quokkas`);
      await page.waitForSelector(".search-result-link");
      expect(await searchInput(page).inputValue()).toBe("quokkas");
      expect(await resultLinks(page).allInnerTexts()).toEqual(["Field notes from Rottnest"]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("without JavaScript, sends the form to the search page, which says why it cannot search and where to browse", async () => {
    const { page, context, problems } = await openWatchedPage(browser, sample.origin, { javaScriptEnabled: false });
    try {
      await page.goto(`${sample.url}about`);
      await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
      await page.waitForURL(`${sample.url}search`);
      await searchInput(page).fill("quokkas");
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(`${sample.url}search?q=quokkas`);
      const note = page.locator(".search-noscript");
      expect(await note.innerText()).toBe(
        "Search needs JavaScript, which is off in this browser. Browse all posts or all projects.",
      );
      expect(await note.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
        "/blogs",
        "/works",
      ]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(themesAndViewports)(
    "with results, in the %s theme on a %s, has no axe violation and nothing wider than the screen",
    async (theme, _device, viewport) => {
      const { page, context, problems } = await openWatchedPage(browser, sample.origin, { theme, viewport });
      try {
        await gotoSettled(page, `${sample.url}search`);
        await search(page, "dashboard");
        expect(await resultLinks(page).count()).toBeGreaterThan(0);
        expect(await violations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe("search on a 1,000-post site, under a base path", () => {
  it("finds the one post of a thousand whose body has a word, at the base path", async () => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, thousand.origin, {
      viewport: { width: 320, height: 640 },
    });
    try {
      await gotoSettled(page, `${thousand.url}search`);
      await search(page, "zorblat");
      expect(await resultLinks(page).allInnerTexts()).toEqual(["Note 0637"]);
      await resultLinks(page).first().click();
      await page.waitForURL(`${thousand.url}blogs/note-0637`);
      expect(await page.locator("h1").innerText()).toBe("Note 0637");
      expect(foreignRequests).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows ten results at a time, and More results moves the focus to the first new one", async () => {
    const { page, context, problems } = await openWatchedPage(browser, thousand.origin);
    try {
      await gotoSettled(page, `${thousand.url}search`);
      await search(page, "harbour");
      expect(await page.locator(".search-status").innerText()).toBe("1,000 results for “harbour”");
      expect(await resultLinks(page).count()).toBe(10);
      await page.getByRole("button", { name: "More results" }).click();
      await expect.poll(() => resultLinks(page).count()).toBe(20);
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe(await resultLinks(page).nth(10).innerText());
      for (const href of await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
        expect(href).toMatch(/^\/portfolio\/blogs\/note-\d{4}$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
