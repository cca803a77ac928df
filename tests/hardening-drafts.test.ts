import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 49, finding 6: a draft is kept from every file a crawler or a reader of the site's files
 * reads (the sitemap, the feeds, llms.txt), in every build, and a page that exists only because of
 * drafts (a tag, a series, a numbered page of the list) is not indexed, even when drafts are shown.
 */

const post = (fields: string, body: string) =>
  `---\nauthor: Maya Okafor\ncategory: Programming\n${fields}\n---\n\n${body}\n`;

/**
 * Two published posts and three drafts: the newest a part of a series with a published part, the
 * two oldest alone on the list's third page (two posts a page).
 */
const posts: Record<string, string> = {
  "content/blog/published-one.md": post(
    "title: Published one\ndate: 2025-03-01\ntags: [Shared]\nseries: Mixed series",
    "Published text.",
  ),
  "content/blog/published-two.md": post("title: Published two\ndate: 2025-02-01\ntags: [Shared]", "More text."),
  "content/blog/secret-draft.md": post(
    "title: Secret draft title\ndescription: Secret draft description.\ndate: 2024-01-03\ndraft: true\ntags: [Shared, Secret tag]\nseries: Hidden series",
    "Secret draft body.",
  ),
  "content/blog/secret-part.md": post(
    "title: Secret part title\ndate: 2025-04-01\ndraft: true\nseries: Mixed series",
    "Secret part body.",
  ),
  "content/blog/secret-third.md": post("title: Secret third title\ndate: 2024-01-01\ndraft: true", "Third body."),
};

let site: SiteCopy;
let plain: BuildResult;
let withDrafts: BuildResult;

beforeAll(async () => {
  site = await copySampleSite({ warmCache: true });
  for (const [file, text] of Object.entries(posts)) await site.write(file, text);
  const config = await site.read("portfolio.config.ts");
  await site.write("portfolio.config.ts", config.replace("defineConfig({", "defineConfig({\n  postsPerPage: 2,"));
  plain = await buildSite({ cwd: site.root, env: {} });
  withDrafts = await buildSite({ cwd: site.root, env: {}, outDir: "with-drafts", drafts: true });
}, 120_000);
afterAll(async () => {
  await site.remove();
});

const read = (result: BuildResult, file: string) => readFile(path.join(result.outDir, file), "utf8");
const crawlerFiles = ["sitemap.xml", "feed.xml", "atom.xml", "feed.json", "llms.txt", "llms-full.txt"];
const noindex = '<meta name="robots" content="noindex">';

function expectNoDraft(text: string, file: string) {
  for (const secret of ["secret-", "Secret draft", "Secret part", "Secret third", "hidden-series", "Hidden series"])
    expect(text, `${file} names ${secret}`).not.toContain(secret);
}

describe("drafts and the files crawlers read", () => {
  it("a plain build has no trace of a draft in the sitemap, the feeds or llms.txt", async () => {
    for (const file of crawlerFiles) expectNoDraft(await read(plain, file), file);
    for (const file of ["blogs/secret-draft.html", "blogs/tag/secret-tag.html", "blogs/series/hidden-series.html"])
      expect(existsSync(path.join(plain.outDir, file)), file).toBe(false);
  });

  it("with --drafts, no draft and no page made only of drafts is in the sitemap, a feed or llms.txt", async () => {
    for (const file of crawlerFiles) expectNoDraft(await read(withDrafts, file), file);
    const sitemap = await read(withDrafts, "sitemap.xml");
    expect(sitemap).not.toContain("blogs/page/3");
    // A tag and a series that have published posts too stay.
    expect(sitemap).toContain("/blogs/tag/shared<");
    expect(sitemap).toContain("/blogs/series/mixed-series<");
  });

  it("with --drafts, a draft's page and each page made only of drafts carry noindex and no canonical", async () => {
    for (const file of [
      "blogs/secret-draft.html",
      "blogs/tag/secret-tag.html",
      "blogs/series/hidden-series.html",
      "blogs/page/3.html",
    ]) {
      const html = await read(withDrafts, file);
      expect(html, file).toContain(noindex);
      expect(html, file).not.toContain('rel="canonical"');
    }
    for (const file of ["blogs/tag/shared.html", "blogs/series/mixed-series.html", "blogs.html"])
      expect(await read(withDrafts, file), file).not.toContain(noindex);
  });

  it("with --drafts, an indexed series page's description and date are its published parts'", async () => {
    const html = await read(withDrafts, "blogs/series/mixed-series.html");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("Secret part");
    expect(await read(withDrafts, "sitemap.xml")).toMatch(
      /\/blogs\/series\/mixed-series<\/loc>\s*<lastmod>2025-03-01<\/lastmod>/,
    );
  });
});

describe("a draft translation of a published post", () => {
  let bilingual: SiteCopy;
  let built: BuildResult;
  const slug = "dois-anos-por-conta-propria";

  beforeAll(async () => {
    bilingual = await copySampleSite({ fixture: "bilingual" });
    const file = `content/blog/${slug}.pt.md`;
    await bilingual.write(file, (await bilingual.read(file)).replace("category:", "draft: true\ncategory:"));
    built = await buildSite({ cwd: bilingual.root, env: {}, drafts: true });
  }, 120_000);
  afterAll(async () => {
    await bilingual.remove();
  });

  it("with --drafts, is no alternate of the published text, in the sitemap or its head", async () => {
    expect(await read(built, "sitemap.xml")).not.toContain(`/pt/blogs/${slug}`);
    const published = await read(built, `blogs/${slug}.html`);
    expect(published).not.toContain('hreflang="pt"');
    expect(published).not.toContain("og:locale:alternate");
    expect(await read(built, `pt/blogs/${slug}.html`)).toContain(noindex);
  });

  it("with --drafts, is in neither language's feeds nor llms.txt", async () => {
    for (const file of ["pt/feed.xml", "pt/atom.xml", "pt/feed.json", "pt/llms.txt", "pt/llms-full.txt"])
      expect(await read(built, file), file).not.toContain("Dois anos por conta própria");
  });
});
