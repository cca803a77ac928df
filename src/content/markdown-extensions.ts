/**
 * What the site adds to marked and to the sanitised HTML: figures, callouts with their icons, footnotes
 * with ids of their body and links named as the reader sees them, highlighted code blocks and heading ids.
 */
import type { Marked, Token, Tokens } from "marked";
import type { HighlightCode } from "./highlight.js";
import { decodeText } from "./markdown-text.js";
import { anySlot, slotClosing, slotOpening } from "./math.js";
import { idFragment } from "../slug.js";
import { BodyIds } from "./body-ids.js";

/** GitHub's alerts: `> [!NOTE]` and its four siblings. */
export const calloutKinds = ["note", "tip", "important", "warning", "caution"] as const;
export type CalloutKind = (typeof calloutKinds)[number];

/** The words a Markdown body writes of its own, in the language of its file. */
export interface WritingLabels extends Record<CalloutKind, string> {
  /** The footnotes' heading, for screen readers. */
  footnotes: string;
  /** A footnote's link back to where it is referred to; `{label}` is the footnote's number. */
  backToReference: string;
  /** What a diagram is called for screen readers when it has no `accTitle`. */
  diagram: string;
  /** A video facade's button (directives.ts); `{title}` is the video's title. */
  play: string;
  /** A video's captions track, as the player's menu names it. */
  captions: string;
  /** A gallery's lightbox buttons (directives.ts writes them on the gallery for its plain module). */
  galleryClose: string;
  galleryPrevious: string;
  galleryNext: string;
}

export const englishWritingLabels: WritingLabels = {
  note: "Note",
  tip: "Tip",
  important: "Important",
  warning: "Warning",
  caution: "Caution",
  footnotes: "Footnotes",
  backToReference: "Back to reference {label}",
  diagram: "Diagram",
  play: "Play: {title}",
  captions: "Captions",
  galleryClose: "Close",
  galleryPrevious: "Previous image",
  galleryNext: "Next image",
};

/**
 * A paragraph that is only an image with a title (`![A chart](chart.png "Sales by month")`) is a
 * figure, its title the caption; any other paragraph is rendered as marked renders it.
 */
