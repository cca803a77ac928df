import { describe, expect, it } from "vitest";
import { blockStartInParagraph } from "../src/content/block-start.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";

/**
 * A long post's Markdown in linear time: marked asks each block extension (display math, directives)
 * where it may start before every paragraph; the answer is searched within that paragraph only.
 */
const libraries = await loadMarkdownLibraries();
const html = (markdown: string) => {
  const rendered = renderMarkdown(libraries, markdown);
  if (!("html" in rendered)) throw new Error(JSON.stringify(rendered.problem));
  return rendered.html;
};

describe("where a block extension may start", () => {
  const displayMath = /^ {0,3}\$\$/m;

  it("is found inside the paragraph, and not searched for past its first blank line", () => {
    expect(blockStartInParagraph("A line\n$$x$$\n", displayMath)).toBe(7);
    expect(blockStartInParagraph("A line\n\n$$x$$\n", displayMath)).toBeUndefined();
    // A line of spaces ends a paragraph as an empty one does; a line with a tab does not (marked's rule).
    expect(blockStartInParagraph("A line\n   \n$$x$$\n", displayMath)).toBeUndefined();
    expect(blockStartInParagraph("A line\n\t\n$$x$$\n", displayMath)).toBe(9);
  });

  it("still ends a paragraph that display math or a directive interrupts", () => {
    expect(html("Before the formula\n$$x^2$$\nAfter it")).toMatch(
      /<p>Before the formula<\/p>\s*<div class="math-display"/,
    );
    expect(html('Before the details\n:::details{summary="More"}\nInside\n:::')).toMatch(
      /<p>Before the details<\/p>\s*<details/,
    );
  });

  it("reads display math and directives after many paragraphs as it does after one", () => {
    const paragraphs = Array.from({ length: 2000 }, (_, index) => `Paragraph ${index} with *some* words.`).join("\n\n");
    const rendered = html(`${paragraphs}\n\n$$a+b$$\n\n:::details{summary="End"}\nLast\n:::`);
    expect(rendered.match(/<p>Paragraph \d+/g)).toHaveLength(2000);
    expect(rendered).toContain('<div class="math-display"');
    expect(rendered).toMatch(/<details[^>]*>\s*<summary>End<\/summary>/);
  });
});
