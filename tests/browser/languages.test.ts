import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInStrings } from "../../src/i18n/dictionaries.js";
import { violations } from "../helpers/axe.js";
import { gotoSettled, launchChromium, openWatchedPage, type WatchedPage } from "../helpers/browser.js";
import { englishFragments, englishIn, englishOnPage } from "../helpers/english-words.js";
import { htmlTexts } from "../helpers/html-texts.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

/**
 * Sites in another language (tests/fixtures/sites/pt and ar, whose content is in that language):
 * no word of the English interface anywhere a visitor reads or hears, axe clean, and the Arabic one
 * laid out right to left. And a site in English and Portuguese (tests/fixtures/sites/bilingual):
 * its Portuguese pages axe clean in both themes, its language menu usable by keyboard and on a phone.
 */
let portuguese: ServedSite;
let arabic: ServedSite;
let bilingual: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [portuguese, arabic, bilingual, browser] = await Promise.all([
    // No compressed copies: these tests read pages, not their transfer.
    serveSampleSite({ fixture: "pt", precompress: false }),
    serveSampleSite({ fixture: "ar", precompress: false }),
    serveSampleSite({ fixture: "bilingual", precompress: false }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portuguese?.close();
  await arabic?.close();
  await bilingual?.close();
});

/** Every page of a site, from its sitemap, and the page a missing address shows. */
async function pagesOf(site: ServedSite): Promise<string[]> {
  const sitemap = await readFile(path.join(site.build.outDir, "sitemap.xml"), "utf8");
  const siteUrl = site.build.config.site.url!;
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.slice(siteUrl.length + 1));
  return [...paths, "no/such/page"];
}

async function withPage<T>(site: ServedSite, use: (watched: WatchedPage) => Promise<T>, theme?: "light" | "dark") {
  const watched = await openWatchedPage(browser, site.origin, { theme, reducedMotion: "reduce" });
  try {
    return await use(watched);
  } finally {
    await watched.context.close();
  }
}

describe.each([
  // One theme each: the Portuguese pages are checked in the light theme here and in the dark one in
  // the site in two languages (below), and the Arabic site's colours are the Portuguese one's.
  ["pt", () => portuguese, ["light"]],
  ["ar", () => arabic, ["light"]],
] as const)("a site in %s", (lang, site, themes) => {
  const english = englishFragments(builtInStrings[lang]!);

  it("shows no English interface word on any page, in its text or its attributes", async () => {
    // Read from the built files: what the islands add in the browser is checked below.
    const pages = await pagesOf(site());
    expect(pages.length).toBeGreaterThan(15);
    for (const address of [...pages.slice(0, -1), "404"]) {
      const file = address === "" ? "index.html" : `${address}.html`;
      const html = await readFile(path.join(site().build.outDir, file), "utf8");
      expect(html, address).toContain(`<html lang="${lang}"`);
      expect(englishIn(htmlTexts(html), english), address).toEqual([]);
    }
  });

  it("speaks its language in the islands too: filters, dialogs, the pager of a search, the form's answers", async () => {
    await withPage(site(), async ({ page }) => {
      // The projects' filter and a project's dialog.
      await gotoSettled(page, `${site().url}works`);
      const filters = page.locator(".filter-button");
      await filters.last().click();
      // The other categories' cards are hidden, not gone.
      await page.locator(".project-open:visible").first().click();
      await page.getByRole("dialog").waitFor();
      await page.locator(".modal-text:not([aria-busy=true])").first().waitFor();
      expect(await englishOnPage(page, english), "project dialog").toEqual([]);
      // Escape goes back in history to the list: wait for it, or the next goto can be aborted by it.
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "hidden" });

      // The blog's dialog.
      await gotoSettled(page, `${site().url}blogs`);
      await page.locator(".blog-open").first().click();
      await page.getByRole("dialog").waitFor();
      expect(await englishOnPage(page, english), "post dialog").toEqual([]);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "hidden" });

      // Search: results, and none.
      await gotoSettled(page, `${site().url}search`);
      const field = page.locator("input[data-search-input]");
      const post = await readFile(path.join(site().site.root, "content", "blog", (await listBlog(site()))[0]!), "utf8");
      const word = post.match(/^title: "?([\p{L}]{4,})/mu)![1]!;
      await field.fill(word);
      await page.locator(".search-result").first().waitFor();
      expect(await englishOnPage(page, english), `search for ${word}`).toEqual([]);
      await field.fill("zzqqxxyy");
      await page.locator(".search-status a").first().waitFor();
      expect(await page.locator(".search-result").count()).toBe(0);
      expect(await englishOnPage(page, english), "search without results").toEqual([]);
    });
  });

  it("fits its menu's longer words on a 320 px phone, the current page's link in view", async () => {
    const watched = await openWatchedPage(browser, site().origin, { viewport: { width: 320, height: 640 } });
    try {
      await gotoSettled(watched.page, `${site().url}contact`);
      const menu = watched.page.locator(".navbar-list");
      expect(await menu.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
      const current = await watched.page.locator('.navbar-link[aria-current="page"]').boundingBox();
      expect(current!.x).toBeGreaterThanOrEqual(0);
      expect(current!.x + current!.width).toBeLessThanOrEqual(320);
    } finally {
      await watched.context.close();
    }
  });

  it.each(themes)("is axe clean on every kind of page, %s theme", async (theme) => {
    const kinds = ["", "resume", "works", "blogs", "contact", "search", "no/such/page"];
    const pages = await pagesOf(site());
    const items = ["works/", "blogs/", "blogs/tag/", "blogs/series/"].map(
      (prefix) =>
        pages.find((address) => address.startsWith(prefix) && address.split("/").length === prefix.split("/").length)!,
    );
    await withPage(
      site(),
      async ({ page }) => {
        for (const address of [...kinds, ...items]) {
          await gotoSettled(page, site().url + address);
          expect(await violations(page), address).toEqual([]);
        }
      },
      theme,
    );
  });
});

