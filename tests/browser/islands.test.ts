import type { Browser, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  gotoSettled,
  launchChromium,
  openWatchedPage,
  reachForIslands,
  settled,
  type WatchedPage,
} from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { loadSiteContent } from "../helpers/sample-site.js";
import { sampleRoutes } from "../helpers/routes-table.js";

const emailjsEndpoint = "https://api.emailjs.com/api/v1.0/email/send-form";

let served: ServedSite;
let browser: Browser;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  [served, browser] = await Promise.all([
    serveSampleSite({
      // A category without projects, to see the empty message.
      prepare: async (site) => {
        const config = await site.read("portfolio.config.ts");
        await site.write("portfolio.config.ts", config.replace('"Hardware"]', '"Hardware", "Games"]'));
      },
    }),
    launchChromium(),
  ]);
});
// Each test's pages are closed after it: open ones keep their renderers busy while the next test runs.
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watched) => watched.context.close()));
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser, served.origin, { viewport });
  opened.push(watched);
  await gotoSettled(watched.page, served.url + path);
  return watched;
}

/** The visitor has reached for the page's islands, and React has made each one its own. */
const hydrated = async (page: Page) => {
  await settled(page);
  await page.waitForFunction(
    () =>
      document.querySelectorAll("[data-island]").length > 0 &&
      [...document.querySelectorAll("[data-island]")].every((island) => island.hasAttribute("data-hydrated")),
  );
};

// The site's own pages, from the routes table.
const { sitePaths } = await sampleRoutes();

describe("every route with JavaScript on", () => {
  it.each([...sitePaths, "no/such/page"])(
    "/%s logs no error or hydration warning and asks no other host",
    async (path) => {
      const { page, problems, foreignRequests } = await open(path);
      if (["works", "blogs", "contact"].includes(path)) await hydrated(page);
      await page.waitForTimeout(100);
      // An unknown path is answered by 404.html with status 404, which Chromium notes in the console.
      const expected =
        path === "no/such/page"
          ? ["console.error: Failed to load resource: the server responded with a status of 404 (Not Found)"]
          : [];
      expect(problems).toEqual(expected);
      expect(foreignRequests).toEqual([]);
    },
  );

  it("About and Resume load no framework, only the tiny theme script", async () => {
    const { page } = await open("resume");
    const scripts = await page.$$eval("script[src]", (elements) =>
      elements.map((element) => (element as HTMLScriptElement).src),
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/\/assets\/theme-\w+\.js$/);
    expect(await page.$$eval("link[rel=modulepreload]", (links) => links.length)).toBe(0);
  });

  it("React is loaded only by the contact form: the lists' islands are plain modules of a few kB", async () => {
    const fetched = async (path: string) => {
      const { page } = await open(path);
      await reachForIslands(page);
      const scripts = await page.$$eval("link[rel=modulepreload], script[src]", (elements) =>
        elements.map((element) => (element as HTMLLinkElement).href || (element as HTMLScriptElement).src),
      );
      return Promise.all([...new Set(scripts)].map(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength));
    };
    for (const path of ["works", "blogs"]) expect(Math.max(...(await fetched(path))), path).toBeLessThan(20_000);
    expect(Math.max(...(await fetched("contact")))).toBeGreaterThan(50_000);
  });
});

