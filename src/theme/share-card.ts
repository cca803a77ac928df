import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { OutputFile } from "../output-file.js";
import { toHex } from "../colour.js";
import type { ThemeColours } from "./theme-colours.js";
import { readFontFile } from "./font-file.js";
import type { CardSite, CardWords } from "./post-card-drawer.js";
import { glyphDrawer, squarePhoto } from "./post-card-painter.js";
import { drawPostCards, type KeptDrawer } from "./post-card-thread.js";
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
 * A card per post without an `image` of its own (postCardSvg), and per publication of the .bib files, as
 * JPEGs in assets/images/ named after the post (`post-<slug>-…`) or publication (`publication-<slug>-…`),
 * kept in the build cache by everything drawn on them. Gives each post's and publication's card file by
 * slug at once, and the cards once they are drawn: the build renders its pages meanwhile.
 *
 * What every card shares, the page with the photo, is rendered once; each card paints only the band of its
 * words over it, so a card costs the encoding of a JPEG and little more (post-card-drawer.ts). A long blog's
 * cards are painted and encoded on a thread of their own (post-card-thread.ts), given only their words.
 */
export async function makePostCards({
  posts,
  publications = [],
  config,
  photoFile,
  colours,
  textFont,
  cache: cacheStore,
  keptDrawer,
  onCard,
  stop,
}: {
  posts: CardPost[];
  /** The publications, each drawn as a post is: its title, and its authors as the byline. */
  publications?: CardPost[] | undefined;
  config: ResolvedConfig;
  photoFile: string;
  colours: ThemeColours;
  textFont?: string | undefined;
  cache?: CacheStore | undefined;
  /** `portfolio dev`'s drawer of cards, kept between its builds. */
  keptDrawer?: KeptDrawer | undefined;
  /** Told of each card drawn on the card thread as it arrives, before `files` has them all. */
  onCard?: ((card: OutputFile) => void) | undefined;
  /** The build failed: no more cards are drawn, and `files` fails with its reason. */
  stop?: AbortSignal | undefined;
}): Promise<{ files: Promise<OutputFile[]>; cards: Map<string, string>; publicationCards: Map<string, string> }> {
  if (!posts.length && !publications.length)
    return { files: Promise.resolve([]), cards: new Map(), publicationCards: new Map() };
  const site = await cardSite({ config, photoFile, colours, textFont });
  const { photo: photoBytes, font, radius } = site;
  const cache = await openPostCardCache(cacheStore);
  const fingerprint = await postCardFingerprint();
  // What every card shares, hashed once: a phone's photo hashed again for each of a thousand posts took seconds.
  const siteKey = hashOf(photoBytes, font ?? "system", JSON.stringify([radius, toHex(colours.accents.dark)]));
  // What XML cannot carry (control characters a title may hold) is left out of the drawing.
  const keyed = [
    ...posts.map((post) => ({ ...post, kind: "post" as const })),
    ...publications.map((publication) => ({ ...publication, kind: "publication" as const })),
  ].map(({ slug, kind, ...written }) => {
    const post = { slug, title: drawable(written.title), author: drawable(written.author) };
    const key = hashOf(siteKey, JSON.stringify([post.title, post.author]));
    // Named by what is drawn and the code that draws it, so pages can name the card before it is drawn.
    const file = `assets/images/${kind}-${slug.replace(/[^A-Za-z0-9_-]+/g, "-")}-${hashOf(key, fingerprint)
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 8)}.jpg`;
    return { post, kind, key, file };
  });
  // Each card the cache lacks, drawn once however many posts show it.
  const missing = new Map<string, CardWords>();
  for (const { post, key } of keyed) if (!cache.has(key)) missing.set(key, { title: post.title, author: post.author });
  // A card drawn on the card thread is kept in the cache, and handed to `onCard`, as it arrives, while the build
  // waits for the rest: after the last one, only the cache's index is left to write.
  const missingKeys = [...missing.keys()];
  const filesOf = new Map<string, string[]>();
  for (const { key, file } of keyed) filesOf.set(key, [...(filesOf.get(key) ?? []), file]);
  const keeping: Array<Promise<void>> = [];
  const onDrawn = (index: number, jpeg: Uint8Array) => {
    const key = missingKeys[index]!;
    keeping.push(cache.keep(key, jpeg));
    for (const file of filesOf.get(key) ?? []) onCard?.({ file, contents: jpeg });
  };
  const files = drawPostCards([...missing.values()], site, keptDrawer, onDrawn, stop).then(async (jpegs) => {
    await Promise.all(keeping);
    const drawn = new Map(missingKeys.map((key, index) => [key, jpegs[index]!]));
    const made = keyed.map(({ key, file }) => {
      const contents = cache.get(key) ?? drawn.get(key)!;
      cache.set(key, contents);
      return { file, contents };
    });
    await cache.save();
    return made;
  });
  // Awaited by the build before it writes; a failure is thrown there, not left unhandled while pages render.
  files.catch(() => {});
  const cardsOf = (kind: "post" | "publication") =>
    new Map(keyed.filter((card) => card.kind === kind).map(({ post, file }) => [post.slug, file]));
  return { files, cards: cardsOf("post"), publicationCards: cardsOf("publication") };
}

/** What every post card of a site is drawn from: its owner's photo, its text font, its colours and corners. */
async function cardSite({
  config,
  photoFile,
  colours,
  textFont,
}: {
  config: ResolvedConfig;
  photoFile: string;
  colours: ThemeColours;
  textFont?: string | undefined;
}): Promise<CardSite> {
  const read = textFont ? await readFontFile(textFont) : undefined;
  return {
    photo: await readFile(photoFile),
    font: read && "bytes" in read ? read.bytes : undefined,
    colours,
    radius: config.theme.radius ?? 14,
  };
}

/** The code a post card is drawn by, which names its file and keys its cache. */
function postCardFingerprint(): Promise<string> {
  return codeFingerprint(["theme", "images", "cache"]);
}

/** The post cards kept by earlier builds. */
async function openPostCardCache(store: CacheStore | undefined) {
  return openCache<Uint8Array>(store, "post-card", await postCardFingerprint());
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
