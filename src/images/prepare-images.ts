import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Metadata, Sharp } from "sharp";
import { ProblemList } from "../errors.js";
import { withBase } from "../site-paths.js";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import { displaySizes, shareCardSize, widthsFor, type DisplayUse, type ImageUse } from "./image-uses.js";
import type { OutputFile } from "../output-file.js";

/** An image as one place on a page shows it: what `<picture>` and `<img>` need, URLs with the base path. */
export interface SiteImage {
  /** The fallback for browsers that take none of the sources, in the original's format. */
  src: string;
  /** Its size in pixels: with the CSS size, the aspect ratio that keeps the layout still while it loads. */
  width: number;
  height: number;
  /** The `sizes` attribute, when the sources offer several widths. */
  sizes?: string | undefined;
  /** Better encodings, best first, each at several widths. */
  sources: Array<{ type: string; srcset: string }>;
}

/** An image some file asks for: its path inside public/, who asks (for the error), and where it is shown. */
export interface ImageRequest {
  path: string;
  file: string;
  field: string;
  uses: ImageUse[];
}

export interface PreparedImages {
  /** The image at `path` (inside public/) as it is shown in one place. */
  picture(asset: string, use: DisplayUse): SiteImage;
  /** The site path, without the base, of the image's share card (`og:image`). */
  shareCard(asset: string): string;
  /** The site path of the card drawn for a post without an image of its own, by the post's slug. */
  postCard?: ((slug: string) => string | undefined) | undefined;
  /** The site path of the card drawn for a publication of the .bib files, by its slug. */
  publicationCard?: ((slug: string) => string | undefined) | undefined;
  /**
   * The site path, without the base, of the image as one file in the original's format, as one use shows it (for
   * JSON-LD).
   */
  file(asset: string, use: DisplayUse): string;
  /** The resized copies and share cards to write. */
  files: OutputFile[];
  /** The posts' cards, drawn while the pages are rendered (`postCard` names them already). */
  drawing?: Promise<OutputFile[]> | undefined;
  /**
   * Originals that pages only show through their resized copies: not published, unless something
   * (a post's Markdown, a template) links to them.
   */
  replacedOriginals: string[];
}

/** What the build keeps of one image between builds, by its content and the uses asked of it. */
interface PreparedImage {
  width: number;
  height: number;
  /** Shown as they are: vector images, animations. */
  asIs: boolean;
  /** Per use: at each width, its AVIF and WebP copies, and the largest as the fallback in the original's format. */
  uses: Partial<Record<DisplayUse, UseFiles>>;
  shareCard?: string | undefined;
  files: OutputFile[];
}

/** Formats sharp can resize; the rest (SVG, GIF, which may be animated) are shown as they are. */
const resizable = new Set(["jpeg", "png", "webp", "tiff", "heif"]);
const pageFormats = new Set([...resizable, "gif", "svg"]);

/**
 * Reads each image the pages show and makes what the pages serve instead of the original: copies at
 * the widths each use needs, as AVIF and WebP with a fallback in the original's format (or JPEG for
 * formats browsers lack), and a 1200×630 share card. A file that is not an image a browser can show
 * (a PDF, a truncated PNG) is an `ImageUnreadable` error naming the file and field that asked for
 * it. Results are kept in the build cache by content and uses: a photo takes seconds to resize.
 */
