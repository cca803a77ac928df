import { type KeptResults, recall } from "../kept-results.js";
import type { FontMetrics } from "./font-file.js";
import type { AvailableFace, FontCategory } from "./font-sources.js";

export type { FontMetrics };

/**
 * Which faces of a font the site publishes, and the `@font-face` rules for them and for a fallback
 * whose metrics match, so that text does not move when the font arrives.
 */

/** The weights and styles a font is drawn in. */
export interface FontUsage {
  weights: number[];
  italic: boolean;
}

const defaultWeights = [400, 700];

/**
 * What the stylesheets ask of the text font: every `font-weight` they set (`bold` is 700), with
 * regular and bold (headings, `<strong>`) always, and italic when any rule or element makes text
 * italic. Island dialogs draw classes that only exist once opened, so the stylesheet, not the
 * server's HTML, says what may be drawn.
 */
export function textFontUsage(stylesheets: string[], pages: string[]): FontUsage {
  const declared = stylesheets.flatMap((css) =>
    [...css.matchAll(/font-weight\s*:\s*(\d{3}|bold|bolder|normal)\b/gi)].map((match) => weightValue(match[1]!)),
  );
  const italic =
    stylesheets.some((css) => /font-style\s*:\s*(italic|oblique)/i.test(css)) ||
    pages.some((html) => /<(em|i|cite|var|dfn)\b/i.test(html));
  return { weights: [...new Set([...defaultWeights, ...declared])].sort((a, b) => a - b), italic };
}

/** Code is drawn regular, bold (in headings, and bold tokens) and italic (comments), and only where pages hold code. */
export function codeFontUsage(pages: string[]): FontUsage | undefined {
  return pages.some((html) => /<(code|pre|kbd|samp)\b/i.test(html))
    ? { weights: defaultWeights, italic: true }
    : undefined;
}

function weightValue(value: string): number {
  const lower = value.toLowerCase();
  return lower === "bold" || lower === "bolder" ? 700 : lower === "normal" ? 400 : Number(value);
}

/**
 * The subsets whose characters appear in the pages: a Latin-only site publishes no Cyrillic.
 * Faces without a subset (a file of public/) cover whatever they hold. `portfolio dev` gives
 * `characters`, each page's characters beyond ASCII by its HTML: a page kept from the last build is not read again.
 */
export function usedSubsets(
  faces: AvailableFace[],
  pages: string[],
  characters?: KeptResults<string, string> | undefined,
): Set<string> {
  const used = new Set<string>();
  const subsets = new Map(
    faces.flatMap((face) => (face.subset ? [[face.subset.name, face.subset.unicodeRange] as const] : [])),
  );
  if (!subsets.size) return used;
  // The pages' characters beyond ASCII, found in one pass: a subset that holds none of ASCII is tried on those
  // alone, where trying it on every page read each page whole once per subset the site does not use.
  const beyondAscii = new Set<string>();
  for (const html of pages)
    for (const character of recall(characters, html, () => html.replace(/[\u0000-\u007f]+/g, "")))
      beyondAscii.add(character);
  const found = [...beyondAscii].join("");
  for (const [name, range] of subsets) {
    const pattern = unicodeRangePattern(range);
    if (!pattern) continue;
    if (pattern.test(found) || (pattern.test(asciiCharacters) && pages.some((html) => pattern.test(html))))
      used.add(name);
  }
  return used;
}

const asciiCharacters = String.fromCharCode(...Array.from({ length: 128 }, (_, code) => code));

/**
 * Whether a page draws text in a face of this range (a face without one covers every character):
 * a character of the range in its HTML's text, outside tags, scripts, styles and entities, and
 * other than white space, which every range holds and draws in whatever face its words have.
 */
