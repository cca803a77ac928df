import { writeFileSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../../src/pipeline/build-site.js";
import { listFiles } from "../../src/pipeline/list-files.js";
import { startDevServer, type DevServer } from "../../src/dev/dev-server.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, settled } from "../helpers/browser.js";
import { fingerprint } from "../helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "../helpers/sample-site.js";
import { papersBib } from "../fixtures/publications.js";

let browser: Browser;
let site: SiteCopy;
let dev: DevServer;
let builds: Array<"ok" | "error">;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
  builds = [];
  dev = await startDevServer({
    cwd: site.root,
    env: {},
    port: 0,
    host: "127.0.0.1",
    onBuild: (outcome) => builds.push("error" in outcome ? "error" : "ok"),
  });
});
afterEach(async () => {
  await dev?.close();
  await site?.remove();
});

async function open(path = "", options: Parameters<typeof openWatchedPage>[2] = {}) {
  const watched = await openWatchedPage(browser, new URL(dev.url).origin, options);
  await watched.page.goto(dev.url + path);
  // The page listens for the dev server's events once its script has connected.
  await watched.page.locator('html[data-portfolio-dev="connected"]').waitFor({ state: "attached" });
  return watched;
}

const about = () => site.read("content/about.md");

async function firstOtherProject(): Promise<string> {
  const { readdir } = await import("node:fs/promises");
  return (await readdir(path.join(site.root, "content", "other-projects")))
    .filter((name) => name.endsWith(".md"))
    .sort()[0]!;
}