async function listBlog(site: ServedSite): Promise<string[]> {
  const { readdir } = await import("node:fs/promises");
  return (await readdir(path.join(site.site.root, "content", "blog"))).sort();
}

describe("the Portuguese contact form", () => {
  it("says in Portuguese that the message could not be sent, and keeps it", async () => {
    const english = englishFragments(builtInStrings.pt!);
    await withPage(portuguese, async ({ page }) => {
      await page.route("https://api.emailjs.com/**", (route) => route.fulfill({ status: 400, body: "Bad request" }));
      await gotoSettled(page, `${portuguese.url}contact`);
      await page.locator("#contact-to_name").fill("Ana");
      await page.locator("#contact-from_name").fill("ana@exemplo.pt");
      await page.locator("#contact-subject").fill("Projeto");
      await page.locator("#contact-message").fill("Olá, Inês!");
      await page.locator(".form-btn").click();
      await page.locator(".form-status.failed").waitFor();
      // The failure, then the visitor's words offered by e-mail, both in Portuguese.
      expect(await page.locator(".form-status").textContent()).toBe(
        `${builtInStrings.pt!["contact.failed"]} ${String(builtInStrings.pt!["contact.preferEmail"]).replace("{email}", "ola@ines.example")}`,
      );
      expect(await page.locator("#contact-message").inputValue()).toBe("Olá, Inês!");
      expect(await englishOnPage(page, english)).toEqual([]);
    });
  });
});

