import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { pageNumbers } from "../src/components/ListNavigation.js";
import { addManyPosts } from "./fixtures/posts.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

// 23 posts, 5 a page: the whole list has 5 pages; Programming has 8 posts (2 pages), AI 8, Design 7, Other none.
let site: SiteCopy;
let result: BuildResult;
const page = (file: string) => readFile(path.join(result.outDir, file), "utf8");
const titlesIn = (html: string) => [...html.matchAll(/class="blog-open"[^>]*>([^<]*)</g)].map((match) => match[1]);

beforeAll(async () => {
  site = await copySampleSite();
  await addManyPosts(site, 23, 5);
  result = await buildSite({ cwd: site.root, env: {}, base: "/portfolio/" });
});
afterAll(async () => {
  await site.remove();
});

describe("a blog longer than a page", () => {
  it("shows the newest posts on /blogs and the rest on /blogs/page/2, …", async () => {
    expect(titlesIn(await page("blogs.html"))).toEqual(["Note 001", "Note 002", "Note 003", "Note 004", "Note 005"]);
    expect(titlesIn(await page("blogs/page/2.html"))).toEqual([
      "Note 006",
      "Note 007",
      "Note 008",
      "Note 009",
      "Note 010",
    ]);
    expect(titlesIn(await page("blogs/page/5.html"))).toEqual(["Note 021", "Note 022", "Note 023"]);
    expect(existsSync(path.join(result.outDir, "blogs/page/6.html"))).toBe(false);
  });

  it("links the pages to each other, under the base path", async () => {
    const third = await page("blogs/page/3.html");
    expect(third).toContain('<a class="list-pager-step" href="/portfolio/blogs/page/2" rel="prev">Newer</a>');
    expect(third).toContain('<a class="list-pager-step" href="/portfolio/blogs/page/4" rel="next">Older</a>');
    expect(third).toContain(
      '<a class="list-pager-page" href="/portfolio/blogs/page/3" aria-current="page" aria-label="Page 3">3</a>',
    );
    expect(third).toContain('href="/portfolio/blogs" aria-label="Page 1"');
    expect(third).toContain("<title>Blogs, page 3 of 5 | Maya Okafor</title>");
    const first = await page("blogs.html");
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain("<title>Blogs | Maya Okafor</title>");
  });

  it("gives each category pages of its own, so the filter covers every post", async () => {
    const blogs = await page("blogs.html");
    for (const [category, href] of [
      ["All", "/portfolio/blogs"],
      ["Programming", "/portfolio/blogs/category/programming"],
      ["AI", "/portfolio/blogs/category/ai"],
      ["Design", "/portfolio/blogs/category/design"],
      ["Other", "/portfolio/blogs/category/other"],
    ]) {
      expect(blogs, category).toMatch(new RegExp(`<a class="filter-button" href="${href}"[^>]*>${category}</a>`));
    }
    expect(blogs).toContain('<a class="filter-button" href="/portfolio/blogs" aria-current="page">All</a>');
    const ai = await page("blogs/category/ai.html");
    expect(titlesIn(ai)).toEqual(["Note 002", "Note 005", "Note 008", "Note 011", "Note 014"]);
    expect(ai).toContain('<a class="filter-button" href="/portfolio/blogs/category/ai" aria-current="page">AI</a>');
    expect(titlesIn(await page("blogs/category/ai/page/2.html"))).toEqual(["Note 017", "Note 020", "Note 023"]);
    expect(await page("blogs/category/ai/page/2.html")).toContain(
      '<a class="filter-button" href="/portfolio/blogs/category/ai" aria-current="true">AI</a>',
    );
    const other = await page("blogs/category/other.html");
    expect(titlesIn(other)).toEqual([]);
    expect(other).toContain("No blogs in the selected category.");
    expect(other).not.toContain("list-pager");
  });

  it("leads a post's 'All posts' link back to the page that lists it", async () => {
    expect(await page("blogs/note-001.html")).toMatch(/class="back-link" href="\/portfolio\/blogs"/);
    expect(await page("blogs/note-012.html")).toMatch(/class="back-link" href="\/portfolio\/blogs\/page\/3"/);
  });

  it("puts every list page in the sitemap, each its own canonical address", async () => {
    const sitemap = await page("sitemap.xml");
    expect(sitemap).toContain("<loc>https://maya-okafor.example/portfolio/blogs/page/2</loc>");
    expect(sitemap).toContain("<loc>https://maya-okafor.example/portfolio/blogs/category/design</loc>");
    expect(await page("blogs/page/2.html")).toContain(
      '<link rel="canonical" href="https://maya-okafor.example/portfolio/blogs/page/2">',
    );
  });

  it("reports the list's pages as rows of their own in the build summary", () => {
    const urls = result.routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/portfolio/blogs",
        "/portfolio/blogs/page/*",
        "/portfolio/blogs/category/*",
        "/portfolio/blogs/*",
      ]),
    );
    expect(result.routes.find((route) => route.url === "/portfolio/blogs/page/*")?.pages).toBe(4);
    expect(result.routes.find((route) => route.url === "/portfolio/blogs/category/*")?.pages).toBe(2 + 2 + 2 + 1);
  });
});

