import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { addFixturePosts } from "./fixtures/posts.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
let result: BuildResult;
const page = (file: string) => readFile(path.join(result.outDir, file), "utf8");
const jsonLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as Record<string, unknown>;

beforeAll(async () => {
  site = await copySampleSite();
  await addFixturePosts(site);
  result = await buildSite({ cwd: site.root, env: {}, base: "/portfolio/" });
});
afterAll(async () => {
  await site.remove();
});

describe("a page for every project and post", () => {
  it("writes each as real files, at /works/<slug> and /blogs/<slug>", () => {
    for (const slug of [
      "fleetwise",
      "sitelog",
      "receiptlens",
      "mercado-fresco",
      "shelfcast",
      "soilsense",
      "movewell",
      "turma",
      "tasca-reservas",
    ]) {
      expect(existsSync(path.join(result.outDir, "works", `${slug}.html`)), slug).toBe(true);
    }
    for (const slug of ["offline-first", "small-models", "contrast"])
      expect(existsSync(path.join(result.outDir, "blogs", `${slug}.html`)), slug).toBe(true);
  });

  it("gives a project page every field, its own head tags and a CreativeWork", async () => {
    const html = await page("works/fleetwise.html");
    expect(html).toContain("<title>FleetWise | Maya Okafor</title>");
    expect(html).toMatch(/<h1 class="article-title">FleetWise<\/h1>/);
    for (const text of [
      "09/2024",
      "Nordlys Digital",
      "Rota Verde Logistics",
      "Web Application",
      "TypeScript, React, Node.js, PostgreSQL, PostGIS",
      ">Features<",
      ">Technical highlights<",
      ">Key components<",
      "Live map of 120 delivery vans",
      "A fleet-management dashboard",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain('<link rel="canonical" href="https://maya-okafor.example/portfolio/works/fleetwise">');
    // Its SVG screenshot becomes a 1200×630 PNG share card, under the base path.
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/maya-okafor\.example\/portfolio\/assets\/images\/fleetwise-share-[A-Za-z0-9]{8}\.png">/,
    );
    expect(html).toContain(
      '<meta name="description" content="A fleet-management dashboard for a regional logistics company.',
    );
    expect(jsonLd(html)).toMatchObject({
      "@type": "CreativeWork",
      name: "FleetWise",
      url: "https://maya-okafor.example/portfolio/works/fleetwise",
      creator: { "@type": "Person", name: "Maya Okafor" },
    });
    expect(html).toContain('href="/portfolio/works"');
    expect(html).toMatch(/class="item-pager-link previous" href="\/portfolio\/works\/sitelog"/);
    expect(html).toMatch(/class="item-pager-link next" href="\/portfolio\/works\/receiptlens"/);
  });

  it("gives a post page its byline, reading time, image, body and a BlogPosting", async () => {
    const html = await page("blogs/offline-first.html");
    expect(html).toContain("<title>Shipping an offline-first React Native app | Maya Okafor</title>");
    expect(html).toMatch(
      /<p class="post-meta"><span>Maya Okafor<\/span><time dateTime="2025-01-31">Jan 31, 2025<\/time><span>Programming<\/span><span>1 min read<\/span><\/p>/,
    );
    expect(html).toContain('src="/portfolio/images/projects/fleetwise.svg"');
    expect(html).toContain('<h2 id="why-offline-first">Why offline-first</h2>');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="article:published_time" content="2025-01-31">');
    expect(jsonLd(html)).toMatchObject({
      "@type": "BlogPosting",
      headline: "Shipping an offline-first React Native app",
      datePublished: "2025-01-31",
      author: { name: "Maya Okafor" },
    });
    // Links in the body point at pages of the site, under the base path; the older post follows.
    expect(html).toContain('href="/portfolio/works/fleetwise"');
    expect(html).toContain('href="/portfolio/blogs/small-models"');
    expect(html).toMatch(/class="item-pager-link next" href="\/portfolio\/blogs\/small-models"/);
    expect(html).not.toContain("item-pager-link previous");
  });

  it("marks the list's menu link as the current part of the site", async () => {
    const menu = (await page("works/turma.html")).match(/<nav class="navbar"[\s\S]*?<\/nav>/)![0];
    expect(menu).toContain('href="/portfolio/works" aria-current="true"');
    expect(menu).not.toContain('aria-current="page"');
  });

  it("lists every item page in the sitemap, posts with their date", async () => {
    const sitemap = await page("sitemap.xml");
    expect(sitemap).toContain("<loc>https://maya-okafor.example/portfolio/works/fleetwise</loc>");
    expect(sitemap).toMatch(
      /<loc>https:\/\/maya-okafor\.example\/portfolio\/blogs\/small-models<\/loc>\s*<lastmod>2024-11-02<\/lastmod>/,
    );
    // The spec's pages, the projects, the posts, and the search page.
    expect(sitemap.match(/<url>/g)).toHaveLength(5 + 9 + 3 + 1);
  });
});

describe("a post's description and drafts", () => {
  it("uses a post's description for its card, meta description and share card", async () => {
    const html = await page("blogs/small-models.html");
    expect(html).toContain(
      '<meta name="description" content="A soil classifier in 64 KB, and what had to go to fit it.">',
    );
    expect(await page("blogs.html")).toContain("A soil classifier in 64 KB, and what had to go to fit it.");
  });

  it("leaves a draft out of the site, the list, the sitemap and the pager", async () => {
    expect(existsSync(path.join(result.outDir, "blogs", "draft-ideas.html"))).toBe(false);
    expect(await page("blogs.html")).not.toContain("Ideas not ready yet");
    expect(await page("sitemap.xml")).not.toContain("draft-ideas");
    expect(await page("blogs/offline-first.html")).not.toContain("draft-ideas");
  });

  it("with drafts asked for, shows a draft marked as one and keeps it from search engines", async () => {
    const withDrafts = await buildSite({ cwd: site.root, env: {}, outDir: "with-drafts", drafts: true });
    const html = await readFile(path.join(withDrafts.outDir, "blogs", "draft-ideas.html"), "utf8");
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<p class="draft-note" role="note">Draft: not published.');
    expect(html).not.toContain('rel="canonical"');
    expect(await readFile(path.join(withDrafts.outDir, "blogs.html"), "utf8")).toContain(
      '<span class="draft-badge">Draft</span>',
    );
    expect(await readFile(path.join(withDrafts.outDir, "sitemap.xml"), "utf8")).not.toContain("draft-ideas");
  });
});

describe("feeds", () => {
  it("the sample, with no posts, has feeds with no items", async () => {
    const copy = await copySampleSite();
    try {
      const { outDir } = await buildSite({ cwd: copy.root, env: {} });
      expect(await readFile(path.join(outDir, "feed.xml"), "utf8")).not.toContain("<item>");
      expect(JSON.parse(await readFile(path.join(outDir, "feed.json"), "utf8"))).toMatchObject({ items: [] });
    } finally {
      await copy.remove();
    }
  });

  it("without site.url, warns once and writes none, since a feed needs absolute addresses", async () => {
    const copy = await copySampleSite();
    try {
      await addFixturePosts(copy);
      await copy.write("portfolio.config.ts", (await copy.read("portfolio.config.ts")).replace(/^\s*url: .*\n/m, ""));
      const built = await buildSite({ cwd: copy.root, env: {} });
      expect(built.warnings.filter((warning) => warning.includes("feed"))).toEqual([
        "No site.url in the config: no RSS, Atom or JSON feed is written, since a feed needs absolute addresses.",
      ]);
      for (const file of ["feed.xml", "atom.xml", "feed.json"])
        expect(existsSync(path.join(built.outDir, file)), file).toBe(false);
      expect(await readFile(path.join(built.outDir, "index.html"), "utf8")).not.toContain('rel="alternate"');
    } finally {
      await copy.remove();
    }
  });
});

describe("post file names", () => {
  it("may not take the list's own addresses", async () => {
    const copy = await copySampleSite();
    try {
      await copy.write("content/blog/page.md", "---\ntitle: T\nauthor: A\ndate: 2025-01-01\ncategory: AI\n---\nText\n");
      const error = await buildSite({ cwd: copy.root, env: {} }).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.message).toContain(
        'content/blog/page.md is not valid:\n  - file name: "page.md" would take the address /blogs/page/',
      );
    } finally {
      await copy.remove();
    }
  });
});