describe("portfolio dev", () => {
  it("sends cache headers per kind of file: hashed assets for a year, pages and files of public/ asked for again", async () => {
    const html = await (await fetch(`${dev.url}works`)).text();
    const stylesheet = /href="(\/assets\/site-[^"]+\.css)"/.exec(html)![1]!;
    const expectations: Array<[string, string]> = [
      [new URL(stylesheet, dev.url).href, "public, max-age=31536000, immutable"],
      [`${dev.url}works`, "no-store"],
      [`${dev.url}images/avatar.svg`, "no-cache"],
      [`${dev.url}sitemap.xml`, "no-cache"],
    ];
    for (const [url, expected] of expectations) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toBe(expected);
    }
  });

  it("updates an open page after a content edit, without a manual reload, keeping its scroll position", async () => {
    const { page, context, problems } = await open("resume", { viewport: { width: 1280, height: 600 } });
    try {
      await page.evaluate(() => scrollTo(0, 500));
      await site.write(
        "content/resume/education/01-msc-data-science.md",
        (await site.read("content/resume/education/01-msc-data-science.md")).replace(
          /\n---\n/,
          "\n---\nFreshly saved words.\n",
        ),
      );
      await page.getByText("Freshly saved words.").waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => scrollY > 400);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("takes a content edit into the open page without reloading it, leaving what the page's scripts did alone", async () => {
    // Without transitions, as in the other accessibility checks: axe read the menu's link mid-fade
    // to the light theme once (a colour transition of 0.2 s) and found it short of contrast.
    const { page, context, problems } = await open("", {
      viewport: { width: 1280, height: 800 },
      reducedMotion: "reduce",
    });
    try {
      const toggle = page.locator("[data-theme-toggle]").first();
      await toggle.click();
      await page.locator("html.theme-dark").waitFor({ state: "attached" });
      await toggle.focus();
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      const good = await about();
      const stillOpen = async () => {
        expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
        // The theme the visitor chose, the toggle's state and its focus are as the visitor left them.
        expect(await page.locator("html.theme-dark").count()).toBe(1);
        expect(await toggle.getAttribute("aria-pressed")).toBe("true");
        expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-theme-toggle"))).toBe(true);
      };

      await site.write("content/about.md", good.replace(/\n---\n/, "\n---\nSaved in place.\n"));
      await page.getByText("Saved in place.").waitFor({ timeout: 15_000 });
      await stillOpen();
      // The page's copy of what was served moved on with it: a second edit is taken in too.
      await site.write("content/about.md", good.replace(/\n---\n/, "\n---\nSaved in place again.\n"));
      await page.getByText("Saved in place again.").waitFor({ timeout: 15_000 });
      await stillOpen();
      expect(await page.getByText("Saved in place.", { exact: true }).count()).toBe(0);
      // The toggle still answers: its listener was not lost with its element.
      await toggle.click();
      await page.locator("html:not(.theme-dark)").waitFor({ state: "attached" });
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("reloads the page when an island on it changes, which fresh markup cannot bring to life", async () => {
    const { page, context, problems } = await open("works");
    try {
      await settled(page);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      // A project's card is in the list's island (the other projects below it are plain markup).
      const file = "content/projects/fleetwise.md";
      await site.write(file, (await site.read(file)).replace(/^title: .*$/m, "title: Retitled while open"));
      await page.getByText("Retitled while open").first().waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
      // The island came back to life with the page: its cards open their dialogs again.
      await settled(page);
      const card = page.locator(".project-open").first();
      await card.click();
      await page.getByRole("dialog", { name: (await card.textContent())! }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps an open dialog open across the reload", async () => {
    const { page, context, problems } = await open("works");
    try {
      const card = page.locator(".project-open").first();
      const title = (await card.textContent())!;
      const href = (await card.getAttribute("href"))!;
      await card.click();
      await page.getByRole("dialog", { name: title }).waitFor();
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await site.write(
        `content/other-projects/${await firstOtherProject()}`,
        `${await site.read(`content/other-projects/${await firstOtherProject()}`)}\nEdited while a dialog was open.\n`,
      );
      await page.waitForFunction(() => !(window as unknown as { notReloaded?: boolean }).notReloaded, undefined, {
        timeout: 15_000,
      });
      await page.getByRole("dialog", { name: title }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(href);
      // Closing it returns to the list, as before the reload.
      await page.getByRole("dialog", { name: title }).getByRole("button", { name: "Close" }).click();
      await page.waitForURL(`${dev.url}works`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("swaps the stylesheet after a CSS-only edit, without reloading the page", async () => {
    const { page, context, problems } = await open();
    try {
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await site.write("templates/site.css", ".sidebar .name { color: rgb(1, 2, 3); }\n");
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector(".sidebar .name")!).color === "rgb(1, 2, 3)",
        undefined,
        { timeout: 15_000 },
      );
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await page.locator('link[rel="stylesheet"][href^="/assets/site-"]').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(["light", "dark"] as const)(
    "shows a broken file over the last good page (%s theme), and fixing it removes the overlay",
    async (theme) => {
      const { page, context } = await open("", { reducedMotion: "reduce" });
      try {
        if (theme === "dark") {
          await page.evaluate(() => localStorage.setItem("portfolio-theme", "dark"));
          await page.reload();
          await page.locator('html[data-portfolio-dev="connected"]').waitFor({ state: "attached" });
        }
        const good = await about();
        const heading = await page.locator("main h1").first().innerText();
        await site.write("content/about.md", good.replace(/^---\n/, "---\ntitle: [unclosed\n"));
        const overlay = page.getByRole("dialog", { name: "Content files have invalid fields" });
        await overlay.waitFor({ timeout: 15_000 });
        const message = await overlay.locator("pre").innerText();
        expect(message).toContain("content/about.md is not valid:");
        expect(message).toContain("front matter: is not valid YAML");
        expect(message).toContain("Hint:");
        // The last good page is still there under the overlay.
        expect(await page.locator("main h1").first().innerText()).toBe(heading);
        expect(await violations(page)).toEqual([]);

        await site.write("content/about.md", good.replace(/\n---\n/, "\n---\nFixed and saved.\n"));
        await page.getByText("Fixed and saved.").waitFor({ timeout: 15_000 });
        expect(await page.getByRole("dialog").count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );

  it("shows the error to a page opened while the build is broken", async () => {
    await site.write(
      "content/blog/bad.md",
      "---\ntitle: Bad\nauthor: Me\ndate: 2025-02-30\ncategory: AI\n---\nText.\n",
    );
    await dev.settled();
    const { page, context } = await open("contact");
    try {
      const overlay = page.getByRole("dialog");
      await overlay.waitFor({ timeout: 15_000 });
      expect(await overlay.innerText()).toContain("content/blog/bad.md");
      expect(await overlay.innerText()).toContain("date");
    } finally {
      await context.close();
    }
  });

  it("turns rapid saves into one rebuild, and serves a whole site throughout", async () => {
    await dev.settled();
    const before = builds.length;
    const text = await about();
    // Six saves in one burst, as an editor's save-all or a formatter makes them (no await between them:
    // on a loaded machine awaited writes can drift apart by more than the watcher's quiet time).
    for (let index = 0; index < 6; index++)
      writeFileSync(path.join(site.root, "content/about.md"), `${text}\nSave ${index}.\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await dev.settled();
    expect(builds.length - before).toBeLessThanOrEqual(2);
    expect(builds.at(-1)).toBe("ok");
    const response = await fetch(dev.url);
    expect(await response.text()).toContain("Save 5.");
  });

  it("takes a save of the .bib, as a reference manager writes it, into the open publication's page without a reload", async () => {
    await dev.settled();
    await site.write("content/publications/papers.bib", papersBib);
    await expect
      .poll(async () => (await fetch(`${dev.url}publications/okafor2019volume`)).status, { timeout: 15_000 })
      .toBe(200);
    // Pagefind's index of the new entries is made after the build that showed them, and a build then brings it in:
    // a build landing while the page loads leaves its script nothing to compare with, and it reloads.
    for (let count = -1; count !== builds.length; ) {
      count = builds.length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await dev.settled();
    }
    const { page, context, problems } = await open("publications/okafor2019volume");
    try {
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await site.write(
        "content/publications/papers.bib",
        papersBib.replace("Sorting, Revisited", "Sorting, Saved Again"),
      );
      await page.getByRole("heading", { level: 1, name: "Sorting, Saved Again" }).waitFor({ timeout: 15_000 });
      // Taken in place: the head's JSON-LD and the BibTeX block (a copy button not yet come to life) with it.
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await page.locator('script[type="application/ld+json"]').textContent()).toContain("Sorting, Saved Again");
      const bibtex = page.locator("pre[data-island] code");
      expect(await bibtex.textContent()).toContain("title = {Sorting, Saved Again}");
      // The block still comes to life at the visitor's reach, and copies the saved text.
      await page.locator("details.publication-details > summary").click();
      await bibtex.hover();
      await page.locator(".code-copy").waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("writes the caches a save changed once its build is done, before the next build", async () => {
    await dev.settled();
    const contentCache = path.join(site.root, ".portfolio", "cache", "content.bin");
    const before = (await stat(contentCache)).mtimeMs;
    const built = builds.length;
    await site.write("content/about.md", `${await about()}\nA save the content cache must keep.\n`);
    await expect.poll(() => builds.length, { timeout: 15_000 }).toBeGreaterThan(built);
    await dev.settled();
    expect((await stat(contentCache)).mtimeMs).toBeGreaterThan(before);
    expect(builds.at(-1)).toBe("ok");
  });

  /** After `dev.close()` resolves, nothing more is built or written, for a while longer than a build takes. */
  async function expectQuietAfterClose(): Promise<void> {
    await dev.close();
    const closed = builds.length;
    const portfolioFolder = path.join(site.root, ".portfolio");
    const atClose = await fingerprint(portfolioFolder);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await fingerprint(portfolioFolder)).toBe(atClose);
    expect(builds.length).toBe(closed);
  }

  it("closes without building a save it had seen but not yet built", async () => {
    await dev.settled();
    await site.write("content/about.md", `${await about()}\nSaved just before closing.\n`);
    // Until the watcher has seen the save: a rebuild is then due, after the watcher's quiet time.
    for (;;) {
      const state = await Promise.race([
        dev.settled().then(() => "idle"),
        new Promise((resolve) => setTimeout(() => resolve("due"), 0)),
      ]);
      if (state === "due") break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await expectQuietAfterClose();
  });

  it("closes only once the search index it was making is written", async () => {
    // A save that changes what search finds: the page shows at once, and Pagefind goes on after.
    const project = "content/projects/fleetwise.md";
    await site.write(project, `${await site.read(project)}\nQuokkas are the word of this test.\n`);
    await expect
      .poll(async () => (await (await fetch(`${dev.url}works/fleetwise`)).text()).includes("Quokkas"), {
        timeout: 15_000,
        interval: 5,
      })
      .toBe(true);
    await expectQuietAfterClose();
  });
});

describe("portfolio dev started on a broken site", () => {
  it("picks up a new, changed and deleted component override on save", async () => {
    const { page, context, problems } = await open("works");
    const card = (label: string) =>
      `import { ProjectCard as Original, type ProjectCardProps } from "portfolio-ssg/components";\n\nexport function ProjectCard(props: ProjectCardProps) {\n  return (\n    <>\n      <p className="badge">${label}</p>\n      <Original {...props} />\n    </>\n  );\n}\n`;
    try {
      await site.write("components/ProjectCard.tsx", card("First badge"));
      await page.getByText("First badge").first().waitFor({ timeout: 15_000 });
      await site.write("components/ProjectCard.tsx", card("Second badge"));
      await page.getByText("Second badge").first().waitFor({ timeout: 15_000 });
      await rm(path.join(site.root, "components", "ProjectCard.tsx"));
      await page.waitForFunction(() => !document.querySelector(".badge"), undefined, { timeout: 15_000 });
      expect(await page.locator(".project-card").count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("serves a page with the error, and the site once the file is fixed", async () => {
    const copy = await copySampleSite();
    const good = await copy.read("content/about.md");
    await copy.write("content/about.md", good.replace(/^---\n/, "---\ntitle: [unclosed\n"));
    const server = await startDevServer({ cwd: copy.root, env: {}, port: 0, host: "127.0.0.1", onBuild: () => {} });
    const { page, context } = await openWatchedPage(browser, new URL(server.url).origin);
    try {
      await page.goto(server.url);
      const overlay = page.getByRole("dialog");
      await overlay.waitFor({ timeout: 15_000 });
      expect(await overlay.innerText()).toContain("content/about.md is not valid:");
      await copy.write("content/about.md", good.replace(/\n---\n/, "\n---\nBuilt at last.\n"));
      await page.getByText("Built at last.").waitFor({ timeout: 15_000 });
      expect(await page.getByRole("dialog").count()).toBe(0);
    } finally {
      await context.close();
      await server.close();
      await copy.remove();
    }
  });
});

describe("portfolio build", () => {
  it("has none of the dev server's script in its output", async () => {
    const copy = await copySampleSite();
    try {
      const result = await buildSite({ cwd: copy.root, env: {} });
      for (const file of (await listFiles(result.outDir)).filter((name) => /\.(html|js)$/.test(name))) {
        expect(await readFile(path.join(result.outDir, file), "utf8"), file).not.toContain("__portfolio");
      }
    } finally {
      await copy.remove();
    }
  });
});
