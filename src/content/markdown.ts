import type { Marked, Token, Tokens } from "marked";
import type sanitize from "sanitize-html";
import type { FieldProblem } from "../errors.js";
import type { YamlLibrary } from "./front-matter.js";
import type { HighlightCode } from "./highlight.js";
import { diagramExtension, mermaidFenceLines, type DiagramSource } from "./diagrams.js";
import { drawMath, mathExtension, mathSlots, type Katex, type MathSource } from "./math.js";
import { idFragment } from "../slug.js";
import { UniqueNames } from "./unique-names.js";

/** The Markdown parser (one per language of the words it writes), the sanitiser, KaTeX and the YAML library, loaded only when some file is not in the build cache. */
export interface MarkdownLibraries {
  parserFor: (labels: WritingLabels) => MarkdownParser;
  sanitizeHtml: typeof sanitize;
  yaml: YamlLibrary;
  /** Loaded when some text may have math. */
  katex?: Katex | undefined;
}

/** A marked set up for the site's Markdown, and the formulas the text it last parsed holds. */
export interface MarkdownParser {
  marked: Marked;
  formulas: MathSource[];
  /** The sources of the ```` ```mermaid ```` blocks of the text it last parsed. */
  diagrams: string[];
}

/**
 * A warm build parses nothing: loading these (with the YAML parser) took a fifth of its time.
 * KaTeX is loaded only when `math` (some text to parse may have a formula: math.ts's `mayHaveMath`).
 */
export async function loadMarkdownLibraries({ math = true }: { math?: boolean } = {}): Promise<MarkdownLibraries> {
  const [{ Marked }, { default: sanitizeHtml }, yaml, { default: markedFootnote }, { default: markedAlert }, katex] =
    await Promise.all([
      import("marked"),
      import("sanitize-html"),
      import("yaml"),
      import("marked-footnote"),
      import("marked-alert"),
      math ? import("katex").then((module) => module.default) : undefined,
    ]);
  const parsers = new Map<string, MarkdownParser>();
  const parserFor = (labels: WritingLabels) => {
    const key = JSON.stringify(labels);
    let parser = parsers.get(key);
    if (!parser) {
      const marked = new Marked({ gfm: true, breaks: false, async: false });
      const formulas: MathSource[] = [];
      parser = { marked, formulas, diagrams: [] };
      marked.use(
        markedFootnote({
          prefixId: footnotePrefix,
          description: labels.footnotes,
          backRefLabel: labels.backToReference.replace("{label}", "{0}"),
          headingClass: "visually-hidden",
          sectionClass: "footnotes",
        }),
        markedAlert({
          className: "callout",
          variants: calloutKinds.map((kind) => ({ type: kind, icon: "", title: labels[kind] })),
        }),
        { renderer: { paragraph: figureOrParagraph } },
        mathExtension(() => parser!.formulas),
        diagramExtension(() => parser!.diagrams),
      );
      parsers.set(key, parser);
    }
    return parser;
  };
  return { parserFor, sanitizeHtml, yaml, katex };
}

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
};

/** What the footnote extension starts its ids with; each body's own prefix replaces it, so two bodies on one page keep apart. */
const footnotePrefix = "fn-";

/**
 * A paragraph that is only an image with a title (`![A chart](chart.png "Sales by month")`) is a
 * figure, its title the caption; any other paragraph is rendered as marked renders it.
 */
function figureOrParagraph(
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
  /** The ```` ```mermaid ```` blocks, in order: each has a slot in `html` until it is drawn (diagrams.ts). */
  diagrams?: DiagramSource[] | undefined;
}

export interface MarkdownOptions {
  /** Give headings ids made from their text, for a text with a page of its own. */
  headingIds?: boolean;
  /** Highlights a code block's text as HTML, or gives undefined for a language it does not know. */
  highlight?: HighlightCode | undefined;
  /** Starts the body's footnote ids, unique among the bodies one page can show (the entry's name). */
  idPrefix?: string;
  /** The words the body writes of its own (callouts' titles, footnotes' links), in its language. */
  labels?: WritingLabels;
  /** For an entry written as a folder: its path inside content/ and the images in it, which its relative images name. */
  beside?: { folder: string; images: readonly string[] } | undefined;
}

