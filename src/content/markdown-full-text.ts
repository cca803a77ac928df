// The whole of rendered Markdown as Markdown again, for the readers of llms-full.txt.

import { addressAwayFromSite } from "../site-paths.js";
import { withDirectiveFallbacks } from "./directive-fallbacks.js";
import { decodeText, diagramSource, elementEnd, footnoteReference, replaceElements, texOf } from "./markdown-text.js";

/** Where the links and images of a page's text lead, written out for a reader away from the site. */
export interface FullTextAddresses {
  /** The site's URL, without a closing slash: a `/…` path becomes an address under it. Without it, paths stay. */
  siteUrl?: string;
  /** The page's own address, for a link to a place in it (`#…`). */
  pageUrl?: string;
}

/**
 * The whole of rendered Markdown as Markdown, for the readers of llms-full.txt: paragraphs separated by
 * blank lines, headings one level below the page's own (`##`), links and images with their addresses,
 * lists, quotes, callouts (a quote under its title) and tables as Markdown writes them, emphasis and
 * inline code; each formula as its TeX between `$` (in a sentence) or `$$` (on its own line), each
 * diagram and code block as a fenced block of its source, each footnote reference as `[^n]` and the
 * notes at the end as `[^n]: …`. Its input is `renderMarkdown`'s sanitised output, whose shapes are few
 * and well formed, so it is read with patterns, as the summaries are (markdown-text.ts): a parser
 * would cost the build a few times more per post.
 */
export function markdownToFullText(html: string, addresses: FullTextAddresses = {}): string {
  const notes: string[] = [];
  let markup = withDirectiveFallbacks(html, "link").replace(marks, "");
  markup = replaceElements(markup, /<section class="footnotes"/g, "section", (section) => {
    notes.push(...footnoteTexts(section, addresses));
    return " ";
  });
  const body = blocksOf(markup, addresses).join("\n\n");
  return notes.length ? `${body}\n\n${notes.join("\n")}` : body;
}

/** What marks a block or a piece of a line set aside while the rest is made: characters no text needs. */
const blockBreak = "\uE011";
const blockMark = "\uE010";
const inlineMark = "\uE012";
const marks = /[\uE010-\uE012]/g;
/** Where a paragraph ends (a line break within one is Markdown's too), or a caption starts after its image. */
// The kept block's mark first: where a paragraph's end meets it, it is the one taken.
const paragraphBreaks = new RegExp(
  `${blockBreak}|(?<=</(?:p|h[1-6]|li|blockquote|pre|tr|figcaption|dt|dd)>)|(?=<figcaption>)`,
);
const lineBreak = /<br\s*\/?>/g;
const keptBlock = new RegExp(`^${blockMark}(\\d+)${blockMark}$`);
const keptPiece = new RegExp(`${inlineMark}(\\d+)${inlineMark}`, "g");

/** A figure of one image (in its `<picture>` or not) and its caption. */
const figure = new RegExp(
  String.raw`<figure>\s*(?:<picture>[\s\S]*?)?(<img\b[^>]*>)(?:\s*</picture>)?` +
    String.raw`\s*<figcaption>([^<]*)</figcaption>\s*</figure>`,
  "g",
);

/** A code block as formatCodeBlocks (or a diagram no browser drew) leaves it, or one written as HTML. */
const codeBlock = /<pre\b([^>]*)>(?:<code>)?([\s\S]*?)(?:<\/code>)?<\/pre>/g;

