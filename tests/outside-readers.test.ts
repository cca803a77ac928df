import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import jsonResume from "@jsonresume/schema";
import jsonFeed11 from "jsonfeed-schema/v1.1";
import { Validator } from "jsonschema";
import { render as renderEvenTheme } from "jsonresume-theme-even";
import Parser from "rss-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { locationOf } from "../src/render/render-resume-json.js";
import { parseXml } from "./helpers/feeds.js";
import { htmlElements } from "./helpers/html-texts.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 37, what programs other than ours read in the output: `/resume.json` as a JSON Resume
 * theme (jsonresume-theme-even) shows it and as the official validator checks it, the RSS and
 * Atom feeds as a feed parser (rss-parser, and saxes for what it does not give: Atom's
 * attributes) reads them, and the JSON Feed against version 1.1's JSON Schema (jsonfeed-schema).
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON read back to compare, not a typed value.
type Json = Record<string, any>;

interface Built {
  site: SiteCopy;
  outDir: string;
  read: (file: string) => Promise<string>;
}

async function build(site: SiteCopy): Promise<Built> {
  const { outDir } = await buildSite({ cwd: site.root, env: {} });
  return { site, outDir, read: (file) => readFile(path.join(outDir, file), "utf8") };
}

const project = (fields: string, body = "A project.") => `---\n${fields}\nlanguages: [TypeScript]\n---\n\n${body}\n`;

describe("/resume.json as a JSON Resume theme shows it", () => {
  let built: Built;
  let resume: Json;
  let themed: ReturnType<typeof htmlElements>;
  beforeAll(async () => {
    const site = await copySampleSite();
    // Beside the sample's projects, each dated by a month (`year`): one that goes on, one dated by its start alone.
    await site.write("content/projects/harbour.md", project("title: Harbour\nstart: 2023-04\nend: present"));
    await site.write("content/projects/lighthouse.md", project("title: Lighthouse\nstart: 2022-05"));
    await site.write("content/projects/quay.md", project("title: Quay\nstart: 2021-02\nend: 2021-09"));
    built = await build(site);
    resume = JSON.parse(await built.read("resume.json"));
    themed = htmlElements(renderEvenTheme(resume as Parameters<typeof renderEvenTheme>[0]));
  });
  afterAll(async () => {
    await built?.site.remove();
  });

  it("passes the official validator", () => {
    let errors: unknown[] | null = null;
    jsonResume.validate(resume, (found) => {
      errors = found;
    });
    expect(errors ?? []).toEqual([]);
  });

  it("shows no project as going on but the one whose file says end: present", () => {
    const articles = themed.filter((element) => element.name === "article");
    const projects = (resume.projects as Json[]).map((entry) => {
      const article = articles.find((candidate) => candidate.text.startsWith(`${entry.name} `));
      if (!article) throw new Error(`the theme shows no project ${entry.name}`);
      return { name: entry.name as string, text: article.text };
    });
    expect(projects.map(({ name }) => name)).toEqual(expect.arrayContaining(["FleetWise", "Harbour", "Lighthouse"]));
    expect(projects.filter(({ text }) => /Present/.test(text)).map(({ name }) => name)).toEqual(["Harbour"]);
    // A project of one month shows that month once; one with a start and an end, both.
    expect(projects.find(({ name }) => name === "FleetWise")!.text).toMatch(/FleetWise .*Sep 2024/);
    expect(projects.find(({ name }) => name === "Quay")!.text).toMatch(/Feb 2021 – Sep 2021/);
    expect(projects.find(({ name }) => name === "Lighthouse")!.text).toMatch(/May 2022/);
  });

  it("gets the location's fields as JSON Resume means them: a country only as its ISO code", () => {
    expect(locationOf("Austin, Texas, USA", "en")).toEqual({ city: "Austin", region: "Texas", countryCode: "US" });
    expect(locationOf("Lisboa, Portugal", "pt-BR")).toEqual({ city: "Lisboa", countryCode: "PT" });
    expect(locationOf("München, Deutschland", "de")).toEqual({ city: "München", countryCode: "DE" });
    expect(locationOf("Porto, Alemanha", "pt")).toEqual({ city: "Porto", countryCode: "DE" });
    expect(locationOf("Berlin, Germany", "pt")).toEqual({ city: "Berlin", countryCode: "DE" });
    expect(locationOf("London, UK", "en")).toEqual({ city: "London", countryCode: "GB" });
    expect(locationOf("Japan", "en")).toEqual({ countryCode: "JP" });
    // A state's abbreviation is no country, though Morocco's code is MA and Canada's CA.
    expect(locationOf("Boston, MA", "en")).toEqual({ city: "Boston", region: "MA" });
    expect(locationOf("San Francisco, CA", "en")).toEqual({ city: "San Francisco", region: "CA" });
    expect(locationOf("Remote", "en")).toEqual({ city: "Remote" });
    // Names that are not a country now: a continent, a union, a country that is gone.
    for (const place of ["Europe", "European Union", "Soviet Union"])
      expect(locationOf(`Somewhere, ${place}`, "en")).toEqual({ city: "Somewhere", region: place });
  });

  it("shows the owner's country, which it reads from countryCode", () => {
    expect(resume.basics.location).toEqual({ city: "Lisbon", countryCode: "PT" });
    const header = themed.find((element) => element.name === "header");
    expect(header?.text).toContain("Lisbon, Portugal");
  });
});

