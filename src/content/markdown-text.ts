// The words of rendered Markdown without its markup, for descriptions, excerpts, reading times and JSON Resume.

/** Where a heading ended, while the tags are stripped: a character no sanitised HTML holds. */
const headingEnd = "\u0000";

/**
 * The text of rendered Markdown without its markup, for meta descriptions, excerpts and reading
 * times. Its input is `renderMarkdown`'s sanitised output, whose tags and entities are few and
 * well formed, so stripping them needs no second HTML parser; the text is escaped wherever it is shown.
 */
export function markdownToText(html: string): string {
  return (
    html
      // A formula's MathML repeats what its drawing shows (and its TeX source): the drawing's text is kept.
      .replace(/<math\b[\s\S]*?<\/math>/g, "")
      // A diagram's drawing is shapes and the words of its labels, out of their order; its rules are CSS.
      .replace(/<style>[^<]*<\/style>|<svg\b[\s\S]*?<\/svg>/g, "")
      .replace(/<\/h[1-6]>/g, headingEnd)
      .replace(/<\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre|table|thead|tbody|tr|th|td|br|hr)\b[^>]*>/g, " ")
      .replace(/<[^>]*>/g, "")
      // A heading ends its sentence: "The problem. Drivers lose signal…", not "The problem Drivers…".
      .replace(new RegExp(`([^.!?:;…\\s])\\s*${headingEnd}`, "g"), "$1. ")
      .replaceAll(headingEnd, " ")
      .replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, decodeEntity)
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * The text of sanitised HTML with its paragraphs kept: each block (paragraph, heading, list item)
 * a paragraph of its own, separated by a blank line, as JSON Resume's summaries hold it.
 */
export function markdownToParagraphs(html: string): string {
  return html
    .split(/<\/(?:p|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/)
    .map(markdownToText)
    .filter(Boolean)
    .join("\n\n");
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
