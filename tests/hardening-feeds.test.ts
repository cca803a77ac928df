import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import Parser from "rss-parser";
import { SaxesParser } from "saxes";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as yaml from "yaml";
import { buildSite } from "../src/pipeline/build-site.js";
import { checkGeneratedXml } from "../src/pipeline/check-generated-xml.js";
import { parseFrontMatter as parseWith } from "../src/content/front-matter.js";
import { element, xmlCharacters, xmlDocument } from "../src/render/xml.js";
import { fingerprint, portfolio } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 23, items 3 and 12: the feeds are well-formed XML whatever a post holds (no text can close
 * a CDATA section or an element, no character XML cannot carry reaches it), and front matter holds
 * YAML's own types only: any other tag is refused, naming the file and the field.
 */

/** When set, the sitemap comes out broken, as a bug in its writer would make it. */
const breakSitemap = vi.hoisted(() => ({ on: false }));
vi.mock("../src/render/render-site-files.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/render/render-site-files.js")>();
  return {
    ...original,
    renderSiteFiles: (...args: Parameters<typeof original.renderSiteFiles>) =>
      original
        .renderSiteFiles(...args)
        .map((file) =>
          breakSitemap.on && file.file === "sitemap.xml"
            ? { ...file, contents: file.contents.replace("</urlset>", "") }
            : file,
        ),
  };
});

let site: SiteCopy;
beforeEach(async () => {
  breakSitemap.on = false;
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

const siteUrl = "https://maya-okafor.example";
const feedFiles = ["feed.xml", "atom.xml"] as const;

/** A post whose fields are written as YAML double-quoted strings, so any text (even control characters) can be given. */
const post = (
  fields: { title?: string; author?: string; description?: string; category?: string },
  body = "The post.",
) => {
  const front = { title: "A post", author: "Maya Okafor", category: "Programming", ...fields };
  const lines = Object.entries(front).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\ndate: 2025-01-31\n---\n\n${body}\n`;
};

/** Parses XML as a strict, namespace-aware parser does; throws saxes' error (file:line:column: problem) if it is not well-formed. */
function parseStrictly(file: string, text: string): void {
  new SaxesParser({ xmlns: true, fileName: file }).write(text).close();
}

type Feeds = Record<(typeof feedFiles)[number], string>;

async function builtFeeds(): Promise<Feeds> {
  const { outDir } = await buildSite({ cwd: site.root, env: {} });
  const [rss, atom] = await Promise.all(feedFiles.map((file) => readFile(path.join(outDir, file), "utf8")));
  return { "feed.xml": rss!, "atom.xml": atom! };
}

/** Each feed parses strictly, and a feed reader finds exactly one item: this post, at its own address, with this title. */
async function expectOnePost(slug: string, title: string): Promise<Feeds> {
  const feeds = await builtFeeds();
  for (const file of feedFiles) {
    expect(() => parseStrictly(file, feeds[file]), file).not.toThrow();
    const feed = await new Parser().parseString(feeds[file]);
    expect(
      feed.items.map((item) => ({ link: item.link, title: item.title })),
      file,
    ).toEqual([{ link: `${siteUrl}/blogs/${slug}`, title }]);
  }
  return feeds;
}

describe("feeds are well-formed XML whatever a post holds", () => {
  it("a title that closes CDATA cannot close the title and inject the item's link", async () => {
    const title = 'a]]>b]]></title><link href="https://evil.example/">https://evil.example/</link><title><![CDATA[c';
    await site.write("content/blog/evil.md", post({ title }));
    const feeds = await expectOnePost("evil", title);
    for (const file of feedFiles)
      expect(feeds[file], file).not.toMatch(/<link[^>]*>https:\/\/evil|<link href="https:\/\/evil/);
  });

  it("a body holding ]]> twice, in text and in code, stays inside its item", async () => {
    const body = "First ]]> and again ]]> here.\n\n```xml\n<![CDATA[ x ]]> ]]>\n```\n\n<p>raw ]]></p>";
    await site.write("content/blog/twice.md", post({ title: "Twice" }, body));
    const feeds = await expectOnePost("twice", "Twice");
    for (const file of feedFiles) {
      const [item] = (await new Parser().parseString(feeds[file])).items as Array<{
        content?: string;
        "content:encoded"?: string;
      }>;
      const html = item!["content:encoded"] ?? item!.content!;
      expect(html, file).toContain("<p>First ]]&gt; and again ]]&gt; here.</p>");
      // The code block, highlighted into spans, holds its text whole.
      expect(html.replace(/<[^>]+>/g, ""), file).toContain("&lt;![CDATA[ x ]]&gt; ]]&gt;");
    }
  });

  it("control characters in a title, the author, the category, the description and the body are left out of the XML", async () => {
    // What JSON.stringify escapes, so that the YAML and the config carry them as escapes; U+FFFE (not a character) goes raw into the body.
    const controls = "\u0001\u001b\u000b\u0000\u0008";
    const config = await site.read("portfolio.config.ts");
    await site.write(
      "portfolio.config.ts",
      config.replace(
        'blogCategories: ["Programming",',
        `blogCategories: [${JSON.stringify(`Pro${controls}gramming`)}, "Programming",`,
      ),
    );
    await site.write(
      "content/blog/controls.md",
      post(
        {
          title: `Bell${controls} title`,
          author: `Maya${controls}`,
          description: `Said${controls} briefly`,
          category: `Pro${controls}gramming`,
        },
        // Raw in the body, where a NUL would make the file binary (and be refused as such).
        `Body${controls.replace("\u0000", "")}\ufffe text.\n\n\`\`\`\ncode${controls.replace("\u0000", "")}\n\`\`\``,
      ),
    );
    const feeds = await expectOnePost("controls", "Bell title");
    for (const file of feedFiles)
      expect(feeds[file], file).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe]/);
  });

  it("a title with markup is text in both feeds, not HTML for the reader to render", async () => {
    const title = "Why <dialog> & <b>bold</b> matter";
    await site.write("content/blog/markup.md", post({ title }));
    const feeds = await expectOnePost("markup", title);
    expect(feeds["atom.xml"]).toContain(
      '<title type="text">Why &lt;dialog&gt; &amp; &lt;b&gt;bold&lt;/b&gt; matter</title>',
    );
  });
});

