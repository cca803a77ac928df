import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withDirectiveFallbacks } from "../src/content/directive-fallbacks.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { markdownToFullText } from "../src/content/markdown-full-text.js";
import { repoRoot } from "./helpers/sample-site.js";
import { writingPost } from "./fixtures/writing-post.js";

const libraries = await loadMarkdownLibraries();

function html(markdown: string): string {
  const rendered = renderMarkdown(libraries, markdown, "/", { idPrefix: "post-" });
  if ("problem" in rendered) throw new Error(rendered.problem.problem);
  // A diagram's place, left empty: it is drawn in a browser, and its source given back once drawn (markdown-text.test.ts).
  return rendered.html.replace(/<div class="diagram">[^<]*<\/div>/g, "");
}

const fullText = (markdown: string, addresses = {}) => markdownToFullText(html(markdown), addresses);

describe("a body's whole text as Markdown (llms-full.txt)", () => {
  it("keeps links and images with their addresses, made absolute for a reader away from the site", () => {
    const markdown = [
      "See [the docs](/docs/start), [a section](#why), [elsewhere](https://example.org/a) and <https://example.org/auto>.",
      "",
      "![The map, offline](/images/map.png)",
    ].join("\n");
    expect(fullText(markdown)).toBe(
      "See [the docs](/docs/start), [a section](#why), [elsewhere](https://example.org/a) and <https://example.org/auto>.\n\n![The map, offline](/images/map.png)",
    );
    expect(fullText(markdown, { siteUrl: "https://maya.example", pageUrl: "https://maya.example/blogs/post" })).toBe(
      "See [the docs](https://maya.example/docs/start), [a section](https://maya.example/blogs/post#why), [elsewhere](https://example.org/a) and <https://example.org/auto>.\n\n![The map, offline](https://maya.example/images/map.png)",
    );
  });

  it("writes lists as lists: nested, numbered from their start, loose, and tasks with their state", () => {
    expect(fullText("- one\n- two with `code`\n  - inner\n    1. deep\n\n3. three\n4. four")).toBe(
      "- one\n- two with `code`\n  - inner\n    1. deep\n\n3. three\n4. four",
    );
    expect(fullText("- first\n\n  more of it\n\n- second")).toBe("- first\n\n  more of it\n\n- second");
    expect(fullText("- [x] done\n- [ ] to do")).toBe("- [x] done\n- [ ] to do");
    expect(fullText("1. Install:\n\n   ```sh\n   npm i\n   ```\n2. Run")).toBe(
      "1. Install:\n\n   ```sh\n   npm i\n   ```\n\n2. Run",
    );
  });

  it("writes quotes, callouts under their title, and tables with their columns' alignment", () => {
    expect(fullText("> A quote\n>\n> > nested")).toBe("> A quote\n>\n> > nested");
    expect(fullText("> [!WARNING]\n> Mind the *gap*.")).toBe("> **Warning**\n>\n> Mind the *gap*.");
    expect(fullText("| Left | Mid | Right |\n|:--|:-:|--:|\n| a \\| b | `x` | **y** |")).toBe(
      "| Left | Mid | Right |\n| :--- | :---: | ---: |\n| a \\| b | `x` | **y** |",
    );
  });

  it("keeps emphasis, struck text, line breaks and inline code, backticks in it included", () => {
    expect(fullText("*one* **two** ~~three~~ `a` `` b`c ``\nsoft  \nhard")).toBe(
      "*one* **two** ~~three~~ `a` ``b`c`` soft\\\nhard",
    );
  });

  it("escapes what Markdown would read as markup, and nothing else", () => {
    expect(fullText("Text with \\*stars\\*, \\[brackets\\], a \\`tick, snake_case, \\_under\\_ and $5.")).toBe(
      "Text with \\*stars\\*, \\[brackets\\], a \\`tick, snake_case, \\_under\\_ and $5.",
    );
    expect(fullText("1\\. Not a list\n\n\\# Not a heading\n\n\\- Not an item\n\n\\> Not a quote")).toBe(
      "1\\. Not a list\n\n\\# Not a heading\n\n\\- Not an item\n\n\\> Not a quote",
    );
    expect(fullText("An &lt;tag&gt; written out, 1 < 2")).toBe("An \\<tag> written out, 1 < 2");
  });
});

