import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../src/config/config-schema.js";
import { readForSplice } from "../src/theme/jpeg-scan.js";
import { mcuRegion, splice } from "../src/theme/jpeg-splice.js";
import { postCardDrawer, postCardJpeg } from "../src/theme/post-card-drawer.js";
import { postCardPainter } from "../src/theme/post-card-painter.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { cardCases } from "./fixtures/share-cards/cases.js";
import { repoRoot } from "./helpers/sample-site.js";

const photoFile = path.join(repoRoot, "public", "images", "avatar.svg");
const interFile = path.join(repoRoot, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const card = { width: 1200, height: 630 };

async function jpegOf(pixels: Uint8Array, size = card, options: object = postCardJpeg): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(pixels, { raw: { ...size, channels: 3 } })
      .jpeg(options)
      .toBuffer(),
  );
}

/** Pixels of a card with noise in them: every kind of block, flat and busy, and both signs of DC differences. */
function noisyPixels(seed: number): Uint8Array {
  const pixels = new Uint8Array(card.width * card.height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    const x = Math.floor(index / 3) % card.width;
    pixels[index] = x < 600 ? (x * 7 + (index % 3) * 40) & 0xff : state >>> 24;
  }
  return pixels;
}

describe("a card's JPEG spliced from the background's and its band's", () => {
  it("is byte for byte the JPEG of the whole card, for every card of the pixel test's cases, drawn in a batch", {
    timeout: 60_000,
  }, async () => {
    const photo = await readFile(photoFile);
    for (const theme of ["sample", "inter"] as const) {
      const site = {
        photo,
        font: theme === "inter" ? await readFile(interFile) : undefined,
        colours: resolveThemeColours((theme === "inter" ? { accent: "#0f766e" } : {}) as ResolvedConfig["theme"], "t"),
        radius: 14,
      };
      const drawer = await postCardDrawer(site);
      const painter = await postCardPainter(site);
      const cases = cardCases.filter((each) => each.theme === theme);
      // One batch: the bands encoded as one picture, one under another, then each spliced into the background.
      const drawn = await drawer.draw(cases);
      for (const [index, { name, title, author }] of cases.entries()) {
        const pixels = new Uint8Array(card.width * card.height * 3);
        await painter.paint({ title, author }, pixels);
        const whole = await jpegOf(pixels);
        expect({ name, same: Buffer.from(drawn[index]!).equals(Buffer.from(whole)) }).toEqual({ name, same: true });
      }
    }
  });

  it("puts any region of blocks of one JPEG into another, at the edges of the picture too", async () => {
    const background = noisyPixels(1);
    const changed = noisyPixels(2);
    const base = readForSplice(await jpegOf(background))!;
    expect(base).toBeDefined();
    const regions = [
      { left: 29, top: 8, right: 69, bottom: 30 },
      { left: 0, top: 0, right: 75, bottom: 40 },
      { left: 0, top: 35, right: 10, bottom: 40 },
      { left: 70, top: 0, right: 75, bottom: 1 },
      { left: 3, top: 3, right: 4, bottom: 4 },
    ];
    for (const region of regions) {
      // The card: the background with the region's pixels from the other picture.
      const pixels = background.slice();
      const clip = {
        left: region.left * 16,
        top: region.top * 16,
        right: region.right * 16,
        bottom: region.bottom * 16,
      };
      const size = { width: clip.right - clip.left, height: Math.min(clip.bottom, card.height) - clip.top };
      const part = new Uint8Array(size.width * size.height * 3);
      for (let row = 0; row < size.height; row++) {
        const from = ((clip.top + row) * card.width + clip.left) * 3;
        pixels.set(changed.subarray(from, from + size.width * 3), from);
        part.set(changed.subarray(from, from + size.width * 3), row * size.width * 3);
      }
      expect(mcuRegion(base, clip)).toEqual(region);
      const spliced = splice(base, readForSplice(await jpegOf(part, size))!, region);
      expect({ region, same: Buffer.from(spliced!).equals(Buffer.from(await jpegOf(pixels))) }).toEqual({
        region,
        same: true,
      });
    }
  });

  it("is not made from JPEGs coded another way: progressive, other tables, or another region's size", async () => {
    const pixels = noisyPixels(3);
    expect(readForSplice(await jpegOf(pixels, card, { ...postCardJpeg, progressive: true }))).toBeUndefined();
    const base = readForSplice(await jpegOf(pixels))!;
    const optimised = readForSplice(await jpegOf(pixels, card, { ...postCardJpeg, optimiseCoding: true }))!;
    const region = { left: 0, top: 0, right: 75, bottom: 40 };
    expect(splice(base, optimised, region)).toBeUndefined();
    expect(splice(base, base, { left: 0, top: 0, right: 74, bottom: 40 })).toBeUndefined();
    expect(readForSplice(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
  });
});