export async function prepareImages({
  requests,
  realPath,
  base,
  cache: cacheStore,
}: {
  requests: ImageRequest[];
  /** The real file behind a path of public/, as listed by readPublicFolder. */
  realPath: (asset: string) => string;
  base: string;
  cache?: CacheStore | undefined;
}): Promise<PreparedImages> {
  // sharp (and libvips) are loaded only for an image the cache does not hold: a warm build needs neither.
  const sharpVersion = await packageVersion("sharp");
  const cache = await openCache<PreparedImage>(
    cacheStore,
    "images",
    `${await codeFingerprint(["images", "cache"])} sharp ${sharpVersion}`,
  );
  let loading: Promise<SharpLibrary> | undefined;
  const loadSharp = () => (loading ??= import("sharp").then((module) => module.default));
  const prepared = new Map<string, PreparedImage>();
  const problems = new ProblemList();
  const usesOf = new Map<string, Set<ImageUse>>();
  for (const request of requests) {
    const uses = usesOf.get(request.path) ?? new Set();
    for (const use of request.uses) uses.add(use);
    usesOf.set(request.path, uses);
  }
  await Promise.all(
    [...usesOf].map(async ([asset, uses]) => {
      try {
        const original = await readFile(realPath(asset));
        const sortedUses = [...uses].sort();
        const key = hashOf(asset, sortedUses.join(","), original);
        const image = cache.get(key) ?? (await prepareImage(await loadSharp(), asset, original, sortedUses));
        cache.set(key, image);
        prepared.set(asset, image);
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message.replace(/^Input (buffer|file) /i, "it ") : String(cause);
        for (const request of requests.filter((candidate) => candidate.path === asset)) {
          problems.add(request.file, {
            field: request.field,
            problem: `public/${asset} is not an image a browser can show (${reason}): expected a JPEG, PNG, WebP, AVIF, GIF or SVG file`,
          });
        }
      }
    }),
  );
  problems.throwIfAny("ImageUnreadable");
  await cache.save();

  const url = (file: string) => withBase(base, file);
  const found = (asset: string) => {
    const image = prepared.get(asset);
    if (!image) throw new Error(`No image was prepared for public/${asset}`);
    return image;
  };
  return {
    picture(asset, use) {
      const image = found(asset);
      const files = image.uses[use];
      if (image.asIs || !files) return { src: url(asset), width: image.width, height: image.height, sources: [] };
      const { variants, fallback } = files;
      const srcset = (format: "avif" | "webp") =>
        variants.map((variant) => `${url(variant[format])} ${variant.width}w`).join(", ");
      return {
        src: url(fallback.file),
        width: fallback.width,
        height: fallback.height,
        sizes: displaySizes[use].sizes,
        sources: [
          { type: "image/avif", srcset: srcset("avif") },
          { type: "image/webp", srcset: srcset("webp") },
        ],
      };
    },
    shareCard: (asset) => found(asset).shareCard ?? asset,
    file: (asset, use) => found(asset).uses[use]?.fallback.file ?? asset,
    // Sorted, so the output's order does not depend on which image was ready first.
    files: [...prepared.values()].flatMap((image) => image.files).sort((a, b) => a.file.localeCompare(b.file)),
    replacedOriginals: [...prepared]
      .filter(([asset, image]) => !image.asIs && image.shareCard !== asset)
      .map(([asset]) => asset),
  };
}

type SharpLibrary = typeof import("sharp")["default"];

/** A package's version, from its package.json beside its entry (which its exports may not list). */
async function packageVersion(name: string): Promise<string> {
  let folder = path.dirname(createRequire(import.meta.url).resolve(name));
  while (path.basename(folder) !== name && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return (JSON.parse(await readFile(path.join(folder, "package.json"), "utf8")) as { version: string }).version;
}

async function prepareImage(
  sharp: SharpLibrary,
  asset: string,
  original: Buffer,
  uses: ImageUse[],
): Promise<PreparedImage> {
  const metadata = await sharp(original).metadata();
  // sharp calls AVIF "heif" with AV1 compression; HEIC photos (HEVC) are shown by few browsers.
  const heic = metadata.format === "heif" && metadata.compression !== "av1";
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!pageFormats.has(metadata.format ?? "") || heic || !width || !height) {
    throw new Error(
      heic
        ? "it is a HEIC photo: convert it to JPEG"
        : `it is ${metadata.format ? `in the ${metadata.format} format` : "of no known format"}`,
    );
  }
  const name = path.posix.join(
    "assets/images",
    path.basename(asset, path.extname(asset)).replace(/[^A-Za-z0-9_-]+/g, "-"),
  );
  const files: OutputFile[] = [];
  const emit = (suffix: string, contents: Buffer) => {
    const file = `${name}-${suffix}-${hashOf(contents)
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 8)}.${extensionOf(contents, suffix)}`;
    files.push({ file, contents });
    return file;
  };
  const needsShare = uses.includes("share");
  const displayUses = uses.filter((use): use is DisplayUse => use !== "share");

  if (!resizable.has(metadata.format!) || (metadata.pages ?? 1) > 1) {
    // Decoding the whole image, not only its header, finds corrupt files now rather than in the visitor's browser.
    if (metadata.format !== "svg") await sharp(original, { failOn: "error", animated: true }).stats();
    const shareCard = needsShare
      ? emit("share", await cropShareCard(sharp, original, metadata, width, height))
      : undefined;
    return { width, height, asIs: true, uses: {}, shareCard, files };
  }

  const fallbackFormat = metadata.format === "png" ? "png" : metadata.format === "webp" ? "webp" : "jpeg";
  const shareAsIs =
    needsShare &&
    width === shareCardSize.width &&
    height === shareCardSize.height &&
    (metadata.format === "jpeg" || metadata.format === "png");
  // Uses of the same shape share their files: a card and the modal both show the whole image.
  const shapes = new Map<number | undefined, DisplayUse[]>();
  for (const use of displayUses)
    shapes.set(displaySizes[use].crop, [...(shapes.get(displaySizes[use].crop) ?? []), use]);
  const useFiles: PreparedImage["uses"] = {};
  await Promise.all(
    [...shapes].map(async ([crop, shapeUses]) => {
      const shape = crop
        ? { width: Math.min(width, Math.round(height * crop)), height: Math.min(height, Math.round(width / crop)) }
        : { width, height };
      const byUse = new Map(shapeUses.map((use) => [use, widthsFor(use, shape.width)]));
      const widths = [...new Set([...byUse.values()].flat())].sort((a, b) => a - b);
      // Decoded, oriented and cropped once (which also finds corrupt files), at the largest width needed;
      // cropped around the centre, as CSS's object-fit would, so the owner sees what they placed.
      const decoded = await sharp(original, { failOn: "error" })
        .autoOrient()
        .resize({
          width: widths.at(-1)!,
          height: Math.round((widths.at(-1)! * shape.height) / shape.width),
          fit: "cover",
          position: "centre",
        })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (target: number): Sharp => sharp(decoded.data, { raw: decoded.info }).resize({ width: target });
      const heightAt = (target: number) => Math.max(1, Math.round((shape.height * target) / shape.width));
      const variants = await Promise.all(
        widths.map(async (target) => ({
          width: target,
          avif: emit(`${target}`, await at(target).avif({ quality: 50, effort: 3 }).toBuffer()),
          webp: emit(`${target}`, await at(target).webp({ quality: 72, effort: 4 }).toBuffer()),
        })),
      );
      const fallbacks = new Map<number, string>();
      for (const [use, useWidths] of byUse) {
        // One fallback per use, the largest: only browsers without AVIF and WebP support ever load it.
        const target = useWidths.at(-1)!;
        if (!fallbacks.has(target)) fallbacks.set(target, emit(`${target}`, await encode(at(target), fallbackFormat)));
        useFiles[use] = {
          variants: variants.filter((variant) => useWidths.includes(variant.width)),
          fallback: { file: fallbacks.get(target)!, width: target, height: heightAt(target) },
        };
      }
    }),
  );
  if (!displayUses.length && !shareAsIs) await sharp(original, { failOn: "error" }).stats();
  const shareCard = !needsShare
    ? undefined
    : shareAsIs
      ? asset
      : emit("share", await cropShareCard(sharp, original, metadata, width, height));
  return { width, height, asIs: false, uses: useFiles, shareCard, files };
}

