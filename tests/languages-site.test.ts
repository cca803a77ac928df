import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { atomProblems, jsonFeedProblems, parseXml, rssProblems } from "./helpers/feeds.js";
import { htmlElements } from "./helpers/html-texts.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * A site in English and Portuguese (tests/fixtures/sites/bilingual): every page in each language,
 * translations found by file name, untranslated items marked or left out, alternates that agree
 * with each other and with the sitemap, and feeds and résumé per language.
 */
let site: SiteCopy;
let built: BuildResult;
const siteUrl = "https://ines.example";

beforeAll(async () => {
  site = await copySampleSite({ fixture: "bilingual" });
  built = await buildSite({ cwd: site.root, env: {}, precompress: false });
});
afterAll(async () => {
  await site?.remove();
});

const read = (file: string) => readFile(path.join(built.outDir, file), "utf8");

/** The site path of every HTML page but the 404s, from the files the build wrote: `pt/works/mare-alta`. */
async function pagePaths(): Promise<string[]> {
  const { readdir } = await import("node:fs/promises");
  const files = await readdir(built.outDir, { recursive: true });
  return files
    .filter((file) => file.endsWith(".html") && !file.endsWith("index.html") && !file.endsWith("404.html"))
    .map((file) => file.split(path.sep).join("/").slice(0, -".html".length))
    .concat(["", "pt/"]);
}

const fileOf = (sitePath: string) =>
  sitePath === "" || sitePath.endsWith("/") ? `${sitePath}index.html` : `${sitePath}.html`;

/** A page's `<link rel="alternate" hreflang>`s, by language. */
async function hreflangsOf(sitePath: string): Promise<Record<string, string>> {
  const elements = htmlElements(await read(fileOf(sitePath)));
  return Object.fromEntries(
    elements
      .filter((element) => element.name === "link" && element.attributes.hreflang)
      .map((element) => [element.attributes.hreflang!, element.attributes.href!]),
  );
}

async function elementsOf(sitePath: string) {
  return htmlElements(await read(fileOf(sitePath)));
}