describe("a blog that fits on one page", () => {
  it("keeps the spec's filter buttons and writes no list pages", async () => {
    const copy = await copySampleSite();
    try {
      await addManyPosts(copy, 3, 5);
      const built = await buildSite({ cwd: copy.root, env: {} });
      const blogs = await readFile(path.join(built.outDir, "blogs.html"), "utf8");
      expect(blogs).toContain('<button type="button" class="filter-button" aria-pressed="true">All</button>');
      expect(blogs).not.toContain("list-pager");
      expect(existsSync(path.join(built.outDir, "blogs/page"))).toBe(false);
      expect(existsSync(path.join(built.outDir, "blogs/category"))).toBe(false);
    } finally {
      await copy.remove();
    }
  });
});

describe("the page numbers a pager shows", () => {
  it("keeps the first, the last and the neighbours, with a gap for the rest", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, undefined, 10]);
    expect(pageNumbers(5, 10)).toEqual([1, undefined, 4, 5, 6, undefined, 10]);
    expect(pageNumbers(3, 10)).toEqual([1, 2, 3, 4, undefined, 10]);
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, undefined, 10]);
    expect(pageNumbers(10, 10)).toEqual([1, undefined, 9, 10]);
  });
});

describe("a Projects list longer than a page", () => {
  let copy: SiteCopy;
  let built: BuildResult;
  const read = (file: string) => readFile(path.join(built.outDir, file), "utf8");
  const projectTitles = (html: string) =>
    [...html.matchAll(/class="project-open"[^>]*>([^<]*)</g)].map((match) => match[1]);

  beforeAll(async () => {
    copy = await copySampleSite();
    const config = await copy.read("portfolio.config.ts");
    await copy.write("portfolio.config.ts", config.replace(/(\n\s*projectCategories:)/, "\n  projectsPerPage: 4,$1"));
    built = await buildSite({ cwd: copy.root, env: {} });
  });
  afterAll(async () => {
    await copy.remove();
  });

  it("pages the projects, newest first, and gives each category its own pages", async () => {
    const first = projectTitles(await read("works.html"));
    const second = projectTitles(await read("works/page/2.html"));
    const third = projectTitles(await read("works/page/3.html"));
    expect([first.length, second.length, third.length]).toEqual([4, 4, 1]);
    expect(new Set([...first, ...second, ...third]).size).toBe(9);
    expect(projectTitles(await read("works/category/mobile.html")).sort()).toEqual(["Mercado Fresco", "MoveWell"]);
    expect(projectTitles(await read("works/category/ai-ml.html")).sort()).toEqual(["ReceiptLens", "ShelfCast"]);
    expect(await read("works.html")).toContain(
      '<a class="filter-button" href="/works/category/mobile-web">Mobile &amp; Web</a>',
    );
    expect(await read("works/page/2.html")).toContain('<a class="list-pager-step" href="/works" rel="prev">Newer</a>');
  });

  it("keeps Other Projects and the link to more work on the first page, and the menu's Projects link current on every page", async () => {
    expect(await read("works.html")).toContain("Other Projects");
    expect(await read("works/page/2.html")).not.toContain("Other Projects");
    expect(await read("works/category/web.html")).not.toContain("Other Projects");
    expect(await read("works/page/2.html")).toMatch(
      /<a[^>]*href="\/works"[^>]*aria-current="true"[^>]*>Projects<\/a>|<a[^>]*aria-current="true"[^>]*href="\/works"[^>]*>Projects<\/a>/,
    );
  });

  it("leads a project's 'All projects' link back to the page that lists it", async () => {
    const third = projectTitles(await read("works/page/3.html"))[0]!;
    const slug = /href="\/works\/([\w-]+)" class="project-open"|class="project-open"[^>]*href="\/works\/([\w-]+)"/.exec(
      await read("works/page/3.html"),
    )!;
    expect(third.length).toBeGreaterThan(0);
    expect(await read(`works/${slug[1] ?? slug[2]}.html`)).toMatch(/class="back-link" href="\/works\/page\/3"/);
  });
});