describe("the feeds as feed readers read them", () => {
  let built: Built;
  const siteUrl = "https://maya-okafor.example";
  const post = (slug: string, title: string, date: string, image: string) =>
    built.site.write(
      `content/blog/${slug}.md`,
      `---\ntitle: ${title}\nauthor: Maya Okafor\ncategory: Programming\ndate: ${date}\nimage: ${image}\n---\n\nThe post ${title}.\n`,
    );
  /** The file an absolute address of the site names in the output. */
  const bytesAt = async (url: string) =>
    (await stat(path.join(built.outDir, decodeURIComponent(new URL(url).pathname)))).size;

  beforeAll(async () => {
    const site = await copySampleSite();
    built = { site, outDir: "", read: async () => "" };
    // One card the build draws from an SVG, one photo already 1200×630 that is published as it is.
    const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(site.root, "public/images/cover.jpg"), cover);
    await post("drawn", "Drawn card", "2025-03-01", "images/projects/fleetwise.svg");
    await post("photo", "Photo card", "2025-02-01", "images/cover.jpg");
    built = await build(site);
  });
  afterAll(async () => {
    await built?.site.remove();
  });

  it("RSS: each enclosure gives the size of the file it names", async () => {
    const feed = await new Parser().parseString(await built.read("feed.xml"));
    expect(feed.items.map((item) => item.title)).toEqual(["Drawn card", "Photo card"]);
    for (const item of feed.items) {
      const { url, length, type } = item.enclosure!;
      expect(url.startsWith(`${siteUrl}/`), url).toBe(true);
      expect(type).toBe(url.endsWith(".png") ? "image/png" : "image/jpeg");
      expect(Number(length), url).toBe(await bytesAt(url));
      expect(Number(length), url).toBeGreaterThan(0);
    }
  });

  it("Atom: each enclosure link gives the size of the file it names", async () => {
    const feed = await new Parser().parseString(await built.read("atom.xml"));
    expect(feed.items.map((item) => item.title)).toEqual(["Drawn card", "Photo card"]);
    const entries = parseXml(await built.read("atom.xml")).children.filter((node) => node.name === "entry");
    const enclosures = entries.map((entry) =>
      entry.children.find((node) => node.name === "link" && node.attributes.rel === "enclosure"),
    );
    expect(enclosures).toHaveLength(2);
    for (const link of enclosures) expect(Number(link!.attributes.length)).toBe(await bytesAt(link!.attributes.href!));
  });

  it("JSON Feed: valid against version 1.1's schema, with 1.1's fields", async () => {
    const feed = JSON.parse(await built.read("feed.json")) as Json;
    const result = new Validator().validate(feed, jsonFeed11);
    expect(result.errors.map((error) => `${error.property}: ${error.message}`)).toEqual([]);
    // The schema does refuse what is wrong, so the verdict above means something.
    const wrongDate = { ...feed, items: [{ ...feed.items[0], date_published: "1 March 2025" }] };
    expect(new Validator().validate(wrongDate, jsonFeed11).errors).not.toEqual([]);
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.language).toBe("en");
    expect(feed.authors).toEqual([{ name: "Maya Okafor", url: `${siteUrl}/` }]);
    // The date a post gives is when it was published; it says nothing of a change.
    expect(feed.items.map((item: Json) => [item.title, item.date_published, item.date_modified])).toEqual([
      ["Drawn card", "2025-03-01T00:00:00.000Z", undefined],
      ["Photo card", "2025-02-01T00:00:00.000Z", undefined],
    ]);
    for (const item of feed.items) {
      expect(item.authors).toEqual([{ name: "Maya Okafor" }]);
      // Written in the feed's language: no language of its own.
      expect(item.language).toBeUndefined();
    }
  });
});

