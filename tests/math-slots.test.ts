import { readFile } from "node:fs/promises";
import path from "node:path";
import Parser from "rss-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { drawMath, mathSlot, slotClosing, slotOpening } from "../src/content/math.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 49, finding 4: a formula's markup goes only where the math extension put its slot. Content
 * that writes the slot's characters itself (in an image's alt, a link's title, a link's text, the
 * body) cannot bring KaTeX's markup into an attribute, where its quotes would break the attribute open.
 */

const libraries = await loadMarkdownLibraries();
const render = (markdown: string) => {
  const rendered = renderMarkdown(libraries, markdown, "/");
  if ("problem" in rendered) throw new Error(rendered.problem.problem);
  return rendered.html;
};

/**
 * Slots as content could write them from reading the code: the characters around an index (as slots
 * were before the mark), and around a mark of its own making.
 */
const forged = [`${slotOpening}0${slotClosing}`, mathSlot("AAAAAAAAAAAAAAAA", 1)];

/** A body that writes the slots everywhere a writer can, with two real formulas for them to name. */
const forging = [
  `![an image ${forged[0]}](images/projects/fleetwise.svg "a title ${forged[1]}")`,
  "",
  `[a link ${forged[0]}](https://example.org "a link title ${forged[0]}") and <img src="images/projects/fleetwise.svg" alt="raw ${forged[1]}">`,
  "",
  `The body ${forged[0]} ${forged[1]}, then $x^2$ and $y$.`,
].join("\n");

/** Each attribute value of the HTML's tags. */
function attributeValues(html: string): string[] {
  return [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) =>
    [...tag[0].matchAll(/\s[\w:-]+="([^"]*)"/g)].map((match) => match[1]!),
  );
}

/** No tag of the HTML is broken open: each is a name and quoted attributes, and no value holds markup. */
function expectWholeAttributes(html: string, label: string): void {
  for (const value of attributeValues(html)) expect(value, label).not.toMatch(/[<>]/);
  for (const tag of html.match(/<img\b[^>]*>/g) ?? [])
    expect(tag, label).toMatch(/^<img(?:\s[\w:-]+="[^"<>]*")*\s*\/?>$/);
  // KaTeX's markup appears once for each real formula, and nowhere else.
  expect(html.match(/<span class="katex">/g) ?? [], label).toHaveLength(2);
}

describe("slots of formulas", () => {
  it("written by content into an alt, a title, a link and the body, draw no formula there", () => {
    expectWholeAttributes(render(forging), "page");
  });

  it("are drawn where the math extension put them, and in an image's alt as the formula's source", () => {
    const html = render("![area $\\pi r^2$](images/c.png) and $y$ and $z$");
    expect(html).toContain('alt="area \\pi r^2"');
    expect(html.match(/<span class="katex">/g)).toHaveLength(2);
  });

  it("drawn in an attribute would be the formula's source, escaped, even where the mark was known", () => {
    const slot = mathSlot("known", 0);
    const drawn = drawMath(
      `<p><img alt="a ${slot}" /> ${slot}</p>`,
      [{ tex: 'x<"y', display: false }],
      libraries.katex!,
      "known",
    );
    if ("problem" in drawn) throw new Error(drawn.problem.problem);
    expect(drawn.html).toMatch(/^<p><img alt="a x&lt;&quot;y" \/> <span class="katex">/);
  });

  describe("in the feeds", () => {
    let site: SiteCopy;
    beforeEach(async () => {
      site = await copySampleSite();
    });
    afterEach(async () => {
      await site.remove();
    });

    it("written by content, bring no markup into an attribute of the feeds' HTML", async () => {
      await site.write(
        "content/blog/forged.md",
        `---\ntitle: Forged\nauthor: Maya Okafor\ncategory: Programming\ndate: 2025-01-31\n---\n\n${forging}\n`,
      );
      const { outDir } = await buildSite({ cwd: site.root, env: {} });
      const page = await readFile(path.join(outDir, "blogs", "forged.html"), "utf8");
      const body = page.slice(page.indexOf("The body"));
      expect(attributeValues(page).filter((value) => /[<>]/.test(value))).toEqual([]);
      expect(body).toContain("<span class=");
      for (const file of ["feed.xml", "atom.xml"]) {
        const feed = await readFile(path.join(outDir, file), "utf8");
        // The post's HTML, as a feed reader reads it out of the XML.
        const [item] = (await new Parser().parseString(feed)).items as Array<{
          content?: string;
          "content:encoded"?: string;
        }>;
        const html = item?.["content:encoded"] ?? item?.content ?? "";
        expect(html, file).toContain("The body");
        expectWholeAttributes(html, file);
      }
    });
  });
});
