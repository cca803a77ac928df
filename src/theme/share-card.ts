import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { packageRoot } from "../package-root.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { OutputFile } from "../output-file.js";
import { toHex } from "../colour.js";
import { shareCardSize } from "../images/image-uses.js";
import type { ThemeColours } from "./theme-colours.js";
import { readFontFile } from "./font-file.js";
import { glyphDrawer, type PostCardPainter, postCardPainter, squarePhoto } from "./post-card-painter.js";
import { type CardText, shareCardSvg, systemTextDrawer } from "./share-card-svg.js";

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
 * How a post card is encoded: a JPEG (what every social site takes; PNG of a card with a photo and a glow
 * is several times larger, WebP is not taken everywhere) of libjpeg-turbo's speed, with its standard
 * Huffman tables: tables optimised for each card made it 13% smaller (39 kB against 45 kB) at twice the
 * time (6.5 ms against 3.3 ms a card), the most a card costs once its words are painted from glyphs; a
 * card is fetched by the sites a post is shared on, not by its readers. mozjpeg's trellis quantisation
 * made cards a quarter smaller again at ten times the time (45 ms a card).
 */
const postCardJpeg = { quality: 82, optimiseCoding: false } as const;

/**
 * A card per post without an `image` of its own (postCardSvg), and per publication of the .bib files, as
 * JPEGs in assets/images/ named after the post (`post-<slug>-…`) or publication (`publication-<slug>-…`),
 * kept in the build cache by everything drawn on them. Gives each post's and publication's card file by
 * slug at once, and the cards as they are drawn: the build renders its pages meanwhile.
 *
 * What every card shares, the page with the photo, is rendered once; each card renders only the band
 * of its words and lays it over a copy of that, so a card costs the encoding of a JPEG and little more.
 * Cards are drawn several at a time, on libuv's threads, so every core is used.
 */
export async function makePostCards({
  posts,
  publications = [],
  config,
  photoFile,
  colours,
  textFont,
  cache: cacheStore,
  keptPainter,
}: {
  posts: CardPost[];
  /** The publications, each drawn as a post is: its title, and its authors as the byline. */
  publications?: CardPost[] | undefined;
  config: ResolvedConfig;
  photoFile: string;
  colours: ThemeColours;
  textFont?: string | undefined;
  cache?: CacheStore | undefined;
  /**
   * Given by `portfolio dev`: the painter of the last build's cards, used again while what it paints
   * with is the same.
   */
  keptPainter?: KeptPainter | undefined;
}): Promise<{ files: Promise<OutputFile[]>; cards: Map<string, string>; publicationCards: Map<string, string> }> {
  if (!posts.length && !publications.length)
    return { files: Promise.resolve([]), cards: new Map(), publicationCards: new Map() };
  const read = textFont ? await readFontFile(textFont) : undefined;
  const font = read && "bytes" in read ? read.bytes : undefined;
  const fingerprint = await codeFingerprint(["theme", "images", "cache"]);
  const cache = await openCache<Uint8Array>(cacheStore, "post-card", fingerprint);
  const photoBytes = await readFile(photoFile);
  const radius = config.theme.radius ?? 14;
  const accent = toHex(colours.accents.dark);
  // The photo and the font, digested once: each card's key hashing them again cost 30 ms a build at 500 cards.
  const drawnWith = hashOf(photoBytes, font ?? "system");
  // What XML cannot carry (control characters a title may hold) is left out of the drawing.
  const keyed = [
    ...posts.map((post) => ({ ...post, kind: "post" as const })),
    ...publications.map((publication) => ({ ...publication, kind: "publication" as const })),
  ].map(({ slug, kind, ...written }) => {
    const post = { slug, title: drawable(written.title), author: drawable(written.author) };
    const key = hashOf(drawnWith, JSON.stringify([post.title, post.author, radius, accent]));
    // Named by what is drawn and the code that draws it, so pages can name the card before it is drawn.
    const file = `assets/images/${kind}-${slug.replace(/[^A-Za-z0-9_-]+/g, "-")}-${hashOf(key, fingerprint)
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 8)}.jpg`;
    return { post, kind, key, file };
  });
  let drawer: Promise<CardDrawer> | undefined;
  // A thread to encode them on is worth its start (loading sharp in it) for a long blog's cards, not a few.
  const toDraw = keyed.filter(({ key }) => !cache.has(key)).length;
  const draw = async (post: { title: string; author: string }) => {
    drawer ??= cardDrawer({
      photo: photoBytes,
      font,
      colours,
      radius,
      onThread: toDraw >= cardsForThread,
      kept: keptPainter,
    });
    return (await drawer).draw(post);
  };
  const files = inTurns(keyed, availableParallelism() + 1, async ({ post, key, file }) => {
    const contents = cache.get(key) ?? (await draw(post));
    cache.set(key, contents);
    return { file, contents };
  })
    .finally(async () => {
      if (drawer) await (await drawer).close();
    })
    .then(async (drawn) => {
      await cache.save();
      return drawn;
    });
  // Awaited by the build before it writes; a failure is thrown there, not left unhandled while pages render.
  files.catch(() => {});
  const cardsOf = (kind: "post" | "publication") =>
    new Map(keyed.filter((card) => card.kind === kind).map(({ post, file }) => [post.slug, file]));
  return { files, cards: cardsOf("post"), publicationCards: cardsOf("publication") };
}

