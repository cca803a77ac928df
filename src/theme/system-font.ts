// The system's font a card's words are drawn in when the theme names none, read from its file, so that
// the glyphs librsvg's text engine (Pango) draws can be placed without it (card-glyphs.ts).
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import type { PlacedGlyph } from "./card-glyphs.js";
import { type GlyphFont, systemTextDrawer, systemFontFamily, type TextDrawer } from "./share-card-svg.js";

/** A face of the system's font: its glyphs, and the kerning of pairs of them (the `kern` table's). */
export interface SystemFace {
  font: GlyphFont;
  kerning: Map<number, number>;
  /** Names the face in the keys of its glyphs' masks. */
  name: string;
}

/**
 * Text that needs no shaping to be drawn as Pango draws it: letters of the Latin, Greek and Cyrillic
 * alphabets with their accents precomposed, digits, punctuation and currency signs, words separated by
 * single spaces. Marks, joiners, soft hyphens and every other script (which Pango shapes, or draws from
 * another font) are left to the SVG renderer.
 */
const plainLetters = String.raw`[\u0021-\u007e\u00a1-\u00ac\u00ae-\u024f\u0386-\u03ce\u0400-\u045f\u1e00-\u1eff\u2010-\u2027\u2030-\u205e\u20a0-\u20bf]+`;
const plainText = new RegExp(`^${plainLetters}(?: ${plainLetters})*$`);

/**
 * The system's text as systemTextDrawer draws it (the same SVG, the same width estimate the lines are
 * broken by), with its glyphs placed as Pango places them (each at its advance, kerned by pairs) when the
 * text is plain (plainText) and the face has every glyph of it.
 */
export function systemGlyphDrawer(faces: { regular: SystemFace; bold: SystemFace }): TextDrawer {
  return (text, size, options) => ({
    ...systemTextDrawer(text, size, options),
    glyphs: (left, baseline) => {
      if (!plainText.test(text)) return undefined;
      const face = options.bold ? faces.bold : faces.regular;
      const glyphs = face.font.glyphsForString(text);
      if (glyphs.some((glyph) => glyph.id === 0)) return undefined;
      const scale = size / face.font.unitsPerEm;
      let x = 0;
      return glyphs.map((glyph, index): PlacedGlyph => {
        const placed = {
          key: `${face.name}:${glyph.id}:${size}`,
          outline: () => glyph.path.toSVG(),
          x: left + x * scale,
          y: baseline,
          scale,
          fill: options.fill,
          box: glyph.cbox,
        };
        const next = glyphs[index + 1];
        x += glyph.advanceWidth + (next ? (face.kerning.get(glyph.id * 65536 + next.id) ?? 0) : 0);
        return placed;
      });
    },
  });
}

/**
 * The files fontconfig gives for the cards' font family, regular and bold, as Pango (through the same
 * fontconfig) picks them; none where fontconfig's `fc-match` is not installed.
 */
export async function systemFontFiles(): Promise<{ regular: string; bold: string } | undefined> {
  const run = promisify(execFile);
  const match = async (style: string) => {
    const { stdout } = await run("fc-match", ["-f", "%{file}", `${systemFontFamily.replaceAll(", ", ",")}:${style}`], {
      timeout: 5000,
    });
    return stdout.trim();
  };
  try {
    const [regular, bold] = await Promise.all([match("regular"), match("bold")]);
    return regular && bold ? { regular, bold } : undefined;
  } catch {
    return undefined;
  }
}

/** A system face from its file, with its kerning; none when the file is a collection, or its kerning is not known. */
export async function readSystemFace(file: string, name: string): Promise<SystemFace | undefined> {
  try {
    const bytes = await readFile(file);
    const kerning = kerningPairs(bytes);
    if (!kerning) return undefined;
    const { create } = await import("fontkitten");
    const font = create(bytes);
    if (font.isCollection) return undefined;
    return { font: font as unknown as GlyphFont, kerning, name };
  } catch {
    return undefined;
  }
}

/**
 * The kerning of pairs of glyphs in a TrueType or OpenType file's `kern` table (its horizontal
 * subtables of format 0), in font units; empty for a font with neither `kern` nor `GPOS`. None when
 * the font is not a plain sfnt, or kerns only in GPOS, which is not read here.
 */
export function kerningPairs(bytes: Uint8Array): Map<number, number> | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) return undefined;
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x4f54544f && version !== 0x74727565) return undefined;
  const tables = new Map<string, { offset: number; length: number }>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    if (record + 16 > bytes.length) return undefined;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    tables.set(tag, { offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  const kern = tables.get("kern");
  const pairs = new Map<number, number>();
  if (!kern) return tables.has("GPOS") ? undefined : pairs;
  let at = kern.offset;
  const end = Math.min(bytes.length, kern.offset + kern.length);
  if (at + 4 > end || view.getUint16(at) !== 0) return undefined;
  const subtables = view.getUint16(at + 2);
  at += 4;
  for (let index = 0; index < subtables; index++) {
    if (at + 6 > end) return undefined;
    const coverage = view.getUint16(at + 4);
    const format = coverage >> 8;
    // Horizontal kerning values (not minimum values, not cross-stream, not overriding): what HarfBuzz applies.
    if ((coverage & 0x0f) !== 0x01 || format !== 0) return undefined;
    const pairCount = view.getUint16(at + 6);
    if (at + 14 + pairCount * 6 > end) return undefined;
    for (let pair = 0; pair < pairCount; pair++) {
      const entry = at + 14 + pair * 6;
      pairs.set(view.getUint16(entry) * 65536 + view.getUint16(entry + 2), view.getInt16(entry + 4));
    }
    // Its own length field is 16 bits, too few for a long table of pairs: the pairs say where it ends.
    at += 14 + pairCount * 6;
  }
  return pairs;
}