/** The Markdown blocks of a stretch of HTML: its paragraphs, headings, lists, quotes, tables, formulas and code. */
function blocksOf(markup: string, addresses: FullTextAddresses): string[] {
  // A block's text is kept aside, behind a placeholder, so that its lines survive the white space's folding.
  const kept: string[] = [];
  const keep = (text: string) => `${blockBreak}${blockMark}${kept.push(text) - 1}${blockMark}${blockBreak}`;
  let rest = replaceContainers(markup, (element, tag) => keep(containerText(element, tag, addresses)));
  // A figure is an image with a title, as it was written (markdown-extensions.ts's figureOrParagraph).
  rest = rest.replace(figure, (_figure, image: string, caption: string) =>
    keep(imageText(image, addresses, decodeText(caption))),
  );
  rest = replaceElements(rest, /<span class="katex-display">/g, "span", (formula) => {
    const tex = texOf(formula);
    return tex === undefined ? formula : keep(`$$\n${decodeText(tex)}\n$$`);
  });
  rest = replaceElements(rest, /<div class="diagram" id=/g, "div", (diagram) => {
    const source = diagramSource(diagram);
    return source === undefined ? diagram : keep(fenced(source, "mermaid"));
  });
  rest = rest.replace(codeBlock, (_block, attributes: string, code: string) => {
    const language = /\sdata-language="([^"]*)"/.exec(attributes)?.[1] ?? "";
    return keep(fenced(decodeText(code.replace(/<[^>]*>/g, "")), language));
  });
  return rest
    .split(paragraphBreaks)
    .map((part) => {
      const block = keptBlock.exec(part.trim());
      if (block) return kept[Number(block[1])]!;
      const heading = /<\/h([1-6])>\s*$/.exec(part);
      if (!heading) return withPlainStart(lineText(part, addresses));
      const text = lineText(part.slice(0, heading.index).replace(lineBreak, " "), addresses);
      return text && `${"#".repeat(Math.min(Number(heading[1]) + 1, 6))} ${text}`;
    })
    .filter(Boolean);
}

/** The elements whose insides are blocks of their own: lists, quotes, callouts, tables. */
const container = /<(ul|ol|blockquote|table)\b[^>]*>|<(div) class="callout\b[^"]*">/g;

/** Each container of `html`, outermost first (what it holds is made into blocks inside it), replaced. */
function replaceContainers(html: string, replace: (element: string, tag: string) => string): string {
  // A pattern of its own for each call: the containers inside are read while this one is.
  const opening = new RegExp(container.source, "g");
  let result = "";
  let from = 0;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    const tag = match[1] ?? match[2]!;
    const end = elementEnd(html, match.index, tag);
    result += html.slice(from, match.index) + replace(html.slice(match.index, end), tag);
    from = end;
    opening.lastIndex = end;
  }
  return result + html.slice(from);
}

function containerText(element: string, tag: string, addresses: FullTextAddresses): string {
  const inner = element.slice(element.indexOf(">") + 1, element.lastIndexOf("<"));
  if (tag === "blockquote") return quoted(blocksOf(inner, addresses).join("\n\n"));
  if (tag === "table") return tableText(inner, addresses);
  if (tag === "div") {
    // A callout (markdown-extensions.ts): its title, then its text, as a quote.
    const title = /^\s*<p class="callout-title">([\s\S]*?)<\/p>/.exec(inner);
    const text = blocksOf(title ? inner.slice(title[0].length) : inner, addresses);
    const name = title && lineText(title[1]!, addresses);
    return quoted([...(name ? [`**${name}**`] : []), ...text].join("\n\n"));
  }
  return listText(element, tag === "ol", addresses);
}

function quoted(text: string): string {
  return text
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
}

/** A list's items, each marked (`-`, or its number), what follows its first line indented under it. */
function listText(list: string, ordered: boolean, addresses: FullTextAddresses): string {
  let number = Number(/^<ol\b[^>]*\sstart="(\d+)"/.exec(list)?.[1] ?? 1);
  const items = itemsOf(list.slice(list.indexOf(">") + 1));
  // A loose list (a blank line between items in the source) has its items' text in paragraphs.
  const loose = items.some((item) => /^\s*<p>/.test(item));
  return items
    .map((item) => {
      const marker = ordered ? `${number++}. ` : "- ";
      const text = blocksOf(item, addresses).join(loose ? "\n\n" : "\n");
      return marker + text.replace(/\n(?=[^\n])/g, `\n${" ".repeat(marker.length)}`);
    })
    .join(loose ? "\n\n" : "\n");
}

