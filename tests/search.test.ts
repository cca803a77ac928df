import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { excerptParts } from "../src/islands/search-excerpt.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { searchDocuments } from "../src/pipeline/search-index.js";
import { makeRoutes } from "../src/routes/make-routes.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

const post = (name: string, front: string, body: string) =>
  site.write(
    `content/blog/${name}.md`,
    `---\ntitle: ${JSON.stringify(name)}\nauthor: Maya Okafor\ndate: 2025-01-02\ncategory: AI\n${front}---\n\n${body}\n`,
  );

async function setConfig(change: (config: string) => string): Promise<void> {
  await site.write("portfolio.config.ts", change(await site.read("portfolio.config.ts")));
}

const searchOff = (config: string) => config.replace(/(\n\s*blogCategories:)/, "\n  search: false,$1");

describe("an excerpt of a search result", () => {
  it("is read as text and marks, whatever markup the index holds", () => {
    expect(excerptParts("A <mark>quokka</mark> &amp; a &lt;b&gt; tag &#x27;quoted&#39; <mark>quokkas</mark>")).toEqual([
      { text: "A ", marked: false },
      { text: "quokka", marked: true },
      { text: " & a <b> tag 'quoted' ", marked: false },
      { text: "quokkas", marked: true },
    ]);
    expect(excerptParts('<img src=x onerror="alert(1)">text <mark>a</mark><mark>b</mark>')).toEqual([
      { text: "text ", marked: false },
      { text: "ab", marked: true },
    ]);
    expect(excerptParts("&#0; &#x110000; &bogus; &NBSP;")).toEqual([
      { text: "&#0; &#x110000; &bogus; \u00a0", marked: false },
    ]);
  });
});

describe("what search indexes", () => {
  it("is every post, project and Markdown page, by title, text and the words that file it, never lists or navigation", async () => {
    await post("tagged", "tags: [Edge AI, Sensors]\nseries: Field work\n", "The <b>body</b> text.");
    await site.write("content/pages/uses.md", "---\ntitle: Uses <tools>\n---\n\nA desk.\n");
    const content = await loadSiteContent(site);
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const documents = searchDocuments(makeRoutes(config, content));
    const urls = documents.map((document) => document.url);
    expect(urls).toEqual(expect.arrayContaining(["/blogs/tagged", "/works/fleetwise", "/works/sitelog", "/uses"]));
    expect(urls).toHaveLength(content.blogPosts.length + content.projects.length + content.pages.length);
    expect(
      urls.filter((url) =>
        /^\/(blogs|works)(\/(page|category|tag|series)\/|$)|^\/(search|about|resume|contact)?$/.test(url),
      ),
    ).toEqual([]);

    const tagged = documents.find((document) => document.url === "/blogs/tagged")!.html;
    expect(tagged).toContain('data-pagefind-body data-pagefind-meta="kind:Post"');
    expect(tagged).toContain('<span data-pagefind-meta="date:2025-01-02"></span>');
    expect(tagged).toContain("<h1>tagged</h1>");
    expect(tagged).toContain("<p>AI, Edge AI, Sensors, Field work</p>");
    expect(tagged).not.toContain("Related posts");
    const uses = documents.find((document) => document.url === "/uses")!.html;
    expect(uses).toContain("<h1>Uses &lt;tools&gt;</h1>");
    const fleetwise = documents.find((document) => document.url === "/works/fleetwise")!.html;
    const project = content.projects.find((entry) => entry.slug === "fleetwise")!;
    for (const language of project.languages ?? []) expect(fleetwise).toContain(language);
    expect(fleetwise).toContain(project.category!);
  });
});

