import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openWatchedPage, gotoSettled } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { sampleRoutes } from "../helpers/routes-table.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// The site's own pages, from the routes table.
const { sitePaths, all: sampleTable } = await sampleRoutes();

describe("a site deployed under a sub-path", () => {
  let served: ServedSite;
  beforeAll(async () => {
    served = await serveSampleSite({ base: "/portfolio/" });
  });
  afterAll(async () => {
    await served?.close();
  });

  it("serves under the prefix and nowhere else", async () => {
    expect(served.url).toMatch(/\/portfolio\/$/);
    expect((await fetch(`${served.origin}/resume`)).status).toBe(404);
    expect((await fetch(`${served.url}resume`)).status).toBe(200);
  });

  it.each(sitePaths)("/portfolio/%s loads every asset and island with no error", async (path) => {
    const { page, context, problems, foreignRequests } = await openWatchedPage(browser, served.origin);
    try {
      const failed: string[] = [];
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await gotoSettled(page, served.url + path);
      expect(failed).toEqual([]);
      expect(problems).toEqual([]);
      expect(foreignRequests).toEqual([]);
      const internal = await page.$$eval("a[href^='/'], link[href^='/'], script[src^='/'], img[src^='/']", (elements) =>
        elements.map((element) => element.getAttribute("href") ?? element.getAttribute("src")!),
      );
      expect(internal.filter((url) => !url.startsWith("/portfolio/"))).toEqual([]);
      if (["works", "blogs", "contact"].includes(path)) {
        await page.waitForFunction(() =>
          [...document.querySelectorAll("[data-island]")].every((island) => island.hasAttribute("data-hydrated")),
        );
      }
    } finally {
      await context.close();
    }
  });

  it("the menu, the CV and the dialogs work under the prefix", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin);
    try {
      await gotoSettled(page, served.url);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
      await page.waitForURL(`${served.url}works`);
      await page.locator(".project-open").first().click();
      expect(await page.getByRole("dialog").locator("img").getAttribute("src")).toMatch(/^\/portfolio\/images\//);
      const cv = await page.getByRole("link", { name: "Download CV" }).getAttribute("href");
      expect(cv).toBe("/portfolio/cv/maya-okafor-cv.pdf");
      expect((await fetch(served.origin + cv)).headers.get("content-type")).toContain("application/pdf");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the sitemap, robots.txt, manifest and canonical links follow the prefix", async () => {
    const sitemap = await (await fetch(`${served.url}sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations.slice(0, 5)).toEqual([
      "https://maya-okafor.example/portfolio/",
      "https://maya-okafor.example/portfolio/resume",
      "https://maya-okafor.example/portfolio/works",
      "https://maya-okafor.example/portfolio/blogs",
      "https://maya-okafor.example/portfolio/contact",
    ]);
    // Then a page per project, and the search page last, each of which answers.
    expect(locations.slice(5)).toHaveLength(9 + 1);
    expect(locations.at(-1)).toBe("https://maya-okafor.example/portfolio/search");
    for (const location of locations) {
      expect((await fetch(`${served.origin}${new URL(location).pathname}`)).status, location).toBe(200);
    }
    expect(await (await fetch(`${served.url}robots.txt`)).text()).toContain(
      "Sitemap: https://maya-okafor.example/portfolio/sitemap.xml",
    );
    const manifest = (await (await fetch(`${served.url}manifest.webmanifest`)).json()) as {
      start_url: string;
      icons: Array<{ src: string }>;
    };
    expect(manifest.start_url).toBe("/portfolio/");
    for (const icon of manifest.icons) expect((await fetch(served.origin + icon.src)).status).toBe(200);
    const works = await (await fetch(`${served.url}works`)).text();
    expect(works).toContain('<link rel="canonical" href="https://maya-okafor.example/portfolio/works">');
  });
});

describe("search engines and sharing", () => {
  let served: ServedSite;
  beforeAll(async () => {
    served = await serveSampleSite();
  });
  afterAll(async () => {
    await served?.close();
  });

  it.each(
    sitePaths
      .filter((path) => path !== "about")
      .map((path) => [path, sampleTable.find((route) => route.path === path)!.title]),
  )(
    "/%s has its canonical URL, description, Open Graph and Twitter tags, and the owner as JSON-LD",
    async (path, title) => {
      const { page, context } = await openWatchedPage(browser, served.origin, { javaScriptEnabled: false });
      try {
        await page.goto(served.url + path);
        const content = (selector: string) => page.locator(selector).getAttribute("content");
        expect(await page.title()).toBe(`${title} | Maya Okafor`);
        expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(
          `https://maya-okafor.example/${path}`,
        );
        expect((await content("meta[name=description]"))!.length).toBeGreaterThan(40);
        expect(await content("meta[property='og:title']")).toBe(`${title} | Maya Okafor`);
        expect(await content("meta[property='og:url']")).toBe(`https://maya-okafor.example/${path}`);
        expect(await content("meta[property='og:image']")).toBe("https://maya-okafor.example/images/social-card.jpg");
        expect(await content("meta[name='twitter:card']")).toBe("summary_large_image");
        expect(await page.locator("meta[name=theme-color]").count()).toBe(2);
        expect(await page.locator("meta[name=robots]").count()).toBe(0);
        const person = JSON.parse((await page.locator("script[type='application/ld+json']").textContent())!) as Record<
          string,
          unknown
        >;
        expect(person).toMatchObject({
          "@type": "Person",
          name: "Maya Okafor",
          jobTitle: "Full-Stack Developer",
          email: "mailto:hello@maya-okafor.example",
          image: "https://maya-okafor.example/images/avatar.svg",
        });
        expect(person.sameAs).toEqual([
          "https://github.com/maya-okafor-sample",
          "https://www.linkedin.com/in/maya-okafor-sample",
          "https://wa.me/351912345678",
          "https://www.instagram.com/maya.okafor.sample",
        ]);
        for (const rel of ["icon", "apple-touch-icon", "manifest"]) {
          const href = await page.locator(`link[rel='${rel}']`).getAttribute("href");
          expect((await fetch(new URL(href!, served.url))).status, rel).toBe(200);
        }
      } finally {
        await context.close();
      }
    },
  );

  it("the 404 page is noindex and left out of the sitemap", async () => {
    const html = await (await fetch(`${served.url}missing`)).text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    const sitemap = await (await fetch(`${served.url}sitemap.xml`)).text();
    expect(sitemap).not.toContain("404");
  });
});

