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
  return rendered.html;
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
  return withDirectiveFallbacks(body, "link")
    .replace(/<div class="callout[^"]*">\s*<p class="callout-title"><svg[\s\S]*?<\/svg>([^<]*)<\/p>/g, (_c, title) => {
      return `<blockquote><p><strong>${title}</strong></p><!--callout-->`;
    })
    .replace(/<!--callout-->([\s\S]*?)<\/div>/g, "$1</blockquote>")
    .replace(
      /<(\/?)(p|ul|ol|li|blockquote|pre|code|table|tr|th|td|em|strong|del|br|h[2-6])\b([^>]*)>|<(a|img|input)\b([^>]*)>|<\/a>|<[^>]*>/g,
      (tag, closing, name, attributes, element, elementAttributes) => {
        if (name) return `<${closing}${name}${(attributes.match(/\s(?:start|align)="[^"]*"/g) ?? []).join("")}>`;
        if (element)
          return `<${element}${(elementAttributes.match(/\s(?:href|src|alt|checked)(="[^"]*")?/g) ?? []).join("")}>`;
        return tag === "</a>" ? tag : "";
      },
    )
    .replace(/\s+/g, " ")
    .replace(/> | </g, (space) => space.trim())
    .trim();
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

  it("gives every guide in docs/ back as it was: their lists, tables, quotes, links and code", async () => {
    const guides = (await readdir(docs)).filter((file) => file.endsWith(".md"));
    expect(guides.length).toBeGreaterThan(15);
    for (const guide of guides) {
      const { before, after } = roundTrip(await readFile(path.join(docs, guide), "utf8"));
      expect(after, guide).toBe(before);
    }
  });
});
