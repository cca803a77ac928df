import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../../src/pipeline/build-site.js";
import { violations } from "../helpers/axe.js";
import { launchChromium, openWatchedPage, settled, type WatchedPage } from "../helpers/browser.js";
import { sampleRepositories, startFakeGitHub, type FakeGitHub } from "../helpers/fake-github.js";
import { copySampleSite, type SiteCopy } from "../helpers/sample-site.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";

// The integrations as a visitor's browser meets them, every third-party host stubbed in the
// browser: giscus's frame, and each analytics service's script and endpoint. Chromium enforces
// each page's policy before a request reaches the stubs, so a source missing from the policy shows
// as a violation and a request that never happens.

const giscus = "https://giscus.app";
const plausible = "https://plausible.io";

const post = (title: string, date: string) =>
  `---\ntitle: ${title}\nauthor: Maya Okafor\ndate: ${date}\ncategory: Programming\ntags: [testing]\n---\n\n${Array.from(
    { length: 14 },
    (_, index) =>
      `Paragraph ${index + 1} of a post long enough that its comments start well below the first screen of a phone, where a visitor reaches them only by reading on.`,
  ).join("\n\n")}\n`;

const settings = {
  github: `github: { user: "maya-okafor-sample", count: 3 },`,
  comments: `comments: { giscus: { repo: "maya-okafor-sample/site", repoId: "R_kgDOtest", category: "Comments", categoryId: "DIC_kwDOtest" } },`,
  plausible: `analytics: { plausible: { domain: "maya.example" } },`,
  umami: `analytics: { umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f" } },`,
  goatcounter: `analytics: { goatcounter: { endpoint: "https://maya.goatcounter.com/count" } },`,
};

async function configure(site: SiteCopy, ...lines: string[]): Promise<void> {
  const config = (await site.read("portfolio.config.ts")).replace(/\n {2}(github|comments|analytics): [^\n]*\n/g, "\n");
  await site.write("portfolio.config.ts", config.replace(/\n\}\);\s*$/, `\n  ${lines.join("\n  ")}\n});\n`));
}

async function addPosts(site: SiteCopy): Promise<void> {
  await site.write("content/blog/first-post.md", post("First post", "2026-03-01"));
  await site.write("content/blog/second-post.md", post("Second post", "2026-04-01"));
}

/** The policy of a page, by directive. */
function policyOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  if (!content) throw new Error("the page has no policy");
  return new Map(
    content.split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** What a policy adds to another: the sources of each directive that the other lacks. */
function added(policy: Map<string, string[]>, base: Map<string, string[]>): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, sources] of policy) {
    const more = sources.filter((source) => !(base.get(name) ?? []).includes(source));
    if (more.length || !base.has(name)) result[name] = more;
  }
  for (const name of base.keys()) if (!policy.has(name)) result[name] = ["(removed)"];
  return result;
}

async function htmlFiles(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true }))
    .filter((file) => file.endsWith(".html") && !file.startsWith("pagefind"))
    .sort();
}

/** Third-party traffic as the page sent it, answered by stubs that behave as the services' own code does. */
interface Traffic {
  widgets: string[];
  scripts: string[];
  events: string[];
}