describe("the search page and its index", () => {
  it("are built by default: /search with one canonical address, the index under pagefind/, WebAssembly allowed on that page only", async () => {
    await post("only-post", "", "Quokkas.");
    const built = await buildSite({ cwd: site.root, env: {} });
    const out = (file: string) => readFile(path.join(built.outDir, file), "utf8");
    const searchPage = await out("search.html");
    expect(searchPage).not.toContain('name="robots"');
    expect(searchPage).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/search">/);
    expect(searchPage).toMatch(/script-src 'self' 'wasm-unsafe-eval' /);
    expect(searchPage).toContain(
      '<form role="search" class="search-form" data-search-form="" action="/search" method="get">',
    );
    for (const file of ["index.html", "resume.html", "works.html", "blogs/only-post.html", "404.html"]) {
      const html = await out(file);
      expect(html, file).not.toContain("wasm-unsafe-eval");
      expect(html, file).toContain('<a class="topbar-button search-link" href="/search" data-search-link=""');
    }
    expect(await out("sitemap.xml")).toMatch(/<loc>https:\/\/[^<]+\/search<\/loc>/);
    // The page's script is a plain module, not React: the search page loads no framework.
    const scripts = JSON.parse(
      searchPage.match(/<script type="application\/json" data-island-scripts>(.*?)<\/script>/)![1]!,
    );
    const files: string[] = [scripts.SiteSearch.entry, ...scripts.SiteSearch.chunks];
    const bytes = await Promise.all(files.map(async (file) => (await out(file.slice(1))).length));
    expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThan(12_000);
    const index = await readdir(path.join(built.outDir, "pagefind"));
    expect(index).toEqual(
      expect.arrayContaining(["pagefind.js", "pagefind-worker.js", "pagefind-entry.json", "wasm.en.pagefind"]),
    );
    // Pagefind's ready-made interfaces are not shipped: the page has its own.
    expect(index.filter((file) => /ui|highlight|unknown/.test(file))).toEqual([]);
    expect(JSON.parse(await out("pagefind/pagefind-entry.json")).languages).toHaveProperty("en");
  });

  it("follow the site's language", async () => {
    await setConfig((config) => config.replace(/lang: "en"/, 'lang: "pt"'));
    const built = await buildSite({ cwd: site.root, env: {} });
    expect(await readdir(path.join(built.outDir, "pagefind"))).toContain("wasm.pt.pagefind");
  });

  it("are left out entirely with search: false: no page, no button, no index", async () => {
    await setConfig(searchOff);
    const built = await buildSite({ cwd: site.root, env: {} });
    expect(existsSync(path.join(built.outDir, "search.html"))).toBe(false);
    expect(existsSync(path.join(built.outDir, "pagefind"))).toBe(false);
    for (const file of ["index.html", "works.html", "works/fleetwise.html"]) {
      const html = await readFile(path.join(built.outDir, file), "utf8");
      expect(html).not.toContain("data-search-link");
      expect(html).not.toContain("wasm-unsafe-eval");
    }
  });

  it("take the names search and pagefind from the owner's pages, unless search is off", async () => {
    await site.write("content/pages/search.md", "---\ntitle: Search\n---\n\nMy own.\n");
    await site.write("content/pages/pagefind.md", "---\ntitle: Pagefind\n---\n\nMy own.\n");
    const message = await buildSite({ cwd: site.root, env: {}, write: false }).then(
      () => "built",
      (error: Error) => error.message,
    );
    expect(message).toContain("content/pages/search.md");
    expect(message).toContain(
      '"search.md" would be published at /search, which the site\'s /search pages already uses',
    );
    expect(message).toContain("content/pages/pagefind.md");
    expect(message).toContain("the search index (search: false in the config frees the name)");
    await setConfig(searchOff);
    const built = await buildSite({ cwd: site.root, env: {} });
    expect(await readFile(path.join(built.outDir, "search.html"), "utf8")).toContain("My own.");
  });

  it("refuses a search setting that is not true or false, naming the field", async () => {
    await setConfig((config) => config.replace(/(\n\s*blogCategories:)/, '\n  search: "yes" as unknown as boolean,$1'));
    const message = await buildSite({ cwd: site.root, env: {}, write: false }).then(
      () => "built",
      (error: Error) => error.message,
    );
    expect(message).toContain(`- search: expected true or false, got string "yes"`);
  });
});
