// Post cards painted into pixels: the background once, then each card's words from glyph masks
// (card-glyphs.ts) or, for text only librsvg sets, its band rendered by librsvg (share-card.ts encodes them).
import { shareCardSize } from "../images/image-uses.js";
import { type Clip, GlyphMasks, type PlacedGlyph } from "./card-glyphs.js";
import {
  fontTextDrawer,
  type GlyphFont,
  photoSize,
  type PostCardText,
  postCardBackgroundSvg,
  postCardText,
  systemTextDrawer,
  type TextDrawer,
} from "./share-card-svg.js";
import { readSystemFace, systemFontFiles, systemGlyphDrawer } from "./system-font.js";
import type { ThemeColours } from "./theme-colours.js";
/** Paints a site's post cards into RGB pixels (shareCardSize), and says how each card's words were drawn. */
export interface PostCardPainter {
  /** The card without words: every card is these pixels outside the band `paint` gives. */
  background: Uint8Array;
  /**
   * Paints a card into `card`: over a whole copy of the background, or, when `card` holds a card this
   * painter drew whose words covered `painted`, over that card with only `painted` restored from the
   * background (about a quarter of the pixels). Gives the band this card's words cover, to be restored in turn.
   */
  paint(
    post: { title: string; author: string },
    card: Uint8Array,
    painted?: Clip,
  ): Promise<{ way: "glyphs" | "svg"; band: Clip }>;
}

/**
 * Paints a site's post cards: the background (frame and photo) rendered once into raw pixels, then per
 * card its words painted over a copy of it from the masks of their glyphs, each glyph rendered once for
 * the site (card-glyphs.ts). Words whose glyphs cannot be placed as the SVG renderer places them (text set
 * from the right, scripts it shapes, a font whose kerning is not read) have their band rendered by
 * librsvg instead, as the whole card's SVG was; so do all with `glyphs: false`, the reference the tests
 * compare with. Each source of glyphs is checked once against librsvg, on the first card that uses it and
 * on a probe of kerned pairs and ligatures: a source that does not draw the same is not used for the build.
 */