describe("the XML writer", () => {
  /** Every character of the Basic Multilingual Plane, a pair and lone surrogates, and the strings that end CDATA, comments and elements. */
  const everything = `${Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).join("")}😀\ud800x\udc00]]>]]>--></a>&amp;\r\n\t`;

  it("writes any text, as element content or attribute, so that a strict parser reads back all XML can carry", () => {
    const written = xmlDocument(element("root", { title: everything }, element("text", {}, everything)));
    const read: { attribute?: string; text: string; inText: boolean } = { text: "", inText: false };
    const parser = new SaxesParser({ xmlns: true });
    parser.on("opentag", (tag) => {
      if (tag.name === "root") read.attribute = tag.attributes.title?.value;
      read.inText = tag.name === "text";
    });
    parser.on("closetag", () => (read.inText = false));
    parser.on("text", (text) => {
      if (read.inText) read.text += text;
    });
    parser.write(written).close();
    const expected = xmlCharacters(everything);
    expect(expected).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(expected).toContain("😀");
    expect(read.attribute === expected, "the attribute reads back whole").toBe(true);
    expect(read.text === expected, "the text reads back whole").toBe(true);
  });
});

describe("every XML file the build writes is checked before anything is written", () => {
  it("an ill-formed XML file is the build's bug, named with its line and column", async () => {
    expect(() =>
      checkGeneratedXml([
        {
          file: "feed.xml",
          contents: '<?xml version="1.0"?>\n<rss><channel><title>a]]&gt;b</title></channel></rss>\n',
        },
      ]),
    ).not.toThrow();
    const error = (() => {
      try {
        checkGeneratedXml([
          { file: "sitemap.xml", contents: "<urlset>\n  <url><loc>x</url>\n</urlset>\n" },
          { file: "index.html", contents: "<p>not XML" },
        ]);
      } catch (caught) {
        return caught as Error & { bug?: boolean };
      }
      return undefined;
    })();
    expect(error?.name).toBe("GeneratedXmlInvalid");
    expect(error?.bug).toBe(true);
    expect(error?.message).toMatch(/^sitemap\.xml, as portfolio made it, is not well-formed XML: 2:\d+: /);
  });

  it("an ill-formed file stops the build before it writes anything", async () => {
    const { outDir } = await buildSite({ cwd: site.root, env: {} });
    const before = await fingerprint(outDir);
    breakSitemap.on = true;
    // The mock changes portfolio's code behind its fingerprint: without the previous build's record,
    // the build cannot take its inputs for unchanged.
    await rm(path.join(site.root, ".portfolio", "cache", "build.bin"), { force: true });
    const error = await buildSite({ cwd: site.root, env: {} }).then(
      () => undefined,
      (caught: Error & { bug?: boolean }) => caught,
    );
    expect(error?.name).toBe("GeneratedXmlInvalid");
    expect(error?.bug).toBe(true);
    expect(error?.message).toMatch(/^sitemap\.xml, as portfolio made it, is not well-formed XML: \d+:\d+: /);
    expect(await fingerprint(outDir)).toBe(before);
  });

  it("in portfolio dev, parses again only the XML texts the last build did not find well-formed", async () => {
    const good = '<?xml version="1.0"?>\n<rss><channel><title>a</title></channel></rss>\n';
    const memo: { wellFormedXml?: ReadonlyMap<string, true> } = {};
    checkGeneratedXml([{ file: "feed.xml", contents: good }], memo);
    expect([...(memo.wellFormedXml?.keys() ?? [])]).toEqual([good]);
    // The same feed broken by the next build is refused: only the very text that passed is taken on trust.
    const broken = good.replace("</title>", "");
    expect(() => checkGeneratedXml([{ file: "feed.xml", contents: broken }], memo)).toThrow(/feed\.xml/);
    expect([...(memo.wellFormedXml?.keys() ?? [])]).toEqual([good]);
    // What the memo holds is not parsed again (a text put there by hand passes), and only this build's texts are kept.
    memo.wellFormedXml = new Map([[broken, true]]);
    expect(() => checkGeneratedXml([{ file: "feed.xml", contents: broken }], memo)).not.toThrow();
    checkGeneratedXml([{ file: "sitemap.xml", contents: good }], memo);
    expect([...(memo.wellFormedXml?.keys() ?? [])]).toEqual([good]);
  });

  it("checks XML and SVG files, as text or as bytes, and no others", async () => {
    expect(() => checkGeneratedXml([{ file: "assets/icon.svg", contents: "<svg" }])).toThrow(/assets\/icon\.svg/);
    expect(() =>
      checkGeneratedXml([
        {
          file: "assets/icon.svg",
          contents: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'><a:b/></svg>"),
        },
      ]),
    ).toThrow(/unbound|prefix/i);
    expect(() =>
      checkGeneratedXml([
        { file: "robots.txt", contents: "<" },
        { file: "a.png", contents: new Uint8Array([0x3c]) },
      ]),
    ).not.toThrow();
  });
});