/**
 * Markdown from content/ becomes HTML that is safe to inline: scripts, event handlers, styles and
 * `javascript:` URLs are dropped, links to other sites open with `rel="noopener noreferrer"`.
 * Links and images into the site itself are collected, to be checked against the built site.
 * Returns the problem instead when the Markdown cannot be read (nested past `maxNesting`).
 */
export function renderMarkdown(
  { parserFor, sanitizeHtml, katex }: MarkdownLibraries,
  markdown: string,
  base = "/",
  { headingIds = false, highlight, idPrefix = "", labels = englishWritingLabels, beside }: MarkdownOptions = {},
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
  const parser = parserFor(labels);
  parser.formulas.length = 0;
  parser.diagrams.length = 0;
  try {
    parsed = parser.marked.parse(markdown) as string;
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
      "sup",
      "section",
      "div",
      "figure",
      "figcaption",
    ],
    allowedAttributes: {
      a: ["href", "title", "id", "aria-label", "aria-describedby"],
      img: ["src", "alt", "title", "width", "height"],
      code: ["class"],
      th: ["align"],
      td: ["align"],
      li: ["id"],
      h2: ["id", "class"],
      section: ["class", "aria-labelledby"],
      div: ["class"],
      p: ["class"],
    },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    // Images must come from the site itself: the page asks no other host for anything.
    allowedSchemesByTag: { img: [] },
    transformTags: {
      a: (tagName, { id, "aria-describedby": describedBy, ...attribs }) => {
        const external = /^https?:\/\//i.test(attribs.href ?? "");
        const written = attribs.href === undefined ? undefined : footnoteHref(attribs.href, idPrefix);
        const href = written === undefined ? undefined : siteRelative(written, base);
        collect(attribs.href, href);
        return {
          tagName,
          attribs: {
            ...attribs,
            ...(href === undefined ? {} : { href }),
            ...(external ? { rel: "noopener noreferrer" } : {}),
            ...footnoteId("id", id, idPrefix),
            ...footnoteId("aria-describedby", describedBy, idPrefix),
          },
        };
      },
      li: (tagName, { id }) => ({ tagName, attribs: footnoteId("id", id, idPrefix) }),
      // The class first: the footnotes' heading is for screen readers, and stays out of the table of contents (which reads `<h2 id=…>`).
      h2: (tagName, { id, class: className }) => ({
        tagName,
        attribs: id?.startsWith(footnotePrefix) ? { class: className ?? "", ...footnoteId("id", id, idPrefix) } : {},
      }),
      section: (tagName, { class: className }) => ({
        tagName,
        attribs: (className === "footnotes"
          ? { class: className, "aria-labelledby": `${idPrefix}${footnotePrefix}label` }
          : {}) as Record<string, string>,
      }),
      img: (tagName, { src: written, ...attribs }) => {
        const src = written ? siteRelative(besideEntry(written, beside), base) : undefined;
        // An image from another host loses its address, whichever way it is written (`//host`, `/\host`, `\\host`).
        const shown = src !== undefined && isOnSite(src) ? src : undefined;
        collect(written, shown, true);
        return {
          tagName,
          attribs: { ...(shown ? { src: shown } : {}), ...attribs, loading: "lazy", decoding: "async" },
        };
      },
    },
    allowedClasses: {
      code: [/^language-[\w+#.-]+$/],
      div: ["callout", ...calloutKinds.map((kind) => `callout-${kind}`), "math-display", "diagram"],
      p: ["callout-title"],
      h2: ["visually-hidden"],
      section: ["footnotes"],
    },
  }).trim();
  // transformTags also sees links that sanitising then drops (a `javascript:` href): keep only those that remain.
  const kept = links.filter((link) => html.includes(escapeForAttribute(link.href)));
  // Headings the line count cannot see (raw HTML, setext forms it misreads) are counted as built.
  const headings = html.match(/<h[2-6]>/g)?.length ?? 0;
  if (headings > maxHeadings) return { problem: tooManyHeadings(headings) };
  const withCode = withFootnoteBackLabels(withCalloutIcons(formatCodeBlocks(html, highlight)), labels);
  const withIds = headingIds ? addHeadingIds(withCode) : withCode;
  const fenceLines = parser.diagrams.length ? mermaidFenceLines(markdown) : [];
  const diagrams = parser.diagrams.map((source, index) => ({ source, line: fenceLines[index] ?? 1 }));
  const withDiagrams = diagrams.length ? { diagrams } : {};
  if (!parser.formulas.length) return { html: withIds, links: kept, ...withDiagrams };
  if (!katex) throw new Error("A text with math was parsed without KaTeX: loadMarkdownLibraries was told it had none");
  const drawn = drawMath(withIds, parser.formulas, katex);
  if ("problem" in drawn) {
    const { tex, message } = drawn.problem;
    const firstLine = tex.split("\n")[0]!;
    const index = lines.findIndex((line) => line.includes(firstLine));
    return {
      problem: {
        field: "body",
        line: index + 1 || 1,
        problem: `has a formula KaTeX cannot read (${JSON.stringify(tex.length > 60 ? `${tex.slice(0, 57)}…` : tex)}): ${message}`,
      },
    };
  }
  // A formula wider than a phone scrolls sideways, and a region that scrolls must take focus.
  return {
    html: drawn.html.replaceAll('<div class="math-display">', '<div class="math-display" tabindex="0">'),
    links: kept,
    ...withDiagrams,
  };
}

