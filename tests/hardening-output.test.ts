import { readFile } from "node:fs/promises";
import path from "node:path";
import Parser from "rss-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { remoteImageWarnings } from "../src/content/remote-images.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { htmlElements } from "./helpers/html-texts.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 37, item 10: an image in Markdown comes from the site itself, however its address is
 * written. The pages' CSP blocks another host's image, but the RSS, Atom and JSON feeds carry the
 * post's HTML to readers that have no such policy, so the sanitiser must read an address as a
 * browser does (WHATWG URL: backslashes are slashes for http and https, tabs and newlines are
 * dropped, `//host` names a host).
 */

/** Addresses of another host, as a browser would read each one of them (written as raw HTML's attribute values). */
const otherHost = [
  "//evil.example/a.png",
  "/\\evil.example/a.png",
  "\\\\evil.example/a.png",
  "\\/evil.example/a.png",
  "/\t/evil.example/a.png",
  "/\n/evil.example/a.png",
  "https:/\\evil.example/a.png",
  "https:\\\\evil.example/a.png",
  "https:evil.example/a.png",
  "HTTPS://evil.example/a.png",
  "ht\ttps://evil.example/a.png",
  "&#47;&#47;evil.example/a.png",
  "&#x2F;&#x5C;evil.example/a.png",
  "&sol;&bsol;evil.example/a.png",
];

/** The same as Markdown's own image syntax (marked escapes some, not all). */
const markdownImages = [
  "//evil.example/a.png",
  "/\\evil.example/a.png",
  "\\\\evil.example/a.png",
  "\\/evil.example/a.png",
];

/** Everything that names an image, as a browser's parser decodes the attributes: src, srcset's candidates, poster. */
function imageAddresses(html: string): string[] {
  return htmlElements(html).flatMap(({ attributes }) =>
    Object.entries(attributes).flatMap(([attribute, value]) =>
      attribute === "srcset" || attribute === "imagesrcset"
        ? value.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!)
        : ["src", "poster", "data", "background", "xlink:href"].includes(attribute)
          ? [value]
          : [],
    ),
  );
}

/** Where a page at `page` fetches `address` from, by the browser's URL parser. */
const hostFrom = (address: string, page: string) => new URL(address, page).host;