/** The insides of a list's own items. */
function itemsOf(inner: string): string[] {
  const items: string[] = [];
  const opening = /<li\b[^>]*>/g;
  for (let match = opening.exec(inner); match; match = opening.exec(inner)) {
    const end = elementEnd(inner, match.index, "li");
    items.push(inner.slice(match.index + match[0].length, end).replace(/<\/li>$/, ""));
    opening.lastIndex = end;
  }
  return items;
}

/** A table as GitHub's Markdown writes it: its first row the header, each column's alignment kept. */
function tableText(inner: string, addresses: FullTextAddresses): string {
  const rows = [...inner.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<(th|td)\b([^>]*)>([\s\S]*?)<\/\1>/g)].map(([, , attributes, cell]) => ({
      text: lineText(cell!.replace(lineBreak, " "), addresses).replace(/\|/g, "\\|"),
      align: /\salign="(left|center|right)"|text-align:\s*(left|center|right)/
        .exec(attributes!)
        ?.slice(1)
        .find(Boolean),
    })),
  );
  if (!rows.length) return "";
  const columns = Math.max(...rows.map((row) => row.length));
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const texts = (row: Array<{ text: string }>) => Array.from({ length: columns }, (_, at) => row[at]?.text ?? "");
  const rule = Array.from({ length: columns }, (_, at) => {
    const align = rows[0]![at]?.align;
    return align === "center" ? ":---:" : align === "right" ? "---:" : align === "left" ? ":---" : "---";
  });
  return [line(texts(rows[0]!)), line(rule), ...rows.slice(1).map((row) => line(texts(row)))].join("\n");
}

/**
 * One line of Markdown from HTML's phrasing: links and images with their addresses, emphasis, inline
 * code, formulas as their TeX, footnote references as `[^n]`; the text escaped where Markdown would
 * read it as markup, its white space one space.
 */
function lineText(html: string, addresses: FullTextAddresses): string {
  // Formulas and footnote references are Markdown already: set aside from the text's escaping.
  const pieces: string[] = [];
  const aside = (text: string) => `${inlineMark}${pieces.push(text) - 1}${inlineMark}`;
  let markup = html;
  // Each pattern is looked for only where it may be: most lines hold none, and a long blog has many lines.
  if (markup.includes('"katex"'))
    markup = replaceElements(markup, /<span class="katex">/g, "span", (formula) => {
      const tex = texOf(formula);
      return tex === undefined ? formula : aside(`$${decodeText(tex)}$`);
    });
  if (markup.includes("fn-ref-"))
    markup = markup.replace(footnoteReference, (_reference, number: string) => aside(`[^${number}]`));
  // A formula's MathML repeats its TeX; a drawing (an icon, a diagram) is shapes, not words.
  if (/<(?:math|style|svg)\b/.test(markup))
    markup = markup.replace(/<math\b[\s\S]*?<\/math>|<style>[^<]*<\/style>|<svg\b[\s\S]*?<\/svg>/g, "");
  // The links and inline code being read, innermost last: each gathers its text until it closes.
  const open: Array<{ text: string; tag?: "a" | "code"; href?: string }> = [{ text: "" }];
  const add = (text: string) => {
    open[open.length - 1]!.text += text;
  };
  for (const [, closing, name, attributes, text] of markup.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    const tag = name?.toLowerCase();
    if (text !== undefined) {
      const words = decodeText(text).replace(/\s+/g, " ");
      add(open[open.length - 1]!.tag === "code" ? words : escaped(words));
    } else if (tag === "a" || tag === "code") {
      if (!closing) open.push({ text: "", tag, href: attribute(attributes!, "href") });
      else if (open.length > 1 && open[open.length - 1]!.tag === tag) add(closed(open.pop()!, addresses));
    } else if (tag === "strong" || tag === "b") add("**");
    else if (tag === "em" || tag === "i") add("*");
    else if (tag === "del" || tag === "s") add("~~");
    else if (tag === "br") add(aside("\\\n"));
    else if (tag === "img") add(imageText(attributes!, addresses));
    else if (tag === "input" && /\stype="checkbox"/.test(attributes!))
      add(/\schecked\b/.test(attributes!) ? "[x] " : "[ ] ");
  }
  while (open.length > 1) add(closed(open.pop()!, addresses));
  return (
    open[0]!.text
      .replace(/\s+/g, " ")
      .trim()
      .replace(keptPiece, (_piece, at: string) => pieces[Number(at)]!)
      // A line break ending a paragraph breaks nothing.
      .replace(/(?:\\\n\s*)+$/, "")
  );
}