describe("a locked-down page", () => {
  let served: ServedSite;
  beforeAll(async () => {
    served = await serveSampleSite({
      prepare: async (site) => {
        await site.write(
          "content/projects/zz-injection.md",
          [
            "---",
            'title: "<b>Bold</b> <img src=x onerror=window.pwned=1> Title"',
            "projectType: Web App",
            'client: "<script>window.pwned=2</script>"',
            "languages: [TypeScript]",
            'year: "01/2018"',
            "for: Test",
            "category: Web",
            "---",
            "Before <script>window.pwned=3</script> after.",
            "",
            '<a href="javascript:window.pwned=4">a javascript link</a> and <img src="images/avatar.svg" onerror="window.pwned=5"> and <iframe src="https://example.com"></iframe>',
            "",
            "[markdown javascript link](javascript:window.pwned=6)",
          ].join("\n"),
        );
      },
    });
  });
  afterAll(async () => {
    await served?.close();
  });

  it("states a Content-Security-Policy that allows only the site itself and EmailJS", async () => {
    const html = await (await fetch(`${served.url}contact`)).text();
    const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)![1]!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy).not.toContain("unsafe-inline");
    // The stylesheet, and by its hash the one inline rule: the opt-in to view transitions.
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(policy).toContain("connect-src 'self' https://api.emailjs.com;");
  });

  it.each(sitePaths.filter((path) => path !== "about"))("/%s runs with no CSP violation", async (path) => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin);
    try {
      const violations: string[] = [];
      await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (event) =>
          (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
            `${event.violatedDirective} ${event.blockedURI}`,
          ),
        ),
      );
      await gotoSettled(page, served.url + path);
      await page.getByRole("button", { name: "Dark theme" }).click();
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("content with markup shows as text, and nothing in it runs", async () => {
    const { page, context, problems } = await openWatchedPage(browser, served.origin);
    try {
      await gotoSettled(page, `${served.url}works`);
      const title = "<b>Bold</b> <img src=x onerror=window.pwned=1> Title";
      await page.getByRole("link", { name: title }).click();
      const dialog = page.getByRole("dialog");
      expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe(title);
      expect(await dialog.getByText("<script>window.pwned=2</script>").isVisible()).toBe(true);
      // The description comes from the project's page: wait until it has arrived.
      const description = dialog.locator(".modal-text:not([aria-busy])");
      await description.waitFor();
      expect(await description.textContent()).toContain("Before  after.");
      expect(await description.locator("script, iframe, img[onerror], [onerror]").count()).toBe(0);
      expect(await description.locator("a[href^='javascript']").count()).toBe(0);
      for (const link of await description.locator("a").all()) await link.click({ force: true }).catch(() => undefined);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(problems.filter((problem) => !problem.includes("Image failed to load"))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a javascript: URL as a project link is refused at build time, naming the file and field", async () => {
    const { buildSite } = await import("../../src/pipeline/build-site.js");
    await served.site.write(
      "content/projects/zz-injection.md",
      (await served.site.read("content/projects/zz-injection.md")).replace(
        "category: Web",
        'category: Web\npreview: "javascript:alert(1)"',
      ),
    );
    const error = await buildSite({ cwd: served.site.root, env: {} }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message).toContain("content/projects/zz-injection.md");
    expect(error?.message).toContain("preview: expected an http(s) URL");
  });
});

describe("printing the Resume", () => {
  let served: ServedSite;
  beforeAll(async () => {
    served = await serveSampleSite();
  });
  afterAll(async () => {
    await served?.close();
  });

  it("gives one clean column without menu, buttons or sidebar chrome", async () => {
    const { page, context } = await openWatchedPage(browser, served.origin, { viewport: { width: 1280, height: 900 } });
    try {
      await gotoSettled(page, `${served.url}resume`);
      await page.emulateMedia({ media: "print" });
      for (const hidden of [
        ".navbar",
        ".theme-toggle",
        ".cv-button",
        ".social-list",
        ".sidebar-more-button",
        ".skip-link",
        ".site-footer",
      ]) {
        expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
      }
      expect(await page.getByText("hello@maya-okafor.example").first().isVisible()).toBe(true);
      const sidebar = await page.locator(".sidebar").boundingBox();
      const main = await page.locator(".main-content").boundingBox();
      expect(main!.y).toBeGreaterThan(sidebar!.y + sidebar!.height - 1);
      expect(main!.width).toBeGreaterThan(1000);
      const pdf = await page.pdf({ format: "A4" });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    } finally {
      await context.close();
    }
  });
});
