// A post card's words drawn without an SVG renderer per card: each glyph is rendered once (by librsvg, in
// an atlas of many) into a small mask of its coverage, and a card's glyphs are painted from their masks
// onto the card's pixels here. A card then costs the encoding of its JPEG and little more.
import { parseColour } from "../colour.js";

/** One glyph of a card's words, where it is drawn and how: what the SVG of the card draws for it. */
export interface PlacedGlyph {
  /** Names the glyph's outline and paint (font, glyph, size, stroke): glyphs of one key share their masks. */
  key: string;
  /** The outline as SVG path data, in the font's units (y up), asked for only when a mask is made. */
  outline: () => string;
  /** The origin of the glyph on the card, in pixels. */
  x: number;
  y: number;
  /** Pixels per font unit. */
  scale: number;
  /** The width of the outline's stroke (bold drawn from a regular face), in font units. */
  stroke?: number | undefined;
  fill: string;
  /** The glyph's control box, in font units: where its mask is cut. */
  box: { minX: number; minY: number; maxX: number; maxY: number };
}

/** A glyph's coverage at one position within a pixel, and where it lies from the pixel of its origin. */
interface Mask {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
  /** Each row's first covered column and the column after its last (0 and 0 for a row of nothing). */
  spans: Uint16Array;
}

/**
 * Positions within a pixel a glyph's mask is made for, each way: an eighth of a pixel. At a quarter (as FreeType
 * and Skia place text), a title set smaller than the largest size, in the sample's colours, differed from librsvg's
 * drawing by more than the check of a source of glyphs allows, and every card of the build went through librsvg.
 */
const phases = 8;

function split(position: number): { whole: number; phase: number } {
  let whole = Math.floor(position);
  let phase = Math.round((position - whole) * phases);
  if (phase === phases) {
    whole++;
    phase = 0;
  }
  return { whole, phase };
}

/** The rows and columns of a card glyphs may be painted in: the text's column, within the band of its words. */
export interface Clip {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The masks of a site's glyphs, each made once: `prepare` renders those a card needs that are not made
 * yet (in one SVG), `paint` draws a card's glyphs with them.
 */
export class GlyphMasks {
  private readonly masks = new Map<string, Mask>();
  private readonly pending = new Map<string, Promise<void>>();

  /** How many masks were made, and in how many renders: for the tests. */
  readonly counts = { masks: 0, renders: 0 };

  private static maskKey(glyph: PlacedGlyph): string {
    const x = split(glyph.x);
    const y = split(glyph.y);
    return `${glyph.key}|${x.phase}|${y.phase}`;
  }

  async prepare(glyphs: PlacedGlyph[]): Promise<void> {
    const missing = new Map<string, PlacedGlyph>();
    const waits: Promise<void>[] = [];
    for (const glyph of glyphs) {
      const key = GlyphMasks.maskKey(glyph);
      if (this.masks.has(key) || missing.has(key)) continue;
      const pending = this.pending.get(key);
      if (pending) waits.push(pending);
      else missing.set(key, glyph);
    }
    if (missing.size) {
      const made = this.render(missing);
      for (const key of missing.keys()) this.pending.set(key, made);
      waits.push(made);
      made.finally(() => {
        for (const key of missing.keys()) this.pending.delete(key);
      });
    }
    await Promise.all(waits);
  }

