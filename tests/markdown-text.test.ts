import { readFile } from "node:fs/promises";
import path from "node:path";
import sanitizeHtml from "sanitize-html";
import { beforeAll, describe, expect, it } from "vitest";
import { cleanDrawing } from "../src/content/clean-drawing.js";
import { placeDiagrams } from "../src/content/diagrams.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { markdownToFullText } from "../src/content/markdown-full-text.js";
import { markdownToParagraphs, markdownToText } from "../src/content/markdown-text.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { writingPost } from "./fixtures/writing-post.js";
import { parseXml } from "./helpers/feeds.js";
import { copySampleSite } from "./helpers/sample-site.js";

const libraries = await loadMarkdownLibraries();

/** A body as a built page holds it: its formulas drawn, its diagrams drawn (`drawn`) or shown as code. */
function bodyHtml(markdown: string, { drawn = true } = {}): string {
  const rendered = renderMarkdown(libraries, markdown, "/", { idPrefix: "post-" });
  if ("problem" in rendered) throw new Error(rendered.problem.problem);
  const drawing = cleanDrawing(
    '<svg id="mermaid" viewBox="0 0 200 100"><rect x="1"/><text>Phone</text></svg>',
    sanitizeHtml,
  );
  return placeDiagrams(
    rendered.html,
    (rendered.diagrams ?? []).map(({ source }, index) => ({
      source,
      drawn: drawn ? { light: drawing, dark: drawing } : undefined,
      idPrefix: `post-diagram-${index + 1}-`,
      label: "Diagram",
    })),
  );
}

const writingBody = writingPost.replace(/^---[\s\S]*?---\n/, "");

describe("a body's text for a summary (descriptions, cards, feeds, llms.txt)", () => {
  const text = markdownToText(bodyHtml(writingBody));

  it("leaves footnote references out rather than gluing their numbers to the word before", () => {
    expect(text).toContain(
      "A post that leans on footnotes and callouts, with math, a figure and the speed again. Callouts.",
    );
  });

  it("leaves the footnotes themselves out, and their links back", () => {
    expect(text).not.toContain("Measured on a phone");
    expect(text).not.toContain("Footnotes");
    expect(text).not.toContain("↩");
  });

  it("keeps a formula in a sentence as its TeX source and leaves one on its own line out, as it does a diagram", () => {
    expect(text).toContain(
      "Einstein's E = mc^2, at $5 a line and $20,000 a book, and a sum on a line of its own: Diagrams.",
    );
    expect(text).not.toMatch(/\\sum|\\int|E=mc2|flowchart|Phone/);
  });

  it("leaves a diagram shown as code (a build without a browser) out too", () => {
    const undrawn = markdownToText(bodyHtml(writingBody, { drawn: false }));
    expect(undrawn).toContain("Diagrams. Beside the post.");
    expect(undrawn).not.toMatch(/flowchart|sequenceDiagram/);
  });

  it("ends a figure's caption before the next heading, as a heading ends its sentence", () => {
    expect(text).toContain("A figure. The map drivers see. Math.");
    expect(markdownToParagraphs(bodyHtml(writingBody))).toContain("The map drivers see\n\nMath");
  });
});

describe("a body's whole text (llms-full.txt)", () => {
  let full: string;
  beforeAll(() => {
    full = markdownToFullText(bodyHtml(writingBody));
  });

  it("marks each footnote reference as [^n] and gives the notes at the end", () => {
    expect(full).toContain(
      "A post that leans on footnotes[^1] and callouts, with math, a figure[^2] and the speed again[^1].",
    );
    expect(full.trimEnd()).toMatch(
      /A closing line\.\n\n\[\^1\]: Measured on a phone from 2019\.\n\[\^2\]: The figure is the project's screenshot\.$/,
    );
    expect(full).not.toContain("↩");
  });

  it("gives each formula as its TeX between $ or $$", () => {
    expect(full).toContain("Einstein's $E = mc^2$, at $5 a line");
    expect(full).toContain("$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$");
    expect(full).toContain("$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$");
  });

  it("gives each diagram as its Mermaid source in a fenced block, drawn or not", () => {
    const fence =
      "```mermaid\nflowchart LR\n  accTitle: How a change reaches the server\n  A[Phone] -->|writes| B[(Local store)]\n  B --> C{Online?}\n  C -- yes --> D[Server]\n  C -- no --> B\n```";
    expect(full).toContain(fence);
    expect(full).toContain("```mermaid\nerDiagram\n  DRIVER ||--o{ TRIP : drives\n  TRIP ||--|{ STOP : has\n```");
    expect(markdownToFullText(bodyHtml(writingBody, { drawn: false }))).toContain(fence);
  });

  it("gives a code block fenced with its language, its fence longer than any run of backticks in it", () => {
    const code = markdownToFullText(bodyHtml("Before.\n\n````md\n```js\nlet a = 1 < 2;\n```\n````\n\nAfter."));
    expect(code).toBe("Before.\n\n````md\n```js\nlet a = 1 < 2;\n```\n````\n\nAfter.");
  });

  it("marks the body's headings, a level below the page's own", () => {
    expect(full).toContain("\n\n### Math\n\n");
  });
});

describe("a built post with footnotes, a formula and a diagram", () => {
  const post = [
    "---",
    "title: Summaries",
    "date: 2030-01-01",
    "category: Programming",
    "---",
    "",
    "Energy is $E = mc^2$, as the notes[^1] say.",
    "",
    "$$",
    "a^2 + b^2 = c^2",
    "$$",
    "",
    "```mermaid",
    "flowchart LR",
    "  A --> B",
    "```",
    "",
    "Last words.",
    "",
    "[^1]: A note.",
    "",
  ].join("\n");
  const summary = "Energy is E = mc^2, as the notes say. Last words.";

  it("has prose for its description, its feeds' summaries and llms.txt, and its whole source in llms-full.txt", async () => {
    const site = await copySampleSite();
    try {
      await site.write("content/blog/summaries.md", post);
      // With no browser the diagram is shown as code: a summary still leaves it out.
      const { outDir } = await buildSite({ cwd: site.root, env: { CHROMIUM_PATH: "/nonexistent/chromium" } });
      const read = (file: string) => readFile(path.join(outDir, file), "utf8");
      const page = await read("blogs/summaries.html");
      expect(page).toContain(`<meta name="description" content="${summary}"`);
      const rss = parseXml(await read("feed.xml"));
      const items = rss.children[0]!.children.filter((node) => node.name === "item");
      const item = items.find((node) => node.children.some((child) => child.text === "Summaries"))!;
      expect(item.children.find((child) => child.name === "description")!.text).toBe(summary);
      const json = JSON.parse(await read("feed.json")) as { items: Array<{ title: string; summary: string }> };
      expect(json.items.find((entry) => entry.title === "Summaries")!.summary).toBe(summary);
      expect(await read("llms.txt")).toContain(`/blogs/summaries): ${summary}\n`);
      const full = await read("llms-full.txt");
      expect(full).toContain(
        "Energy is $E = mc^2$, as the notes[^1] say.\n\n$$\na^2 + b^2 = c^2\n$$\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\nLast words.\n\n[^1]: A note.\n",
      );
    } finally {
      await site.remove();
    }
  });
});
