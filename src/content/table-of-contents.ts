/**
 * The table of contents of a rendered text whose headings have ids (posts, projects): its second-
 * and third-level headings, the third nested under the second before them.
 */

export interface TocHeading {
  id: string;
  /** The heading's text, as plain text. */
  text: string;
  /** Third-level headings under this one. */
  children: TocHeading[];
}

/** A text gets a table of contents from this many headings on (`toc: false` turns it off). */
export const tocMinHeadings = 3;

/**
 * The headings of sanitised HTML with ids (markdown-extensions.ts's
 * addHeadingIds), in order, level 3 under level 2.
 */
export function tableOfContents(html: string): TocHeading[] {
  const top: TocHeading[] = [];
  for (const match of html.matchAll(/<h([23]) id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)) {
    const heading = { id: decodeEntities(match[2]!), text: plainText(match[3]!), children: [] };
    const parent = top.at(-1);
    if (match[1] === "3" && parent) parent.children.push(heading);
    else top.push(heading);
  }
  return top;
}

/** How many headings a table of contents lists, nested ones included. */
export function countHeadings(headings: TocHeading[]): number {
  return headings.reduce((count, heading) => count + 1 + heading.children.length, 0);
}

/**
 * The headings of `html` made focusable by script and by links (`tabindex="-1"`), so that following
 * a table of contents' link moves the focus there, and the next Tab goes on from the heading.
 */
export function withFocusableHeadings(html: string): string {
  return html.replace(/<h([2-6]) id="([^"]*)">/g, '<h$1 id="$2" tabindex="-1">');
}

/**
 * What a text's page shows: the table of contents of its headings, with its HTML's headings made
 * focusable; no table (and the HTML as it is) with `toc: false` or fewer than three headings.
 */
export function withTableOfContents(html: string, toc: boolean | undefined): { headings: TocHeading[]; html: string } {
  const headings = toc === false ? [] : tableOfContents(html);
  if (countHeadings(headings) < tocMinHeadings) return { headings: [], html };
  return { headings, html: withFocusableHeadings(html) };
}

/**
 * Each heading with an id gets a link to itself beside it, shown on hover and on focus, so a reader
 * can copy the address of a section. The link sits beside the heading, not in it, so the heading's
 * name (and the table of contents) stays its text; `label` names the link after it.
 */
export function withHeadingLinks(html: string, label: (heading: string) => string): string {
  return html.replace(
    /<h([2-6]) id="([^"]+)"([^>]*)>([\s\S]*?)<\/h\1>/g,
    (heading, _level: string, id: string, _rest: string, inner: string) =>
      `<div class="heading-anchored">${heading}<a class="heading-link" href="#${id}" aria-label="${escapeAttribute(label(plainText(inner)))}">#</a></div>`,
  );
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#x27;/gi, "'")
    .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_entity, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, "&");
}