describe("hydration", () => {
  it.each(["works", "blogs", "contact"])(
    "/%s does not shift its layout when the islands hydrate, on a phone or a desktop, and barely when its font arrives",
    async (path) => {
      for (const viewport of [
        { width: 412, height: 823 },
        { width: 1350, height: 940 },
      ]) {
        const watched = await openWatchedPage(browser, served.origin, { viewport });
        opened.push(watched);
        const { page } = watched;
        await page.addInitScript(() => {
          const seen = { shifts: 0, fontShifts: 0, fontsAskedAt: Number.POSITIVE_INFINITY };
          (window as unknown as { seen: typeof seen }).seen = seen;
          // The text font's stylesheet is asked for once the islands are live (client/font-faces.ts): its
          // swap is the font's, measured apart from the hydration's.
          new MutationObserver(() => {
            if (document.querySelector("link[data-font-faces]"))
              seen.fontsAskedAt = Math.min(seen.fontsAskedAt, performance.now());
          }).observe(document, { childList: true, subtree: true });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<
              PerformanceEntry & { value: number; hadRecentInput: boolean }
            >) {
              if (entry.hadRecentInput) continue;
              if (entry.startTime >= seen.fontsAskedAt) seen.fontShifts += entry.value;
              else seen.shifts += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        await gotoSettled(page, served.url + path);
        await hydrated(page);
        await page.waitForTimeout(300);
        const seen = await page.evaluate(
          () => (window as unknown as { seen: { shifts: number; fontShifts: number } }).seen,
        );
        expect(seen.shifts, `${viewport.width}px`).toBe(0);
        // Inter replacing its metric-matched fallback moves a word by a pixel at most: far under
        // Lighthouse's 0.1 for a good page, under 0.005 on every route measured.
        expect(seen.fontShifts, `${viewport.width}px, the font's swap`).toBeLessThan(0.005);
      }
    },
  );
});

describe("theme", () => {
  it("is light by default; the toggle switches and remembers, announced by its pressed state", async () => {
    const { page } = await open("");
    const toggle = page.getByRole("button", { name: "Dark theme" });
    expect(await page.evaluate(() => document.body.className)).toBe("light-mode");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(false);
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await toggle.click();
    expect(await page.evaluate(() => document.body.className)).toBe("light-mode");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
    await toggle.press("Enter");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
  });

  it("applies the remembered dark theme before the first paint, on load and on navigation", async () => {
    const { page, context } = await open("");
    await page.getByRole("button", { name: "Dark theme" }).click();
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // Records the page's background at the first frame, before anything could be painted.
    await context.addInitScript(() => {
      const record = () => {
        if (!document.body) return requestAnimationFrame(record);
        (window as unknown as { firstFrameBackground: string }).firstFrameBackground = getComputedStyle(
          document.body,
        ).backgroundColor;
      };
      requestAnimationFrame(record);
    });
    for (const link of ["Resume", "Projects", "Contact", "About"]) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
      await page.waitForLoadState("load");
      await page.waitForFunction(() => "firstFrameBackground" in window);
      expect(
        await page.evaluate(() => (window as unknown as { firstFrameBackground: string }).firstFrameBackground),
        link,
      ).toBe(darkBackground);
      expect(await page.evaluate(() => document.body.className), link).toBe("");
      expect(await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
    }
  });
});

describe("projects", () => {
  const visibleCards = (page: Page) => page.locator(".project-card:visible");

  it("filters by exact category, marks the selected button, and says when nothing matches", async () => {
    const { page, problems } = await open("works");
    await hydrated(page);
    const filter = page.getByRole("group", { name: "Filter projects by category" });
    expect(await visibleCards(page).count()).toBe(9);
    // The text-only details are for pages without JavaScript.
    expect(await page.getByRole("region", { name: "Project details" }).count()).toBe(0);

    await filter.getByRole("button", { name: "Web", exact: true }).click();
    const webCount = served.build.config && (await visibleCards(page).count());
    expect(webCount).toBeGreaterThan(0);
    expect(webCount).toBeLessThan(9);
    expect(await filter.getByRole("button", { name: "Web", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await filter.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");

    await filter.getByRole("button", { name: "Mobile", exact: true }).click();
    const mobileTypes = await visibleCards(page).count();
    await filter.getByRole("button", { name: "Mobile & Web" }).click();
    const mobileAndWeb = await visibleCards(page).count();
    expect(mobileTypes + mobileAndWeb + webCount).toBeLessThanOrEqual(9);

    await filter.getByRole("button", { name: "Games" }).click();
    expect(await visibleCards(page).count()).toBe(0);
    expect(await page.getByText("No projects found in the selected category.").isVisible()).toBe(true);

    await filter.getByRole("button", { name: "All" }).click();
    expect(await visibleCards(page).count()).toBe(9);
    expect(problems).toEqual([]);
  });

  it("opens a card's modal with every detail; Close, Escape and the backdrop each close it", async () => {
    const { page, problems } = await open("works");
    await hydrated(page);
    const firstCard = page.locator(".project-open").first();
    const title = (await firstCard.textContent())!;

    const href = (await firstCard.getAttribute("href"))!;
    expect(href).toMatch(/^\/works\/[\w-]+$/);
    for (const closeWith of ["button", "escape", "backdrop"] as const) {
      await firstCard.click();
      const dialog = page.getByRole("dialog", { name: title });
      // The address bar shows the project's own page while its dialog is open.
      expect(new URL(page.url()).pathname).toBe(href);
      expect(await dialog.isVisible()).toBe(true);
      for (const label of ["Project type", "Client", "Languages"])
        expect(await dialog.getByText(label, { exact: true }).isVisible()).toBe(true);
      expect(await dialog.locator(".modal-text p").count()).toBeGreaterThan(0);
      expect(await dialog.locator(".modal-img img, .modal-img .image-placeholder:not([hidden])").count()).toBe(1);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

      if (closeWith === "button") await dialog.getByRole("button", { name: "Close" }).click();
      if (closeWith === "escape") await page.keyboard.press("Escape");
      if (closeWith === "backdrop") await page.mouse.click(8, 8);
      // Closing goes back in history (the address bar returns to the list), which the browser does on its next turn.
      await page.getByRole("dialog").waitFor({ state: "detached", timeout: 5_000 });
      await page.waitForURL(`${served.url}works`);
      expect(await page.evaluate(() => document.activeElement?.textContent), closeWith).toBe(title);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    }
    expect(problems).toEqual([]);
  });

  it("follows Back and Forward: Back closes the dialog onto the filtered list, Forward opens it again", async () => {
    const { page, problems } = await open("works");
    await hydrated(page);
    await page.getByRole("button", { name: "Web", exact: true }).click();
    // The other categories' cards are hidden, not gone.
    const shown = await page.locator(".project-open:visible").allTextContents();
    const card = page.locator(".project-open:visible").first();
    await card.click();
    expect(await page.getByRole("dialog").isVisible()).toBe(true);
    await page.goBack();
    await page.waitForURL(`${served.url}works`);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Web", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator(".project-open:visible").allTextContents()).toEqual(shown);
    await page.goForward();
    await page.waitForURL(`${served.url}${(await card.getAttribute("href"))!.slice(1)}`);
    expect(await page.getByRole("dialog", { name: shown[0] }).isVisible()).toBe(true);
    // Loaded directly, the same address is the project's own page.
    await page.reload();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(shown[0]);
    expect(problems).toEqual([]);
  });

  it("shows the Preview link only for projects that have one, and the optional sections when present", async () => {
    const { page } = await open("works");
    await hydrated(page);
    const { projects } = await loadSiteContent(served.site);
    const withPreview = projects.find((project) => project.preview)!;
    const withoutPreview = projects.find((project) => !project.preview)!;

    await page.getByRole("link", { name: withPreview.title, exact: true }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("link", { name: "Preview" }).getAttribute("href")).toBe(withPreview.preview);
    for (const [heading, items] of [
      ["Features", withPreview.features],
      ["Technical highlights", withPreview.technical_highlights],
      ["Key components", withPreview.key_components],
    ] as const) {
      expect(await dialog.getByRole("heading", { name: heading }).count()).toBe(items?.length ? 1 : 0);
    }
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached", timeout: 5_000 });

    await page.getByRole("link", { name: withoutPreview.title, exact: true }).click();
    expect(await page.getByRole("dialog").getByRole("link", { name: "Preview" }).count()).toBe(0);
  });

  it("works with the keyboard alone: filters, cards, a focus trap and focus back on the card", async () => {
    const { page } = await open("works");
    await hydrated(page);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    await page.getByRole("button", { name: "All" }).focus();
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Mobile & Web");
    await page.keyboard.press("Enter");
    expect(await page.getByRole("button", { name: "Mobile & Web" }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    expect(await page.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");

    let cardTitle = "";
    for (let step = 0; step < 10 && !cardTitle; step++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.classList.contains("project-open")))
        cardTitle = await focused();
    }
    expect(cardTitle).not.toBe("");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: cardTitle });
    expect(await dialog.isVisible()).toBe(true);

    for (let step = 0; step < 12; step++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached", timeout: 5_000 });
    expect(await focused()).toBe(cardTitle);
  });
});

describe("blogs", () => {
  it("shows the empty message for every category when there are no posts", async () => {
    const { page } = await open("blogs");
    await hydrated(page);
    for (const category of ["Programming", "AI", "Design", "Other", "All"]) {
      await page.getByRole("button", { name: category, exact: true }).click();
      expect(await page.getByText("No blogs in the selected category.").isVisible()).toBe(true);
    }
  });

  it("a post dropped into content/blog appears, filters and opens in its modal", async () => {
    const withPost = await serveSampleSite({
      prepare: (site) =>
        site.write(
          "content/blog/shipping-small.md",
          "---\ntitle: Shipping small, shipping often\nauthor: Maya Okafor\ndate: 2025-03-02\ncategory: Programming\n---\nWhy **small releases** beat big ones.\n\n- Less risk\n- Faster feedback\n",
        ),
    });
    const watched = await openWatchedPage(browser, withPost.origin);
    try {
      const { page, problems } = watched;
      await page.goto(`${withPost.url}blogs`);
      await hydrated(page);
      const open = page.getByRole("link", { name: "Shipping small, shipping often" });
      expect(await open.isVisible()).toBe(true);
      await page.getByRole("button", { name: "Design" }).click();
      expect(await page.getByText("No blogs in the selected category.").isVisible()).toBe(true);
      await page.getByRole("button", { name: "Programming" }).click();
      await open.click();
      const dialog = page.getByRole("dialog", { name: "Shipping small, shipping often" });
      expect(await dialog.getByText("Maya Okafor").isVisible()).toBe(true);
      expect(await dialog.getByText("Mar 2, 2025").isVisible()).toBe(true);
      expect(await dialog.locator("dd").filter({ hasText: "Programming" }).count()).toBe(1);
      await dialog.locator(".modal-text:not([aria-busy])").waitFor();
      expect(await dialog.locator("strong").textContent()).toBe("small releases");
      expect(await dialog.locator("li").allTextContents()).toEqual(["Less risk", "Faster feedback"]);
      await dialog.getByRole("button", { name: "Close" }).click();
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await watched.context.close();
      await withPost.close();
    }
  });
});

describe("contact form", () => {
  async function fill(page: Page) {
    await page.getByLabel("Name", { exact: true }).fill("Ada Client");
    await page.getByLabel("Email", { exact: true }).fill("ada@client.example");
    await page.getByLabel("Subject", { exact: true }).fill("A project");
    await page.getByLabel("Message", { exact: true }).fill("Hello Maya,\nlet's talk.");
  }
  const values = (page: Page) =>
    page.$$eval(".form-input", (inputs) => inputs.map((input) => (input as HTMLInputElement).value));

  /** Holds EmailJS answers until the test releases them, to see the in-flight state. */
  async function interceptEmailjs(page: Page, answer: "ok" | "bad-request" | "network") {
    const requests: Request[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(emailjsEndpoint, async (route) => {
      requests.push(route.request());
      await released;
      if (answer === "network") return route.abort("internetdisconnected");
      return route.fulfill(
        answer === "ok"
          ? { status: 200, body: "OK", headers: { "access-control-allow-origin": "*" } }
          : { status: 400, body: "The public key is invalid", headers: { "access-control-allow-origin": "*" } },
      );
    });
    return { requests, release };
  }

  it("sends the spec's payload, shows Loading... while in flight, then succeeds and clears the fields", async () => {
    const { page, problems } = await open("contact");
    await hydrated(page);
    const { requests, release } = await interceptEmailjs(page, "ok");
    await fill(page);
    const button = page.locator(".form-btn");
    await button.click();
    await page.waitForFunction(() => document.querySelector(".form-btn")?.textContent === "Loading...");
    expect(await button.isDisabled()).toBe(true);
    // The first request reaches the route on its own schedule; only then does a second submit prove anything.
    await expect.poll(() => requests.length).toBe(1);
    await page.locator("form").evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(1);
    release();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(await page.locator(".form-status").getAttribute("class")).toContain("sent");
    expect(await values(page)).toEqual(["", "", "", ""]);
    expect(await button.textContent()).toBe("Submit");
    expect(await button.isEnabled()).toBe(true);

    const body = requests[0]!.postDataBuffer()!.toString();
    const field = (name: string) => body.match(new RegExp(`name="${name}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`))?.[1];
    expect(requests[0]!.method()).toBe("POST");
    expect(requests[0]!.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(field("to_name")).toBe("Ada Client");
    expect(field("from_name")).toBe("ada@client.example");
    expect(field("subject")).toBe("A project");
    expect(field("message")).toBe("Hello Maya,\r\nlet's talk.");
    expect(field("lib_version")).toBe("4.3.3");
    expect(field("service_id")).toBe("sample_service");
    expect(field("template_id")).toBe("sample_template");
    expect(field("user_id")).toBe("sample-public-key");
    expect(problems).toEqual([]);
  });

  it.each([
    ["a 4xx answer", "bad-request", "The public key is invalid"],
    ["a network error", "network", ""],
  ] as const)("on %s shows the error, logs why, and keeps every typed word", async (_case, answer, logged) => {
    const { page, problems } = await open("contact");
    await hydrated(page);
    const { requests, release } = await interceptEmailjs(page, answer);
    release();
    await fill(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Error sending email.").waitFor();
    expect(requests).toHaveLength(1);
    expect(await page.locator(".form-status").getAttribute("class")).toContain("failed");
    expect(await values(page)).toEqual(["Ada Client", "ada@client.example", "A project", "Hello Maya,\nlet's talk."]);
    expect(await page.getByRole("button", { name: "Submit" }).isEnabled()).toBe(true);
    expect(
      problems.some((problem) => problem.startsWith("console.error: Error sending email:") && problem.includes(logged)),
    ).toBe(true);
  });

  it("keeps a message being written across a reload and a visit to another page, until it is sent", async () => {
    const { page } = await open("contact");
    await hydrated(page);
    await fill(page);
    await page.reload();
    await hydrated(page);
    expect(await values(page)).toEqual(["Ada Client", "ada@client.example", "A project", "Hello Maya,\nlet's talk."]);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Resume" }).click();
    await page.goBack();
    await hydrated(page);
    expect(await values(page)).toEqual(["Ada Client", "ada@client.example", "A project", "Hello Maya,\nlet's talk."]);

    const { release } = await interceptEmailjs(page, "ok");
    release();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    await page.reload();
    await hydrated(page);
    expect(await values(page)).toEqual(["", "", "", ""]);
  });

  it("lets the browser refuse an empty or malformed form without sending", async () => {
    const { page } = await open("contact");
    await hydrated(page);
    const { requests, release } = await interceptEmailjs(page, "ok");
    release();
    await page.getByRole("button", { name: "Submit" }).click();
    await fill(page);
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForTimeout(200);
    expect(requests).toHaveLength(0);
    expect(
      await page
        .getByLabel("Email", { exact: true })
        .evaluate((input) => (input as HTMLInputElement).validity.typeMismatch),
    ).toBe(true);
  });
});

describe("images and errors", () => {
  it("a project image that fails to load is logged and replaced by a placeholder, even before hydration", async () => {
    const watched = await openWatchedPage(browser, served.origin, { viewport: { width: 1280, height: 4000 } });
    opened.push(watched);
    const { page, problems } = watched;
    await page.route("**/images/projects/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`${served.url}works`);
    await hydrated(page);
    await page.waitForFunction(() => document.querySelectorAll(".project-img img").length === 0);
    const projectsWithImages = (await loadSiteContent(served.site)).projects.filter((project) => project.image).length;
    // Every card shows a picture in the image's place: a broken image's placeholder, or the art of a title without one.
    expect(await page.locator(".project-img .image-placeholder:visible").count()).toBe(projectsWithImages);
    expect(await page.locator(".project-img .title-art:visible").count()).toBe(9 - projectsWithImages);
    expect(problems.filter((problem) => problem.includes("Image failed to load")).length).toBe(projectsWithImages);
  });

  it("the sidebar photo falls back to a placeholder too", async () => {
    const watched = await openWatchedPage(browser, served.origin);
    opened.push(watched);
    const { page, problems } = watched;
    await page.route("**/images/avatar.*", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(served.url);
    await settled(page);
    expect(await page.locator(".avatar-box img").isVisible()).toBe(false);
    expect(await page.locator(".avatar-box .image-placeholder").isVisible()).toBe(true);
    expect(problems.some((problem) => problem.includes("Image failed to load"))).toBe(true);
  });

  it("an island that throws shows 'Unexpected Application Error!' while the rest of the page works", async () => {
    const watched = await openWatchedPage(browser, served.origin);
    opened.push(watched);
    const { page } = watched;
    // The contact form is the island React draws: props that make it throw while rendering, its
    // words but the one for its failure left out.
    await page.route(/\/contact$/, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" data-island-props="[^"]+">)(\{"service".*?)(<\/script>)/,
        (_match, open: string, json: string, close: string) => {
          const props = JSON.parse(json) as { strings: Record<string, unknown> };
          return `${open}${JSON.stringify({ ...props, strings: { "island.failed": props.strings["island.failed"] } })}${close}`;
        },
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${served.url}contact`);
    await reachForIslands(page);
    await page.getByText("Unexpected Application Error!").waitFor();
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await page.evaluate(() => document.body.classList.contains("light-mode"))).toBe(false);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
  });
});

describe("props are serialised safely", () => {
  it("a description holding </script> or <!-- neither breaks the page nor runs", async () => {
    const hostile = await serveSampleSite({
      prepare: (site) =>
        site.write(
          "content/projects/zz-hostile.md",
          '---\ntitle: "</script><script>window.pwned=1</script> <!-- Hostile"\nprojectType: Web App\nclient: "<img src=x onerror=window.pwned=2>"\nlanguages: ["<b>bold</b>"]\nyear: "01/2019"\nfor: Test\ncategory: Web\n---\nText </script><script>window.pwned=3</script> and <!-- a comment opener and `<\\/script>`.\n',
        ),
    });
    const watched = await openWatchedPage(browser, hostile.origin);
    try {
      const { page, problems } = watched;
      await page.goto(`${hostile.url}works`);
      await hydrated(page);
      const title = "</script><script>window.pwned=1</script> <!-- Hostile";
      await page.getByRole("link", { name: title }).click();
      const dialog = page.getByRole("dialog");
      expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe(title);
      expect(await dialog.getByText("<img src=x onerror=window.pwned=2>").isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.locator(".project-card").count()).toBe(10);
      expect(problems).toEqual([]);
    } finally {
      await watched.context.close();
      await hostile.close();
    }
  });
});
