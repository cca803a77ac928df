import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from "node:zlib";
import type { OutputFile } from "./write-site.js";

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompress);

const compressible = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/;

/**
 * Gzip and Brotli copies of the text files, for hosts (and `portfolio serve`) that send a
 * precompressed file when the browser accepts it. Brotli at its best setting is slow on the React
 * chunk, which rarely changes: results are kept in `cacheDir` by content hash.
 */
export async function precompress(files: OutputFile[], cacheDir: string): Promise<OutputFile[]> {
  await mkdir(cacheDir, { recursive: true });
  const texts = files.filter(({ file, contents }) => compressible.test(file) && contents.length >= 1024);
  // zlib's async functions run on libuv's thread pool, so the files compress in parallel.
  const used = new Set<string>();
  const cached = async (contents: string | Uint8Array, make: () => Promise<Buffer>) => {
    const name = `${createHash("sha256").update(contents).digest("hex")}.br`;
    used.add(name);
    return readOrMake(path.join(cacheDir, name), make);
  };
  // A route's two files (works.html, works/index.html) hold the same page: compress it once.
  const byContents = new Map<string | Uint8Array, Promise<[Buffer, Buffer]>>();
  const compress = (contents: string | Uint8Array) => {
    let result = byContents.get(contents);
    if (!result) {
      result = Promise.all([
        gzip(contents, { level: 9 }),
        cached(contents, () => brotli(contents, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })),
      ]);
      byContents.set(contents, result);
    }
    return result;
  };
  const compressed = await Promise.all(texts.map(async ({ file, contents }) => {
    const [gzipped, brotlied] = await compress(contents);
    return [{ file: `${file}.gz`, contents: gzipped }, { file: `${file}.br`, contents: brotlied }];
  }));
  // Only what this build used is kept, so the cache does not grow with every edit.
  const stale = (await readdir(cacheDir)).filter((name) => !used.has(name));
  await Promise.all(stale.map((name) => rm(path.join(cacheDir, name), { force: true })));
  return compressed.flat();
}

async function readOrMake(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const hit = await readFile(key).catch(() => undefined);
  if (hit) return hit;
  const made = await make();
  await writeFile(key, made);
  return made;
}
