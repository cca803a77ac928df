import { promisify } from "node:util";
import {
  brotliCompress,
  brotliDecompress,
  constants as zlibConstants,
  gunzip as gunzipCallback,
  gzip as gzipCallback,
} from "node:zlib";
import { inParallel } from "../in-parallel.js";
import { hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { OutputFile } from "../output-file.js";

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompress);
const gunzip = promisify(gunzipCallback);
const unbrotli = promisify(brotliDecompress);

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
 * compresses only what changed; a text written to two files is compressed once. A copy from the
 * cache is published only if it decompresses to the text it is published beside.
 */
export async function precompress(files: OutputFile[], cacheStore: CacheStore | undefined): Promise<CompressedFile[]> {
  const cache = await openCache<[Uint8Array, Uint8Array]>(
    cacheStore,
    "compressed",
    `zlib ${process.versions.zlib}, brotli ${process.versions.brotli}`,
  );
  const byContents = new Map<string | Uint8Array, Promise<[Uint8Array, Uint8Array]>>();
  const compress = (file: string, contents: string | Uint8Array) => {
    let result = byContents.get(contents);
    if (!result) {
      const quality = brotliQuality(file);
      const key = `${hashOf(contents)}-${quality}`;
      const hit = cache.get(key);
      // zlib's async functions run on libuv's thread pool, so the files compress in parallel.
      const made = () =>
        Promise.all([
          gzip(contents, { level: 9 }),
          brotli(contents, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(contents),
            },
          }),
        ]).then((pair) => {
          cache.set(key, pair);
          return pair;
        });
      result = hit
        ? decompressesTo(hit, contents).then((matches) => {
            if (matches) return hit;
            cache.reject(key);
            return made();
          })
        : made();
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

/** Whether both copies are the text itself: decompressing is a few times faster than compressing. */
async function decompressesTo(
  [gzipped, brotlied]: [Uint8Array, Uint8Array],
  contents: string | Uint8Array,
): Promise<boolean> {
  const original = typeof contents === "string" ? Buffer.from(contents) : contents;
  const copies = await Promise.all([gunzip(gzipped), unbrotli(brotlied)]).catch(() => undefined);
  return copies?.every((copy) => Buffer.compare(copy, original) === 0) ?? false;
}
