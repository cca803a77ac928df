// Each layout theme.layout offers besides the spec's sidebar (`column`, `wide`), as a visitor meets
// it: every page framed with the menu, the theme toggle, the Projects filter and dialogs, the
// contact form, search, and axe clean in both themes on a phone and a desktop.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { violations } from "../helpers/axe.js";
import {
  gotoSettled,
  launchChromium,
  openWatchedPage,
  settled,
  themesAndViewports,
  type WatchedPage,
} from "../helpers/browser.js";
import { sampleRoutes } from "../helpers/routes-table.js";
import { withLayout } from "../helpers/sample-site.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

const layouts = ["column", "wide"] as const;
const menu = ["About", "Resume", "Projects", "Blogs", "Contact"];

/** Three posts, two of them parts of a series and tagged, so the blog, a tag and a series have pages. */
const posts: Record<string, string> = {
  "content/blog/caching-builds.md":
    "---\ntitle: Caching builds\nauthor: Maya Okafor\ndate: 2025-03-01\ncategory: Programming\ntags: [builds]\nseries: Build notes\n---\n\nWhat a build keeps between runs: quokkas aside, the cache.\n\n## The cache\n\nA map of digests.\n",
  "content/blog/measuring-builds.md":
    "---\ntitle: Measuring builds\nauthor: Maya Okafor\ndate: 2025-03-08\ncategory: Programming\ntags: [builds]\nseries: Build notes\n---\n\nHow long each stage takes.\n",
  "content/blog/calm-interfaces.md":
    "---\ntitle: Calm interfaces\nauthor: Maya Okafor\ndate: 2025-03-15\ncategory: Design\n---\n\nFewer things that move.\n",
};

const { sitePaths, itemPaths } = await sampleRoutes();
const routes = [
  ...sitePaths,
  ...itemPaths,
  "blogs/caching-builds",
  "blogs/tag/builds",
  "blogs/series/build-notes",
  "search",
  "no/such/page",
];

let browser: Browser;
const sites = new Map<string, ServedSite>();
const opened: WatchedPage[] = [];

beforeAll(async () => {
  const served = await Promise.all([
    launchChromium(),
    ...layouts.map((layout) =>
      serveSampleSite({
        prepare: async (site) => {
          for (const [file, text] of Object.entries(posts)) await site.write(file, text);
          const config = withLayout(await site.read("portfolio.config.ts"), layout);
          await site.write(
            "portfolio.config.ts",
            config.replace(
              "defineConfig({",
              'defineConfig({\n  menu: ["about", "resume", "projects", "blogs", "contact"],',
            ),
          );
        },
      }),
    ),
  ]);
  browser = served[0];
  for (const [index, layout] of layouts.entries()) sites.set(layout, served[index + 1] as ServedSite);
}, 240_000);
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watched) => watched.context.close()));
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([...sites.values()].map((site) => site.close()));
});

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });

