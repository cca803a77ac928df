import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { searchDocuments } from "../src/pipeline/search-index.js";
import { makeRoutes } from "../src/routes/make-routes.js";
import { publicationCategories } from "../src/routes/publication-routes.js";
import type { ScholarlyWork } from "../src/content/scholarly-work.js";
import { siteTranslator } from "../src/i18n/site-translator.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";
import { addPublications } from "./fixtures/publications.js";

let site: SiteCopy;
let build: BuildResult;
const output = (file: string) => readFile(path.join(site.root, "dist", file), "utf8");

beforeAll(async () => {
  site = await copySampleSite({ warmCache: true });
  await addPublications(site);
  build = await buildSite({ cwd: site.root, env: {} });
}, 180_000);

afterAll(() => site?.remove());

describe("a site with content/publications/papers.bib", () => {
  it("lists the publications at /publications, newest year first, linked from the menu", async () => {
    const html = await output("publications.html");
    expect(html).toMatch(/<nav[^>]*>[\s\S]*href="\/publications"[^>]*>Publications<\/a>/);
    const years = [...html.matchAll(/<h2 id="publications-(\d+)"/g)].map((match) => match[1]);
    expect(years).toEqual(["2024", "2021", "2019"]);
    expect(build.warnings).toEqual([]);
  });

  it("shows each entry with the owner's name emphasised, its venue's badge, links, and its abstract and BibTeX in details", async () => {
    // React marks where one text ends and the next begins.
    const html = (await output("publications.html")).replaceAll("<!-- -->", "");
    expect(html.match(/<strong class="publication-me">[^<]*<\/strong>/g)).toEqual([
      '<strong class="publication-me">M. Okafor</strong>',
      '<strong class="publication-me">Maya Okafor</strong>',
    ]);
    expect(html).toContain("Élodie Durand, et al.");
    // A book with editors and no authors names its editors.
    expect(html).toContain('<p class="publication-authors">Edited by Maya Okafor, Ann Lee</p>');
    expect(html).toContain('<span class="publication-badge">JALG</span>');
    expect(html).toContain('href="https://doi.org/10.1000/jalg.2024.12"');
    expect(html).toContain('href="/papers/okafor24.pdf"');
    expect(html).toContain('href="https://arxiv.org/abs/2101.00001"');
    expect(html).toContain('href="/publications/okafor2024sorting"');
    expect(html).toMatch(
      /<details class="publication-details"><summary>Abstract<\/summary><p>We sort in <span class="katex">/,
    );
    expect(html).toMatch(
      /<summary>BibTeX<\/summary><pre class="code" data-language="bibtex"[^>]*><code>@article\{okafor2024sorting,/,
    );
    // With a copy button drawn at the visitor's first reach, as every code block has.
    expect(html).toMatch(/<pre class="code" data-language="bibtex" tabindex="0" data-island="CodeCopy"/);
    expect(html).toContain('Sorting in <span class="katex">');
    expect(html).toContain(" in München</a>");
  });

  it("gives each publication a page with Google Scholar's tags and a ScholarlyArticle", async () => {
    const html = await output("publications/okafor2024sorting.html");
    const tags = [...html.matchAll(/<meta name="(citation_[a-z_]+)" content="([^"]*)">/g)].map(([, name, value]) => [
      name,
      value,
    ]);
    expect(tags).toEqual([
      ["citation_title", "Sorting in \\mathcal{O}(n \\log n) in München"],
      ["citation_author", "M. Okafor"],
      ["citation_author", "Élodie Durand"],
      ["citation_publication_date", "2024/03"],
      ["citation_journal_title", "Journal of Algorithms"],
      ["citation_volume", "12"],
      ["citation_issue", "3"],
      ["citation_firstpage", "101"],
      ["citation_lastpage", "120"],
      ["citation_doi", "10.1000/jalg.2024.12"],
      ["citation_pdf_url", "https://maya-okafor.example/papers/okafor24.pdf"],
      ["citation_abstract", "We sort in O(n \\log n) comparisons."],
    ]);
    const data = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    expect(data).toMatchObject({
      "@type": "ScholarlyArticle",
      datePublished: "2024-03",
      author: [{ name: "M. Okafor" }, { name: "Élodie Durand" }],
      isPartOf: { "@type": "Periodical", name: "Journal of Algorithms" },
    });
    const conference = await output("publications/okafor2021graphs.html");
    expect(conference).toContain(
      '<meta name="citation_conference_title" content="Proceedings of the Symposium on Graphs">',
    );
    expect(conference).toContain('<meta name="citation_arxiv_id" content="2101.00001">');
    // Its PDF is beside the .bib: published below /publications/, linked from the list too.
    expect(conference).toContain(
      '<meta name="citation_pdf_url" content="https://maya-okafor.example/publications/graphs.pdf">',
    );
    expect(await output("publications/graphs.pdf")).toBe("%PDF-1.4\n%%EOF\n");
    expect(await output("publications.html")).toContain('href="/publications/graphs.pdf"');
    // Its own share card, drawn of its title and authors, as a post's is.
    const card = html.match(/<meta property="og:image" content="https:\/\/maya-okafor\.example\/([^"]+)">/)?.[1];
    expect(card).toMatch(/^assets\/images\/publication-okafor2024sorting-\w{8}\.jpg$/);
    expect((await readFile(path.join(site.root, "dist", card!))).subarray(0, 3)).toEqual(Buffer.from([255, 216, 255]));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const book = await output("publications/okafor2019volume.html");
    expect(book.match(/<meta name="citation_author" content="([^"]*)">/g)).toHaveLength(2);
  });

  it("lists the pages in the sitemap and llms.txt, not in the feeds", async () => {
    const sitemap = await output("sitemap.xml");
    expect(sitemap).toContain("<loc>https://maya-okafor.example/publications</loc>");
    expect(sitemap).toContain("<loc>https://maya-okafor.example/publications/okafor2021graphs</loc>");
    const llms = await output("llms.txt");
    expect(llms).toMatch(
      /## Publications\n\n- \[Sorting in .*\]\(https:\/\/maya-okafor\.example\/publications\/okafor2024sorting\)/,
    );
    for (const feed of ["feed.xml", "atom.xml", "feed.json"]) expect(await output(feed)).not.toContain("publications/");
  });

  it("fills resume.json's publications and the Resume's from the .bib", async () => {
    const resume = JSON.parse(await output("resume.json"));
    expect(resume.publications).toContainEqual({
      name: "Sorting in \\mathcal{O}(n \\log n) in München",
      publisher: "Journal of Algorithms",
      releaseDate: "2024-03",
      url: "https://doi.org/10.1000/jalg.2024.12",
      summary: "M. Okafor, Élodie Durand, et al.",
    });
    expect(await output("resume.html")).toContain("Graphs for GPUs");
  });

  it("shows the selected publications on About, where about.sections places them", async () => {
    const about = await output("about.html");
    expect(about).toContain('<h2 id="about-publications" class="h3 service-title">Selected publications</h2>');
    expect(about).toContain('href="/publications/okafor2024sorting"');
    expect(about).not.toContain("Graphs for GPUs");
  });

  it("indexes each publication for search by its title, abstract, authors and venue", async () => {
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const routes = makeRoutes(config, await loadSiteContent(site));
    const document = searchDocuments(routes).find(({ url }) => url === "/publications/okafor2021graphs");
    expect(document?.html).toContain('data-pagefind-meta="kind:Publication"');
    expect(document?.html).toContain("Ann Lee, Maya Okafor, Proceedings of the Symposium on Graphs");
  });

  it("pages a list longer than publications.perPage, with pages of each type and shared tag, each entry's page linking back to its own", async () => {
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const paged = { ...config, publications: { ...config.publications, perPage: 2 } };
    const routes = makeRoutes(paged, await loadSiteContent(site)).filter((route) => route.screen === "publications");
    expect(
      routes.map((route) => [route.path, route.listing?.items.map((work) => (work as { key: string }).key)]),
    ).toEqual([
      ["publications", ["okafor2024sorting", "okafor2021graphs"]],
      ["publications/page/2", ["okafor2019volume"]],
      ["publications/category/journal-articles", ["okafor2024sorting"]],
      ["publications/category/conference-papers", ["okafor2021graphs"]],
      ["publications/category/books", ["okafor2019volume"]],
      ["publications/category/sorting", ["okafor2024sorting", "okafor2019volume"]],
    ]);
    expect(routes.filter((route) => route.menuLabel).map((route) => route.path)).toEqual(["publications"]);
    const volume = makeRoutes(paged, await loadSiteContent(site)).find(
      (route) => route.path === "publications/okafor2019volume",
    );
    expect(volume?.entry).toMatchObject({ kind: "publication", listPath: "publications/page/2" });
    // Without paging, the one page's filter is the island, over entries that name their type and tags.
    const html = (await output("publications.html")).replaceAll("&quot;", '"');
    expect(html).toContain('data-island="ListFilter"');
    expect(html).toContain('data-categories="["Journal articles","sorting"]"');
  });

  it("offers as filter choices the kinds, when there are two or more, and the ten tags most shared by two or more", () => {
    const work = (kind: string, tags: string[]) => ({ kind, tags }) as unknown as ScholarlyWork;
    const tags = Array.from({ length: 12 }, (_, index) => `tag ${String(index).padStart(2, "0")}`);
    // Tag n is shared by n + 2 papers; "alone" by one.
    const works = tags.flatMap((tag, index) => Array.from({ length: index + 2 }, () => work("article", [tag])));
    works.push(work("misc", ["alone"]));
    const names = publicationCategories(works, siteTranslator(build.config)).map(({ name }) => name);
    expect(names).toEqual(["Journal articles", "Other publications", ...tags.slice(2)]);
  });
});
