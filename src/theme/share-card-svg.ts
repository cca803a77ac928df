// The share cards as SVG: the frame, the photo and the words of each card, and the two ways its text is drawn.
import { shareCardSize } from "../images/image-uses.js";
import { escapeAttribute, escapeHtml } from "../escape.js";
import { palettes } from "./accent.js";
import { toHex } from "../colour.js";
import type { ThemeColours } from "./theme-colours.js";

/** Text as SVG, and how wide it is drawn: glyph outlines of the theme's font, or the system's font. */
export type TextDrawer = (
  text: string,
  size: number,
  options: { bold?: boolean; fill: string },
) => { svg: string; width: number };

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
  // Each line shrinks until it fits beside the photo.
  const fitted = (line: string, size: number, smallest: number, options: { bold?: boolean; fill: string }) => {
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

/** Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const rightToLeftLetters = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * A post's card: its title, large, on up to three lines beside the owner's photo, the owner's name
 * under it in the accent, on the dark theme's page like the site's card. A title in a script written
 * right to left is set from the right, by the system's text engine, which shapes and orders it.
 */
export function postCardSvg({
  title,
  author,
  photo,
  colours,
  radius,
  draw,
}: {
  title: string;
  author: string;
  photo: string;
  colours: ThemeColours;
  radius: number;
  draw: TextDrawer;
}): string {
  const accent = toHex(colours.accents.dark);
  const background = toHex(palettes.dark.backgrounds[0]!.colour);
  const rtl = rightToLeftLetters.test(title);
  // Set from the right by the text engine, which measures it, rather than placed by an estimate of its width.
  const fromRight = (line: string, size: number, y: number, options: { bold?: boolean; fill: string }) =>
    `<text x="${textLeft + textWidth}" y="${y}" text-anchor="end" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${size}"${options.bold ? ' font-weight="700"' : ""} fill="${options.fill}">${escapeHtml(line)}</text>`;
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
  const titleSvg = lines.lines.map((line, index) => {
    const y = top + index * lineHeight;
    if (rtl) return fromRight(line, lines.size, y, { bold: true, fill: "#ffffff" });
    return `<g transform="translate(${textLeft} ${y})">${draw(line, lines.size, { bold: true, fill: "#ffffff" }).svg}</g>`;
  });
  const bylineY = top + (lines.lines.length - 1) * lineHeight + 70;
  const byline = rtl
    ? fromRight(author, 32, bylineY, { fill: accent })
    : `<g transform="translate(${textLeft} ${bylineY})">${draw(author, 32, { fill: accent }).svg}</g>`;
  return [...cardFrame({ accent, background, photo, radius }), ...titleSvg, byline, "</g></svg>"].join("");
}

/**
 * A title broken between words into at most three lines that fit `width`, at the largest size from
 * 64 down to 36 at which it does; at the smallest, what does not fit the third line ends in "…".
 */
export function fitTitle(
  title: string,
  widthOf: (line: string, size: number) => number,
  width: number,
): { lines: string[]; size: number } {
  const words = title.trim().split(/\s+/);
  const breakInto = (size: number) => {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && widthOf(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines;
  };
  for (let size = 64; size > 36; size -= 4) {
    const lines = breakInto(size);
    if (lines.length <= 3 && lines.every((line) => widthOf(line, size) <= width)) return { lines, size };
  }
  const lines = breakInto(36);
  if (lines.length <= 3) return { lines, size: 36 };
  // The third line takes as many of the remaining words as fit with the "…" that says more was cut.
  const rest = lines.slice(2).join(" ").split(" ");
  let third = rest.shift()!;
  for (const word of rest) {
    if (widthOf(`${third} ${word}…`, 36) > width) break;
    third = `${third} ${word}`;
  }
  return { lines: [...lines.slice(0, 2), `${third}…`], size: 36 };
}

/** Text in the system's sans-serif (librsvg's), its width estimated: for a site without a text font. */
export const systemTextDrawer: TextDrawer = (text, size, { bold, fill }) => ({
  svg: `<text x="0" y="0" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${size}"${bold ? ' font-weight="700"' : ""} fill="${fill}">${escapeHtml(text)}</text>`,
  width: [...text].length * size * (bold ? 0.62 : 0.56),
});

export interface GlyphFont {
  unitsPerEm: number;
  glyphsForString(text: string): Array<{ id: number; advanceWidth: number; path: { toSVG(): string } }>;
}

/**
 * Text drawn as the outlines of the theme's font file (fontkitten), so the card is in the site's
 * font whatever is installed where it is built. Bold is drawn with an outline stroke, since one
 * file of a variable font is read at its default weight. Undefined when the font lacks a character.
 */
export function fontTextDrawer(font: GlyphFont): TextDrawer {
  return (text, size, { bold, fill }) => {
    const glyphs = font.glyphsForString(text);
    if (glyphs.some((glyph) => glyph.id === 0)) return systemTextDrawer(text, size, { bold, fill });
    const scale = size / font.unitsPerEm;
    let x = 0;
    const paths = glyphs.map((glyph) => {
      const drawn = `<path transform="translate(${x.toFixed(1)} 0)" d="${glyph.path.toSVG()}"/>`;
      x += glyph.advanceWidth;
      return drawn;
    });
    const stroke = bold
      ? ` stroke="${fill}" stroke-width="${Math.round(font.unitsPerEm * 0.035)}" stroke-linejoin="round"`
      : "";
    return {
      svg: `<g transform="scale(${scale} ${-scale})" fill="${fill}"${stroke}>${paths.join("")}</g>`,
      width: x * scale,
    };
  };
}