export function drawsTextIn(html: string, unicodeRange: string | undefined): boolean {
  const pattern = unicodeRange === undefined ? /./u : rangePattern(unicodeRange);
  if (!pattern) return false;
  // Text by text from the top: a page is read only as far as its first such character, a few bytes in
  // on most pages (with the range's pattern made once, 8 µs a page, where the whole page took 70).
  const parts = /<(?:script|style)\b[\s\S]*?<\/(?:script|style)\s*>|<[^>]*>|([^<]+)/gi;
  for (let part = parts.exec(html); part; part = parts.exec(html))
    if (part[1] && pattern.test(part[1].replace(/&[#\w]+;|\s+/g, ""))) return true;
  return false;
}

/** The pattern of a range, made once for all the pages that ask. */
const rangePatterns = new Map<string, RegExp | undefined>();

function rangePattern(range: string): RegExp | undefined {
  if (!rangePatterns.has(range)) rangePatterns.set(range, unicodeRangePattern(range));
  return rangePatterns.get(range);
}

/** `U+0000-00FF,U+0131` as a regular expression matching any one of those characters. */
export function unicodeRangePattern(range: string): RegExp | undefined {
  const parts = range
    .split(",")
    .map((part) => part.trim().replace(/^U\+/i, ""))
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to] = part.includes("?") ? [part.replace(/\?/g, "0"), part.replace(/\?/g, "F")] : part.split("-");
      const start = parseInt(from!, 16);
      const end = to === undefined ? start : parseInt(to, 16);
      return Number.isNaN(start) || Number.isNaN(end)
        ? []
        : [start === end ? `\\u{${start.toString(16)}}` : `\\u{${start.toString(16)}}-\\u{${end.toString(16)}}`];
    });
  return parts.length ? new RegExp(`[${parts.join("")}]`, "u") : undefined;
}

/**
 * The faces to publish: for each style used (italic only when the font has it), each weight asked
 * for matched as CSS matches it among the font's, in each subset the pages use.
 */
export function chooseFaces(faces: AvailableFace[], usage: FontUsage, subsets: ReadonlySet<string>): AvailableFace[] {
  const inUse = faces.filter((face) => !face.subset || subsets.has(face.subset.name));
  const styles = usage.italic ? (["normal", "italic"] as const) : (["normal"] as const);
  const chosen = new Set<AvailableFace>();
  for (const style of styles) {
    const ofStyle = inUse.filter((face) => face.style === style);
    for (const weight of usage.weights) {
      const matched = matchWeight(
        weight,
        ofStyle.map((face) => face.weight),
      );
      if (matched === undefined) continue;
      for (const face of ofStyle) if (face.weight[0] === matched[0] && face.weight[1] === matched[1]) chosen.add(face);
    }
  }
  return faces.filter((face) => chosen.has(face));
}

/**
 * The available weight (or range) a browser draws `wanted` with, by CSS Fonts 4's matching: a range
 * that holds it; else, for 400–500, heavier up to 500, then lighter, then heavier; below 400
 * lighter first; above 500 heavier first.
 */
export function matchWeight(wanted: number, available: Array<[number, number]>): [number, number] | undefined {
  const holding = available.find(([low, high]) => low <= wanted && wanted <= high);
  if (holding) return holding;
  const distance = ([low, high]: [number, number]) => (low > wanted ? low - wanted : wanted - high);
  const nearest = (candidates: Array<[number, number]>) => [...candidates].sort((a, b) => distance(a) - distance(b))[0];
  const heavier = available.filter(([low]) => low > wanted);
  const lighter = available.filter(([, high]) => high < wanted);
  if (wanted >= 400 && wanted <= 500)
    return nearest(heavier.filter(([low]) => low <= 500)) ?? nearest(lighter) ?? nearest(heavier);
  return wanted < 400 ? (nearest(lighter) ?? nearest(heavier)) : (nearest(heavier) ?? nearest(lighter));
}

/** The face to preload: regular, upright, in the main subset when the pages use it. */
export function mainFace(faces: AvailableFace[], mainSubset: string | undefined): AvailableFace | undefined {
  const upright = faces.filter((face) => face.style === "normal");
  const candidates = upright.filter((face) => !face.subset || face.subset.name === mainSubset);
  const pool = candidates.length ? candidates : upright;
  const regular = matchWeight(
    400,
    pool.map((face) => face.weight),
  );
  return pool.find((face) => regular && face.weight[0] === regular[0] && face.weight[1] === regular[1]);
}

/**
 * Local fonts a fallback is drawn with, each with the metrics of the first (from
 * @capsizecss/metrics 4.3.0; Liberation's are the same by design, Helvetica's near enough).
 */
const fallbackFonts: Record<FontCategory, { locals: string[]; metrics: FontMetrics }> = {
  "sans-serif": {
    locals: ["Arial", "Liberation Sans", "Helvetica"],
    metrics: { ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 913 },
  },
  serif: {
    locals: ["Times New Roman", "Liberation Serif", "Times"],
    metrics: { ascent: 1825, descent: -443, lineGap: 87, unitsPerEm: 2048, xWidthAvg: 832 },
  },
  monospace: {
    locals: ["Courier New", "Liberation Mono", "Courier"],
    metrics: { ascent: 1705, descent: -615, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 1229 },
  },
};

/**
 * The overrides that make a local font take the web font's room: `size-adjust` scales its average
 * width to the font's, then the vertical metrics are the font's, divided by that scale (as
 * Capsize's createFontStack and Next.js compute them).
 */
export function fallbackOverrides(
  font: FontMetrics,
  category: FontCategory,
): Record<"size-adjust" | "ascent-override" | "descent-override" | "line-gap-override", string> {
  const local = fallbackFonts[category].metrics;
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  const percent = (value: number) => `${Number((value * 100).toFixed(4))}%`;
  const scaled = (value: number) => percent(Math.abs(value) / (font.unitsPerEm * sizeAdjust));
  return {
    "size-adjust": percent(sizeAdjust),
    "ascent-override": scaled(font.ascent),
    "descent-override": scaled(font.descent),
    "line-gap-override": scaled(font.lineGap),
  };
}

/** The `@font-face` of the metric-matched fallback, named after the font. */
export function fallbackFaceCss(family: string, font: FontMetrics, category: FontCategory): string {
  const overrides = Object.entries(fallbackOverrides(font, category)).map(
    ([descriptor, value]) => `${descriptor}:${value}`,
  );
  const src = fallbackFonts[category].locals.map((name) => `local(${cssString(name)})`).join(",");
  return `@font-face{font-family:${cssString(fallbackFamily(family))};src:${src};${overrides.join(";")}}`;
}

export function fallbackFamily(family: string): string {
  return `${family} Fallback`;
}

/** One published face: swapped in when it arrives, for the characters its subset covers. */
export function fontFaceCss(family: string, face: AvailableFace, url: string): string {
  const weight = face.weight[0] === face.weight[1] ? String(face.weight[0]) : `${face.weight[0]} ${face.weight[1]}`;
  const range = face.subset ? `;unicode-range:${face.subset.unicodeRange.replace(/[^0-9A-Fa-f?U+,\s-]/g, "")}` : "";
  return `@font-face{font-family:${cssString(family)};font-style:${face.style};font-weight:${weight};font-display:swap;src:url(${cssString(url)}) format(${cssString(face.format)})${range}}`;
}

/** The value of a font token: the font, its fallback, then the stack it replaces. */
export function fontStack(family: string, rest: string): string {
  return `${cssString(family)}, ${cssString(fallbackFamily(family))}, ${rest}`;
}

/** A CSS string: a family name read from a font file is data, and must not end the string or the rule. */
export function cssString(value: string): string {
  return `"${value
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')}"`;
}