describe("front matter holds YAML's own types only", () => {
  const parse = (yamlText: string) => parseWith(yaml, `---\n${yamlText}\n---\n`);
  const problem = (yamlText: string) => {
    const parsed = parse(yamlText);
    return "problem" in parsed ? parsed.problem : parsed.ok.data;
  };

  it.each([
    ["title: !!js/function 'function () { return 1 }'", "title", "!!js/function"],
    ["title: !!js/undefined ''", "title", "!!js/undefined"],
    ["title: !x Onda", "title", "!x"],
    ["title: !<tag:yaml.org,2002:python/object> {}", "title", "!!python/object"],
    ["title: !<tag:example.com,2000:thing> x", "title", "!<tag:example.com,2000:thing>"],
    ["image: !!binary aGVsbG8=", "image", "!!binary"],
    ["date: !!timestamp 2025-01-31", "date", "!!timestamp"],
    ["languages: !!set { TypeScript, React }", "languages", "!!set"],
    ["languages: !!omap [ { a: 1 } ]", "languages", "!!omap"],
    ["features:\n  - Live map\n  - - !!js/regexp /a/", "features[1][0]", "!!js/regexp"],
    ["skills: [ { name: React, percent: !!js/function '1' } ]", "skills[0].percent", "!!js/function"],
    ["!!js/function title: x", "title (the key)", "!!js/function"],
    ["? !x title\n: x", "title (the key)", "!x"],
    ["title: &t !!js/function x\nclient: *t", "title", "!!js/function"],
  ])("refuses %j, naming %s and the tag", (yamlText, field, tag) => {
    expect(problem(yamlText)).toEqual({
      field,
      problem: expect.stringContaining(`the YAML tag ${tag} is not allowed`),
    });
  });

  it("refuses a %TAG directive: the --- that would end it ends the front matter", () => {
    expect(problem("%TAG !e! tag:example.com,2000:\n---\ntitle: !e!thing x")).toEqual({
      field: "front matter",
      problem: expect.stringContaining("is not valid YAML"),
    });
  });

  it("names the whole front matter when the document itself is tagged", () => {
    expect(problem("--- !!js/object\ntitle: x")).toEqual({
      field: "front matter",
      problem: expect.stringContaining("the YAML tag !!js/object is not allowed"),
    });
  });

  it("refuses a core tag whose value is not of its type, instead of reading it as text", () => {
    expect(problem("order: !!int one")).toEqual({
      field: "order",
      problem:
        'is tagged !!int, which means a whole number, but the value is "one". Remove the tag or change the value.',
    });
    expect(problem("percent: !!float 1")).toEqual({
      field: "percent",
      problem: expect.stringContaining(
        'is tagged !!float, which means a number written with a decimal point, such as 1.0, but the value is "1"',
      ),
    });
    expect(problem("title: !!str { text: x }")).toEqual({
      field: "title",
      problem: expect.stringContaining("is tagged !!str, which means text, but the value is fields"),
    });
  });

  it("reads the core schema's own tags, the non-specific tag, and dates as text", () => {
    expect(
      problem(
        "year: !!str 2020\norder: !!int 3\nratio: !!float 1.5\ndraft: !!bool true\nimage: !!null null\nlist: !!seq [a]\nmap: !!map { a: 1 }\ncode: ! 42\ndate: 2025-02-30",
      ),
    ).toEqual({
      year: "2020",
      order: 3,
      ratio: 1.5,
      draft: true,
      image: null,
      list: ["a"],
      map: { a: 1 },
      code: "42",
      date: "2025-02-30",
    });
  });

  it("a tagged field stops `portfolio build` with exit 1, naming the file and the field, without a stack", async () => {
    await site.write(
      "content/blog/tagged.md",
      `---\ntitle: !!js/function "function () { return 1 }"\nauthor: Maya Okafor\ndate: 2025-01-31\ncategory: Programming\n---\n\nBody.\n`,
    );
    const run = await portfolio(["build"], site.root);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      "content/blog/tagged.md is not valid:\n  - title: the YAML tag !!js/function is not allowed",
    );
    expect(run.stderr).not.toMatch(/\n\s+at .+[:(]/);
  });
});
