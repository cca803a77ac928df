import type { MarkedExtension, Tokens } from "marked";
import {
  type DrawnDiagram,
  idsAlignedWith,
  idsOf,
  oneForBothThemes,
  type PlacedSvg,
  withIdsRenamed,
} from "./diagram-themes.js";

/** The two themes a diagram is drawn in. */
export const diagramThemeNames = ["light", "dark"] as const;
export type DiagramThemeName = (typeof diagramThemeNames)[number];

/** A ```` ```mermaid ```` block as written, with the line of the body its fence opens on (1-based). */
export interface DiagramSource {
  source: string;
  line: number;
}

/**
 * A diagram as Mermaid drew it in one theme, sanitised: its SVG (without its `<style>`, its ids as
 * Mermaid made them) and its stylesheet, each safe to put in a page. Kept in the build cache.
 */
export type { DrawnDiagram } from "./diagram-themes.js";

export type DrawnThemes = Record<DiagramThemeName, DrawnDiagram>;

/**
 * Where a diagram sits in the HTML until it is drawn: private-use
 * characters no text needs (math.ts uses U+E000 and U+E001).
 */
const diagramSlot = (index: number) => `\uE002${index}\uE003`;
const placedSlots = /<div class="diagram">\uE002(\d+)\uE003<\/div>/g;

/** The marked extension for ```` ```mermaid ```` blocks: each becomes a slot, its source goes to `found`. */
export function diagramExtension(found: () => string[]): MarkedExtension {
  return {
    renderer: {
      code({ text, lang }: Tokens.Code) {
        if (lang?.trim() !== "mermaid") return false;
        const sources = found();
        sources.push(text);
        return `<div class="diagram">${diagramSlot(sources.length - 1)}</div>\n`;
      },
    },
  };
}

/**
 * The line (1-based) of each ```` ```mermaid ```` fence of the Markdown, in order: inside quotes and
 * lists too, not inside another fence.
 */
export function mermaidFenceLines(markdown: string): number[] {
  const found: number[] = [];
  let fence: string | undefined;
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!.replace(/^(?: *(?:> ?|[-*+] |\d{1,9}[.)] ))+/, "");
    const opening = /^ *(`{3,}|~{3,})\s*([^\s`]*)/.exec(text);
    if (!opening) continue;
    const [, mark, info] = opening as unknown as [string, string, string];
    if (fence) {
      if (mark[0] === fence[0] && mark.length >= fence.length && info === "") fence = undefined;
      continue;
    }
    fence = mark;
    if (info === "mermaid") found.push(index + 1);
  }
  return found;
}

/** What a page shows for one diagram: how it was drawn (none when no browser could draw it) and how it is named. */
export interface DiagramPlacement {
  source: string;
  drawn: DrawnThemes | undefined;
  /** Starts every id of the diagram: unique among the diagrams one page can show. */
  idPrefix: string;
  /** What the diagram is called for screen readers when it names no `accTitle`: "Diagram", in the body's language. */
  label: string;
}

/**
 * The HTML with each diagram's slot replaced by its drawing, or by its source as a code block when it was not drawn.
 */
export function placeDiagrams(html: string, placements: readonly DiagramPlacement[]): string {
  return html.replace(placedSlots, (slot, index: string) => {
    const placement = placements[Number(index)];
    if (!placement) return slot;
    return placement.drawn ? diagramHtml(placement, placement.drawn) : sourceAsCode(placement.source);
  });
}

/** A diagram's source shown as code, as a build without a browser shows it. */
export function sourceAsCode(source: string): string {
  return `<pre class="code" tabindex="0" data-language="mermaid"><code>${escapeText(source.replace(/\n$/, ""))}</code></pre>`;
}

/**
 * A diagram as a page shows it: an `<svg role="img">` named by its title and described by its
 * source, and a `<style>` with its rules (the page's CSP allows it by its hash: head-tags.ts). One
 * drawing for both themes when Mermaid drew them alike but for their colours, else both drawings,
 * the one of the theme the page is in shown.
 */
function diagramHtml({ source, idPrefix, label }: DiagramPlacement, drawn: DrawnThemes): string {
  const id = `${idPrefix}figure`;
  // Narrowed to the column, but to no less than most of its own size, so its text stays readable on a
  // phone: a diagram wider than that scrolls sideways, so the region takes focus.
  const frame = `#${id}{overflow-x:auto;margin-block:1.5rem}#${id} svg{display:block;margin-inline:auto;height:auto}`;
  const naming = { source, label };
  const themed = (drawing: DrawnDiagram) =>
    placedSvg(drawing, { prefix: idPrefix, className: "diagram-themes", ...naming });
  const one = oneForBothThemes(themed(drawn.light), themed(idsAlignedWith(drawn.dark, drawn.light)));
  if (one) return `<div class="diagram" id="${id}" tabindex="0"><style>${frame}${one.css}</style>${one.svg}</div>`;
  const parts = diagramThemeNames.map((theme) =>
    placedSvg(drawn[theme], { prefix: `${idPrefix}${theme}-`, className: `diagram-${theme}`, ...naming }),
  );
  const [light, dark] = parts as [PlacedSvg, PlacedSvg];
  const switching = `html.theme-dark #${light.id},html:not(.theme-dark) #${dark.id}{display:none}`;
  const css = [frame, switching, ...parts.map((part) => part.css)].join("");
  return `<div class="diagram" id="${id}" tabindex="0"><style>${css}</style>${light.svg}${dark.svg}</div>`;
}

