import type { Marked } from "marked";
import type sanitize from "sanitize-html";
import type { FieldProblem } from "../errors.js";
import type { YamlLibrary } from "./front-matter.js";
import type { HighlightCode } from "./highlight.js";
import { idFragment } from "./slug.js";
import { UniqueNames } from "./unique-names.js";

/** The Markdown parser, the sanitiser and the YAML library, loaded only when some file is not in the build cache. */
export interface MarkdownLibraries {
  marked: Marked;
  sanitizeHtml: typeof sanitize;
  yaml: YamlLibrary;
}

/** A warm build parses nothing: loading these (with the YAML parser) took a fifth of its time. */
export async function loadMarkdownLibraries(): Promise<MarkdownLibraries> {
  const [{ Marked }, { default: sanitizeHtml }, yaml] = await Promise.all([
    import("marked"),
    import("sanitize-html"),
    import("yaml"),
  ]);
  return { marked: new Marked({ gfm: true, breaks: false, async: false }), sanitizeHtml, yaml };
}

/** Deeper nesting of quotes and lists than any real text has; past it the parser's time and stack run out. */
export const maxNesting = 32;

/** More headings than any real post or page has (a long reference page has a few hundred; the 5 MB post of the tests, 7,500): past it, refused. */
export const maxHeadings = 10_000;

/** A link or image in a Markdown body that points into the site, with the body line it is on. */
export interface SiteLink {
  /** As written in the Markdown: `files/talk.pdf`, `/resume`, `images/a.png#x`. */
  written: string;
  /** The URL path it resolves to under the base path: `/files/talk.pdf`. */
  href: string;
  /** Line of the body, 1-based. */
  line: number;
  /** An image the body shows (`![alt](…)`), not a link to one. */
  shown?: true;
}

export interface RenderedMarkdown {
  html: string;
  links: SiteLink[];
}

export interface MarkdownOptions {
  /** Give headings ids made from their text, for a text with a page of its own. */
  headingIds?: boolean;
  /** Highlights a code block's text as HTML, or gives undefined for a language it does not know. */
  highlight?: HighlightCode | undefined;
}

/**
 * Markdown from content/ becomes HTML that is safe to inline: scripts, event handlers, styles and
 * `javascript:` URLs are dropped, links to other sites open with `rel="noopener noreferrer"`.
 * Links and images into the site itself are collected, to be checked against the built site.
 * Returns the problem instead when the Markdown cannot be read (nested past `maxNesting`).
 */
