import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { withBase } from "../site-paths.js";
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

export interface PreparedImages {
  images: Map<string, SiteImage>;
  files: OutputFile[];
}

const rasterFormats = new Set(["jpeg", "png", "webp", "gif", "tiff"]);

/**
 * Reads each image the pages show (paths inside public/), takes its size, and for raster images
 * writes a WebP copy under a content-hashed name when that is smaller than the original.
 */
export async function prepareImages({ publicDir, base, paths }: { publicDir: string; base: string; paths: string[] }): Promise<PreparedImages> {
  const images = new Map<string, SiteImage>();
  const files: OutputFile[] = [];
  await Promise.all([...new Set(paths)].map(async (file) => {
    const original = await readFile(path.join(publicDir, file));
    const metadata = await sharp(original).metadata();
    const image: SiteImage = { src: withBase(base, file), width: metadata.width ?? 0, height: metadata.height ?? 0, sources: [] };
    if (rasterFormats.has(metadata.format ?? "") && metadata.format !== "webp") {
      const webp = await sharp(original).webp({ quality: 80, effort: 5 }).toBuffer();
      if (webp.byteLength < original.byteLength) {
        const hash = createHash("sha256").update(webp).digest("hex").slice(0, 8);
        const name = `assets/images/${path.basename(file, path.extname(file))}-${hash}.webp`;
        files.push({ file: name, contents: webp });
        image.sources.push({ type: "image/webp", srcset: withBase(base, name) });
      }
    }
    images.set(file, image);
  }));
  return { images, files };
}
