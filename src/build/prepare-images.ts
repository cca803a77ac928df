import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { ProblemList } from "../errors.js";
import { withBase } from "../site-paths.js";
import { codeFingerprint, hashOf, openCache } from "./build-cache.js";
import type { OutputFile } from "./write-site.js";

/** An image as the pages show it: its real size (so no layout shifts) and any smaller format of it. */
export interface SiteImage {
  /** URL of the original file, base path included. */
  src: string;
  width: number;
  height: number;
  /** Smaller encodings, best first, for a `<picture>`; empty when the original is already smallest. */
  sources: Array<{ type: string; srcset: string }>;
}

/** An image some file asks for: its path inside public/, and who asks (for the error, if it cannot be read). */
export interface ImageRequest {
  path: string;
  file: string;
  field: string;
  /** Only checked to be an image (the share card, which no page shows): no smaller copy is made. */
  checkOnly?: boolean;
}

export interface PreparedImages {
  images: Map<string, SiteImage>;
  files: OutputFile[];
}

const rasterFormats = new Set(["jpeg", "png", "webp", "gif", "tiff"]);
const pageFormats = new Set([...rasterFormats, "heif", "svg"]);

/**
 * Reads each image the pages show, takes its size, and for raster images writes a WebP copy under
 * a content-hashed name when that is smaller than the original. A file that is not an image the
 * browser can show (a PDF, a text file, a truncated PNG) is an `ImageUnreadable` error naming the
 * file and field that asked for it.
 */
export async function prepareImages({ requests, realPath, base, cacheDir }: {
  requests: ImageRequest[];
  /** The real file behind a path of public/, as listed by readPublicFolder. */
  realPath: (asset: string) => string;
  base: string;
  /** Where results are kept between builds, by the image's content: decoding a photo takes a second. */
  cacheDir?: string | undefined;
}): Promise<PreparedImages> {
  const cache = await openCache<PreparedImage>(cacheDir, "images", `${await codeFingerprint(["build"])} ${JSON.stringify(sharp.versions)}`);
  const images = new Map<string, SiteImage>();
  const files: OutputFile[] = [];
  const problems = new ProblemList();
  const paths = [...new Set(requests.map((request) => request.path))];
  await Promise.all(paths.map(async (asset) => {
    try {
      const checkOnly = requests.every((request) => request.path !== asset || request.checkOnly);
      const original = await readFile(realPath(asset));
      const key = hashOf(asset, base, String(checkOnly), original);
      const prepared = cache.get(key) ?? (await prepareImage(asset, original, base, checkOnly));
      cache.set(key, prepared);
      const { image, copy } = prepared;
      images.set(asset, image);
      if (copy) files.push(copy);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message.replace(/^Input (buffer|file) /i, "it ") : String(cause);
      for (const request of requests.filter((candidate) => candidate.path === asset)) {
        problems.add(request.file, { field: request.field, problem: `public/${asset} is not an image a browser can show (${reason}): expected a JPEG, PNG, WebP, AVIF, GIF or SVG file` });
      }
    }
  }));
  problems.throwIfAny("ImageUnreadable");
  await cache.save();
  // Sorted, so the output's order does not depend on which image was ready first.
  return { images, files: files.sort((a, b) => a.file.localeCompare(b.file)) };
}

interface PreparedImage {
  image: SiteImage;
  copy?: OutputFile;
}

async function prepareImage(asset: string, original: Buffer, base: string, checkOnly: boolean): Promise<PreparedImage> {
  const metadata = await sharp(original).metadata();
  // sharp calls AVIF "heif" with AV1 compression; HEIC photos (HEVC) are shown by few browsers.
  const heic = metadata.format === "heif" && metadata.compression !== "av1";
  if (!pageFormats.has(metadata.format ?? "") || heic || !metadata.width || !metadata.height) {
    throw new Error(heic ? "it is a HEIC photo: convert it to JPEG" : `it is ${metadata.format ? `in the ${metadata.format} format` : "of no known format"}`);
  }
  const image: SiteImage = { src: withBase(base, asset), width: metadata.width, height: metadata.height, sources: [] };
  if (!rasterFormats.has(metadata.format ?? "")) return { image };
  // Decoding the whole image, not only its header, finds truncated and corrupt files now rather than in the visitor's browser.
  const pixels = sharp(original, { failOn: "error" });
  if (metadata.format === "webp" || checkOnly) {
    await pixels.stats();
    return { image };
  }
  const webp = await pixels.webp({ quality: 80, effort: 5 }).toBuffer();
  if (webp.byteLength >= original.byteLength) return { image };
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 8);
  const name = `assets/images/${path.basename(asset, path.extname(asset))}-${hash}.webp`;
  image.sources.push({ type: "image/webp", srcset: withBase(base, name) });
  return { image, copy: { file: name, contents: webp } };
}
