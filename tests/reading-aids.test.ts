import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BlogPost } from "../src/content/content-types.js";
import { relatedPosts, seriesOf } from "../src/content/post-relations.js";
import { tableOfContents, withTableOfContents } from "../src/content/table-of-contents.js";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { addReadingAidsPosts } from "./fixtures/reading-aids.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

const post = (slug: string, fields: Partial<BlogPost> = {}): BlogPost => ({
  file: `content/blog/${slug}.md`,
  slug,
  title: slug,
  author: "Maya Okafor",
  date: "2025-01-01",
  category: "Programming",
  contentHtml: "",
  excerpt: "",
  fields: {},
  readingMinutes: 1,
  ...fields,
});

describe("related posts", () => {
  const self = post("self", { tags: ["React", "Testing"], series: "Offline", category: "Programming" });
  const sameTwoTags = post("two-tags", { tags: ["react", "Testing"], category: "AI", date: "2024-01-01" });
  const sameSeries = post("series", { series: "Offline", category: "AI", date: "2025-02-01" });
  const oneTagOld = post("one-tag-old", { tags: ["React"], category: "AI", date: "2023-01-01" });
  const oneTagNew = post("one-tag-new", { tags: ["React"], category: "AI", date: "2025-03-01" });
  const sameCategory = post("category", { date: "2025-06-01" });
  const draft = post("draft", { tags: ["React", "Testing"], series: "Offline", draft: true });
  const nothing = post("nothing", { category: "Design" });
  const all = [self, sameTwoTags, sameSeries, oneTagOld, oneTagNew, sameCategory, draft, nothing];

  it("are the three most tied by tags, series and category, newest first among equals", () => {
    // Two shared tags 4, the series 3, one tag 2 (the newer first), the category alone 1.
    expect(relatedPosts(self, all).map((related) => related.slug)).toEqual(["two-tags", "series", "one-tag-new"]);
    expect(relatedPosts(self, all, 5).map((related) => related.slug)).toEqual([
      "two-tags",
      "series",
      "one-tag-new",
      "one-tag-old",
      "category",
    ]);
  });

  it("never include the post itself, a draft, or a post with nothing in common", () => {
    const chosen = relatedPosts(self, all, 100);
    expect(chosen).not.toContain(self);
    expect(chosen).not.toContain(draft);
    expect(chosen).not.toContain(nothing);
    // A post that is itself a draft (a --drafts build) still gets published posts only.
    expect(relatedPosts(draft, all, 100)).not.toContain(draft);
    expect(relatedPosts(nothing, [nothing])).toEqual([]);
  });
});

describe("a series", () => {
  it("orders its parts by seriesOrder, then those without it by date, and groups names by their id", () => {
    const parts = [
      post("late-unnumbered", { series: "Offline-first", date: "2025-05-01" }),
      post("second", { series: "offline first", seriesOrder: 2, date: "2025-01-01" }),
      post("early-unnumbered", { series: "Offline-first", date: "2025-04-01" }),
      post("first", { series: "Offline-first", seriesOrder: 1, date: "2025-03-01" }),
      post("elsewhere", { series: "Other" }),
      post("alone"),
    ];
    const series = seriesOf(parts);
    expect(series.map(({ id, parts }) => [id, parts.map((part) => part.slug)])).toEqual([
      ["offline-first", ["first", "second", "early-unnumbered", "late-unnumbered"]],
      ["other", ["elsewhere"]],
    ]);
  });
});

describe("a table of contents", () => {
  const html =
    '<p>Intro</p><h2 id="one">One &amp; only</h2><h3 id="one-a">A <code>detail</code></h3><h2 id="two">Two</h2><h4 id="deep">Deep</h4>';

  it("lists second-level headings with the third-level ones under them", () => {
    expect(tableOfContents(html)).toEqual([
      { id: "one", text: "One & only", children: [{ id: "one-a", text: "A detail", children: [] }] },
      { id: "two", text: "Two", children: [] },
    ]);
  });

  it("is there from three headings, makes them focusable, and is left out with toc: false", () => {
    const shown = withTableOfContents(html, undefined);
    expect(shown.headings).toHaveLength(2);
    expect(shown.html).toContain('<h2 id="one" tabindex="-1">');
    expect(withTableOfContents(html, false)).toEqual({ headings: [], html });
    const two = '<h2 id="a">A</h2><h2 id="b">B</h2>';
    expect(withTableOfContents(two, undefined)).toEqual({ headings: [], html: two });
  });
});