describe("feed entries in another language than their feed's", () => {
  let built: Built;
  const untranslated = { en: "Uma palestra entre livros", pt: "Three slow queries and how I made them fast" };
  beforeAll(async () => {
    built = await build(await copySampleSite({ fixture: "bilingual" }));
  });
  afterAll(async () => {
    await built?.site.remove();
  });

  /** Each entry's title and its language as XML gives it: its own xml:lang, else the nearest ancestor's. */
  function languagesOf(xml: string, entryName: "item" | "entry"): Record<string, string> {
    const found: Record<string, string> = {};
    const visit = (node: ReturnType<typeof parseXml>, lang: string) => {
      const own = node.attributes["xml:lang"] ?? lang;
      if (node.name === entryName) found[node.children.find((child) => child.name === "title")!.text] = own;
      for (const child of node.children) visit(child, own);
    };
    const root = parseXml(xml);
    // RSS's channel language is its own element; Atom's is the feed's xml:lang.
    const channelLanguage = root.children[0]?.children.find((node) => node.name === "language")?.text ?? "";
    visit(root, channelLanguage);
    return found;
  }

  for (const [lang, folder, other] of [
    ["en", "", "pt"],
    ["pt", "pt/", "en"],
  ] as const) {
    it(`${lang}: Atom's xml:lang, RSS's xml:lang and dc:language, JSON Feed's language`, async () => {
      const title = untranslated[lang];
      const atom = languagesOf(await built.read(`${folder}atom.xml`), "entry");
      const rssXml = await built.read(`${folder}feed.xml`);
      const rss = languagesOf(rssXml, "item");
      for (const byTitle of [atom, rss]) {
        expect(byTitle[title]).toBe(other);
        const rest = Object.entries(byTitle).filter(([name]) => name !== title);
        expect(rest.length).toBeGreaterThan(0);
        for (const [name, language] of rest) expect(language, name).toBe(lang);
      }
      const items = (await new Parser({ customFields: { item: ["dc:language"] } }).parseString(rssXml)).items as Array<
        Json & { title: string }
      >;
      expect(
        items.filter((item) => item["dc:language"] !== undefined).map((item) => [item.title, item["dc:language"]]),
      ).toEqual([[title, other]]);

      const json = JSON.parse(await built.read(`${folder}feed.json`)) as Json;
      expect(json.language).toBe(lang);
      expect(json.items.filter((item: Json) => item.language).map((item: Json) => [item.title, item.language])).toEqual(
        [[title, other]],
      );
    });
  }
});
