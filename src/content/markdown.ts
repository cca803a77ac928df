import type { Marked } from "marked";
import type sanitize from "sanitize-html";
import type { FieldProblem } from "../errors.js";
import type { YamlLibrary } from "./front-matter.js";
import type { HighlightCode } from "./highlight.js";
import { diagramExtension, mermaidFenceLines, type DiagramSource } from "./diagrams.js";
import {
  addHeadingIds,
  headingsUnderTitle,
  taskSlot,
  withScrollingTables,
  withTaskItems,
  calloutKinds,
  englishWritingLabels,
  figureOrParagraph,
  formatCodeBlocks,
  withCalloutIcons,
  type WritingLabels,
} from "./markdown-extensions.js";
import { countHeadingLines, findDeepNesting, maxHeadings, maxNesting, tooManyHeadings } from "./markdown-limits.js";
import { BodyIds } from "./body-ids.js";
import { FootnoteIds, footnoteRenderers } from "./footnotes.js";
import { drawMath, mathExtension, newSlotMark, type Katex, type MathSource } from "./math.js";
import { directiveExtension } from "./directive-syntax.js";
import { videoTransforms } from "./markdown-video.js";
import { markdownAttributes, markdownClasses, markdownTags, markdownVoidTags } from "./markdown-allowed.js";
import { builtInDirectives, type DirectiveComponent } from "./directives.js";
import {
  besideEntry,
  escapeForAttribute,
  isOnSite,
  isRemoteAddress,
  isSiteLink,
  siteRelative,
  type SiteLink,
} from "./content-addresses.js";
import { remoteImages } from "./remote-images.js";
import {
  directiveProblem,
  newDirectiveState,
  renderDirective,
  withDirectives,
  type DirectiveState,
} from "./markdown-directives.js";

// load-content.ts reads these from here.
export type { SiteLink } from "./content-addresses.js";
export { markdownToText } from "./markdown-text.js";
export { directiveProblem };
export type { WritingLabels } from "./markdown-extensions.js";

/**
 * The Markdown parser (one per language of the words it writes), the sanitiser,
 * KaTeX and the YAML library, loaded only when some file is not in the build cache.
 */
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
  /** Marks the slots of the formulas of the text it last parsed: made anew for each (math.ts's `newSlotMark`). */
  slotMark: string;
  /** The sources of the ```` ```mermaid ```` blocks of the text it last parsed. */
  diagrams: string[];
  /** The footnotes of the text it last parsed, their ids as placeholders. */
  footnotes: FootnoteIds;
  /** The directives of the text it last parsed: what they need of it, the HTML they hold aside, their problems. */
  directives: DirectiveState;
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
      parser = {
        marked,
        formulas,
        slotMark: "",
        diagrams: [],
        footnotes: new FootnoteIds(),
        directives: newDirectiveState(labels),
      };
      marked.use(
        // It reads the footnotes; footnoteRenderers, used after it, draws them.
        markedFootnote({ description: labels.footnotes }),
        footnoteRenderers(() => parser!.footnotes, labels),
        markedAlert({
          className: "callout",
          variants: calloutKinds.map((kind) => ({ type: kind, icon: "", title: labels[kind] })),
        }),
        {
          renderer: { paragraph: figureOrParagraph, checkbox: ({ checked }) => taskSlot(parser!.slotMark, checked) },
          hooks: { processAllTokens: (tokens) => headingsUnderTitle(marked, tokens) },
        },
        mathExtension(
          () => parser!.formulas,
          () => parser!.slotMark,
        ),
        diagramExtension(() => parser!.diagrams),
        directiveExtension(
          renderDirective(
            () => parser!.directives,
            () => parser!.slotMark,
          ),
        ),
      );
      parsers.set(key, parser);
    }
    return parser;
  };
  return { parserFor, sanitizeHtml, yaml, katex };
}

/** How the problem of a body's formula starts, so the error's hint can point at the page on math. */
export const formulaProblem = "has a formula";