export function renderMarkdown(
  { marked, sanitizeHtml }: MarkdownLibraries,
  markdown: string,
  base = "/",
  { headingIds = false, highlight }: MarkdownOptions = {},
): RenderedMarkdown | { problem: FieldProblem & { line?: number } } {
  const tooDeep = findDeepNesting(markdown);
  if (tooDeep)
    return {
      problem: {
        field: "body",
        line: tooDeep.line,
        problem: `is nested ${tooDeep.depth} levels deep (quotes and lists): expected at most ${maxNesting}`,
      },
    };
  // Counted in the text first, so a file of 100,000 headings is refused before it is parsed.
  const headingLines = countHeadingLines(markdown);
  if (headingLines > maxHeadings) return { problem: tooManyHeadings(headingLines) };
  let parsed: string;
  try {
    parsed = marked.parse(markdown) as string;
  } catch (cause) {
    return {
      problem: {
        field: "body",
        line: 1,
        problem: `cannot be read as Markdown: ${cause instanceof Error && /call stack|report this/i.test(cause.message) ? "it is nested too deeply" : String(cause)}`,
      },
    };
  }
  const links: SiteLink[] = [];
  const lines = markdown.split("\n");
  // Links come in the order they are written, so each is looked for from the line of the one before.
  let cursor = 0;
  const lineOf = (written: string) => {
    for (const start of [cursor, 0]) {
      for (let index = start; index < lines.length; index++) {
        if (lines[index]!.includes(written)) {
          cursor = index;
          return index;
        }
      }
    }
    return 0;
  };
  const collect = (written: string | undefined, href: string | undefined, shown = false) => {
    if (written === undefined || href === undefined || !isSiteLink(written) || !isOnSite(href)) return;
    links.push({ written, href, line: lineOf(written) + 1, ...(shown ? { shown: true as const } : {}) });
  };
  const html = sanitizeHtml(parsed, {
    allowedTags: [
      "p",
      "br",
      "hr",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "blockquote",
      "ul",
      "ol",
      "li",
      "strong",
      "em",
      "del",
      "code",
      "pre",
      "a",
      "img",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: {
      a: ["href", "title"],
      img: ["src", "alt", "title", "width", "height"],
      code: ["class"],
      th: ["align"],
      td: ["align"],
    },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    // Images must come from the site itself: the page asks no other host for anything.
    allowedSchemesByTag: { img: [] },
    transformTags: {
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? "");
        const href = attribs.href === undefined ? undefined : siteRelative(attribs.href, base);
        collect(attribs.href, href);
        return {
          tagName,
          attribs: {
            ...attribs,
            ...(href === undefined ? {} : { href }),
            ...(external ? { rel: "noopener noreferrer" } : {}),
          },
        };
      },
      img: (tagName, { src: written, ...attribs }) => {
        const src = written ? siteRelative(written, base) : undefined;
        // An image from another host loses its address, whichever way it is written (`//host`, `/\host`, `\\host`).
        const shown = src !== undefined && isOnSite(src) ? src : undefined;
        collect(written, shown, true);
        return {
          tagName,
          attribs: { ...(shown ? { src: shown } : {}), ...attribs, loading: "lazy", decoding: "async" },
        };
      },
    },
    allowedClasses: { code: [/^language-[\w+#.-]+$/] },
  }).trim();
  // transformTags also sees links that sanitising then drops (a `javascript:` href): keep only those that remain.
  const kept = links.filter((link) => html.includes(escapeForAttribute(link.href)));
  // Headings the line count cannot see (raw HTML, setext forms it misreads) are counted as built.
  const headings = html.match(/<h[2-6]>/g)?.length ?? 0;
  if (headings > maxHeadings) return { problem: tooManyHeadings(headings) };
  const withCode = formatCodeBlocks(html, highlight);
  return { html: headingIds ? addHeadingIds(withCode) : withCode, links: kept };
}

/**
 * Code blocks, found in the sanitised HTML (their text escaped, no tag inside), are highlighted
 * when their language is known, and can be scrolled from the keyboard: a long line scrolls
 * sideways, and a region that scrolls must take focus.
 */
function formatCodeBlocks(html: string, highlight: HighlightCode | undefined): string {
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
 * Gives each heading an id made from its text ("Why offline-first" → `why-offline-first`), so a
 * section can be linked to. Only for a text that has a page of its own (a post, a project): two
 * texts on one page could give two headings one id. Runs on sanitised HTML, whose headings carry
 * no attributes, so every id is one the build made; `main` is the page's own.
 */
export function addHeadingIds(html: string): string {
  const ids = new UniqueNames(new Set(["main"]));
  return html.replace(/<h([2-6])>([\s\S]*?)<\/h\1>/g, (_heading, level: string, inner: string) => {
    const text = inner
      .replace(/<[^>]*>/g, "")
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
 * The deepest nesting of block quotes and list items on any line, counted from each line's prefix
 * of `>` markers, list markers and indentation (outside fenced code), when it passes `maxNesting`.
 */
export function findDeepNesting(markdown: string): { line: number; depth: number } | undefined {
  for (const { index, line } of linesOutsideFences(markdown)) {
    const depth = prefixDepth(line);
    if (depth > maxNesting) return { line: index + 1, depth };
  }
  return undefined;
}

function tooManyHeadings(count: number): FieldProblem {
  return { field: "body", problem: `${count} headings; at most ${maxHeadings} in one file: split it into several` };
}

/**
 * How many lines of the Markdown (outside fenced code, inside quotes and lists too) are headings:
 * `## Title` lines, and the `===`/`---` lines under a paragraph line that make it one.
 */
export function countHeadingLines(markdown: string): number {
  let count = 0;
  let afterParagraphLine = false;
  for (const { line } of linesOutsideFences(markdown)) {
    const text = line.replace(/^(?: *(?:> ?|[-*+] |\d{1,9}[.)] ))+/, "");
    const heading: boolean =
      /^ {0,3}#{1,6}(?:[ \t\r]|$)/.test(text) || (afterParagraphLine && /^ {0,3}(?:=+|-+)[ \t\r]*$/.test(text));
    if (heading) count++;
    afterParagraphLine = !heading && text.trim() !== "";
  }
  return count;
}

/** Each line outside fenced code, its tabs as four spaces, with its index. */
function* linesOutsideFences(markdown: string): Generator<{ index: number; line: string }> {
  let fence: string | undefined;
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\t/g, "    ");
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (!fence || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) {
      fence = fence ? undefined : fenceMark;
      continue;
    }
    if (!fence) yield { index, line };
  }
}

function prefixDepth(line: string): number {
  let depth = 0;
  let rest = line;
  for (;;) {
    const indent = /^ */.exec(rest)![0].length;
    const marker = /^ *(>|[-*+](?= |$)|\d{1,9}[.)](?= |$))/.exec(rest);
    if (!marker) return depth;
    // Each level of a nested list is indented by at least two columns more than its parent.
    depth += 1 + (marker[1] === ">" ? 0 : Math.floor(indent / 2));
    rest = rest.slice(marker[0].length);
  }
}

/** A link without a scheme, that is not only a fragment: a path inside the site. */
function isSiteLink(url: string): boolean {
  return url !== "" && !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url.trim());
}

/**
 * Where a page of the site leads with an address from content, read as a browser reads it (WHATWG
 * URL: backslashes are slashes, tabs and newlines are dropped, `//host` and `/\host` name a host;
 * `https:host` is a host too on an http page): still the site, or another host or scheme.
 */
const pagesOfTheSite = ["https://site.invalid/base/page", "http://site.invalid/base/page"].map((page) => new URL(page));

/** An address that stays on the site from any of its pages, whatever their scheme. */
function isOnSite(url: string): boolean {
  return pagesOfTheSite.every((page) => URL.canParse(url, page) && new URL(url, page).origin === page.origin);
}

/**
 * A relative link in content (`images/a.webp`, `resume`) means a path inside the site: it is made
 * absolute under the base path, so it works from every page and under any sub-path.
 */
function siteRelative(url: string, base: string): string {
  if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url)) return url;
  return url.startsWith("/") ? url : `${base}${url.replace(/^\.\//, "")}`;
}

function escapeForAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

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
function decodeText(escaped: string): string {
  return escaped.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, decodeEntity);
}