/**
 * One theme's drawing with every id it has prefixed (so that two diagrams, or one diagram's two
 * themes, never share one), its inline styles as classes (the CSP allows no `style` attribute), and
 * its title and description as this page names them.
 */
function placedSvg(
  { svg, css }: DrawnDiagram,
  { prefix, className, source, label }: { prefix: string; className: string; source: string; label: string },
): PlacedSvg {
  const ids = new Set(idsOf(svg));
  const title = accessibleTitle(svg) ?? label;
  const withoutNames = svg
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>|<desc\b[^>]*>[\s\S]*?<\/desc>/g, "")
    .replace(/\s(?:role|aria-[a-z]+)="[^"]*"/g, "");
  const prefixed = withIdsRenamed({ svg: withoutNames, css }, (id) => (ids.has(id) ? `${prefix}${id}` : id));
  const { markup, rules } = stylesAsRules(prefixed.svg, `${prefix}s`);
  const rootId = /^<svg\b[^>]*\sid="([^"]*)"/.exec(markup)?.[1] ?? `${prefix}svg`;
  const titleId = `${prefix}title`;
  const descriptionId = `${prefix}description`;
  const named = markup.replace(
    /^<svg\b([^>]*)>/,
    (_open, attributes: string) =>
      `<svg${withClass(attributes, className)} role="img" aria-labelledby="${titleId}" aria-describedby="${
        descriptionId
      }"><title id="${titleId}">${escapeText(title)}</title><desc id="${descriptionId}">${escapeText(source.trim())}</desc>`,
  );
  return { id: rootId, svg: named, css: `${prefixed.css}${rules}${narrowest(rootId, markup)}` };
}

/** How much of its own size (its viewBox's width) a diagram may shrink to: its 16 px text then reads at 11 px. */
const narrowestScale = 0.7;

/** The rule that keeps the SVG from shrinking below `narrowestScale` of the width it was drawn at. */
function narrowest(rootId: string, svg: string): string {
  const width = /^<svg\b[^>]*\sviewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"/.exec(svg)?.[1];
  return width ? `#${rootId}{min-width:${Math.ceil(Number(width) * narrowestScale)}px}` : "";
}

/** The diagram's `accTitle`, which Mermaid writes as the SVG's `<title>`. */
function accessibleTitle(svg: string): string | undefined {
  const written = /<title\b[^>]*>([\s\S]*?)<\/title>/.exec(svg)?.[1];
  return written ? decodeText(written).trim() || undefined : undefined;
}

function withClass(attributes: string, name: string): string {
  return /\sclass="/.test(attributes)
    ? attributes.replace(/\sclass="([^"]*)"/, (_class, classes: string) => ` class="${classes} ${name}"`)
    : `${attributes} class="${name}"`;
}

/**
 * Each `style` attribute becomes a class with the same declarations (marked important, as strong as
 * the inline style it stands for); one class per distinct style.
 */
function stylesAsRules(svg: string, classPrefix: string): { markup: string; rules: string } {
  const classes = new Map<string, string>();
  const markup = svg.replace(
    /<([a-zA-Z]+)\b([^>]*?)\sstyle="([^"]*)"([^>]*)>/g,
    (_tag, name: string, before: string, style: string, after: string) => {
      const declarations = safeCss(decodeText(style))
        .split(";")
        .map((declaration) => declaration.trim())
        .filter((declaration) => /^[\w-]+\s*:/.test(declaration));
      if (!declarations.length) return `<${name}${before}${after}>`;
      const key = declarations.join(";");
      let styleClass = classes.get(key);
      if (!styleClass) {
        styleClass = `${classPrefix}${classes.size}`;
        classes.set(key, styleClass);
      }
      return `<${name}${withClass(`${before}${after}`, styleClass)}>`;
    },
  );
  const rules = [...classes]
    .map(
      ([declarations, styleClass]) =>
        `.${styleClass}{${declarations
          .split(";")
          .map((declaration) => `${declaration.replace(/\s*!important$/, "")} !important`)
          .join(";")}}`,
    )
    .join("");
  return { markup, rules };
}

/**
 * CSS from a diagram, made unable to fetch anything or leave its `<style>` element: no `@import`, no
 * `url()` but to an id of the page, no escapes, no `<`.
 */
export function safeCss(css: string): string {
  return css
    .replace(/[\\<]/g, "")
    .replace(/@import[^;]*;?/gi, "")
    .replace(/url\(\s*(?!#[\w-]+\s*\))[^)]*\)?/gi, "none")
    .replace(/expression\s*\(/gi, "none(");
}

/** The text of each diagram's `<style>` in a page's HTML, for its CSP (head-tags.ts). */
export function diagramStyles(html: string): string[] {
  return [...html.matchAll(/<div class="diagram" id="[^"]*" tabindex="0"><style>([^<]*)<\/style>/g)].map(
    (match) => match[1]!,
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const namedCharacters: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * Markup's text as the text it stands for: XML's named entities, `&nbsp;` (which Mermaid's HTML
 * serialiser writes) and numeric references, in one pass, so that `&amp;lt;` is `&lt;` and not `<`.
 */
export function decodeText(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z]+));/g, (reference, decimal, hex, name) => {
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? Number.parseInt(hex, 16) : undefined;
    if (code === undefined) return namedCharacters[name as string] ?? reference;
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
  });
}