export interface RenderedMarkdown {
  html: string;
  links: SiteLink[];
  /**
   * The ```` ```mermaid ```` blocks, in order: each has a slot in `html` until it is drawn (diagrams.ts), and the
   * start of the ids its drawing may have, which no other id of the body has.
   */
  diagrams?: Array<DiagramSource & { idPrefix: string }> | undefined;
}

export interface MarkdownOptions {
  /** Give headings ids made from their text, for a text with a page of its own. */
  headingIds?: boolean;
  /** Highlights a code block's text as HTML, or gives undefined for a language it does not know. */
  highlight?: HighlightCode | undefined;
  /** Starts the body's footnote and diagram ids, unique among the bodies one page can show (the entry's name). */
  idPrefix?: string;
  /** The words the body writes of its own (callouts' titles, footnotes' links), in its language. */
  labels?: WritingLabels;
  /**
   * For an entry written as a folder: its path inside content/ and the images in it, which its relative images name.
   */
  beside?: { folder: string; images: readonly string[] } | undefined;
  /**
   * The components its directives may name: the built-ins and the owner's (overrides/content-components.ts).
   * @default the built-ins
   */
  directives?: ReadonlyMap<string, DirectiveComponent> | undefined;
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
  {
    headingIds = false,
    highlight,
    idPrefix = "",
    labels = englishWritingLabels,
    beside,
    directives: components = builtInDirectives,
  }: MarkdownOptions = {},
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
    links.push({
      written,
      href,
      line: lineOf(written) + 1,
      ...(shown ? { shown: true as const } : {}),
      ...(shown && beside ? { folderImages: beside.images } : {}),
    });
  };
  /** A file a `<video>` names, when it is the site's own (and collected to be checked); undefined else. */
  const localFile = (written: string | undefined): string | undefined => {
    const href = written ? siteRelative(besideEntry(written, beside), base) : undefined;
    if (written === undefined || href === undefined || !isOnSite(href)) return undefined;
    collect(written, href, true);
    return href;
  };
  const remote = remoteImages(() => parser.slotMark);
  const sanitiseOptions: sanitize.IOptions = {
    allowedTags: [...markdownTags],
    allowedAttributes: markdownAttributes,
    selfClosing: markdownVoidTags,
    allowedSchemes: ["https", "http", "mailto", "tel"],
    // Images must come from the site itself: the page asks no other host for anything.
    allowedSchemesByTag: { img: [] },
    transformTags: {
      a: (tagName, { id, "aria-describedby": describedBy, ...attribs }) => {
        const external = /^https?:\/\//i.test(attribs.href ?? "");
        const href = attribs.href === undefined ? undefined : siteRelative(attribs.href, base);
        collect(attribs.href, href);
        return {
          tagName,
          attribs: {
            ...attribs,
            ...(href === undefined ? {} : { href }),
            ...(external ? { rel: "noopener noreferrer" } : {}),
            ...(footnotes.isPlaceholder(id) ? { id } : {}),
            ...(footnotes.isPlaceholder(describedBy) ? { "aria-describedby": describedBy } : {}),
          },
        };
      },
      // Only the footnotes' own ids are kept: any other id written in the Markdown is dropped.
      li: (tagName, { id }) => ({
        tagName,
        attribs: (footnotes.isPlaceholder(id) ? { id } : {}) as Record<string, string>,
      }),
      // An `<h1>` written as HTML is under the page's title too.
      h1: () => ({ tagName: "h2", attribs: {} }),
      // The class first: the footnotes' heading is for screen readers,
      // and stays out of the table of contents (which reads `<h2 id=…>`).
      h2: (tagName, { id, class: className }) => ({
        tagName,
        attribs: (footnotes.isPlaceholder(id) ? { class: className ?? "", id } : {}) as Record<string, string>,
      }),
      section: (tagName, { class: className, "aria-labelledby": labelledBy }) => ({
        tagName,
        attribs: (className === "footnotes" && footnotes.isPlaceholder(labelledBy)
          ? { class: className, "aria-labelledby": labelledBy }
          : {}) as Record<string, string>,
      }),
      ...videoTransforms(localFile),
      img: (tagName, { src: written, ...attribs }) => {
        const src = written ? siteRelative(besideEntry(written, beside), base) : undefined;
        // An image from another host loses its address, whichever way it is written (`//host`, `/\host`, `\\host`):
        // one written as an address is its alt text, and the build warns of it (remote-images.ts).
        const shown = src !== undefined && isOnSite(src) ? src : undefined;
        if (!shown && written && isRemoteAddress(written)) {
          links.push({ written, href: written, line: lineOf(written) + 1, remote: true });
          return { tagName, attribs: remote.marked(attribs.alt) };
        }
        collect(written, shown, true);
        return {
          tagName,
          attribs: { ...(shown ? { src: shown } : {}), ...attribs, loading: "lazy", decoding: "async" },
        };
      },
    },
    allowedClasses: markdownClasses,
  };
  const sanitise = (html: string) => sanitizeHtml(html, sanitiseOptions).trim();
  let parsed: string;
  const parser = parserFor(labels);
  parser.formulas.length = 0;
  parser.slotMark = newSlotMark();
  parser.diagrams.length = 0;
  parser.footnotes.reset();
  const { footnotes, directives } = parser;
  directives.markdown = markdown;
  directives.lines = undefined;
  directives.slots.length = 0;
  directives.problems.length = 0;
  directives.components = components;
  let directiveIds = 0;
  directives.context = {
    labels,
    sanitise,
    nextId: (what) => `${idPrefix}${what}-${++directiveIds}`,
    siteFile: (written) => {
      const href = siteRelative(besideEntry(written, beside), base);
      if (!isOnSite(href)) return undefined;
      collect(written, href, true);
      return href;
    },
  };
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
  const [directiveFailure] = directives.problems;
  if (directiveFailure) return { problem: { field: "body", ...directiveFailure } };
  const sanitised = withTaskItems(remote.placed(sanitise(parsed)), parser.slotMark);
  const html = directives.slots.length ? withDirectives(sanitised, parser.slotMark, directives.slots) : sanitised;
  // transformTags also sees links that sanitising then drops (a `javascript:` href): keep only those that remain.
  const kept = links.filter((link) => link.remote || html.includes(escapeForAttribute(link.href)));
  // Headings the line count cannot see (raw HTML, setext forms it misreads) are counted as built.
  const headings = html.match(/<h[2-6]>/g)?.length ?? 0;
  if (headings > maxHeadings) return { problem: tooManyHeadings(headings) };
  const withCode = withCalloutIcons(withScrollingTables(formatCodeBlocks(html, highlight)));
  // One source for every id of the body: headings first (their ids are the ones readers link to), then footnotes,
  // then the diagrams' namespaces.
  const ids = new BodyIds();
  const withIds = footnotes.withIds(headingIds ? addHeadingIds(withCode, ids) : withCode, ids, idPrefix);
  const fenceLines = parser.diagrams.length ? mermaidFenceLines(markdown) : [];
  const diagrams = parser.diagrams.map((source, index) => ({
    source,
    line: fenceLines[index] ?? 1,
    idPrefix: ids.claimPrefix(`${idPrefix}diagram-${index + 1}-`),
  }));
  const withDiagrams = diagrams.length ? { diagrams } : {};
  if (!parser.formulas.length) return { html: withIds, links: kept, ...withDiagrams };
  if (!katex) throw new Error("A text with math was parsed without KaTeX: loadMarkdownLibraries was told it had none");
  const drawn = drawMath(withIds, parser.formulas, katex, parser.slotMark);
  if ("problem" in drawn) {
    const { tex, problem } = drawn.problem;
    const firstLine = tex.split("\n")[0]!;
    const index = lines.findIndex((line) => line.includes(firstLine));
    return { problem: { field: "body", line: index + 1 || 1, problem: `${formulaProblem} ${problem}` } };
  }
  // A formula wider than a phone scrolls sideways, and a region that scrolls must take focus.
  return {
    html: drawn.html.replaceAll('<div class="math-display">', '<div class="math-display" tabindex="0">'),
    links: kept,
    ...withDiagrams,
  };
}
