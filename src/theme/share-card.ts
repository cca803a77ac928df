import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { OutputFile } from "../output-file.js";
import { toHex } from "../colour.js";
import { shareCardSize } from "../images/image-uses.js";
import type { ThemeColours } from "./theme-colours.js";
import { readFontFile } from "./font-file.js";
import {
  type CardText,
  fontTextDrawer,
  type GlyphFont,
  photoSize,
  postCardBackgroundSvg,
  postCardText,
  shareCardSvg,
  systemTextDrawer,
  type TextDrawer,
} from "./share-card-svg.js";

/**
 * The site's share card when the config names no `site.image`: the owner's photo, name, job title
 * and location on the dark theme's page, lit by its accent, in the theme's text font. Social
 * sites crop a plain photo to 1.9:1, which cuts a portrait's head; this card is drawn for that shape.
 */

/**
 * Makes the cards as JPEGs in assets/images/, named after the photo like its other copies, kept in
 * the build cache by everything drawn on them (sharp is not even loaded on a warm build). One per
 * language of the site: the job title and place are written in the language of the pages that
 * share it. Languages whose card would be the same share one file.
 */
export async function makeShareCards({
  configs,
  photoFile,
  colours,
  textFont,
  cache: cacheStore,
}: {
  /** The config in each language that needs a card. */
  configs: ResolvedConfig[];
  /** The real file of each language's `owner.photo`. */
  photoFile: (config: ResolvedConfig) => string;
  colours: ThemeColours;
  /** The file of the text font's regular face, when the theme names one. */
  textFont?: string | undefined;
  cache?: CacheStore | undefined;
}): Promise<OutputFile[]> {
  // Read as every font is, within its limits (font-file.ts); one the font stage refused is never drawn with.
  const read = textFont ? await readFontFile(textFont) : undefined;
  const font = read && "bytes" in read ? read.bytes : undefined;
  // One cache for every language's card: a cache keeps only what its build used.
  const cache = await openCache<Uint8Array>(
    cacheStore,
    "share-card",
    await codeFingerprint(["theme", "images", "cache"]),
  );
  const cards: OutputFile[] = [];
  for (const config of configs) {
    const text: CardText = {
      name: config.owner.name,
      jobTitle: config.owner.jobTitle,
      location: config.owner.location,
    };
    const radius = config.theme.radius ?? 14;
    const photo = await readFile(photoFile(config));
    const key = hashOf(photo, font ?? "system", JSON.stringify([text, radius, toHex(colours.accents.dark)]));
    const contents = cache.get(key) ?? (await drawShareCard({ text, photo, font, colours, radius }));
    cache.set(key, contents);
    const name = path.basename(config.owner.photo, path.extname(config.owner.photo)).replace(/[^A-Za-z0-9_-]+/g, "-");
    cards.push({
      file: `assets/images/${name}-share-${hashOf(contents)
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 8)}.jpg`,
      contents,
    });
  }
  await cache.save();
  return cards;
}

/** A post to draw a card for: its slug, title and author, in the language its page is in. */
export interface CardPost {
  slug: string;
  title: string;
  author: string;
}

/**
 * How a post card is encoded: a JPEG (what every social site takes) of libjpeg-turbo's speed. mozjpeg's
 * trellis quantisation made cards a quarter smaller (30 kB against 40 kB) at ten times the time (45 ms a card).
 */
const postCardJpeg = { quality: 82 } as const;

/**
 * A card per post without an `image` of its own (postCardSvg), as JPEGs in assets/images/ named
 * after the post, kept in the build cache by everything drawn on them. Gives each post's card file by slug at
 * once, and the cards as they are drawn: the build renders its pages meanwhile.
 *
 * What every card shares, the page with the photo, is rendered once; each card renders only the band
 * of its words and lays it over a copy of that, so a card costs the encoding of a JPEG and little more.
 * Cards are drawn several at a time, on libuv's threads, so every core is used.
 */