/** The structure and words of body HTML: what a reader of either gets, each callout as the quote it is written as. */
function shape(body: string): string {
  return (
    withDirectiveFallbacks(body, "link")
      .replace(
        /<div class="callout[^"]*">\s*<p class="callout-title"><svg[\s\S]*?<\/svg>([^<]*)<\/p>/g,
        (_c, title) => {
          return `<blockquote><p><strong>${title}</strong></p><!--callout-->`;
        },
      )
      .replace(/<!--callout-->([\s\S]*?)<\/div>/g, "$1</blockquote>")
      // A term and its meaning, which Markdown has no words for, are paragraphs.
      .replace(/<(\/?)d[td]>/g, "<$1p>")
      .replace(
        /<(\/?)(p|ul|ol|li|blockquote|pre|code|table|tr|th|td|em|strong|del|br|h[2-6])\b([^>]*)>|<(a|img|input)\b([^>]*)>|<\/a>|<[^>]*>/g,
        (tag, closing, name, attributes, element, elementAttributes) => {
          if (name) return `<${closing}${name}${(attributes.match(/\s(?:start|align)="[^"]*"/g) ?? []).join("")}>`;
          // An address as marked writes it, its characters escaped or not.
          const kept = (elementAttributes?.match(/\s(?:href|src|alt|checked)(="[^"]*")?/g) ?? []).map(decodeURI);
          if (element) return `<${element}${kept.join("")}>`;
          return tag === "</a>" ? tag : "";
        },
      )
      // An image of another host (its address removed) is its alt text, code of HTML a code block; an empty
      // paragraph or a line break ending one shows nothing.
      .replace(/<img(?: alt="([^"]*)")?>/g, "$1")
      // A link with no words (its only image removed) is written as its address.
      .replace(/<a href="([^"]*)"><\/a>/g, '<a href="$1">$1</a>')
      .replace(/<pre><code>([\s\S]*?)<\/code><\/pre>/g, "<pre>$1</pre>")
      .replace(/(?:<br>\s*)+<\/p>/g, "</p>")
      .replace(/<p>\s*<\/p>|<h(\d)>\s*<\/h\1>/g, "")
      // A link without an address (its scheme removed) is its words; a footnote's number is its name's.
      .replace(/<a>([\s\S]*?)<\/a>/g, "$1")
      .replace(/href="#post-fn-(ref-)?[^"]*"/g, 'href="#post-fn-$1"')
      .replace(/\s+/g, " ")
      .replace(/> | </g, (space) => space.trim())
      .replace(/<p><\/p>/g, "")
      // The page's own heading takes a level: the text's sixth and fifth levels meet once written out.
      .replace(/<(\/?)h6>/g, "<$1h5>")
      .trim()
  );
}

/** Markdown, rendered, written out again and rendered again: the same structure and words, its headings one level down. */
function roundTrip(markdown: string): { before: string; after: string } {
  const before = html(markdown);
  const after = html(markdownToFullText(before)).replace(
    /<(\/?)h([3-6])\b/g,
    (_tag, closing: string, level: string) => {
      return `<${closing}h${Number(level) - 1}`;
    },
  );
  return { before: shape(before), after: shape(after) };
}

describe("Markdown written out and read again", () => {
  const docs = path.join(repoRoot, "docs");

  it.each([
    [
      "the post with every writing feature",
      writingPost.replace(/^---[\s\S]*?---\n/, "").replace(/```mermaid[\s\S]*?```/g, ""),
    ],
  ])("gives %s back as it was", (_name, markdown) => {
    const { before, after } = roundTrip(markdown.replace(/\[\^\w+\]:?/g, ""));
    expect(after).toBe(before);
  });

  it("gives real posts and READMEs back as they were (tests/fixtures/markdown-posts/, with their sources)", async () => {
    const folder = path.join(repoRoot, "tests/fixtures/markdown-posts");
    const posts = (await readdir(folder)).filter((file) => file.endsWith(".md") && file !== "SOURCES.md");
    expect(posts.length).toBeGreaterThanOrEqual(30);
    for (const post of posts) {
      const markdown = (await readFile(path.join(folder, post), "utf8")).replace(/^(---|\+\+\+)\n[\s\S]*?\n\1\n/, "");
      const { before, after } = roundTrip(markdown);
      expect(after, post).toBe(before);
    }
  });

  it("gives every guide in docs/ back as it was: their lists, tables, quotes, links and code", async () => {
    const guides = (await readdir(docs)).filter((file) => file.endsWith(".md"));
    expect(guides.length).toBeGreaterThan(15);
    for (const guide of guides) {
      const { before, after } = roundTrip(await readFile(path.join(docs, guide), "utf8"));
      expect(after, guide).toBe(before);
    }
  });
});