/** A link or inline code once it closes, as Markdown writes it. */
function closed(element: { text: string; tag?: "a" | "code"; href?: string }, addresses: FullTextAddresses): string {
  if (element.tag === "code") {
    const text = element.text;
    const fence = "`".repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
    const padding = /^`|`$/.test(text) ? " " : "";
    return `${fence}${padding}${text}${padding}${fence}`;
  }
  if (element.href === undefined) return element.text;
  const label = element.text.trim();
  const address = addressAwayFromSite(element.href, addresses.siteUrl, addresses.pageUrl);
  // An address written as its own text is an autolink, which holds no space or angle bracket.
  const shownAsAddress = !label || label === escaped(element.href) || label === escaped(address);
  if (shownAsAddress && !/[\s<>]/.test(address)) return `<${address}>`;
  return `[${label || escaped(address)}](${destination(address)})`;
}

/** An image as Markdown writes it: its alt text, its address, and its title (a figure's caption) if it has one. */
function imageText(attributes: string, addresses: FullTextAddresses, title = attribute(attributes, "title")): string {
  const source = attribute(attributes, "src");
  const alt = escaped(attribute(attributes, "alt") ?? "");
  // An image the site does not show (another host's, whose address the sanitiser removed) is its words.
  if (!source) return alt;
  const caption = title ? ` "${title.replace(/["\\]/g, "\\$&")}"` : "";
  return `![${alt}](${destination(addressAwayFromSite(source, addresses.siteUrl, addresses.pageUrl))}${caption})`;
}

function attribute(attributes: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
  return value === undefined ? undefined : decodeText(value);
}

/** An address as a link's destination: within `<…>` if it holds a space or a parenthesis. */
function destination(address: string): string {
  return /[\s()<>]/.test(address) ? `<${address.replace(/[<>]/g, encodeURIComponent)}>` : address;
}

/** Text with what Markdown would read as markup escaped: `_` only where it could start or end emphasis. */
function escaped(text: string): string {
  const marked = text.replace(/[\\`*[\]]|<(?=[a-zA-Z/!?])/g, "\\$&");
  return !marked.includes("_")
    ? marked
    : marked.replace(/_/g, (underscore, at: number, whole: string) =>
        wordCharacter.test(whole[at - 1] ?? "") && wordCharacter.test(whole[at + 1] ?? "") ? underscore : "\\_",
      );
}

const wordCharacter = /[\p{L}\p{N}]/u;

/** A paragraph whose first characters Markdown would read as a heading, a quote or a list: the first escaped. */
function withPlainStart(text: string): string {
  return text.replace(/^(?:#{1,6}(?=\s|$)|>|[-+](?=\s)|=+(?=\s*$))/, "\\$&").replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2");
}

/** Text in a fenced block whose fence is longer than any run of backticks in it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${text.replace(/\n$/, "")}\n${fence}`;
}

/**
 * Each note of the footnotes' section as Markdown writes it, `[^n]: text`, numbered in their order (the
 * order the reader sees their numbers), without the links back to the text; a note's further
 * paragraphs indented, as Markdown continues a note.
 */
function footnoteTexts(section: string, addresses: FullTextAddresses): string[] {
  const list = /<ol\b[^>]*>/.exec(section);
  if (!list) return [];
  return itemsOf(section.slice(list.index + list[0].length)).map((note, at) => {
    const text = blocksOf(note.replace(/\s*<a\b[^>]*>↩<\/a>(?:<sup>\d+<\/sup>)?/g, ""), addresses).join("\n\n");
    return `[^${at + 1}]: ${text.replace(/\n(?=[^\n])/g, "\n    ")}`;
  });
}