export async function postCardPainter({
  photo,
  font,
  colours,
  radius,
  glyphs: useGlyphs = true,
}: {
  photo: Buffer;
  font: Buffer | undefined;
  colours: ThemeColours;
  radius: number;
  glyphs?: boolean;
}): Promise<PostCardPainter> {
  const sharp = (await import("sharp")).default;
  const system = useGlyphs ? await systemDrawer() : systemTextDrawer;
  const draw = font ? await glyphDrawer(font, system) : system;
  const photoUrl = `data:image/png;base64,${(await squarePhoto(photo)).toString("base64")}`;
  const { width } = shareCardSize;
  const background = await sharp(Buffer.from(postCardBackgroundSvg({ photo: photoUrl, colours, radius })))
    .removeAlpha()
    .raw()
    .toBuffer();
  const masks = new GlyphMasks();
  // Each source of glyphs (the theme's font, each face of the system's), and whether it draws as librsvg does.
  const sources = new Map<string, Promise<boolean>>();
  const renderBand = async (card: Uint8Array, text: PostCardText) => {
    if (text.height <= 0) return;
    const layer = await sharp(Buffer.from(text.svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    layOver(card, width, layer.data, { ...text, width: layer.info.width, height: layer.info.height });
  };
  const paintGlyphs = async (card: Uint8Array, text: PostCardText, glyphs: PlacedGlyph[]) => {
    await masks.prepare(glyphs);
    masks.paint(card, width, glyphs, bandOf(text));
  };
  const agrees = async (text: PostCardText) => {
    // A probe the source cannot place says nothing against it.
    if (!text.glyphs) return true;
    const rendered = Buffer.from(background);
    const painted = Buffer.from(background);
    await Promise.all([renderBand(rendered, text), paintGlyphs(painted, text, text.glyphs)]);
    return sameDrawing(rendered, painted, width, bandOf(text));
  };
  const usable = async (text: PostCardText & { glyphs: PlacedGlyph[] }) => {
    if (!useGlyphs) return false;
    const used = new Set(text.glyphs.map((glyph) => glyph.key.slice(0, glyph.key.indexOf(":"))));
    const checks = [...used].map((source) => {
      let check = sources.get(source);
      if (!check) {
        const probe = postCardText({ ...glyphProbe, colours, draw });
        check = Promise.all([agrees(text), agrees(probe)]).then(([card, probed]) => card && probed);
        sources.set(source, check);
      }
      return check;
    });
    return (await Promise.all(checks)).every(Boolean);
  };
  return {
    background,
    async paint({ title, author }, card, painted) {
      const text = postCardText({ title, author, colours, draw });
      if (painted) restore(card, background, width, painted);
      else card.set(background);
      const band = bandOf(text);
      if (text.glyphs && (await usable({ ...text, glyphs: text.glyphs }))) {
        await paintGlyphs(card, text, text.glyphs);
        return { way: "glyphs", band };
      }
      await renderBand(card, text);
      return { way: "svg", band };
    },
  };
}

/** A card's words with pairs fonts kern (AV, Te, Yo, "P.") and letters some join (fi, fl, ffi), to check glyphs by. */
const glyphProbe = { title: "AVATAR Type: Yo, Wolf, P. Tea fi fl ffi — 1/4 “Lj” Qu’é", author: "Fjord Tŵy AW" };

/** The rows and columns of a card its words' band covers. */
function bandOf(text: PostCardText): Clip {
  return { left: text.left, top: text.top, right: text.left + text.width, bottom: text.top + text.height };
}

/** `band` of a card's pixels as the background has it: all a card's words changed, each painted within their band. */
function restore(card: Uint8Array, background: Uint8Array, width: number, band: Clip): void {
  for (let y = band.top; y < band.bottom; y++) {
    const start = (y * width + band.left) * 3;
    card.set(background.subarray(start, start + (band.right - band.left) * 3), start);
  }
}

/**
 * Whether two drawings of a card's words look the same: within `clip`, no channel of any pixel apart by
 * more than an eighth of a pixel's coverage at a glyph's edge could make, and a small mean difference.
 */
export function sameDrawing(one: Uint8Array, other: Uint8Array, width: number, clip: Clip): boolean {
  let total = 0;
  let count = 0;
  for (let y = clip.top; y < clip.bottom; y++)
    for (let at = (y * width + clip.left) * 3, end = (y * width + clip.right) * 3; at < end; at++) {
      const difference = Math.abs(one[at]! - other[at]!);
      if (difference > 96) return false;
      total += difference;
      count++;
    }
  return count === 0 || total / count < 0.5;
}

/** The system's text, with its glyphs placed where fontconfig finds the files of its faces. */
async function systemDrawer(): Promise<TextDrawer> {
  const files = await systemFontFiles();
  if (!files) return systemTextDrawer;
  const [regular, bold] = await Promise.all([
    readSystemFace(files.regular, "system-regular"),
    readSystemFace(files.bold, "system-bold"),
  ]);
  return regular && bold ? systemGlyphDrawer({ regular, bold }) : systemTextDrawer;
}

/**
 * Draws an RGBA layer (not premultiplied, as sharp gives it) over RGB pixels at `left`, `top`: the
 * "over" operator the SVG renderer uses, rounded as it rounds.
 */
export function layOver(
  target: Uint8Array,
  targetWidth: number,
  layer: Buffer,
  { left, top, width, height }: { left: number; top: number; width: number; height: number },
): void {
  for (let y = 0; y < height; y++) {
    let from = y * width * 4;
    let to = ((top + y) * targetWidth + left) * 3;
    for (let x = 0; x < width; x++, from += 4, to += 3) {
      const alpha = layer[from + 3]!;
      if (alpha === 0) continue;
      const rest = 255 - alpha;
      target[to] = Math.round((layer[from]! * alpha + target[to]! * rest) / 255);
      target[to + 1] = Math.round((layer[from + 1]! * alpha + target[to + 1]! * rest) / 255);
      target[to + 2] = Math.round((layer[from + 2]! * alpha + target[to + 2]! * rest) / 255);
    }
  }
}

/**
 * The owner's photo as a square PNG for a card: a vector one drawn at
 * the density its place needs, a raster one cropped around its subject.
 */
export async function squarePhoto(photo: Buffer): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const metadata = await sharp(photo).metadata();
  const density =
    metadata.format === "svg" && metadata.width
      ? Math.min(2400, Math.ceil((72 * photoSize * 2) / Math.min(metadata.width, metadata.height ?? metadata.width)))
      : undefined;
  return sharp(photo, { failOn: "error", ...(density ? { density } : {}) })
    .autoOrient()
    .resize({
      width: photoSize * 2,
      height: photoSize * 2,
      fit: "cover",
      position: metadata.format === "svg" ? "centre" : sharp.strategy.attention,
    })
    .flatten({ background: "#2a2a2e" })
    .png()
    .toBuffer();
}

export async function glyphDrawer(font: Buffer, fallback: TextDrawer = systemTextDrawer): Promise<TextDrawer> {
  try {
    const { create } = await import("fontkitten");
    const parsed = create(font);
    return parsed.isCollection ? fallback : fontTextDrawer(parsed as unknown as GlyphFont, fallback);
  } catch {
    return fallback;
  }
}
