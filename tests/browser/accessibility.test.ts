import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addManyPosts } from "../fixtures/posts.js";
import { violations } from "../helpers/axe.js";
import {
  gotoSettled,
  launchChromium,
  openWatchedPage,
  type WatchedPage,
  themesAndViewports,
} from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { sampleRoutes } from "../helpers/routes-table.js";

const accessibleDialogsPost = `---
title: Accessible dialogs
author: Maya Okafor
date: 2025-04-01
category: Design
image: images/projects/turma.svg
---
Native \`<dialog>\` does most of the work.

\`\`\`ts
// Focus returns to the card that opened the dialog.
export function openDialog(dialog: HTMLDialogElement, opener: HTMLElement | null = null): void {
  const label = \`Dialog \${dialog.id}\`;
  dialog.showModal();
  dialog.addEventListener("close", () => opener?.focus(), { once: true });
  if (label.length > 40 && true) throw new Error(label);
}
\`\`\`

\`\`\`css
dialog::backdrop { background: rgb(0 0 0 / 60%); }
@media (prefers-reduced-motion: reduce) { dialog { animation: none !important; } }
\`\`\`

\`\`\`python
def close(dialog, value=None):
    """Closes the dialog."""
    return dialog.close(value or "cancel")  # 42
\`\`\`

\`\`\`json
{ "open": true, "count": 3, "label": null }
\`\`\`

\`\`\`sh
npm run build && echo "done: $HOME" # built
\`\`\`
`;

let served: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({
      // A post with an image and highlighted code, and enough others for the blog to be paged.
      prepare: async (site) => {
        await site.write("content/blog/accessible-dialogs.md", accessibleDialogsPost);
        await addManyPosts(site, 13, 12);
      },
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

// Every kind of page, from the routes table: the site's own pages (About once), the fixture's pages of a paged blog, a project, a post, and a missing page.
const { sitePaths, itemPaths } = await sampleRoutes();
const routes = [
  ...sitePaths.filter((path) => path !== "about"),
  "blogs/page/2",
  "blogs/category/design",
  ...itemPaths,
  "blogs/accessible-dialogs",
  "no/such/page",
];

/**
 * One page for every route of a theme and a viewport: each test loads its route into it afresh, which
 * costs far less than a new browser context (and renderer) for each.
 */
function sharedPage(theme: "light" | "dark", options: Parameters<typeof openWatchedPage>[2]) {
  let watched: Promise<WatchedPage> | undefined;
  afterAll(async () => {
    await (await watched)?.context.close();
  });
  return () => (watched ??= openWatchedPage(browser, served.origin, { ...options, theme }));
}

describe.each(themesAndViewports)("axe finds no violation in the %s theme on a %s", (theme, _device, viewport) => {
  const open = sharedPage(theme, { viewport, reducedMotion: "reduce" });
  it.each(routes)("on /%s", async (path) => {
    const { page } = await open();
    await gotoSettled(page, served.url + path);
    expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(theme === "light");
    expect(await violations(page)).toEqual([]);
  });
});

describe.each(["light", "dark"] as const)("axe finds no violation with a dialog open, %s theme", (theme) => {
  const open = sharedPage(theme, { reducedMotion: "reduce" });
  it.each([
    ["works", ".project-open"],
    ["blogs", ".blog-open"],
  ])("on /%s", async (path, opener) => {
    const { page } = await open();
    await gotoSettled(page, served.url + path);
    await page.locator(opener).first().click();
    await page.getByRole("dialog").waitFor();
    expect(await violations(page)).toEqual([]);
  });
});

describe("keyboard and focus", () => {
  it("the first Tab reaches the skip link, which moves focus to the main content", async () => {
    const { page, context } = await openWatchedPage(browser, served.origin);
    try {
      await gotoSettled(page, `${served.url}resume`);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    } finally {
      await context.close();
    }
  });

  it("every focused control shows a visible focus indicator", async () => {
    const { page, context } = await openWatchedPage(browser, served.origin);
    try {
      await gotoSettled(page, `${served.url}works`);
      for (let step = 0; step < 25; step++) {
        await page.keyboard.press("Tab");
        const indicator = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          if (!active || active === document.body) return "none";
          const own = getComputedStyle(active);
          const after = getComputedStyle(active, "::after");
          const visible = (style: CSSStyleDeclaration) =>
            style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
          return visible(own) || visible(after) ? "ok" : `${active.tagName}.${active.className}`;
        });
        expect(indicator).toBe("ok");
      }
    } finally {
      await context.close();
    }
  });

  it("headings go in order on every page", async () => {
    const { page, context } = await openWatchedPage(browser, served.origin);
    try {
      for (const path of routes) {
        await gotoSettled(page, served.url + path);
        const levels = await page.$$eval("h1, h2, h3, h4, h5, h6", (headings) =>
          headings.map((heading) => Number(heading.tagName[1])),
        );
        expect(
          levels.filter((level) => level === 1),
          path,
        ).toHaveLength(1);
        levels.forEach((level, index) => {
          if (index > 0) expect(level - levels[index - 1]!, `${path}: heading ${index}`).toBeLessThanOrEqual(1);
        });
      }
    } finally {
      await context.close();
    }
  });
});