describe("a site in English and Portuguese", () => {
  it("has every page in each language, the Portuguese ones under /pt/ in Portuguese", async () => {
    const paths = await pagePaths();
    const english = paths.filter((sitePath) => !sitePath.startsWith("pt/") && sitePath !== "pt");
    const portuguese = new Set(paths.filter((sitePath) => sitePath.startsWith("pt/")));
    expect(english.length).toBeGreaterThan(15);
    // Tags and the series are named in each language, so their pages' paths differ: the rest are the same.
    for (const sitePath of english.filter((one) => !/\/(tag|series)\//.test(one)))
      expect(portuguese.has(sitePath === "" ? "pt/" : `pt/${sitePath}`), sitePath).toBe(true);
    expect(portuguese.has("pt/blogs/tag/sincronização")).toBe(true);
    expect(portuguese.has("pt/blogs/series/aplicações-sem-rede")).toBe(true);

    const home = await elementsOf("pt/");
    expect(home.find((element) => element.name === "html")!.attributes.lang).toBe("pt");
    expect(home.find((element) => element.name === "title")!.text).toBe("Sobre mim | Inês Carvalho");
    expect(home.find((element) => element.attributes.property === "og:site_name")!.attributes.content).toBe(
      "Inês Carvalho — Engenheira de Software",
    );
    expect(home.some((element) => element.text === "Engenheira de Software")).toBe(true);
    expect((await elementsOf("")).find((element) => element.name === "html")!.attributes.lang).toBe("en");
  });

  it("shows each item in its translation, and an untranslated one as written, marked with its language", async () => {
    const post = await elementsOf("pt/blogs/sem-rede-parte-1");
    expect(post.find((element) => element.name === "h1")!.text).toBe("Aplicações sem rede, parte 1: porquê");
    expect(post.find((element) => element.name === "h1")!.attributes.lang).toBeUndefined();
    // A category is named in the page's language, though the file names it in English.
    expect(post.some((element) => element.text === "Programação")).toBe(true);

    const untranslated = await elementsOf("pt/works/painel-vinhas");
    const title = untranslated.find((element) => element.name === "h1")!;
    expect(title).toMatchObject({ text: "Vineyard Dashboard", attributes: { lang: "en" } });
    expect(untranslated.find((element) => element.attributes["data-item-body"] !== undefined)!.attributes.lang).toBe(
      "en",
    );
    // Its card in the Portuguese list too, and the Portuguese-only post in the English list.
    const cards = await elementsOf("pt/works");
    expect(
      cards.find((element) => element.attributes.class === "project-title" && element.text === "Vineyard Dashboard")!
        .attributes.lang,
    ).toBe("en");
    const posts = await elementsOf("blogs");
    expect(
      posts.find(
        (element) => element.attributes.class === "blog-item-title" && element.text === "Uma palestra entre livros",
      )!.attributes.lang,
    ).toBe("pt");
  });

  it("gives each language its own CV, feeds and résumé", async () => {
    const cvLink = async (sitePath: string) =>
      (await elementsOf(sitePath)).find((element) => element.attributes.href?.includes("/cv/"))!.attributes;
    expect(await cvLink("")).toMatchObject({ href: "/cv/ines-carvalho-cv-en.pdf", download: "Ines-Carvalho-CV.pdf" });
    expect(await cvLink("pt/")).toMatchObject({
      href: "/cv/ines-carvalho-cv-pt.pdf",
      download: "Ines-Carvalho-CV-PT.pdf",
    });

    for (const [folder, lang, title] of [
      ["", "en", "Offline apps, part 2: syncing"],
      ["pt/", "pt", "Uma palestra entre livros"],
    ] as const) {
      const rss = await read(`${folder}feed.xml`);
      expect(rssProblems(rss), `${folder}feed.xml`).toEqual([]);
      expect(atomProblems(await read(`${folder}atom.xml`)), `${folder}atom.xml`).toEqual([]);
      expect(jsonFeedProblems(await read(`${folder}feed.json`)), `${folder}feed.json`).toEqual([]);
      expect(parseXml(rss).children[0]!.children.find((node) => node.name === "language")!.text).toBe(lang);
      expect(rss).toContain(`<link>${siteUrl}/${folder}blogs</link>`);
      expect(rss).toContain(title);
      // Each language's pages point readers to their own feeds.
      const feedLinks = (await elementsOf(folder)).filter(
        (element) => element.name === "link" && element.attributes.type === "application/rss+xml",
      );
      expect(feedLinks.map((link) => link.attributes.href)).toEqual([`/${folder}feed.xml`]);
    }
    // Every post is in each language's feed, in its translation or as written.
    expect(await read("feed.xml")).toContain("<title>Uma palestra entre livros</title>");
    expect(await read("pt/feed.xml")).toContain("<title>Aplicações sem rede, parte 1: porquê</title>");

    const resume = JSON.parse(await read("pt/resume.json"));
    expect(resume.basics.label).toBe("Engenheira de Software");
    expect(resume.meta.canonical).toBe(`${siteUrl}/pt/resume.json`);
    expect(JSON.parse(await read("resume.json")).basics.label).toBe("Software Engineer");
  });

  it("ties each page to its translations: hreflang and x-default, reciprocal, and the sitemap says the same", async () => {
    const sitemap = parseXml(await read("sitemap.xml"));
    expect(sitemap.attributes["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    const listed = new Map(
      sitemap.children.map((url) => [
        url.children.find((node) => node.name === "loc")!.text,
        Object.fromEntries(
          url.children
            .filter((node) => node.name === "xhtml:link")
            .map((node) => [node.attributes.hreflang!, node.attributes.href!]),
        ),
      ]),
    );
    let tied = 0;
    for (const sitePath of await pagePaths()) {
      const address = `${siteUrl}/${sitePath}`;
      const alternates = await hreflangsOf(sitePath);
      if (!listed.has(address)) {
        expect(alternates, `${sitePath} is not in the sitemap, so it has no alternates`).toEqual({});
        continue;
      }
      expect(listed.get(address), `the sitemap's alternates of ${sitePath}`).toEqual(alternates);
      if (Object.keys(alternates).length === 0) continue;
      tied++;
      expect(Object.keys(alternates).sort(), sitePath).toEqual(["en", "pt", "x-default"]);
      expect(alternates.x, sitePath).toBeUndefined();
      expect(alternates["x-default"]).toBe(alternates.en);
      expect(Object.values(alternates), `${sitePath} lists itself`).toContain(address);
      // Reciprocal: each alternate lists the same set, and is a page of the site.
      for (const [lang, href] of Object.entries(alternates)) {
        const other = href.slice(siteUrl.length + 1);
        expect(await hreflangsOf(other), `${sitePath} → ${lang} ${other}`).toEqual(alternates);
        const html = (await elementsOf(other)).find((element) => element.name === "html")!;
        if (lang !== "x-default") expect(html.attributes.lang).toBe(lang);
      }
    }
    expect(tied).toBeGreaterThan(20);
  });

  it("gives an untranslated page its original's address as canonical, and offers no alternates for it", async () => {
    const elements = await elementsOf("pt/blogs/consultas-lentas");
    const canonical = elements.find((element) => element.name === "link" && element.attributes.rel === "canonical");
    expect(canonical!.attributes.href).toBe(`${siteUrl}/blogs/consultas-lentas`);
    expect(await hreflangsOf("pt/blogs/consultas-lentas")).toEqual({});
    expect(await hreflangsOf("blogs/consultas-lentas")).toEqual({});
    expect(await read("sitemap.xml")).not.toContain("/pt/blogs/consultas-lentas");
    const english = await elementsOf("blogs/feira-do-livro");
    expect(english.find((element) => element.attributes.rel === "canonical")!.attributes.href).toBe(
      `${siteUrl}/pt/blogs/feira-do-livro`,
    );
    const ld = JSON.parse(english.find((element) => element.attributes.type === "application/ld+json")!.text);
    expect(ld.inLanguage).toBe("pt");
  });

  it("shares each language's pages with a card in that language", async () => {
    const card = async (sitePath: string) =>
      (await elementsOf(sitePath)).find((element) => element.attributes.property === "og:image")!.attributes.content!;
    const english = await card("");
    const portuguese = await card("pt/");
    // The cards differ by the job title written on them.
    expect(portuguese).not.toBe(english);
    expect(await card("pt/resume")).toBe(portuguese);
    for (const address of [english, portuguese])
      await expect(readFile(path.join(built.outDir, address.slice(siteUrl.length + 1)))).resolves.toBeTruthy();
    expect(JSON.parse(await read("pt/feed.json")).icon).toBe(portuguese);
  });

  it("names the page's locale and its other languages for sharing", async () => {
    const properties = (elements: Awaited<ReturnType<typeof elementsOf>>) =>
      elements
        .filter((element) => element.attributes.property?.startsWith("og:locale"))
        .map((element) => `${element.attributes.property}=${element.attributes.content}`);
    expect(properties(await elementsOf("pt/resume"))).toEqual(["og:locale=pt_BR", "og:locale:alternate=en_US"]);
    expect(properties(await elementsOf("resume"))).toEqual(["og:locale=en_US", "og:locale:alternate=pt_BR"]);
    // Without a translation there is no other language to offer.
    expect(properties(await elementsOf("works/painel-vinhas"))).toEqual(["og:locale=en_US"]);
  });

  it("leads from each page to the same page in the other language, or to its home when there is none", async () => {
    const switcher = async (sitePath: string) =>
      (await elementsOf(sitePath))
        .filter((element) => element.attributes.class?.includes("language-link"))
        .map((element) => element.attributes);
    expect(await switcher("works/mare-alta")).toEqual([
      expect.objectContaining({ href: "/pt/works/mare-alta", hreflang: "pt", lang: "pt", title: "Português" }),
    ]);
    expect(await switcher("pt/works/mare-alta")).toEqual([
      expect.objectContaining({ href: "/works/mare-alta", hreflang: "en", lang: "en", title: "English" }),
    ]);
    // A tag is named in each language: its page has no Portuguese twin, so the menu leads home.
    expect((await switcher("blogs/tag/synchronisation"))[0]!.href).toBe("/pt/");
    expect((await switcher("pt/"))[0]!.href).toBe("/");
    for (const sitePath of await pagePaths()) {
      const links = await switcher(sitePath);
      expect(links, sitePath).toHaveLength(1);
      const target = links[0]!.href!.slice(1);
      await expect(read(fileOf(target)), `${sitePath} → ${target}`).resolves.toContain("<html");
    }
  });

  it("tells the owner what is untranslated, per language, without failing", () => {
    expect(built.warnings).toContainEqual(
      expect.stringMatching(/^1 file of content\/ has no English text \(content\/blog\/feira-do-livro\.pt\.md\)/),
    );
    expect(built.warnings).toContainEqual(
      expect.stringMatching(
        /^2 files of content\/ have no Portuguese text \(content\/projects\/painel-vinhas\.md, content\/blog\/consultas-lentas\.md\)/,
      ),
    );
  });
});

describe("untranslated: hide", () => {
  it("leaves untranslated posts and projects out of a language's lists, feeds, search and pages", async () => {
    const hiding = await copySampleSite({ fixture: "bilingual" });
    try {
      const config = await hiding.read("portfolio.config.ts");
      await hiding.write(
        "portfolio.config.ts",
        config.replace('languages: ["en", "pt"],', 'languages: ["en", "pt"],\n    untranslated: "hide",'),
      );
      const result = await buildSite({ cwd: hiding.root, env: {}, precompress: false, write: false });
      expect(result.warnings.join("\n")).toContain(
        "the Portuguese pages leave out the posts, projects and pages among them",
      );
      const out = await buildSite({ cwd: hiding.root, env: {}, precompress: false });
      const file = (name: string) => readFile(path.join(out.outDir, name), "utf8");
      await expect(file("pt/works/painel-vinhas.html")).rejects.toThrow();
      await expect(file("blogs/feira-do-livro.html")).rejects.toThrow();
      await expect(file("pt/blogs/feira-do-livro.html")).resolves.toContain("Uma palestra entre livros");
      expect(await file("pt/works.html")).not.toContain("Vineyard Dashboard");
      expect(await file("pt/feed.xml")).not.toContain("consultas-lentas");
      expect(await file("feed.xml")).not.toContain("feira-do-livro");
      // The About page and the Resume fall back all the same: here every one of them is translated.
      expect(await file("pt/resume.html")).toContain("Engenheira de Software");
    } finally {
      await hiding.remove();
    }
  });
});

describe("a config in several languages", () => {
  let copy: SiteCopy;
  beforeAll(async () => {
    copy = await copySampleSite({ fixture: "bilingual" });
  });
  afterAll(async () => {
    await copy?.remove();
  });

  async function problemsWith(edit: (source: string) => string): Promise<string> {
    const source = await copy.read("portfolio.config.ts");
    const edited = edit(source);
    expect(edited, "the edit must change the config").not.toBe(source);
    await copy.write("portfolio.config.ts", edited);
    try {
      await loadConfig({ cwd: copy.root, env: {} });
      throw new Error("expected the config to be refused");
    } catch (error) {
      expect((error as Error).name).toBe("ConfigInvalid");
      return (error as Error).message;
    } finally {
      await copy.write("portfolio.config.ts", source);
    }
  }

  it("gives each language its config, a value of the other's where it has none", async () => {
    const { config, languages } = await loadConfig({ cwd: copy.root, env: {} });
    expect(languages.map((one) => [one.site.lang, one.site.pagesBase])).toEqual([
      ["en", "/"],
      ["pt", "/pt/"],
    ]);
    expect(config.owner.jobTitle).toBe("Software Engineer");
    expect(languages[1]!.owner.jobTitle).toBe("Engenheira de Software");
    expect(languages[1]!.blogCategories).toEqual(["Programação", "Dados", "Reflexões"]);
    // A value given once is every language's.
    expect(languages[1]!.owner.email).toBe("ola@ines.example");
    expect(languages[1]!.site.languages).toEqual(["en", "pt"]);
  });

  it("names the language of a text with a problem, and a text with no value in the default language", async () => {
    expect(await problemsWith((source) => source.replace('pt: "Engenheira de Software" }', 'pt: "  " }'))).toContain(
      "owner.jobTitle.pt: expected a job title, got an empty string",
    );
    expect(
      await problemsWith((source) =>
        source.replace(
          'jobTitle: { en: "Software Engineer", pt: "Engenheira de Software" }',
          'jobTitle: { pt: "Engenheira" }',
        ),
      ),
    ).toContain("owner.jobTitle: has no value in en, the site's default language: expected { en: …, pt: … }");
  });

  it("refuses a default language other than the first of site.languages, and a language listed twice", async () => {
    expect(
      await problemsWith((source) =>
        source.replace('languages: ["en", "pt"],', 'languages: ["en", "pt"],\n    lang: "pt",'),
      ),
    ).toContain('site.lang: is "pt", but site.languages starts with "en"');
    expect(
      await problemsWith((source) => source.replace('languages: ["en", "pt"]', 'languages: ["en", "pt", "PT"]')),
    ).toContain('site.languages[2]: "PT" is listed twice');
  });
});