export async function makePostCards({
  posts,
  config,
  photoFile,
  colours,
  textFont,
  cache: cacheStore,
}: {
  posts: CardPost[];
  config: ResolvedConfig;
  photoFile: string;
  colours: ThemeColours;
  textFont?: string | undefined;
  cache?: CacheStore | undefined;
}): Promise<{ files: Promise<OutputFile[]>; cards: Map<string, string> }> {
  if (!posts.length) return { files: Promise.resolve([]), cards: new Map() };
  const read = textFont ? await readFontFile(textFont) : undefined;
  const font = read && "bytes" in read ? read.bytes : undefined;
  const fingerprint = await codeFingerprint(["theme", "images", "cache"]);
  const cache = await openCache<Uint8Array>(cacheStore, "post-card", fingerprint);
  const photoBytes = await readFile(photoFile);
  const radius = config.theme.radius ?? 14;
  const accent = toHex(colours.accents.dark);
  // What XML cannot carry (control characters a title may hold) is left out of the drawing.
  const keyed = posts.map(({ slug, ...written }) => {
    const post = { slug, title: drawable(written.title), author: drawable(written.author) };
    const key = hashOf(photoBytes, font ?? "system", JSON.stringify([post.title, post.author, radius, accent]));
    // Named by what is drawn and the code that draws it, so pages can name the card before it is drawn.
    const file = `assets/images/post-${slug.replace(/[^A-Za-z0-9_-]+/g, "-")}-${hashOf(key, fingerprint)
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 8)}.jpg`;
    return { post, key, file };
  });
  let drawer: Promise<CardDrawer> | undefined;
  const draw = async (post: { title: string; author: string }) => {
    drawer ??= cardDrawer({ photo: photoBytes, font, colours, radius });
    return (await drawer)(post);
  };
  const files = inTurns(keyed, availableParallelism() + 1, async ({ post, key, file }) => {
    const contents = cache.get(key) ?? (await draw(post));
    cache.set(key, contents);
    return { file, contents };
  }).then(async (drawn) => {
    await cache.save();
    return drawn;
  });
  // Awaited by the build before it writes; a failure is thrown there, not left unhandled while pages render.
  files.catch(() => {});
  return { files, cards: new Map(keyed.map(({ post, file }) => [post.slug, file])) };
}

type CardDrawer = (post: { title: string; author: string }) => Promise<Uint8Array>;

/** `work` on each item, at most `width` at a time, the results in the items' order. */
async function inTurns<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

/**
 * Draws a site's post cards: the background (frame and photo) rendered once into raw pixels, then per
 * card its words' band rendered by librsvg (which shapes every script as the whole card's SVG did),
 * laid over a copy of the background here, and the card encoded.
 */
async function cardDrawer({
  photo,
  font,
  colours,
  radius,
}: {
  photo: Buffer;
  font: Buffer | undefined;
  colours: ThemeColours;
  radius: number;
}): Promise<CardDrawer> {
  const sharp = (await import("sharp")).default;
  const draw = font ? await glyphDrawer(font) : systemTextDrawer;
  const photoUrl = `data:image/png;base64,${(await squarePhoto(photo)).toString("base64")}`;
  const { width, height } = shareCardSize;
  const background = await sharp(Buffer.from(postCardBackgroundSvg({ photo: photoUrl, colours, radius })))
    .removeAlpha()
    .raw()
    .toBuffer();
  // Pixels to draw a card in, reused: a copy of the background per card would be megabytes the
  // collector frees late, a thousand times.
  const spare: Buffer[] = [];
  return async ({ title, author }) => {
    const text = postCardText({ title, author, colours, draw });
    const layer =
      text.height > 0
        ? await sharp(Buffer.from(text.svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
        : undefined;
    const card = spare.pop() ?? Buffer.allocUnsafe(background.length);
    try {
      card.set(background);
      if (layer) layOver(card, width, layer.data, { ...text, width: layer.info.width, height: layer.info.height });
      return new Uint8Array(
        await sharp(card, { raw: { width, height, channels: 3 } })
          .jpeg(postCardJpeg)
          .toBuffer(),
      );
    } finally {
      spare.push(card);
    }
  };
}

/**
 * Draws an RGBA layer (not premultiplied, as sharp gives it) over RGB pixels at `left`, `top`: the
 * "over" operator the SVG renderer uses, rounded as it rounds.
 */
export function layOver(
  target: Buffer,
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

function drawable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
}

/**
 * The owner's photo as a square PNG for a card: a vector one drawn at
 * the density its place needs, a raster one cropped around its subject.
 */
async function squarePhoto(photo: Buffer): Promise<Buffer> {
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

async function drawShareCard({
  text,
  photo,
  font,
  colours,
  radius,
}: {
  text: CardText;
  photo: Buffer;
  font: Buffer | undefined;
  colours: ThemeColours;
  radius: number;
}): Promise<Uint8Array> {
  const sharp = (await import("sharp")).default;
  const square = await squarePhoto(photo);
  const draw = font ? await glyphDrawer(font) : systemTextDrawer;
  const svg = shareCardSvg({
    text,
    photo: `data:image/png;base64,${square.toString("base64")}`,
    colours,
    radius,
    draw,
  });
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

async function glyphDrawer(font: Buffer): Promise<TextDrawer> {
  try {
    const { create } = await import("fontkitten");
    const parsed = create(font);
    return parsed.isCollection ? systemTextDrawer : fontTextDrawer(parsed as unknown as GlyphFont);
  } catch {
    return systemTextDrawer;
  }
}
