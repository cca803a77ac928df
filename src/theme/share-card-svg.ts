// The share cards as SVG: the frame, the photo and the words of each card, and the two ways its text is drawn.
// Long because the card's layout (lines fitted, cut and placed) and its drawers share one set of measures.
import { shareCardSize } from "../images/image-uses.js";
import { escapeAttribute, escapeHtml } from "../escape.js";
import { palettes } from "./accent.js";
import { toHex } from "../colour.js";
import type { ThemeColours } from "./theme-colours.js";
import type { PlacedGlyph } from "./card-glyphs.js";

/**
 * Text as SVG, and how wide it is drawn: glyph outlines of the theme's font, or the system's font. With
 * `glyphs`, the same text as glyphs placed from its origin on the card, for drawing it without the SVG
 * (card-glyphs.ts); none when the drawer cannot tell where the SVG renderer puts them. Both are made only
 * when asked for: a title is measured many times more than it is drawn.
 */
export type TextDrawer = (
  text: string,
  size: number,
  options: { bold?: boolean; fill: string },
) => {
  svg: string;
  width: number;
  glyphs?: ((left: number, baseline: number) => PlacedGlyph[] | undefined) | undefined;
};

export interface CardText {
  name: string;
  jobTitle: string;
  location?: string | undefined;
}

export const photoSize = 300;
const margin = 96;
const gap = 72;
const textLeft = margin + photoSize + gap;
const textWidth = shareCardSize.width - textLeft - margin;

/** The card as SVG, the photo given as a data URL of a square PNG. */
/**
 * What every share card has around its words: the dark background with the accent's glow and its
 * bar at the foot, the owner's photo with the theme's corners, and the start of the text's column
 * (closed by the card after its lines).
 */