describe("checking tags and series", () => {
  let site: SiteCopy;
  beforeEach(async () => {
    site = await copySampleSite();
  });
  afterEach(async () => {
    await site.remove();
  });
  const blogPost = (front: string) =>
    `---\ntitle: A post\nauthor: Maya Okafor\ndate: 2025-01-31\ncategory: Programming\n${front}\n---\nText.\n`;
  const loadError = () =>
    loadSiteContent(site).then(
      () => {
        throw new Error("expected the content to be refused");
      },
      (error: Error) => error.message,
    );

  it("refuses tags that would share an id, naming the file and the field", async () => {
    await site.write("content/blog/a.md", blogPost("tags: [React, Testing]"));
    await site.write("content/blog/b.md", blogPost("tags: [Testing, react.]"));
    const message = await loadError();
    expect(message).toContain("content/blog/b.md");
    expect(message).toContain(
      'tags[1]: "react." would share the page /blogs/tag/react with "React" in content/blog/a.md: write the tag the same way everywhere',
    );
    expect(message).not.toContain("content/blog/a.md is not valid");
  });

  it("refuses a tag listed twice, one without a letter, and a project's clashing tags", async () => {
    await site.write("content/blog/a.md", blogPost("tags: [SQL, SQL, '!!']"));
    await site.write(
      "content/projects/fleetwise.md",
      (await site.read("content/projects/fleetwise.md")).replace(
        "category: Web\n",
        "category: Web\ntags: [Real time, Real-Time]\n",
      ),
    );
    const message = await loadError();
    expect(message).toContain('tags[1]: "SQL" is listed twice');
    expect(message).toContain('tags[2]: "!!" has no letter or digit');
    expect(message).toContain('tags[1]: "Real-Time" would share the page /works/tag/real-time with "Real time"');
  });

  it("refuses series names that would share an id, and two parts in one place", async () => {
    await site.write("content/blog/a.md", blogPost("series: Offline first\nseriesOrder: 1"));
    await site.write("content/blog/b.md", blogPost("series: Offline First\nseriesOrder: 2"));
    await site.write("content/blog/c.md", blogPost("series: Offline first\nseriesOrder: 1"));
    await site.write("content/blog/d.md", blogPost("seriesOrder: 3"));
    const message = await loadError();
    expect(message).toContain(
      'series: "Offline First" would share the page /blogs/series/offline-first with "Offline first" in content/blog/a.md',
    );
    expect(message).toMatch(/content\/blog\/c\.md[\s\S]*seriesOrder: 1 is also the place of content\/blog\/a\.md/);
    expect(message).toMatch(/content\/blog\/d\.md[\s\S]*seriesOrder: is set without series/);
  });

  it("refuses a post named like a list's own pages, but not one named tag or series (their pages are one level down)", async () => {
    await site.write("content/blog/category.md", blogPost(""));
    expect(await loadError()).toContain('"category.md" would take the address /blogs/category/');
    await rm(path.join(site.root, "content", "blog", "category.md"));
    await site.write("content/blog/tag.md", blogPost("tags: [Offline]"));
    await site.write("content/blog/series.md", blogPost("series: Offline first"));
    const built = await buildSite({ cwd: site.root, env: {} });
    expect(built.pageCount).toBeGreaterThan(0);
    for (const page of [
      "blogs/tag.html",
      "blogs/series.html",
      "blogs/tag/offline.html",
      "blogs/series/offline-first.html",
    ])
      expect(existsSync(path.join(built.outDir, page)), page).toBe(true);
  });
});

describe("a built site with tags and a series", () => {
  let site: SiteCopy;
  let build: BuildResult;
  beforeAll(async () => {
    site = await copySampleSite();
    await addReadingAidsPosts(site);
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", config.replace(/(\n\s*blogCategories:)/, "\n  postsPerPage: 2,$1"));
    build = await buildSite({ cwd: site.root, env: {}, base: "/portfolio/" });
  });
  afterAll(async () => {
    await site?.remove();
  });
  const read = (file: string) => readFile(path.join(build.outDir, file), "utf8");

  it("has a page per tag, paged like a category's, in the sitemap under the base path", async () => {
    for (const file of [
      "blogs/tag/offline.html",
      "blogs/tag/offline/page/2.html",
      "blogs/tag/react-native.html",
      "blogs/series/offline-first.html",
      "works/tag/maps.html",
    ]) {
      expect(existsSync(path.join(build.outDir, file)), file).toBe(true);
    }
    // The draft carries Offline but is not in the site: three published posts, two a page.
    expect(existsSync(path.join(build.outDir, "blogs/tag/offline/page/3.html"))).toBe(false);
    const sitemap = await read("sitemap.xml");
    expect(sitemap).toContain("/portfolio/blogs/tag/offline/page/2</loc>");
    expect(sitemap).toContain("/portfolio/blogs/series/offline-first</loc>");
    const second = await read("blogs/tag/offline/page/2.html");
    expect(second).toMatch(/<link rel="canonical" href="[^"]*\/portfolio\/blogs\/tag\/offline\/page\/2"/);
    expect(second).toContain("Tiny models that run offline");
    expect(second).not.toContain("Offline ideas not ready yet");
  });

  it("carries a post's tags in its feeds as categories", async () => {
    const rss = await read("feed.xml");
    expect(rss).toMatch(
      /<category>Programming<\/category>\s*<category>React Native<\/category>\s*<category>Offline<\/category>/,
    );
    expect(await read("atom.xml")).toContain('<category term="React Native"/>');
    const json = JSON.parse(await read("feed.json")) as { items: Array<{ title: string; tags: string[] }> };
    expect(json.items.find((item) => item.title.includes("part 1"))?.tags).toEqual([
      "Programming",
      "React Native",
      "Offline",
    ]);
  });
});