/**
 * An image written as a bare name (`chart.png`, `./chart.png`) that the entry's folder holds is that
 * file, copied to the same path under the site (`blog/offline-sync/chart.png`); any other address is kept.
 */
function besideEntry(written: string, beside: MarkdownOptions["beside"]): string {
  const name = written.replace(/^\.\//, "");
  return beside?.images.includes(name) ? `${beside.folder}${name}` : written;
}

/** A footnote's id, with the body's prefix; any other id written in the Markdown is dropped. */
function footnoteId(name: string, id: string | undefined, idPrefix: string): Record<string, string> {
  return id?.startsWith(footnotePrefix) ? { [name]: `${idPrefix}${id}` } : {};
}

/** A link to a footnote or back to its reference, to the ids with the body's prefix. */
function footnoteHref(href: string, idPrefix: string): string {
  return href.startsWith(`#${footnotePrefix}`) ? `#${idPrefix}${href.slice(1)}` : href;
}

/**
 * A footnote's links back to the text are named after the number the reader saw there ("Back to
 * reference 2"; the second reference to one note "2 (2)"), not after the label written in the
 * Markdown (`[^speed]`), which the reader never sees. The second's mark (↩²) keeps its number
 * after the link: inside it, "↩2" would be a visible name the link's own does not contain.
 */
function withFootnoteBackLabels(html: string, labels: WritingLabels): string {
  const numbers = new Map(
    [...html.matchAll(/<a href="#[^"]*" id="([^"]+)" aria-describedby="[^"]*">(\d+)<\/a>/g)].map((match) => [
      match[1]!,
      match[2]!,
    ]),
  );
  return html.replace(
    /<a href="#([^"]+)" aria-label="[^"]*">↩(<sup>(\d+)<\/sup>)?<\/a>/g,
    (link, target: string, sup: string | undefined, nth: string | undefined) => {
      const number = numbers.get(target);
      if (number === undefined) return link;
      const label = labels.backToReference.replace("{label}", nth ? `${number} (${nth})` : number);
      return `<a href="#${target}" aria-label="${escapeText(label)}">↩</a>${sup ?? ""}`;
    },
  );
}

/**
 * Each callout's title gets its kind's icon, drawn after sanitising: the icons are the build's own
 * SVG, which content could not bring in (the sanitiser keeps no `<svg>`).
 */
function withCalloutIcons(html: string): string {
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
      .replace(mathSlots, "")
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
function decodeText(escaped: string): string {
  return escaped.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, decodeEntity);
}