/** Stubs giscus and the analytics services for one page; the page's own policy decides what reaches them. */
async function stubThirdParties(page: Page): Promise<Traffic> {
  const traffic: Traffic = { widgets: [], scripts: [], events: [] };
  const event = (route: Route) => {
    traffic.events.push(route.request().url());
    return route.fulfill({ status: 202, body: "ok" });
  };
  const script = (body: string) => (route: Route) => {
    traffic.scripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body });
  };
  await page.route(`${giscus}/**`, (route) => {
    traffic.widgets.push(route.request().url());
    // giscus's frame tells the page its height, as the real one does once it has drawn.
    return route.fulfill({
      status: 200,
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>giscus</title><p>The discussion</p><script>parent.postMessage({ giscus: { resizeHeight: 321 } }, "*")</script>`,
    });
  });
  await page.route(
    `${plausible}/js/script.js`,
    script(
      `(() => { const s = document.currentScript; fetch(s.getAttribute("data-api"), { method: "POST", keepalive: true, body: JSON.stringify({ n: "pageview", d: s.getAttribute("data-domain"), u: location.href }) }); })();`,
    ),
  );
  await page.route(`${plausible}/api/event`, event);
  await page.route(
    "https://cloud.umami.is/script.js",
    script(
      `(() => { const s = document.currentScript; fetch(s.getAttribute("data-host-url") + "/api/send", { method: "POST", keepalive: true, body: JSON.stringify({ type: "event", payload: { website: s.getAttribute("data-website-id") } }) }); })();`,
    ),
  );
  await page.route("https://gateway.umami.is/api/send", event);
  await page.route(
    "https://gc.zgo.at/count.js",
    script(
      `(() => { const s = document.currentScript; navigator.sendBeacon(s.getAttribute("data-goatcounter") + "?p=" + encodeURIComponent(location.pathname)); })();`,
    ),
  );
  await page.route("https://maya.goatcounter.com/count**", event);
  return traffic;
}

/** Records every policy violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/** Serves the page with its policy changed, to show that each source the integrations added is needed. */
async function withPolicy(page: Page, url: string, change: (policy: string) => string): Promise<void> {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)/,
      (_match, start: string, policy: string, end: string) => `${start}${change(policy)}${end}`,
    );
    await route.fulfill({ response, body: html });
  });
}

let browser: Browser;
let github: FakeGitHub;
let served: ServedSite;
let plain: SiteCopy;
const open: WatchedPage[] = [];

async function visit(url: string, options: Parameters<typeof openWatchedPage>[2] = {}) {
  const watched = await openWatchedPage(browser, served.origin, options);
  open.push(watched);
  const traffic = await stubThirdParties(watched.page);
  const policyViolations = await watchViolations(watched.page);
  // Requests to other hosts that no stub answered.
  const unstubbedRequests = () =>
    watched.foreignRequests.filter(
      (request) => ![...traffic.widgets, ...traffic.scripts, ...traffic.events].includes(request),
    );
  return { ...watched, traffic, policyViolations, unstubbedRequests, url };
}

beforeAll(async () => {
  browser = await launchChromium();
  github = await startFakeGitHub({ user: "maya-okafor-sample", repositories: sampleRepositories });
  const env = { GITHUB_API_URL: github.url };
  // The same site without integrations, built alongside: the policy every page had before.
  plain = await copySampleSite({ warmCache: true });
  await addPosts(plain);
  [served] = await Promise.all([
    serveSampleSite({
      env,
      prepare: async (site) => {
        await addPosts(site);
        await configure(site, settings.github, settings.comments, settings.plausible);
      },
    }),
    buildSite({ cwd: plain.root, env: {} }),
  ]);
});
afterAll(async () => {
  for (const watched of open) await watched.context.close();
  await served?.close();
  await plain?.remove();
  await github?.stop();
  await browser?.close();
});

describe("each page's policy", () => {
  it("adds giscus's frame on post pages, the analytics host to scripts and connections on every page, and nothing else", async () => {
    const files = await htmlFiles(served.build.outDir);
    expect(files).toEqual(await htmlFiles(path.join(plain.root, "dist")));
    const withComments: string[] = [];
    for (const file of files) {
      const html = await readFile(path.join(served.build.outDir, file), "utf8");
      const before = policyOf(await readFile(path.join(plain.root, "dist", file), "utf8"));
      const comments = html.includes('data-island="Comments"');
      if (comments) withComments.push(file);
      expect(added(policyOf(html), before), file).toEqual({
        "script-src": [plausible],
        "connect-src": [plausible],
        ...(comments ? { "frame-src": [giscus] } : {}),
      });
    }
    expect(withComments).toEqual(["blogs/first-post.html", "blogs/second-post.html"]);
  });

  it("is the default site's, with no integration configured", async () => {
    for (const file of await htmlFiles(path.join(plain.root, "dist"))) {
      const html = await readFile(path.join(plain.root, "dist", file), "utf8");
      const policy = policyOf(html);
      expect(policy.has("frame-src"), file).toBe(false);
      expect(policy.get("connect-src"), file).toEqual(["'self'", "https://api.emailjs.com"]);
      expect(
        policy.get("script-src")!.filter((source) => !source.startsWith("'")),
        file,
      ).toEqual([]);
      expect(html, file).not.toMatch(/data-analytics|giscus|repository-/);
    }
  });
});

describe("comments with giscus", () => {
  it("load only when the visitor reaches them, in the site's theme, with no policy violation", async () => {
    const { page, traffic, problems, policyViolations, unstubbedRequests } = await visit(
      `${served.url}blogs/first-post`,
      { viewport: { width: 320, height: 640 } },
    );
    await page.goto(`${served.url}blogs/first-post`);
    await settled(page);
    await page.waitForTimeout(500);
    // The island is live, its button shown, but nothing was asked of giscus before the visitor got there.
    await expect.poll(() => page.locator("[data-comments-show]").isVisible()).toBe(true);
    expect(traffic.widgets).toEqual([]);
    await page.locator("#comments-heading").scrollIntoViewIfNeeded();
    await expect.poll(() => traffic.widgets.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const widget = new URL(traffic.widgets[0]!);
    expect(widget.pathname).toBe("/en/widget");
    expect(Object.fromEntries(widget.searchParams)).toMatchObject({
      repo: "maya-okafor-sample/site",
      repoId: "R_kgDOtest",
      category: "Comments",
      categoryId: "DIC_kwDOtest",
      term: "blogs/first-post",
      strict: "1",
      theme: "light",
    });
    // giscus's frame sized itself from the frame's message; its button is gone.
    await expect
      .poll(() =>
        page.locator("giscus-widget").evaluate((element) => element.shadowRoot?.querySelector("iframe")?.style.height),
      )
      .toBe("321px");
    expect(await page.locator("[data-comments-show]").isVisible()).toBe(false);
    // The frame follows the site's theme.
    await page.locator("[data-theme-toggle]").first().click();
    await expect.poll(() => page.locator("giscus-widget").getAttribute("theme")).toBe("dark");
    expect(await policyViolations()).toEqual([]);
    expect(problems).toEqual([]);
    expect(unstubbedRequests()).toEqual([]);
  });

  it("load on a click of the button, which hands the focus to them", async () => {
    const { page, traffic, policyViolations } = await visit(`${served.url}blogs/second-post`);
    // Without IntersectionObserver only the button can load them.
    await page.addInitScript(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    await page.goto(`${served.url}blogs/second-post`);
    await settled(page);
    const button = page.getByRole("button", { name: "Show the comments" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => traffic.widgets.length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-comments-widget")))
      .toBe(true);
    expect(await policyViolations()).toEqual([]);
  });

  it("are a link to the discussion without JavaScript, and giscus is never asked", async () => {
    const { page, traffic } = await visit(`${served.url}blogs/first-post`, { javaScriptEnabled: false });
    await page.goto(`${served.url}blogs/first-post`);
    await page.locator("#comments-heading").scrollIntoViewIfNeeded();
    const link = page.getByRole("link", { name: "Join the discussion on GitHub" });
    const href = new URL((await link.getAttribute("href"))!);
    expect(`${href.origin}${href.pathname}`).toBe("https://github.com/search");
    expect(href.searchParams.get("q")).toBe('repo:maya-okafor-sample/site in:title "blogs/first-post"');
    expect(href.searchParams.get("type")).toBe("discussions");
    expect(await page.locator("[data-comments-show]").isVisible()).toBe(false);
    await page.waitForTimeout(300);
    expect(traffic).toEqual({ widgets: [], scripts: [], events: [] });
  });

  it("need every source they added: without giscus in frame-src the frame is refused", async () => {
    const url = `${served.url}blogs/first-post`;
    const { page, traffic, policyViolations } = await visit(url);
    await withPolicy(page, url, (policy) => policy.replace(/; frame-src [^;]*/, "; frame-src 'none'"));
    await page.goto(url);
    await settled(page);
    await page.locator("#comments-heading").scrollIntoViewIfNeeded();
    await expect
      .poll(() => policyViolations(), { timeout: 10_000 })
      .toContainEqual(expect.stringMatching(/^frame-src https:\/\/giscus\.app/));
    expect(traffic.widgets).toEqual([]);
  });
});

describe("analytics", () => {
  it("Plausible's script comes after the page is idle and counts the visit, with no violation", async () => {
    const { page, traffic, policyViolations, problems } = await visit(`${served.url}about`);
    await page.goto(`${served.url}about`);
    await expect.poll(() => traffic.events.length, { timeout: 10_000 }).toBe(1);
    expect(traffic.scripts).toEqual([`${plausible}/js/script.js`]);
    expect(traffic.events).toEqual([`${plausible}/api/event`]);
    // Added after the load event: never in the way of the page itself.
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const script = performance.getEntriesByName("https://plausible.io/js/script.js")[0];
      return { loaded: navigation.loadEventEnd, requested: script?.startTime ?? -1 };
    });
    expect(timing.requested).toBeGreaterThanOrEqual(timing.loaded);
    expect(await page.evaluate(() => document.cookie)).toBe("");
    expect(await policyViolations()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it.each([
    ["script-src", /^script-src-elem https:\/\/plausible\.io\/js\/script\.js/, "scripts"],
    ["connect-src", /^connect-src https:\/\/plausible\.io\/api\/event/, "events"],
  ] as const)(
    "needs every source it added: without Plausible in %s it is refused",
    async (directive, violation, missing) => {
      const url = `${served.url}about`;
      const { page, traffic, policyViolations } = await visit(url);
      await withPolicy(page, url, (policy) =>
        policy.replace(new RegExp(`(${directive} [^;]*) ${plausible.replaceAll(".", "\\.")}`), "$1"),
      );
      await page.goto(url);
      await expect.poll(() => policyViolations(), { timeout: 10_000 }).toContainEqual(expect.stringMatching(violation));
      expect(traffic[missing]).toEqual([]);
    },
  );

  it.each([
    ["umami", "https://cloud.umami.is/script.js", "https://gateway.umami.is/api/send"],
    ["goatcounter", "https://gc.zgo.at/count.js", "https://maya.goatcounter.com/count?p=%2Fabout"],
  ] as const)(
    "%s's script counts the visit, its policy allowing exactly its hosts",
    async (service, scriptUrl, eventUrl) => {
      await configure(served.site, settings.github, settings.comments, settings[service]);
      const rebuilt = await buildSite({ cwd: served.site.root, env: { GITHUB_API_URL: github.url } });
      const html = await readFile(path.join(rebuilt.outDir, "about.html"), "utf8");
      const before = policyOf(await readFile(path.join(plain.root, "dist", "about.html"), "utf8"));
      const scriptOrigin = new URL(scriptUrl).origin;
      const eventOrigin = new URL(eventUrl).origin;
      expect(added(policyOf(html), before)).toEqual({ "script-src": [scriptOrigin], "connect-src": [eventOrigin] });
      const { page, traffic, policyViolations } = await visit(`${served.url}about`);
      await page.goto(`${served.url}about`);
      await expect.poll(() => traffic.events.length, { timeout: 10_000 }).toBe(1);
      expect(traffic.scripts).toEqual([scriptUrl]);
      expect(traffic.events).toEqual([eventUrl]);
      expect(await policyViolations()).toEqual([]);
    },
  );
});

describe("the integrations' pages, for everyone", () => {
  beforeAll(async () => {
    await configure(served.site, settings.github, settings.comments, settings.plausible);
    await buildSite({ cwd: served.site.root, env: { GITHUB_API_URL: github.url } });
  });

  it.each(["light", "dark"] as const)(
    "/works with GitHub's cards and a post with comments are axe clean (%s)",
    async (theme) => {
      // The project page's figures are the cards' own component (components/Repositories.tsx).
      for (const pagePath of ["works", "blogs/first-post"]) {
        const { page } = await visit(`${served.url}${pagePath}`, { theme });
        await page.goto(`${served.url}${pagePath}`);
        await settled(page);
        if (pagePath.startsWith("blogs/")) {
          await page.locator("#comments-heading").scrollIntoViewIfNeeded();
          await page.locator("giscus-widget").waitFor({ state: "attached" });
        } else await page.locator(".repository-figures").first().waitFor();
        expect(await violations(page), `${pagePath} (${theme})`).toEqual([]);
      }
    },
  );
});