function cardFrame({
  accent,
  background,
  photo,
  radius,
}: {
  accent: string;
  background: string;
  photo: string;
  radius: number;
}): string[] {
  const photoTop = (shareCardSize.height - photoSize) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${shareCardSize.width}" height="${shareCardSize.height}" viewBox="0 0 ${shareCardSize.width} ${shareCardSize.height}">`,
    `<defs><radialGradient id="glow" cx="85%" cy="15%" r="60%"><stop offset="0" stop-color="${accent}" stop-opacity="0.28"/><stop offset="0.75" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    `<clipPath id="photo"><rect x="${margin}" y="${photoTop}" width="${photoSize}" height="${photoSize}" rx="${Math.round(Math.min(radius, 40) * (32 / 7))}"/></clipPath>`,
    `<clipPath id="text"><rect x="${textLeft}" y="0" width="${textWidth}" height="${shareCardSize.height}"/></clipPath></defs>`,
    `<rect width="100%" height="100%" fill="${background}"/><rect width="100%" height="100%" fill="url(#glow)"/>`,
    `<rect x="0" y="${shareCardSize.height - 12}" width="100%" height="12" fill="${accent}"/>`,
    `<image x="${margin}" y="${photoTop}" width="${photoSize}" height="${photoSize}" clip-path="url(#photo)" xlink:href="${escapeAttribute(photo)}"/>`,
    `<g clip-path="url(#text)">`,
  ];
}

export function shareCardSvg({
  text,
  photo,
  colours,
  radius,
  draw,
}: {
  text: CardText;
  photo: string;
  colours: ThemeColours;
  radius: number;
  draw: TextDrawer;
}): string {
  const accent = toHex(colours.accents.dark);
  const background = toHex(palettes.dark.backgrounds[0]!.colour);
  const chip = toHex(palettes.dark.backgrounds[3]!.colour);
  // Each line shrinks until it fits beside the photo; what does not fit at the smallest size is cut, before the
  // shrinking measures it.
  const fitted = (text: string, size: number, smallest: number, options: { bold?: boolean; fill: string }) => {
    const line = fitLine(text, (start) => draw(start, smallest, options).width, textWidth - 48);
    let current = size;
    let drawn = draw(line, current, options);
    while (drawn.width > textWidth - 48 && current > smallest) {
      current -= 2;
      drawn = draw(line, current, options);
    }
    return { ...drawn, size: current };
  };
  const name = fitted(text.name, 76, 40, { bold: true, fill: "#ffffff" });
  const job = fitted(text.jobTitle, 34, 22, { fill: accent });
  const location = text.location ? fitted(text.location, 30, 20, { fill: "#c4c4cc" }) : undefined;
  const top = shareCardSize.height / 2 - (location ? 110 : 80);
  const corner = (scale: number) => Math.round(Math.min(radius, 40) * scale);
  return [
    ...cardFrame({ accent, background, photo, radius }),
    `<g transform="translate(${textLeft} ${top + 64})">${name.svg}</g>`,
    `<rect x="${textLeft}" y="${top + 100}" width="${Math.min(textWidth, job.width + 48)}" height="${job.size + 26}" rx="${corner(8 / 7)}" fill="${chip}"/>`,
    `<g transform="translate(${textLeft + 24} ${top + 100 + 13 + job.size * 0.8})">${job.svg}</g>`,
    location ? `<g transform="translate(${textLeft} ${top + 100 + job.size + 26 + 58})">${location.svg}</g>` : "",
    "</g></svg>",
  ].join("");
}

/** The family the system's text is drawn in by librsvg (through Pango and fontconfig). */
export const systemFontFamily = "DejaVu Sans, Arial, Helvetica, sans-serif";

/** Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const rightToLeftLetters = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** The dark theme's page that every post card of a site is drawn on: its frame, with no words. */
export function postCardBackgroundSvg({
  photo,
  colours,
  radius,
}: {
  photo: string;
  colours: ThemeColours;
  radius: number;
}): string {
  const accent = toHex(colours.accents.dark);
  const background = toHex(palettes.dark.backgrounds[0]!.colour);
  return [...cardFrame({ accent, background, photo, radius }), "</g></svg>"].join("");
}

/**
 * The words of a post's card as SVG drawn over its background (postCardBackgroundSvg): only the
 * rectangle of the text's column they are drawn in, from `top` to `bottom`, at `left` of the card.
 */
export interface PostCardText {
  svg: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** The same words as glyphs placed on the card, when every line's drawer can place them. */
  glyphs?: PlacedGlyph[] | undefined;
}

/**
 * A post's card: its title, large, on up to three lines beside the owner's photo, the owner's name
 * under it in the accent, on the dark theme's page like the site's card. A title in a script written
 * right to left is set from the right, by the system's text engine, which shapes and orders it.
 */
export function postCardSvg(card: {
  title: string;
  author: string;
  photo: string;
  colours: ThemeColours;
  radius: number;
  draw: TextDrawer;
}): string {
  return [
    ...cardFrame({
      accent: toHex(card.colours.accents.dark),
      background: toHex(palettes.dark.backgrounds[0]!.colour),
      photo: card.photo,
      radius: card.radius,
    }),
    postCardLines(card).elements,
    "</g></svg>",
  ].join("");
}

/** A post card's words alone, as an SVG of the band of the text's column they are drawn in. */
export function postCardText(card: {
  title: string;
  author: string;
  colours: ThemeColours;
  draw: TextDrawer;
}): PostCardText {
  const lines = postCardLines(card);
  const band = { left: textLeft, top: lines.top, width: textWidth, height: lines.bottom - lines.top };
  return {
    ...band,
    glyphs: lines.glyphs,
    // The same elements as on the whole card, seen through a viewBox of the band: drawn alike. Written only
    // when the band is rendered, not when its glyphs are painted.
    get svg() {
      const { elements } = lines;
      return `<svg xmlns="http://www.w3.org/2000/svg" width="${band.width}" height="${band.height}" viewBox="${band.left} ${band.top} ${band.width} ${band.height}">${elements}</svg>`;
    },
  };
}

/**
 * The title's lines and the byline as SVG elements placed on the card, and the rows they are drawn
 * in: from well above the first line's capitals (accents stacked on them) to below the byline's descenders.
 */
function postCardLines({
  title,
  author,
  colours,
  draw,
}: {
  title: string;
  author: string;
  colours: ThemeColours;
  draw: TextDrawer;
}): { elements: string; top: number; bottom: number; glyphs: PlacedGlyph[] | undefined } {
  const accent = toHex(colours.accents.dark);
  const rtl = rightToLeftLetters.test(cardText(title).text);
  // Set from the right by the text engine, which measures it, rather than placed by an estimate of its width.
  const fromRight = (line: string, size: number, y: number, options: { bold?: boolean; fill: string }) =>
    `<text x="${textLeft + textWidth}" y="${y}" text-anchor="end" font-family="${systemFontFamily}" font-size="${size}"${options.bold ? ' font-weight="700"' : ""} fill="${options.fill}">${escapeHtml(line)}</text>`;
  const drawLine = rtl ? systemTextDrawer : draw;
  // Widths are measured (a font's outlines) or estimated (the system's font): a margin keeps an estimate inside.
  const lines = fitTitle(
    title,
    (line, size) => drawLine(line, size, { bold: true, fill: "#ffffff" }).width * 1.12,
    textWidth,
  );
  const lineHeight = Math.round(lines.size * 1.2);
  const block = lines.lines.length * lineHeight + 70;
  const top = (shareCardSize.height - block) / 2 + lines.size;
  // Each line's glyphs on the card, while every line's drawer can place them: a text set from the right cannot be.
  let glyphs: PlacedGlyph[] | undefined = rtl ? undefined : [];
  const placed = (drawn: ReturnType<TextDrawer>, y: number) => {
    const line = drawn.glyphs?.(textLeft, y);
    glyphs = line && glyphs ? [...glyphs, ...line] : undefined;
    return () => `<g transform="translate(${textLeft} ${y})">${drawn.svg}</g>`;
  };
  const titleSvg = lines.lines.map((line, index) => {
    const y = top + index * lineHeight;
    if (rtl) return () => fromRight(line, lines.size, y, { bold: true, fill: "#ffffff" });
    return placed(draw(line, lines.size, { bold: true, fill: "#ffffff" }), y);
  });
  const bylineY = top + (lines.lines.length - 1) * lineHeight + 70;
  const bylineText = fitLine(author, (line) => drawLine(line, 32, { fill: accent }).width * 1.12, textWidth);
  const byline = rtl
    ? () => fromRight(bylineText, 32, bylineY, { fill: accent })
    : placed(draw(bylineText, 32, { fill: accent }), bylineY);
  return {
    glyphs,
    get elements() {
      return [...titleSvg, byline].map((element) => element()).join("");
    },
    top: Math.max(0, Math.floor(top - lines.size * 1.6)),
    bottom: Math.min(shareCardSize.height, Math.ceil(bylineY + 32 * 0.8)),
  };
}

/**
 * The most characters (letters with their marks) of a text a card considers: more than its three lines can show at
 * the smallest size in the narrowest letters. A text is cut to it before anything measures it, since
 * measuring and drawing a line take time that grows with its length (librsvg's, with its square).
 */
export const cardTextLimit = 400;

/**
 * A text's letters, each with the marks on it and what a zero-width joiner binds to it: where a line
 * may be cut. (Intl.Segmenter's graphemes take time that grows with the square of the text.)
 */
const letterPattern = /\P{M}\p{M}*(?:\u200d\P{M}\p{M}*)*|\p{M}+/gsu;

function graphemes(text: string): string[] {
  return text.match(letterPattern) ?? [];
}

/** The first `cardTextLimit` letters of a text, and whether there was more. */
export function cardText(text: string): { text: string; cut: boolean } {
  if (text.length <= cardTextLimit) return { text, cut: false };
  // A start of bounded length is split, its last letter left out since the slice may have cut it.
  const window = text.slice(0, cardTextLimit * 8);
  const letters = graphemes(window);
  if (window.length < text.length) letters.pop();
  const cut = window.length < text.length || letters.length > cardTextLimit;
  return { text: letters.slice(0, cardTextLimit).join(""), cut };
}

/** The longest start of `pieces` (joined) that `fits`, found by halving: widths grow with the text. */
function longestFitting(pieces: string[], fits: (text: string) => boolean): number {
  let low = 0;
  let high = pieces.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(pieces.slice(0, middle).join(""))) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A line ended with "…" that fits `width`: as much of `line` as fits with it. */
function withEllipsis(line: string, widthOf: (line: string) => number, width: number): string {
  const letters = graphemes(line.trimEnd());
  const kept = longestFitting(letters, (start) => widthOf(`${start}…`) <= width);
  return `${letters.slice(0, kept).join("").trimEnd()}…`;
}

/** One line of text (a byline, a name) cut to `width`, ending in "…" when it was longer. */
export function fitLine(text: string, widthOf: (line: string) => number, width: number): string {
  const { text: considered, cut } = cardText(text);
  if (!cut && widthOf(considered) <= width) return considered;
  return withEllipsis(considered, widthOf, width);
}

/**
 * A title broken between words into at most three lines that fit `width`, at the largest size from
 * 64 down to 36 at which it does; at the smallest, a word wider than a line is broken inside, and what
 * does not fit the third line ends in "…". Only its first `cardTextLimit` letters are considered.
 */
export function fitTitle(
  title: string,
  widthOf: (line: string, size: number) => number,
  width: number,
): { lines: string[]; size: number } {
  const { text, cut } = cardText(title.trim());
  const words = text.trim().split(/\s+/);
  const breakInto = (size: number, breakWords: boolean) => {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && widthOf(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
      else if (breakWords && widthOf(word, size) > width) lines.push(...brokenWord(word, size));
      else lines.push(word);
    }
    return lines;
  };
  // A word wider than the line, in pieces that fit (at least a letter each).
  const brokenWord = (word: string, size: number) => {
    const pieces: string[] = [];
    let letters = graphemes(word);
    while (letters.length) {
      const kept = Math.max(
        1,
        longestFitting(letters, (start) => widthOf(start, size) <= width),
      );
      pieces.push(letters.slice(0, kept).join(""));
      letters = letters.slice(kept);
    }
    return pieces;
  };
  for (let size = 64; size > 36 && !cut; size -= 4) {
    const lines = breakInto(size, false);
    if (lines.length <= 3 && lines.every((line) => widthOf(line, size) <= width)) return { lines, size };
  }
  const lines = breakInto(36, true);
  const fits = (line: string) => widthOf(line, 36) <= width;
  if (lines.length <= 3 && !cut) return { lines, size: 36 };
  if (lines.length <= 3) {
    const last = lines.length - 1;
    return {
      lines: [...lines.slice(0, last), withEllipsis(lines[last]!, (line) => widthOf(line, 36), width)],
      size: 36,
    };
  }
  // The third line takes as many of the remaining pieces as fit with the "…" that says more was cut.
  const rest = lines.slice(2).join(" ").split(" ");
  let third = rest.shift()!;
  for (const word of rest) {
    if (!fits(`${third} ${word}…`)) break;
    third = `${third} ${word}`;
  }
  return {
    lines: [
      ...lines.slice(0, 2),
      fits(`${third}…`) ? `${third}…` : withEllipsis(third, (line) => widthOf(line, 36), width),
    ],
    size: 36,
  };
}

/** Text in the system's sans-serif (librsvg's), its width estimated: for a site without a text font. */
export const systemTextDrawer: TextDrawer = (text, size, { bold, fill }) => ({
  svg: `<text x="0" y="0" font-family="${systemFontFamily}" font-size="${size}"${bold ? ' font-weight="700"' : ""} fill="${fill}">${escapeHtml(text)}</text>`,
  width: [...text].length * size * (bold ? 0.62 : 0.56),
});

export interface GlyphFont {
  unitsPerEm: number;
  glyphsForString(text: string): Glyph[];
}

interface Glyph {
  id: number;
  advanceWidth: number;
  path: { toSVG(): string };
  cbox: { minX: number; minY: number; maxX: number; maxY: number };
}

/**
 * Text drawn as the outlines of the theme's font file (fontkitten), so the card is in the site's
 * font whatever is installed where it is built. Bold is drawn with an outline stroke, since one
 * file of a variable font is read at its default weight. Undefined when the font lacks a character.
 */
export function fontTextDrawer(font: GlyphFont, fallback: TextDrawer = systemTextDrawer): TextDrawer {
  // A glyph's outline as SVG, made once: a title is measured at several sizes, and cards share their letters.
  const outlines = new Map<number, string>();
  const outline = (glyph: Glyph) => {
    const known = outlines.get(glyph.id);
    if (known !== undefined) return known;
    const drawn = glyph.path.toSVG();
    outlines.set(glyph.id, drawn);
    return drawn;
  };
  // A text's glyphs and their advance, kept for the card: fitting a title measures the same lines at each size.
  const measured = new Map<string, { glyphs: Glyph[]; advance: number }>();
  // Read once: the parser's getter looks it up in its tables on every read.
  const unitsPerEm = font.unitsPerEm;
  const measure = (text: string) => {
    const known = measured.get(text);
    if (known) return known;
    const glyphs = font.glyphsForString(text);
    const found = { glyphs, advance: glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) };
    if (measured.size >= 256) measured.clear();
    measured.set(text, found);
    return found;
  };
  return (text, size, { bold, fill }) => {
    const { glyphs, advance } = measure(text);
    if (glyphs.some((glyph) => glyph.id === 0)) return fallback(text, size, { bold, fill });
    const scale = size / unitsPerEm;
    const stroke = bold ? Math.round(unitsPerEm * 0.035) : undefined;
    return {
      // Where the SVG puts them: each glyph at its advance, written to a tenth of a unit, in the group's scale.
      glyphs: (left, baseline) => {
        let x = 0;
        return glyphs.map((glyph) => {
          const placed: PlacedGlyph = {
            key: `theme:${glyph.id}:${size}:${stroke ?? 0}`,
            outline: () => outline(glyph),
            x: left + Number(x.toFixed(1)) * scale,
            y: baseline,
            scale,
            stroke,
            fill,
            box: glyph.cbox,
          };
          x += glyph.advanceWidth;
          return placed;
        });
      },
      // Written only when drawn: fitting a title measures it many times more than it draws it.
      get svg() {
        let x = 0;
        const paths = glyphs.map((glyph) => {
          const drawn = `<path transform="translate(${x.toFixed(1)} 0)" d="${outline(glyph)}"/>`;
          x += glyph.advanceWidth;
          return drawn;
        });
        const outlined = stroke ? ` stroke="${fill}" stroke-width="${stroke}" stroke-linejoin="round"` : "";
        return `<g transform="scale(${scale} ${-scale})" fill="${fill}"${outlined}>${paths.join("")}</g>`;
      },
      width: advance * scale,
    };
  };
}