export function figureOrParagraph(
  this: { parser: { parseInline: (tokens: Token[]) => string } },
  { tokens }: Tokens.Paragraph,
): string | false {
  const shown = tokens.filter((token) => !(token.type === "text" && token.raw.trim() === ""));
  const image = shown.length === 1 && shown[0]!.type === "image" ? (shown[0] as Tokens.Image) : undefined;
  if (!image?.title) return false;
  const img = this.parser.parseInline([{ ...image, title: null }]);
  return `<figure>${img}<figcaption>${escapeText(image.title)}</figcaption></figure>\n`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Each callout's title gets its kind's icon, drawn after sanitising: the icons are the build's own
 * SVG, which content could not bring in (the sanitiser keeps no `<svg>`).
 */
export function withCalloutIcons(html: string): string {
  return html.replace(
    /<div class="callout callout-(note|tip|important|warning|caution)">\s*<p class="callout-title">/g,
    (opening, kind: CalloutKind) => `${opening}${calloutIcons[kind]}`,
  );
}

/** Lucide's icons (as the rest of the site draws), for each kind of callout. */
const calloutIcon = (paths: string) =>
  `<svg class="callout-icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;
const calloutIcons: Record<CalloutKind, string> = {
  note: calloutIcon('<circle cx="12" cy="12" r="10"/><path d="M12 16v-4"/><path d="M12 8h.01"/>'),
  tip: calloutIcon(
    '<path d="M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5"/><path d="M9 18h6"/><path d="M10 22h4"/>',
  ),
  important: calloutIcon(
    '<path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z"/><path d="M12 15h.01"/><path d="M12 7v4"/>',
  ),
  warning: calloutIcon(
    '<path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3"/><path d="M12 9v4"/><path d="M12 17h.01"/>',
  ),
  caution: calloutIcon(
    '<path d="M12 16h.01"/><path d="M12 8v4"/><path d="M15.312 2a2 2 0 0 1 1.414.586l4.688 4.688A2 2 0 0 1 22 8.688v6.624a2 2 0 0 1-.586 1.414l-4.688 4.688a2 2 0 0 1-1.414.586H8.688a2 2 0 0 1-1.414-.586l-4.688-4.688A2 2 0 0 1 2 15.312V8.688a2 2 0 0 1 .586-1.414l4.688-4.688A2 2 0 0 1 8.688 2z"/>',
  ),
};

/**
 * Code blocks, found in the sanitised HTML (their text escaped, no tag inside), are highlighted
 * when their language is known, and can be scrolled from the keyboard: a long line scrolls
 * sideways, and a region that scrolls must take focus.
 */
export function formatCodeBlocks(html: string, highlight: HighlightCode | undefined): string {
  return html.replace(
    /<pre><code(?: class="language-([\w+#.-]+)")?>([^<]*)<\/code><\/pre>/g,
    (_block, language: string | undefined, escaped: string) => {
      const code = decodeText(escaped).replace(/\n$/, "");
      const highlighted = language ? highlight?.(code, language) : undefined;
      return `<pre class="code" tabindex="0"${language ? ` data-language="${language}"` : ""}><code>${highlighted ?? escaped.replace(/\n$/, "")}</code></pre>`;
    },
  );
}

/**
 * A text's headings under the page's own title, its one `<h1>`: a text that uses `#` has each of its headings a
 * level lower (`#` → `<h2>`, `##` → `<h3>`, … `######` stays `<h6>`), so its outline is kept. On the parser's
 * tokens, so the headings the build writes itself (the footnotes') keep theirs; an `<h1>` written as HTML is an
 * `<h2>` (markdown.ts's sanitiser).
 */
export function headingsUnderTitle(marked: Marked, tokens: Token[]): Token[] {
  const headings: Tokens.Heading[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === "heading") headings.push(token as Tokens.Heading);
  });
  if (headings.some((heading) => heading.depth === 1))
    for (const heading of headings) heading.depth = Math.min(heading.depth + 1, 6);
  return tokens;
}

/**
 * Gives each heading an id made from its text ("Why offline-first" → `why-offline-first`), so a
 * section can be linked to. Only for a text that has a page of its own (a post, a project): two
 * texts on one page could give two headings one id. Runs on sanitised HTML, whose headings carry
 * no attributes, so every id is one the build made; `ids` gives the body's ids (none the page's own, as `main`).
 */
export function addHeadingIds(html: string, ids = new BodyIds()): string {
  return html.replace(/<h([2-6])>([\s\S]*?)<\/h\1>/g, (_heading, level: string, inner: string) => {
    const text = inner
      .replace(/<[^>]*>/g, "")
      .replace(anySlot, "")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'");
    const id = ids.claim(idFragment(text) || "section");
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
}

/**
 * A task's box (`- [x] done`) as the parser writes it: a slot with the text's mark, since the sanitiser keeps
 * no `<input>` a text writes; `withTaskItems` makes it the item's box once the HTML is sanitised.
 */
export function taskSlot(mark: string, checked: boolean): string {
  return `${slotOpening}${mark}:task-${checked ? "done" : "open"}${slotClosing}`;
}

/**
 * Each task's box a checkbox that shows its state and cannot be changed, labelled by the words after it
 * (up to the item's first list, paragraph or other block), so a screen reader names it; its item without a
 * bullet. A box anywhere but at an item's start (none the parser writes) is dropped.
 */
export function withTaskItems(html: string, mark: string): string {
  if (!html.includes(`${mark}:task-`)) return html;
  const task = new RegExp(`(<li>\\s*(?:<p>)?)${slotOpening}${mark}:task-(done|open)${slotClosing}\\s*`, "g");
  const wordsEnd = /<\/?(?:ul|ol|p|pre|div|blockquote|table|figure|dl|details|li)\b/g;
  let result = "";
  let from = 0;
  for (let match = task.exec(html); match; match = task.exec(html)) {
    wordsEnd.lastIndex = task.lastIndex;
    const end = wordsEnd.exec(html)?.index ?? html.length;
    const box = `<input type="checkbox" disabled${match[2] === "done" ? " checked" : ""}>`;
    const item = match[1]!.replace("<li>", '<li class="task">');
    result += `${html.slice(from, match.index)}${item}<label>${box} ${html.slice(task.lastIndex, end).trimEnd()}</label>`;
    from = end;
    task.lastIndex = end;
  }
  const stray = new RegExp(`${slotOpening}${mark}:task-(?:done|open)${slotClosing}`, "g");
  return (result + html.slice(from)).replace(stray, "");
}

/**
 * Each table in a box of its own that scrolls across when the table is wider than the text (many columns, a phone),
 * rather than widening the page; reachable from the keyboard to scroll it, as a code block is. Runs on sanitised
 * HTML, whose tables carry no attributes.
 */
export function withScrollingTables(html: string): string {
  if (!html.includes("<table>")) return html;
  return html
    .replaceAll("<table>", '<div class="table-scroll" tabindex="0"><table>')
    .replaceAll("</table>", "</table></div>");
}
