// A site's post cards drawn as JPEGs: painted (post-card-painter.ts) and encoded, the same code on the build's
// thread and on the card thread (card-worker.ts), so a card is the same bytes wherever it was drawn.
import { availableParallelism } from "node:os";
import { shareCardSize } from "../images/image-uses.js";
import type { Clip } from "./card-glyphs.js";
import { readForSplice } from "./jpeg-scan.js";
import { mcuRegion, splice } from "./jpeg-splice.js";
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
  draw(words: CardWords): Promise<Uint8Array>;
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
 * band is encoded: the background is encoded once, and each card's JPEG is the background's with the
 * blocks of its band's own JPEG in their place (jpeg-splice.ts), the bytes libjpeg gives for the whole card.
 */
export async function postCardDrawer(site: CardSite): Promise<PostCardDrawer> {
  const sharp = (await import("sharp")).default;
  const painter = await postCardPainter(site);
  const { width, height } = shareCardSize;
  const encode = async (pixels: Uint8Array, size: { width: number; height: number }) =>
    new Uint8Array(
      await sharp(pixels, { raw: { ...size, channels: 3 } })
        .jpeg(postCardJpeg)
        .toBuffer(),
    );
  const backgroundJpeg = await encode(painter.background, { width, height });
  const base = readForSplice(backgroundJpeg);
  const encodeCard = async (pixels: Uint8Array, band: Clip) => {
    const region = base && mcuRegion(base, band);
    if (!base || !region) return encode(pixels, { width, height });
    if (region.right <= region.left || region.bottom <= region.top) return backgroundJpeg.slice();
    const left = region.left * base.mcuWidth;
    const top = region.top * base.mcuHeight;
    const part = {
      width: Math.min(region.right * base.mcuWidth, width) - left,
      height: Math.min(region.bottom * base.mcuHeight, height) - top,
    };
    const partPixels = new Uint8Array(part.width * part.height * 3);
    for (let row = 0; row < part.height; row++) {
      const from = ((top + row) * width + left) * 3;
      partPixels.set(pixels.subarray(from, from + part.width * 3), row * part.width * 3);
    }
    const partJpeg = readForSplice(await encode(partPixels, part), base);
    return (partJpeg && splice(base, partJpeg, region)) ?? encode(pixels, { width, height });
  };
  const spare: Array<{ pixels: Uint8Array; painted: Clip }> = [];
  return {
    async draw(words) {
      const reused = spare.pop();
      const pixels = reused?.pixels ?? new Uint8Array(width * height * 3);
      // Pixels whose painting or encoding failed are in no known state: they are not drawn in again.
      const { band } = await painter.paint(words, pixels, reused?.painted);
      const encoded = await encodeCard(pixels, band);
      spare.push({ pixels, painted: band });
      return encoded;
    },
  };
}

/** How many cards are drawn at a time: one painted while others are encoded on libuv's threads. */
export const cardsAtOnce = availableParallelism() + 1;
