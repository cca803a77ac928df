/**
 * The files of a cache's large values (build-cache.ts): `.portfolio/cache/<name>/<signature>.bin`,
 * named by their signature, read without following a link, written aside and renamed into place.
 */
import { closeSync, fstatSync, openSync, readSync, renameSync, constants as fsConstants } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { type CheckedPaths, writeFileNoFollow } from "../project/no-follow.js";
import type { BlobReference, StoredEntry } from "./cache-store.js";

/** Values at least this large are kept in a file of their own (a share card is about 50 kB). */
export const blobBytes = 16 * 1024;

/** Larger than any one value a site keeps (a photo's largest copy); a bigger file is not read. */
const maxBlobBytes = 2 ** 28;

/** The names `save` gives blobs (a signature in hex): an index cannot point a read outside their folder. */
const blobName = /^[0-9a-f]{64}\.bin$/;

/**
 * A blob's bytes, if its name is one `save` gives and it is a regular file (not a link, not a pipe);
 * else undefined, and the entry is made again.
 */
export function readBlob(folder: string, { blob }: BlobReference): Buffer | undefined {
  if (typeof blob !== "string" || !blobName.test(blob)) return undefined;
  let descriptor: number | undefined;
  try {
    descriptor = openSync(
      path.join(folder, blob),
      fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK,
    );
    const info = fstatSync(descriptor);
    if (!info.isFile() || info.size > maxBlobBytes) return undefined;
    // Read into a buffer of the size fstat gave: readFileSync(descriptor) grows its buffer as it reads,
    // which took twice as long over a thousand cards.
    const bytes = Buffer.allocUnsafe(info.size);
    let filled = 0;
    while (filled < bytes.byteLength) {
      const read = readSync(descriptor, bytes, filled, bytes.byteLength - filled, filled);
      if (read === 0) return undefined;
      filled += read;
    }
    return bytes;
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/**
 * Writes the blobs a build made, each aside and renamed into place without following a link (`root`:
 * the project); what stopped it, if anything, for a warning. A file of the same name is replaced: it
 * may be one that failed its check, edited on disk.
 */
export async function writeBlobs(
  root: string,
  folder: string,
  blobs: ReadonlyMap<string, Uint8Array>,
  // The folders on the way are looked at once, not once a blob; a thousand post cards are written in a row, each
  // renamed synchronously (through libuv's threads, each rename cost several times the call).
  checked: CheckedPaths = new Set(),
): Promise<{ error: unknown; file: string } | undefined> {
  for (const [blob, bytes] of blobs) {
    const target = path.join(folder, blob);
    const aside = `${target}.${process.pid}.tmp`;
    try {
      await writeFileNoFollow(root, aside, bytes, { checked });
      renameSync(aside, target);
    } catch (error) {
      await rm(aside, { force: true }).catch(() => {});
      return { error, file: target };
    }
  }
  return undefined;
}

/** Deletes the blobs the index no longer names, so the folder does not grow with every edit. */
export async function removeUnusedBlobs(folder: string, entries: ReadonlyMap<string, StoredEntry>): Promise<undefined> {
  const kept = new Set<string>();
  for (const [held] of entries.values()) if (!(held instanceof Uint8Array)) kept.add(held.blob);
  const present = await readdir(folder).catch(() => [] as string[]);
  for (const name of present)
    if (blobName.test(name) && !kept.has(name)) await rm(path.join(folder, name), { force: true }).catch(() => {});
  return undefined;
}
