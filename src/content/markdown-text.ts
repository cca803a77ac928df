// The words of rendered Markdown without its markup, for descriptions, excerpts, reading times and JSON Resume;
// its whole text as Markdown again, for llms-full.txt, is markdown-full-text.ts's.

import { withDirectiveFallbacks } from "./directive-fallbacks.js";
/** Where a heading ended, while the tags are stripped: a character no sanitised HTML holds. */
const headingEnd = "\u0000";

/**
 * The text of rendered Markdown without its markup, for meta descriptions, excerpts, feeds' summaries and
 * reading times: its prose only (`summaryMarkup`). Its input is `renderMarkdown`'s sanitised output, whose
 * tags and entities are few and well formed, so stripping them needs no second HTML parser; the text is
 * escaped wherever it is shown.
 */
export function markdownToText(html: string): string {
  return plainText(summaryMarkup(withDirectiveFallbacks(html, "title")));
}

/**
 * The text of sanitised HTML with its paragraphs kept: each block (paragraph, heading, list item)
 * a paragraph of its own, separated by a blank line, as JSON Resume's summaries hold it.
 */
export function markdownToParagraphs(html: string): string {
  return summaryMarkup(withDirectiveFallbacks(html, "title"))
    .split(blockEnds)
    .map(plainText)
    .filter(Boolean)
    .join("\n\n");
}

/** Where one paragraph of text ends and the next starts. */
export const blockEnds = /<\/(?:p|h[1-6]|li|blockquote|pre|tr|figcaption)>|<br\s*\/?>/;

/**
 * The HTML with what a summary leaves out taken out. A footnote's number would read as part of the word
 * it follows ("footnotes1"), and its note is an aside: both go. A formula in a sentence is one of its
 * words, so it stays, as the TeX it was written in ("E = mc^2", which reads as it was meant; KaTeX's
 * drawing reads "E=mc2"); one on its own line, like a diagram, is a figure a line of prose cannot hold.
 */
function summaryMarkup(html: string): string {
  let markup = replaceElements(html, /<section class="footnotes"/g, "section", () => " ");
  markup = markup.replace(footnoteReference, "");
  markup = replaceElements(markup, /<span class="katex-display">/g, "span", () => " ");
  markup = replaceElements(markup, /<span class="katex">/g, "span", (formula) => texOf(formula) ?? formula);
  markup = replaceElements(markup, /<div class="diagram" id=/g, "div", (diagram) =>
    diagramSource(diagram) === undefined ? diagram : " ",
  );
  return markup.replace(diagramAsCode, " ");
}

/** A heading's end after the last character of its words, which does not end a sentence. */
const headingEndAfterWord = new RegExp(`([^.!?:;…\\s])\\s*${headingEnd}`, "g");

/** Text without its tags, its entities decoded, its white space one space, a heading ending its sentence. */
function plainText(html: string): string {
  return (
    html
      // A formula's MathML repeats what its drawing shows (and its TeX source): the drawing's text is kept.
      .replace(/<math\b[\s\S]*?<\/math>/g, "")
      // A diagram's drawing is shapes and the words of its labels, out of their order; its rules are CSS.
      .replace(/<style>[^<]*<\/style>|<svg\b[\s\S]*?<\/svg>/g, "")
      .replace(/<\/(?:h[1-6]|figcaption)>/g, headingEnd)
      .replace(
        /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre|table|thead|tbody|tr|th|td|br|hr|figure|div|section)\b[^>]*>/g,
        " ",
      )
      .replace(/<[^>]*>/g, "")
      // A heading (or a caption) ends its sentence: "The problem. Drivers lose signal…", not "The problem Drivers…".
      .replace(headingEndAfterWord, "$1. ")
      .replaceAll(headingEnd, " ")
      .replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, decodeEntity)
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * A footnote reference as footnotes.ts draws it: its id (`…fn-ref-…`) one the build gave, since a
 * hand-written id is dropped in sanitising; its text the note's number.
 */
export const footnoteReference = /<sup><a\b[^>]*\sid="[^"]*fn-ref-[^"]*"[^>]*>(\d+)<\/a><\/sup>/g;

/** An undrawn diagram, shown as code: a summary leaves it out with the drawn ones. */
const diagramAsCode = /<pre class="code"[^>]* data-language="mermaid"[^>]*><code>[\s\S]*?<\/code><\/pre>/g;

/** The TeX a formula was written in, as KaTeX keeps it in its MathML (escaped as HTML). */
export function texOf(formula: string): string | undefined {
  return /<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/.exec(formula)?.[1]?.trim();
}

/** A drawn diagram's Mermaid source, as its SVG's description holds it (diagrams.ts), decoded. */
export function diagramSource(diagram: string): string | undefined {
  const escaped = /<desc\b[^>]*>([^<]*)<\/desc>/.exec(diagram)?.[1];
  return escaped === undefined ? undefined : decodeText(escaped);
}

/**
 * Each element `opening` finds (its opening tag, of the element named `tag`), whole, replaced by what
 * `replace` makes of it.
 */
export function replaceElements(html: string, opening: RegExp, tag: string, replace: (element: string) => string) {
  let result = "";
  let from = 0;
  opening.lastIndex = 0;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    const end = elementEnd(html, match.index, tag);
    result += html.slice(from, match.index) + replace(html.slice(match.index, end));
    from = end;
    opening.lastIndex = end;
  }
  return result + html.slice(from);
}

/** Where the element that opens at `start` ends: after the closing tag that matches its opening one. */
export function elementEnd(html: string, start: number, tag: string): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  return html.length;
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntity(entity: string, decimal?: string, hex?: string, name?: string): string {
  const codePoint = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined;
  if (codePoint === undefined) return namedEntities[name!.toLowerCase()] ?? entity;
  return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
}

/** The text of sanitised HTML without tags: its entities decoded. */
export function decodeText(escaped: string): string {
  return escaped.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, decodeEntity);
}