interface UseFiles {
  variants: Array<{ width: number; avif: string; webp: string }>;
  fallback: { file: string; width: number; height: number };
}

function encode(image: Sharp, format: "jpeg" | "png" | "webp"): Promise<Buffer> {
  // zlib's level 6 (sharp's default): level 9 took nearly twice as long for files 14% smaller, which
  // only browsers without AVIF and WebP, and for share cards social sites, ever fetch.
  if (format === "png") return image.png({ compressionLevel: 6 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 72, effort: 4 }).toBuffer();
  return image.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

/**
 * The share card: 1200×630, cropped around what sharp finds most interesting (faces, contrast),
 * since social sites crop to that shape themselves and often badly. JPEG for photos, PNG for images
 * with transparency or drawn as vectors.
 */
async function cropShareCard(
  sharp: SharpLibrary,
  original: Buffer,
  metadata: Metadata,
  width: number,
  height: number,
): Promise<Buffer> {
  // A vector image is drawn at the density that makes it cover the card, not scaled up as pixels.
  const density =
    metadata.format === "svg"
      ? Math.min(2400, Math.ceil(72 * Math.max(shareCardSize.width / width, shareCardSize.height / height)))
      : undefined;
  const card = sharp(original, { failOn: "error", ...(density ? { density } : {}) })
    .autoOrient()
    .resize({
      ...shareCardSize,
      fit: "cover",
      position: metadata.format === "svg" ? "centre" : sharp.strategy.attention,
    });
  return metadata.hasAlpha || metadata.format === "svg"
    ? card.png({ compressionLevel: 6 }).toBuffer()
    : card.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** The file's extension from its first bytes: the encoder chose the format. */
function extensionOf(contents: Buffer, suffix: string): string {
  if (contents.subarray(4, 12).toString("latin1") === "ftypavif") return "avif";
  if (contents.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (contents[0] === 0x89 && contents[1] === 0x50) return "png";
  if (contents[0] === 0xff && contents[1] === 0xd8) return "jpg";
  throw new Error(`The ${suffix} copy is in an unexpected format`);
}

/** What rendering needs of the images: each as one place shows it. */
export type PageImages = Pick<PreparedImages, "picture">;

/** What a page's head needs of the images: files for other sites to show. */
export type SharedImages = Pick<PreparedImages, "shareCard" | "file" | "postCard" | "publicationCard">;
