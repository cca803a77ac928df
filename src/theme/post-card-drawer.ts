// A site's post cards drawn as JPEGs: painted (post-card-painter.ts) and encoded, the same code on the build's
// thread and on the card thread (card-worker.ts), so a card is the same bytes wherever it was drawn.
import { shareCardSize } from "../images/image-uses.js";
import type { Clip } from "./card-glyphs.js";
import { readForSplice, type SplicedJpeg } from "./jpeg-scan.js";
import { type McuRegion, mcuRegion, splice } from "./jpeg-splice.js";
import { postCardPainter } from "./post-card-painter.js";
import type { ThemeColours } from "./theme-colours.js";

/** What every post card of a site is drawn from: set up once, on whichever thread draws them. */
export interface CardSite {
  photo: Buffer;
  /** The theme's text font, when it names one. */
  font: Buffer | undefined;
  colours: ThemeColours;
  radius: number;
}

/** The words of one card, in the language its page is in. */
export interface CardWords {
  title: string;
  author: string;
}

export interface PostCardDrawer {
  /** Draws cards, in their order: a batch's bands are encoded together (`cardsPerBatch`). */
  draw(cards: CardWords[]): Promise<Uint8Array[]>;
}

/**
 * How a post card is encoded: a JPEG (what every social site takes; PNG of a card with a photo and a glow
 * is several times larger, WebP is not taken everywhere) of libjpeg-turbo's speed, with its standard
 * Huffman tables: tables optimised for each card made it 13% smaller (39 kB against 45 kB) at twice the
 * time (6.5 ms against 3.3 ms a card), the most a card costs once its words are painted from glyphs; a
 * card is fetched by the sites a post is shared on, not by its readers. mozjpeg's trellis quantisation
 * made cards a quarter smaller again at ten times the time (45 ms a card).
 */
export const postCardJpeg = { quality: 82, optimiseCoding: false } as const;

/**
 * Draws a site's post cards. The pixels a card is painted in are reused: a copy of the background per
 * card would be megabytes the collector frees late, a thousand times; and only the band of the last
 * card's words is restored from the background before the next is painted, not the whole card. Only the
 * bands are encoded: the background is encoded once, a batch's bands are encoded as one picture, one under
 * another (sharp's cost per call was a quarter of a card's), and each card's JPEG is the background's with
 * the blocks of its band in their place (jpeg-splice.ts): the bytes libjpeg gives for the whole card.
 */
export async function postCardDrawer(site: CardSite): Promise<PostCardDrawer> {
  const sharp = (await import("sharp")).default;
  const painter = await postCardPainter(site);
  const { width, height } = shareCardSize;
  // Each JPEG a copy of its own, which can be moved to another thread: sharp's buffer cannot be.
  const encode = async (pixels: Uint8Array, size: { width: number; height: number }) =>
    new Uint8Array(
      await sharp(pixels, { raw: { ...size, channels: 3 } })
        .jpeg(postCardJpeg)
        .toBuffer(),
    );
  const backgroundJpeg = await encode(painter.background, { width, height });
  const base = readForSplice(backgroundJpeg);
  const spare: Array<{ pixels: Uint8Array; painted: Clip }> = [];
  // The buffers a batch's bands are written into, one under another, reused from batch to batch.
  const spareStacks: Uint8Array[] = [];
  return {
    async draw(cards) {
      const jpegs: Uint8Array[] = new Array(cards.length);
      const bands: Band[] = [];
      const reused = spare.pop();
      const pixels = reused?.pixels ?? new Uint8Array(width * height * 3);
      let painted = reused?.painted;
      let stack = spareStacks.pop() ?? new Uint8Array(0);
      let used = 0;
      // Pixels whose painting or encoding failed are in no known state: they are not drawn in again.
      for (const [index, words] of cards.entries()) {
        ({ band: painted } = await painter.paint(words, pixels, painted));
        const region = base && stackable(base, mcuRegion(base, painted), bands[0]?.region);
        if (region === "empty") jpegs[index] = backgroundJpeg.slice();
        else if (!base || !region) jpegs[index] = await encode(pixels, { width, height });
        else {
          const length = regionBytes(region, base);
          if (used + length > stack.length) {
            // Room for every card of the batch at this band's size: a larger band grows it once more.
            const grown = new Uint8Array(Math.max(used + length, cards.length * length));
            grown.set(stack.subarray(0, used));
            stack = grown;
          }
          copyRegion(pixels, width, region, base, stack.subarray(used, used + length));
          bands.push({ index, region, at: used, length });
          used += length;
        }
      }
      spare.push({ pixels, painted: painted! });
      if (base && bands.length) {
        const drawn = await spliceBands(base, stack.subarray(0, used), bands, encode);
        const whole = (band: Band) =>
          encode(withRegion(painter.background, width, band, stack.subarray(band.at, band.at + band.length), base), {
            width,
            height,
          });
        for (const [at, band] of bands.entries()) jpegs[band.index] = drawn[at] ?? (await whole(band));
      }
      spareStacks.push(stack);
      return jpegs;
    },
  };
}