/**
 * `portfolio dev`'s painter of cards, by what it paints with: its setup (the background rendered, the
 * sources of glyphs checked against librsvg) cost a save that changed one title a third of a second.
 */
export interface KeptPainter {
  key?: string;
  painter?: Promise<PostCardPainter>;
}

function keptOrNew(
  kept: KeptPainter | undefined,
  site: { photo: Buffer; font: Buffer | undefined; colours: ThemeColours; radius: number },
): Promise<PostCardPainter> {
  if (!kept) return postCardPainter(site);
  const key = hashOf(site.photo, site.font ?? "system", JSON.stringify([site.colours, site.radius]));
  if (kept.key !== key || !kept.painter) {
    kept.key = key;
    kept.painter = postCardPainter(site);
    // A painter that could not be made is made again by the next build.
    kept.painter.catch(() => {
      if (kept.key === key) kept.painter = undefined;
    });
  }
  return kept.painter;
}

interface CardDrawer {
  draw(post: { title: string; author: string }): Promise<Uint8Array>;
  /** Stops the thread the cards are encoded on, if any. */
  close(): Promise<void>;
}

/** Fewer cards than this to draw are encoded on the build's own thread. */
const cardsForThread = 40;

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
 * Draws a post's card as a JPEG: painted here (postCardPainter), encoded on a thread of its own
 * (`onThread`, card-encoder.mjs) or this one. The pixels a card is painted in are reused: a copy of
 * the background per card would be megabytes the collector frees late, a thousand times.
 */
async function cardDrawer({
  onThread,
  kept,
  ...site
}: {
  photo: Buffer;
  font: Buffer | undefined;
  colours: ThemeColours;
  radius: number;
  onThread: boolean;
  kept?: KeptPainter | undefined;
}): Promise<CardDrawer> {
  const sharp = (await import("sharp")).default;
  const painter = await keptOrNew(kept, site);
  const { width, height } = shareCardSize;
  const spare: Uint8Array[] = [];
  const encodeHere = async (pixels: Uint8Array) => ({
    pixels,
    contents: new Uint8Array(
      await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg(postCardJpeg)
        .toBuffer(),
    ),
  });
  const thread = onThread ? encoderThread(width, height) : undefined;
  return {
    async draw(post) {
      let pixels = spare.pop() ?? new Uint8Array(width * height * 3);
      try {
        await painter.paint(post, pixels);
        const encoded = (await thread?.encode(pixels)) ?? (await encodeHere(pixels));
        pixels = encoded.pixels;
        return encoded.contents;
      } finally {
        // Pixels sent to the thread and not given back (it stopped) are not drawn in again.
        if (pixels.byteLength) spare.push(pixels);
      }
    },
    close: async () => thread?.close(),
  };
}

/**
 * Encodes cards on a thread of its own (card-encoder.mjs), the pixels moved there and back. Undefined
 * for a card once the thread has failed: that card, and every later one, is encoded on the build's thread.
 */
function encoderThread(
  width: number,
  height: number,
): {
  encode(pixels: Uint8Array): Promise<{ pixels: Uint8Array; contents: Uint8Array } | undefined>;
  close(): Promise<void>;
} {
  const worker = new Worker(pathToFileURL(path.join(packageRoot(), "src", "theme", "card-encoder.mjs")));
  // Nothing keeps the process alive for it: the build awaits its cards.
  worker.unref();
  let failed = false;
  let next = 0;
  const waiting = new Map<number, (answer: { pixels: Uint8Array; contents: Uint8Array } | undefined) => void>();
  const fail = () => {
    failed = true;
    for (const answer of waiting.values()) answer(undefined);
    waiting.clear();
  };
  worker.on("message", (message: { id: number; pixels: Uint8Array; contents?: Uint8Array; failure?: string }) => {
    const answer = waiting.get(message.id);
    waiting.delete(message.id);
    answer?.(message.contents ? { pixels: message.pixels, contents: message.contents } : undefined);
  });
  worker.on("error", fail);
  worker.on("exit", fail);
  return {
    encode(pixels) {
      if (failed) return Promise.resolve(undefined);
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, pixels, width, height, jpeg: postCardJpeg }, [pixels.buffer as ArrayBuffer]);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

function drawable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
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