describe("an image in Markdown from another host is dropped, however its address is written (issue 37, item 10)", () => {
  it("in raw HTML: img src, srcset, picture's source, video's poster", async () => {
    const libraries = await loadMarkdownLibraries();
    for (const address of otherHost) {
      const body = [
        `<img src="${address}" alt="a">`,
        `<p><img src="/images/ok.png" srcset="${address} 2x" alt="b"></p>`,
        `<picture><source srcset="${address}"><img src="${address}" alt="c"></picture>`,
        `<video poster="${address}" src="${address}"></video>`,
        `<p>Text <img src="${address}"> inline.</p>`,
      ].join("\n\n");
      const rendered = renderMarkdown(libraries, body, "/");
      if (!("html" in rendered)) throw new Error(rendered.problem.problem);
      // Read from an http page and from an https page: `https:host` is a host only on the first.
      for (const page of ["https://maya.example/blogs/post", "http://maya.example/blogs/post"])
        for (const shown of imageAddresses(rendered.html))
          expect(hostFrom(shown, page), `${JSON.stringify(address)} → ${rendered.html}`).toBe("maya.example");
    }
  });

  it("in Markdown's image syntax", async () => {
    const libraries = await loadMarkdownLibraries();
    for (const address of markdownImages) {
      const rendered = renderMarkdown(libraries, `![a](<${address}>) and ![b](${address})`, "/portfolio/");
      if (!("html" in rendered)) throw new Error(rendered.problem.problem);
      for (const shown of imageAddresses(rendered.html))
        expect(hostFrom(shown, "https://maya.example/portfolio/blogs/post"), rendered.html).toBe("maya.example");
      // Not taken for an image of the site either, to be looked for in public/: one written as an address is told of.
      expect(
        rendered.links.filter(
          (link) =>
            !link.remote &&
            (!URL.canParse(link.href, "https://maya.example/") ||
              hostFrom(link.href, "https://maya.example/") !== "maya.example"),
        ),
      ).toEqual([]);
    }
  });

  it("the site's own images are kept, relative and absolute, under the base path", async () => {
    const rendered = renderMarkdown(
      await loadMarkdownLibraries(),
      '![a](images/a.png) ![b](/images/b.png)\n\n<img src="images/c.png" alt="c">',
      "/portfolio/",
    );
    if (!("html" in rendered)) throw new Error(rendered.problem.problem);
    expect(imageAddresses(rendered.html)).toEqual([
      "/portfolio/images/a.png",
      "/images/b.png",
      "/portfolio/images/c.png",
    ]);
  });

  describe("in a built site", () => {
    let site: SiteCopy;
    beforeEach(async () => {
      site = await copySampleSite();
    });
    afterEach(async () => {
      await site.remove();
    });

    it("neither the post's page nor the RSS, Atom and JSON feeds name the other host", async () => {
      // `ht<tab>tps://…` is made a path of the site (`/https://…`), which the build then finds missing: left out here.
      const raw = otherHost
        .filter((address) => !address.startsWith("ht\t"))
        .map((address) => `<p><img src="${address}" alt="x"></p>`);
      const body = [
        "A post with images from elsewhere.",
        ...markdownImages.slice(0, 1).map((address) => `![x](${address})`),
        ...raw,
        `<picture><source srcset="//evil.example/s.png"><img src="//evil.example/p.png" alt="p"></picture>`,
      ].join("\n\n");
      await site.write(
        "content/blog/elsewhere.md",
        `---\ntitle: Elsewhere\nauthor: Maya Okafor\ncategory: Programming\ndate: 2025-02-01\n---\n\n${body}\n`,
      );
      const { outDir, warnings } = await buildSite({ cwd: site.root, env: {} });
      const read = (file: string) => readFile(path.join(outDir, file), "utf8");
      const page = await read("blogs/elsewhere.html");
      expect(page).toContain("A post with images from elsewhere.");
      // The owner is told, once, of those written as addresses (the others never look like one).
      expect(warnings.filter((warning) => warning.startsWith("content/blog/elsewhere.md"))).toEqual([
        expect.stringMatching(
          /^content\/blog\/elsewhere\.md \(lines [\d, ]+\) shows 5 images of other hosts \(\/\/evil\.example\/a\.png, HTTPS:/,
        ),
      ]);
      const [rss, atom] = await Promise.all(
        ["feed.xml", "atom.xml"].map(async (file) => new Parser().parseString(await read(file))),
      );
      const json = JSON.parse(await read("feed.json")) as { items: Array<{ url: string; content_html: string }> };
      const postUrl = "https://maya-okafor.example/blogs/elsewhere";
      const bodies = {
        page,
        rss: (rss!.items.find((item) => item.link === postUrl) as { "content:encoded": string })["content:encoded"],
        atom: atom!.items.find((item) => item.link === postUrl)!.content!,
        json: json.items.find((item) => item.url === postUrl)!.content_html,
      };
      for (const [where, html] of Object.entries(bodies)) {
        expect(html, where).toContain("A post with images from elsewhere.");
        expect(html, where).not.toMatch(/evil\.example/i);
        for (const shown of imageAddresses(html))
          expect(hostFrom(shown, postUrl), `${where}: ${shown}`).not.toMatch(/evil/);
      }
    });
  });
});

describe("an image of another host written as its address", () => {
  const render = async (markdown: string) => {
    const rendered = renderMarkdown(await loadMarkdownLibraries(), markdown, "/");
    if (!("html" in rendered)) throw new Error(rendered.problem.problem);
    return rendered;
  };

  it("is its alt text where the browser would draw a broken image, the words of the link it is in", async () => {
    const { html, links } = await render(
      [
        "Before.",
        "",
        "![A chart of sales](https://example.org/chart.png)",
        "",
        "[![Build status](https://img.shields.io/badge/build-passing-green.svg)](https://ci.example.org/maya)",
        "",
        '<img src="//cdn.example.org/a.gif" alt="A &quot;raw&quot; one"> and ![](https://example.org/no-words.png)',
      ].join("\n"),
    );
    expect(html).toBe(
      '<p>Before.</p>\n<p>A chart of sales</p>\n<p><a href="https://ci.example.org/maya">Build status</a></p>\n<p>A &quot;raw&quot; one and </p>',
    );
    expect(links).toEqual([
      { written: "https://example.org/chart.png", href: "https://example.org/chart.png", line: 3, remote: true },
      {
        written: "https://img.shields.io/badge/build-passing-green.svg",
        href: "https://img.shields.io/badge/build-passing-green.svg",
        line: 5,
        remote: true,
      },
      { written: "//cdn.example.org/a.gif", href: "//cdn.example.org/a.gif", line: 7, remote: true },
      { written: "https://example.org/no-words.png", href: "https://example.org/no-words.png", line: 7, remote: true },
    ]);
  });

  it("is told to the owner once a file, with its lines and addresses", () => {
    const link = (line: number, written: string) => ({ written, href: written, line, remote: true as const });
    const warnings = remoteImageWarnings([
      { file: "content/blog/a.md", links: [link(3, "https://x.example/1.png")] },
      { file: "content/blog/a.md", links: [link(3, "https://x.example/1.png")] },
      { file: "content/blog/b.md", links: [1, 2, 3, 4].map((line) => link(line, `https://x.example/${line}.png`)) },
      { file: "content/blog/c.md", links: [{ written: "a.png", href: "/a.png", line: 1 }] },
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^content\/blog\/a\.md \(line 3\) shows an image of another host \(https:\/\/x\.example\/1\.png\)/,
      ),
      expect.stringMatching(
        /^content\/blog\/b\.md \(lines 1, 2, 3, 4\) shows 4 images of other hosts \(.*3\.png and 1 more\)/,
      ),
    ]);
    expect(warnings[0]).toContain("save it into public/");
  });
});