/** A card's band, in whole MCUs, and where its pixels are in the batch's stack of bands. */
interface Band {
  index: number;
  region: McuRegion;
  at: number;
  length: number;
}

/**
 * The region of MCUs a card's band is encoded in: the batch's columns (the text's column, the same for every
 * card), "empty" for words that cover nothing, undefined for a band to encode alone (one reaching the last,
 * partial row of MCUs, which the encoder pads, or one wider than the batch's columns).
 */
function stackable(
  base: SplicedJpeg,
  region: McuRegion,
  first: McuRegion | undefined,
): McuRegion | "empty" | undefined {
  if (region.right <= region.left || region.bottom <= region.top) return "empty";
  if (region.bottom * base.mcuHeight > base.height) return undefined;
  if (!first) return region;
  if (region.left < first.left || region.right > first.right) return undefined;
  return { ...region, left: first.left, right: first.right };
}

function regionBytes(region: McuRegion, base: SplicedJpeg): number {
  return (region.right - region.left) * base.mcuWidth * 3 * (region.bottom - region.top) * base.mcuHeight;
}

function copyRegion(pixels: Uint8Array, width: number, region: McuRegion, base: SplicedJpeg, into: Uint8Array): void {
  const left = region.left * base.mcuWidth;
  const across = (region.right - region.left) * base.mcuWidth * 3;
  const rows = (region.bottom - region.top) * base.mcuHeight;
  for (let row = 0; row < rows; row++) {
    const from = ((region.top * base.mcuHeight + row) * width + left) * 3;
    into.set(pixels.subarray(from, from + across), row * across);
  }
}

/** A whole card from the background and its band's pixels: for a card whose splice did not work. */
function withRegion(background: Uint8Array, width: number, { region }: Band, rows: Uint8Array, base: SplicedJpeg) {
  const card = background.slice();
  const across = (region.right - region.left) * base.mcuWidth * 3;
  for (let row = 0; row < rows.length / across; row++)
    card.set(
      rows.subarray(row * across, (row + 1) * across),
      ((region.top * base.mcuHeight + row) * width + region.left * base.mcuWidth) * 3,
    );
  return card;
}

/** Each band's card: the bands encoded as one picture, one under another, each spliced into the background. */
async function spliceBands(
  base: SplicedJpeg,
  stack: Uint8Array,
  bands: Band[],
  encode: (pixels: Uint8Array, size: { width: number; height: number }) => Promise<Uint8Array>,
): Promise<Array<Uint8Array | undefined>> {
  const { left, right } = bands[0]!.region;
  const size = { width: (right - left) * base.mcuWidth, height: stack.length / ((right - left) * base.mcuWidth * 3) };
  const stacked = readForSplice(await encode(stack, size), base);
  let offset = 0;
  return bands.map(({ region }) => {
    const spliced = stacked && splice(base, stacked, region, offset);
    offset += (region.right - region.left) * (region.bottom - region.top);
    return spliced;
  });
}

/** How many cards' bands are encoded together: sharp's cost per call shared, in a picture of a megapixel or two. */
export const cardsPerBatch = 8;

/** Cards in batches of `cardsPerBatch`, in their order. */
export function inBatches<T>(cards: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(cards.length / cardsPerBatch) }, (_, index) =>
    cards.slice(index * cardsPerBatch, (index + 1) * cardsPerBatch),
  );
}

/** How many batches are drawn at a time: one painted while the other is encoded on libuv's threads. */
export const batchesAtOnce = 2;