describe.each(layouts)("the %s layout", (layout) => {
  const served = () => sites.get(layout)!;

  async function open(path: string, options: Parameters<typeof openWatchedPage>[2] = {}): Promise<WatchedPage> {
    const watched = await openWatchedPage(browser, served().origin, {
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    opened.push(watched);
    await gotoSettled(watched.page, served().url + path);
    return watched;
  }

  it("answers every route inside its own frame, with the menu and the current page marked", async () => {
    const { page, problems } = await open("");
    for (const path of routes) {
      const response = await page.goto(served().url + path);
      expect(response?.status(), path).toBe(path === "no/such/page" ? 404 : 200);
      expect(await page.locator(`.page-${layout}`).count(), path).toBe(1);
      expect(await mainMenu(page).getByRole("link").allInnerTexts(), path).toEqual(menu);
      const current = await mainMenu(page).locator("[aria-current]").allInnerTexts();
      const expected = path.startsWith("works")
        ? ["Projects"]
        : path.startsWith("blogs")
          ? ["Blogs"]
          : ["", "about"].includes(path)
            ? ["About"]
            : path === "resume"
              ? ["Resume"]
              : path === "contact"
                ? ["Contact"]
                : [];
      expect(current, path).toEqual(expected);
      expect(await page.getByRole("heading", { level: 1 }).count(), path).toBe(1);
    }
    expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
  });

  it("puts the skip link first, then the owner, the menu and the screen, for the keyboard and screen readers", async () => {
    const { page } = await open("about");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip-link");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    const order = await page.evaluate(() =>
      [...document.querySelectorAll("[aria-label='Profile'], nav.navbar, main")].map((element) => element.localName),
    );
    // The owner in the header (column) or the hero under the bar (wide), the menu, the screen.
    expect(order).toEqual(layout === "column" ? ["aside", "nav", "main"] : ["nav", "section", "main"]);
  });

  it("switches the theme with the toggle and keeps it on the next page", async () => {
    const { page } = await open("");
    const toggle = page.getByRole("button", { name: "Dark theme" });
    expect(await page.evaluate(() => document.body.className)).toBe("light-mode");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(false);
    await mainMenu(page).getByRole("link", { name: "Resume" }).click();
    await page.waitForURL(`${served().url}resume`);
    await settled(page);
    expect(await page.evaluate(() => document.body.className)).toBe("");
    expect(await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("filters the projects and opens a card's dialog, which Escape and Back close with focus back on the card", async () => {
    const { page, problems } = await open("works");
    const all = await page.locator(".project-open:visible").count();
    await page.getByRole("button", { name: "Web", exact: true }).click();
    const shown = await page.locator(".project-open:visible").count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all);
    await page.getByRole("button", { name: "All" }).click();
    expect(await page.locator(".project-open:visible").count()).toBe(all);

    const card = page.locator(".project-open").first();
    const title = (await card.textContent())!;
    for (const closeWith of ["Escape", "Back"]) {
      await card.click();
      expect(await page.getByRole("dialog", { name: title }).isVisible(), closeWith).toBe(true);
      expect(new URL(page.url()).pathname).toBe(await card.getAttribute("href"));
      if (closeWith === "Escape") await page.keyboard.press("Escape");
      else await page.goBack();
      await page.getByRole("dialog").waitFor({ state: "detached", timeout: 5_000 });
      await page.waitForURL(`${served().url}works`);
      expect(await page.evaluate(() => document.activeElement?.textContent), closeWith).toBe(title);
    }
    expect(problems).toEqual([]);
  });

  it("sends the contact form and shows its success", async () => {
    const { page, problems } = await open("contact");
    let sent = 0;
    await page.route("https://api.emailjs.com/**", (route) => {
      sent++;
      return route.fulfill({
        status: 200,
        contentType: "text/plain",
        body: "OK",
        headers: { "access-control-allow-origin": "*" },
      });
    });
    await page.getByLabel("Name", { exact: true }).fill("Ada");
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page.getByLabel("Subject", { exact: true }).fill("A project");
    await page.getByLabel("Message", { exact: true }).fill("Shall we build it?");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(sent).toBe(1);
    expect(problems).toEqual([]);
  });

  it("finds a post from the search page", async () => {
    const { page } = await open("search");
    await page.getByRole("searchbox", { name: "Search posts and projects" }).fill("quokkas");
    await page.waitForFunction(() => (document.querySelector(".search-status")?.textContent ?? "").includes("quokkas"));
    expect(await page.locator(".search-status").innerText()).toBe("1 result for “quokkas”");
    expect(await page.locator(".search-result-link").allInnerTexts()).toEqual(["Caching builds"]);
  });

  describe.each(themesAndViewports)("axe, %s theme on a %s", (theme, device, viewport) => {
    // Every route once per layout (the column layout in the light theme on a desktop, the wide one in
    // the dark theme on a phone, so each theme and each size meets every route); the other pairings on
    // the two pages whose frame differs most (the first page, with the wide layout's hero, and a post).
    // The screens inside the frame are checked in all four pairings by accessibility.test.ts.
    const everyRoute =
      layout === "column" ? theme === "light" && device === "desktop" : theme === "dark" && device === "phone";
    const checked = everyRoute ? routes : ["", "blogs/caching-builds"];
    it(`finds no violation on ${checked === routes ? "any route" : "the pages whose frame differs most"}`, async () => {
      const { page } = await open("", { viewport, theme, reducedMotion: "reduce" });
      for (const path of checked) {
        await gotoSettled(page, served().url + path);
        expect(await page.evaluate(() => document.body.classList.contains("light-mode")), path).toBe(theme === "light");
        expect(await violations(page), path).toEqual([]);
      }
      // Nothing wider than the window, down to a 320 px phone.
      for (const path of ["", "works", "blogs/caching-builds"]) {
        await gotoSettled(page, served().url + path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      }
    }, 120_000);
  });
});
