import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from "node:zlib";
import { inParallel } from "../in-parallel.js";
import { hashOf, openCache } from "./build-cache.js";
import type { OutputFile } from "./write-site.js";

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompress);

const compressible = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/;

/** A text file's two compressed copies. */
export interface CompressedFile {
  file: string;
  gzip: Uint8Array;
  brotli: Uint8Array;
}

/**
 * Brotli's best setting takes 25 ms for a 20 KB page against half a millisecond at 6, for 10 % fewer
 * bytes: it is kept for the content-hashed stylesheet and scripts, which every first visit loads
 * and which rarely change. Pages, feeds and the sitemap, a thousand of them on a long blog, get 6.
 */
function brotliQuality(file: string): number {
  return file.startsWith("assets/") ? 11 : 6;
}

/**
 * Gzip and Brotli copies of the text files, for hosts (and `portfolio serve`) that send a
 * precompressed file when the browser accepts it. Results are cached by content hash, so a rebuild
 * compresses only what changed; a text written to two files is compressed once.
 */
export async function precompress(files: OutputFile[], cacheDir: string | undefined): Promise<CompressedFile[]> {
  const cache = await openCache<[Uint8Array, Uint8Array]>(cacheDir, "compressed", `zlib ${process.versions.zlib}, brotli ${process.versions.brotli}`);
  const byContents = new Map<string | Uint8Array, Promise<[Uint8Array, Uint8Array]>>();
  const compress = (file: string, contents: string | Uint8Array) => {
    let result = byContents.get(contents);
    if (!result) {
      const quality = brotliQuality(file);
      const key = `${hashOf(contents)}-${quality}`;
      const hit = cache.get(key);
      // zlib's async functions run on libuv's thread pool, so the files compress in parallel.
      result = hit ? Promise.resolve(hit) : Promise.all([
        gzip(contents, { level: 9 }),
        brotli(contents, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(contents) } }),
      ]).then((pair) => {
        cache.set(key, pair);
        return pair;
      });
      byContents.set(contents, result);
    }
    return result;
  };
  const texts = files.filter(({ file, contents }) => compressible.test(file) && Buffer.byteLength(contents) >= 1024);
  // A few more at once than the thread pool has threads: enough to keep it busy, while each
  // Brotli stream holds its megabytes only while it runs.
  const compressed = await inParallel(texts, 8, async ({ file, contents }) => {
    const [gzipped, brotlied] = await compress(file, contents);
    return { file, gzip: gzipped, brotli: brotlied };
  });
  await cache.save();
  return compressed;
}