  /**
   * Renders the masks in one SVG, each glyph in a cell of its own at its position within a pixel, drawn
   * as the card's SVG draws it (the same transform, fill and stroke), so its coverage is the same.
   */
  private async render(glyphs: Map<string, PlacedGlyph>): Promise<void> {
    const sharp = (await import("sharp")).default;
    // Wide enough for any glyph's cell: a font's box may be as wide as it says.
    let atlasWidth = 2048;
    const cells: Array<{ key: string; mask: Omit<Mask, "alpha" | "spans">; atX: number; atY: number }> = [];
    const drawn: string[] = [];
    let rowX = 0;
    let rowY = 0;
    let rowHeight = 0;
    for (const [key, glyph] of glyphs) {
      const { scale } = glyph;
      // An outline with no points may have no box: its mask is a pixel of nothing.
      const box = Object.values(glyph.box).every(Number.isFinite) ? glyph.box : { minX: 0, minY: 0, maxX: 0, maxY: 0 };
      const x = split(glyph.x);
      const y = split(glyph.y);
      const margin = ((glyph.stroke ?? 0) / 2) * scale + 2;
      // The mask's pixels from the origin's pixel: the glyph's box with its stroke and antialiasing around it.
      const left = Math.floor(box.minX * scale - margin);
      const right = Math.ceil(box.maxX * scale + margin) + 1;
      const top = Math.floor(-box.maxY * scale - margin);
      const bottom = Math.ceil(-box.minY * scale + margin) + 1;
      const width = Math.max(1, right - left);
      const height = Math.max(1, bottom - top);
      atlasWidth = Math.max(atlasWidth, width);
      if (rowX + width > atlasWidth) {
        rowX = 0;
        rowY += rowHeight + 1;
        rowHeight = 0;
      }
      const atX = rowX;
      const atY = rowY;
      rowX += width + 1;
      rowHeight = Math.max(rowHeight, height);
      cells.push({ key, mask: { left, top, width, height }, atX, atY });
      const originX = atX - left + x.phase / phases;
      const originY = atY - top + y.phase / phases;
      // In white: a mask keeps only the coverage, and the card paints it in the glyph's fill.
      const stroke = glyph.stroke ? ` stroke="#fff" stroke-width="${glyph.stroke}" stroke-linejoin="round"` : "";
      drawn.push(
        `<g transform="translate(${originX} ${originY})"><g transform="scale(${scale} ${-scale})" fill="#fff"${stroke}><path d="${glyph.outline()}"/></g></g>`,
      );
    }
    const atlasHeight = rowY + rowHeight + 1;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${atlasWidth}" height="${atlasHeight}" viewBox="0 0 ${atlasWidth} ${atlasHeight}">${drawn.join("")}</svg>`;
    const coverage = await sharp(Buffer.from(svg), { limitInputPixels: false })
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer();
    this.counts.renders++;
    for (const { key, mask, atX, atY } of cells) {
      const alpha = new Uint8Array(mask.width * mask.height);
      for (let row = 0; row < mask.height; row++) {
        const from = (atY + row) * atlasWidth + atX;
        alpha.set(coverage.subarray(from, from + mask.width), row * mask.width);
      }
      this.masks.set(key, { ...mask, alpha, spans: coveredSpans(alpha, mask.width, mask.height) });
      this.counts.masks++;
    }
  }

  /**
   * Paints glyphs (their masks prepared) onto RGB pixels `width` wide, in their order, each in its fill
   * over what is there: the "over" operator as the SVG renderer applies it, within `clip`.
   */
  paint(target: Uint8Array, width: number, glyphs: PlacedGlyph[], clip: Clip): void {
    for (const glyph of glyphs) {
      const mask = this.masks.get(GlyphMasks.maskKey(glyph));
      if (!mask) throw new Error(`No mask made for glyph ${glyph.key}`);
      const { red, green, blue } = fillOf(glyph.fill);
      const left = split(glyph.x).whole + mask.left;
      const top = split(glyph.y).whole + mask.top;
      const clipFrom = Math.max(0, clip.left - left);
      const clipTo = Math.min(mask.width, clip.right - left);
      const fromRow = Math.max(0, clip.top - top);
      const toRow = Math.min(mask.height, clip.bottom - top);
      const { spans } = mask;
      for (let row = fromRow; row < toRow; row++) {
        // Only the covered columns: a glyph's mask is mostly its margin and counters, which paint nothing.
        const fromColumn = Math.max(clipFrom, spans[row * 2]!);
        const toColumn = Math.min(clipTo, spans[row * 2 + 1]!);
        let from = row * mask.width + fromColumn;
        let to = ((top + row) * width + left + fromColumn) * 3;
        for (let column = fromColumn; column < toColumn; column++, from++, to += 3) {
          const alpha = mask.alpha[from]!;
          if (alpha === 0) continue;
          if (alpha === 255) {
            target[to] = red;
            target[to + 1] = green;
            target[to + 2] = blue;
            continue;
          }
          const rest = 255 - alpha;
          target[to] = divideBy255(red * alpha + target[to]! * rest);
          target[to + 1] = divideBy255(green * alpha + target[to + 1]! * rest);
          target[to + 2] = divideBy255(blue * alpha + target[to + 2]! * rest);
        }
      }
    }
  }
}

/** Each row's first covered column of a mask and the column after its last, as pairs. */
function coveredSpans(alpha: Uint8Array, width: number, height: number): Uint16Array {
  const spans = new Uint16Array(height * 2);
  for (let row = 0; row < height; row++) {
    const start = row * width;
    let first = 0;
    while (first < width && alpha[start + first] === 0) first++;
    let end = width;
    while (end > first && alpha[start + end - 1] === 0) end--;
    spans[row * 2] = first < end ? first : 0;
    spans[row * 2 + 1] = first < end ? end : 0;
  }
  return spans;
}

/** `value / 255` rounded, for a value from 0 to 255²: as Math.round gives it, in integers. */
function divideBy255(value: number): number {
  const rounded = value + 128;
  return (rounded + (rounded >> 8)) >> 8;
}

const fills = new Map<string, { red: number; green: number; blue: number }>();

function fillOf(fill: string): { red: number; green: number; blue: number } {
  let known = fills.get(fill);
  if (!known) {
    const colour = parseColour(fill) ?? { r: 1, g: 1, b: 1 };
    known = { red: Math.round(colour.r * 255), green: Math.round(colour.g * 255), blue: Math.round(colour.b * 255) };
    fills.set(fill, known);
  }
  return known;
}