describe("the Arabic site", () => {
  it("is marked right to left, and mirrors: the sidebar at the start, nothing wider than a 320 px phone", async () => {
    for (const viewport of [
      { width: 320, height: 640 },
      { width: 1280, height: 900 },
    ]) {
      const watched = await openWatchedPage(browser, arabic.origin, { viewport });
      try {
        for (const address of ["", "resume", (await pagesOf(arabic)).find((a) => a.startsWith("blogs/"))!]) {
          const { page } = watched;
          await gotoSettled(page, arabic.url + address);
          expect(await page.getAttribute("html", "dir")).toBe("rtl");
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${address} at ${viewport.width} px`).toBeLessThanOrEqual(0);
          if (viewport.width > 1000) {
            // Right to left, the owner's card is on the right and the page's text starts there too.
            const sidebar = await page.locator(".sidebar").boundingBox();
            const main = await page.locator(".main-content").boundingBox();
            expect(sidebar!.x, address).toBeGreaterThan(main!.x);
          }
        }
      } finally {
        await watched.context.close();
      }
    }
  });
});

describe("the site in English and Portuguese", () => {
  // In the dark theme: the site in Portuguese alone is checked in the light one (above).
  it("is axe clean on every kind of Portuguese page, dark theme", async () => {
    const addresses = [
      "pt/",
      "pt/resume",
      "pt/works",
      "pt/blogs",
      "pt/contact",
      "pt/search",
      "pt/works/mare-alta",
      // An item shown untranslated, and a series' page.
      "pt/works/painel-vinhas",
      "pt/blogs/sem-rede-parte-1",
      "pt/blogs/series/aplicações-sem-rede",
      "pt/no/such/page",
    ];
    await withPage(
      bilingual,
      async ({ page }) => {
        for (const address of addresses) {
          await gotoSettled(page, bilingual.url + address);
          expect(await violations(page), address).toEqual([]);
        }
        // And an English page, whose menu offers Portuguese.
        await gotoSettled(page, `${bilingual.url}works`);
        expect(await violations(page), "works").toEqual([]);
      },
      "dark",
    );
  });

  it("leads by keyboard from a page to the same page in the other language", async () => {
    await withPage(bilingual, async ({ page }) => {
      await gotoSettled(page, `${bilingual.url}works/mare-alta`);
      const link = page.getByRole("navigation", { name: "Languages" }).getByRole("link", { name: "Português" });
      await link.focus();
      expect(await link.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
      await Promise.all([page.waitForURL(`${bilingual.url}pt/works/mare-alta`), page.keyboard.press("Enter")]);
      expect(await page.getAttribute("html", "lang")).toBe("pt");
      await page.getByRole("navigation", { name: "Idiomas" }).getByRole("link", { name: "English" }).waitFor();
    });
  });

  it("fits its language menu on a 320 px phone, clear of the title and the back link, and beside the menu on a desktop", async () => {
    for (const viewport of [
      { width: 320, height: 640 },
      { width: 1280, height: 900 },
    ]) {
      const watched = await openWatchedPage(browser, bilingual.origin, { viewport });
      try {
        for (const address of ["pt/", "works", "pt/blogs/dois-anos-por-conta-propria", "works/painel-vinhas"]) {
          const { page } = watched;
          await gotoSettled(page, bilingual.url + address);
          const where = `${address} at ${viewport.width} px`;
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, where).toBeLessThanOrEqual(0);
          // A title's word too long to wrap would widen the page's card past its edge.
          const card = (await page.locator(".main-content").boundingBox())!;
          const article = (await page.locator("main > article").boundingBox())!;
          expect(article.x + article.width, where).toBeLessThanOrEqual(card.x + card.width);
          const menu = (await page.locator(".language-menu").boundingBox())!;
          expect(menu.x + menu.width, where).toBeLessThanOrEqual(viewport.width);
          for (const other of [".article-title", ".back-link", ".navbar-list"]) {
            // The text itself: a title's box takes in the padding that keeps it clear of the buttons.
            const box = await page.evaluate((selector) => {
              const element = document.querySelector(selector);
              if (!element) return undefined;
              const range = document.createRange();
              range.selectNodeContents(element);
              const { x, y, width, height } = range.getBoundingClientRect();
              return { x, y, width, height };
            }, other);
            if (!box) continue;
            const apart =
              box.x >= menu.x + menu.width ||
              box.x + box.width <= menu.x ||
              box.y >= menu.y + menu.height ||
              box.y + box.height <= menu.y;
            expect(apart, `${other} and the language menu overlap on ${where}`).toBe(true);
          }
        }
      } finally {
        await watched.context.close();
      }
    }
  });
});
