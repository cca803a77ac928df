import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, constants as fsConstants } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { describeThrown } from "../errors.js";
import { isInstalledPackage, packageRoot } from "../package-root.js";
import { type CheckedPaths, writeFileNoFollow } from "../project/no-follow.js";
import { settledAfterMs } from "../project/project-files.js";
import { blobBytes, readBlob, removeUnusedBlobs, writeBlobs } from "./cache-blobs.js";
import { cacheWarning, type CacheStore, type StoredEntry } from "./cache-store.js";

/**
 * Results of earlier builds, kept in `.portfolio/cache/<name>.bin` by a key made from their
 * inputs' content, so a rebuild redoes only what changed. A cache also records the fingerprint of
 * the code that made it: when portfolio's own code or libraries change, it starts empty. Only the
 * entries a build used are saved, so a cache does not grow with every edit.
 *
 * What the cache holds ends up in the site (bundles, pages, image copies), and its folder is inside
 * the project, where a pull request, a restored CI cache or any program can write. So every entry
 * is signed with a key kept outside the project (see cache-store.ts), and an entry whose signature
 * does not match is never used: it is made again from its inputs.
 *
 * A large value (a share card, a font) is kept in a file of its own beside the index,
 * `.portfolio/cache/<name>/<signature>.bin`, so that a build that adds one post writes one card and
 * a small index instead of every card again, and reads only the cards it uses.
 */
export interface BuildCache<T> {
  has(key: string): boolean;
  /** The value kept for `key`, which this build then keeps again. */
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  /**
   * As `set`, and a large byte array's file written now rather than by `save`: for values that arrive while the
   * build waits for them (post cards from their thread), so that `save` has only the index left to write.
   */
  keep(key: string, value: T): Promise<void>;
  /** Forgets a value `get` returned that turned out to be wrong (a compressed copy that does not match its text). */
  reject(key: string): void;
  /** Writes what this build used, and only that. */
  save(): Promise<void>;
  readonly hits: number;
  readonly misses: number;
}

/** A cache that keeps nothing: for builds and tests that must do all the work. */
export function noCache<T>(): BuildCache<T> {
  let misses = 0;
  return {
    has: () => false,
    get() {
      misses++;
      return undefined;
    },
    set() {},
    async keep() {},
    reject() {},
    async save() {},
    hits: 0,
    get misses() {
      return misses;
    },
  };
}

interface StoredCache {
  format: 3;
  keyId: string;
  fingerprint: string;
  entries: Map<string, StoredEntry>;
}

export async function openCache<T>(
  store: CacheStore | undefined,
  name: string,
  fingerprint: string,
): Promise<BuildCache<T>> {
  if (!store) return noCache<T>();
  const file = path.join(store.folder, `${name}.bin`);
  const fileLabel = path.join(store.label, `${name}.bin`);
  const blobFolder = path.join(store.folder, name);
  const remembered = store.memory?.get(name);
  const stored =
    remembered?.keyId === store.keyId && remembered.fingerprint === fingerprint ? remembered : await readStored(file);
  const current = stored?.keyId === store.keyId && stored.fingerprint === fingerprint;
  const previous = current ? stored.entries : new Map<string, StoredEntry>();
  // A raw value is signed as one: its bytes can never be read back as v8's serialisation of another value.
  const sign = (key: string, bytes: Uint8Array, raw = false) =>
    createHmac("sha256", store.secret)
      .update(`${name}\0${fingerprint}\0${key}\0${raw ? "raw\0" : ""}`)
      .update(bytes)
      .digest();
  /** Entries of the previous build read and verified so far, so each is checked once. */
  const verified = new Map<string, { value: T; stored: StoredEntry } | undefined>();
  const used = new Map<string, { value: T; stored?: StoredEntry }>();
  /** The folders on the way to the blobs `keep` writes, each looked at once. */
  const keptFolders: CheckedPaths = new Set();
  let refused = 0;
  let hits = 0;
  let misses = 0;

  const verify = (key: string): { value: T; stored: StoredEntry } | undefined => {
    if (verified.has(key)) return verified.get(key);
    const entry = previous.get(key);
    // Verified and read by the build that left it in memory.
    if (entry && remembered && stored === remembered && remembered.values.has(key)) {
      const result = { value: remembered.values.get(key) as T, stored: entry };
      verified.set(key, result);
      return result;
    }
    let result: { value: T; stored: StoredEntry } | undefined;
    if (entry) {
      const [held, signature] = entry;
      const raw = !(held instanceof Uint8Array) && held.raw;
      const bytes = held instanceof Uint8Array ? held : readBlob(blobFolder, held);
      const expected = bytes && sign(key, bytes, raw);
      if (expected && signature.byteLength === expected.byteLength && timingSafeEqual(signature, expected))
        result = { value: (raw ? bytes : deserialize(bytes)) as T, stored: entry };
      else refused++;
    }
    verified.set(key, result);
    return result;
  };

  /** For `portfolio dev`'s next build: the entries as saved, with the values this build used. */
  const remember = (entries: ReadonlyMap<string, StoredEntry>) =>
    store.memory?.set(name, {
      keyId: store.keyId,
      fingerprint,
      entries,
      values: new Map([...used].map(([key, { value }]) => [key, value])),
    });

  return {
    has(key) {
      return used.has(key) || verify(key) !== undefined;
    },
    get(key) {
      const entry = used.get(key) ?? verify(key);
      if (entry === undefined) misses++;
      else {
        hits++;
        used.set(key, entry);
      }
      return entry?.value;
    },
    set(key, value) {
      const kept = used.get(key);
      used.set(key, kept?.value === value ? kept : { value });
    },
    async keep(key, value) {
      // portfolio dev writes its caches after the page is shown; a small value goes into the index.
      if (store.deferredWrites || !(value instanceof Uint8Array) || value.byteLength < blobBytes) {
        used.set(key, { value });
        return;
      }
      const signature = sign(key, value, true);
      const blob = `${signature.toString("hex")}.bin`;
      const failure = await writeBlobs(projectOf(store), blobFolder, new Map([[blob, value]]), keptFolders);
      // Not written: `save` tries again, and warns if it fails too.
      if (failure) used.set(key, { value });
      else used.set(key, { value, stored: [{ blob, raw: true }, signature] });
    },
    reject(key) {
      used.delete(key);
      verified.set(key, undefined);
      refused++;
    },
    async save() {
      // A rebuild that used exactly what the last one kept has nothing to write: most warm builds.
      if (
        !refused &&
        used.size === previous.size &&
        [...used].every(([key, { stored: kept }]) => kept !== undefined && previous.get(key) === kept)
      ) {
        remember(previous);
        return;
      }
      if (refused) {
        const one = refused === 1;
        store.warnings.push(
          `${fileLabel} held ${refused} entr${one ? "y" : "ies"} that did not match ${one ? "its" : "their"} signature ` +
            `or ${one ? "its" : "their"} input (changed after this machine wrote ${one ? "it" : "them"}): not used, made again.`,
        );
      }
      const entries = new Map<string, StoredEntry>();
      const blobs = new Map<string, Uint8Array>();
      for (const [key, { value, stored: kept }] of used) {
        if (kept) entries.set(key, kept);
        else {
          // Only a large byte array is kept as its own bytes, in a file of its own; a small one is
          // serialised into the index like any value.
          const raw = value instanceof Uint8Array && value.byteLength >= blobBytes;
          const bytes = raw ? value : serialize(value);
          const signature = sign(key, bytes, raw);
          if (bytes.byteLength < blobBytes) entries.set(key, [bytes, signature]);
          else {
            const blob = `${signature.toString("hex")}.bin`;
            blobs.set(blob, bytes);
            entries.set(key, [{ blob, raw }, signature]);
          }
        }
      }
      remember(entries);
      const write = async () => {
        const blobFailure = await writeBlobs(projectOf(store), blobFolder, blobs);
        const problem =
          (blobFailure && cacheProblem(blobFailure.error, blobFailure.file, store)) ??
          (await writeStored(
            file,
            { format: 3, keyId: store.keyId, fingerprint, entries } satisfies StoredCache,
            store,
          )) ??
          (await removeUnusedBlobs(blobFolder, entries));
        return problem && cacheWarning(store.label, problem);
      };
      if (store.deferredWrites) store.deferredWrites.pending.push(write);
      else {
        const problem = await write();
        if (problem) store.warnings.push(problem);
      }
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

/** Larger than any cache a site makes (a thousand photos' copies); a bigger file is not read. */
const maxCacheFileBytes = 2 ** 30;

async function readStored(file: string): Promise<StoredCache | undefined> {
  try {
    const stored = deserialize(await readRegularFile(file)) as Partial<StoredCache>;
    return stored.format === 3 &&
      typeof stored.keyId === "string" &&
      typeof stored.fingerprint === "string" &&
      stored.entries instanceof Map
      ? (stored as StoredCache)
      : undefined;
  } catch {
    // No cache yet, an older format, or one that cannot be read: start empty.
    return undefined;
  }
}

/** A file's bytes, if it is a regular file and not a link to one (or to /dev/zero, or a pipe that never ends). */
async function readRegularFile(file: string): Promise<Buffer> {
  const handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > maxCacheFileBytes) throw new Error(`${file} is not a cache file`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a cache aside and renames it into place; what stopped it, if anything, for a warning: a
 * cache that cannot be saved does not fail the build. Its folders and the file aside are made
 * without following a symbolic link (no-follow.ts); the rename replaces a link, never writes through it.
 */
async function writeStored(file: string, stored: StoredCache, store: CacheStore): Promise<string | undefined> {
  // Written aside and renamed, so a build stopped halfway never leaves half a cache to be read as whole.
  const aside = `${file}.${process.pid}.tmp`;
  const root = projectOf(store);
  try {
    await writeFileNoFollow(root, aside, serialize(stored));
    await rename(aside, file);
    return undefined;
  } catch (error) {
    await rm(aside, { force: true }).catch(() => {});
    return cacheProblem(error, file, store);
  }
}

/** What stopped a cache from being saved, with paths as the owner sees them (relative to the project). */
function cacheProblem(error: unknown, file: string, store: CacheStore): string {
  const code = (error as NodeJS.ErrnoException).code;
  const root = projectOf(store);
  const shown = (absolute: string) => path.relative(root, absolute) || absolute;
  if (code === "EEXIST" || code === "ENOTDIR")
    return `${store.label} cannot be made a folder: a file is in the way (${shown((error as NodeJS.ErrnoException).path ?? store.folder)})`;
  if (code === "EISDIR") return `${shown(file)} is a folder where the cache's file belongs`;
  return describeThrown(error);
}

/** The project a cache store belongs to: its folder is `.portfolio/cache` inside it. */
function projectOf(store: CacheStore): string {
  return path.dirname(path.dirname(store.folder));
}

export function hashOf(...parts: Array<string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("base64url");
}

/**
 * What portfolio's results depend on besides their inputs: the source of the given folders of
 * src/ and the exact versions of the libraries (package.json pins them all). Read synchronously:
 * a few hundred small files one after the other through libuv's pool took several times as long.
 */
export async function codeFingerprint(folders: string[]): Promise<string> {
  return fingerprintOf(packageRoot(), folders, isInstalledPackage());
}

/** `codeFingerprint` of the package at `root`. */
export function fingerprintOf(root: string, folders: string[], installed: boolean): string {
  // The installed package's code cannot change while it runs: read once per process. A clone's src/
  // can (the islands and styles are bundled from it as they are on disk): read again whenever a file's
  // size or modification time, or the list of files, is not what it was.
  const key = [root, ...folders].join("\0");
  const signature = installed ? "" : sourcesSignature(root, folders);
  const known = fingerprints.get(key);
  if (signature !== undefined && known?.signature === signature) return known.fingerprint;
  const fingerprint = readFingerprint(root, folders, installed);
  if (signature !== undefined) fingerprints.set(key, { signature, fingerprint });
  return fingerprint;
}

/** Each set of folders' fingerprint, with what its files looked like when it was read. */
const fingerprints = new Map<string, { signature: string; fingerprint: string }>();

/**
 * The files `readFingerprint` reads in a clone, with their sizes and modification times; `undefined`
 * while one of them has just changed.
 */
function sourcesSignature(root: string, folders: string[]): string | undefined {
  const parts: string[] = [];
  const settled = Date.now() - settledAfterMs;
  for (const file of [path.join(root, "package.json"), ...folders.flatMap((folder) => sourceFiles(root, folder))]) {
    const { size, mtimeMs } = statSync(file);
    if (mtimeMs > settled) return undefined;
    parts.push(`${file}\0${size}\0${mtimeMs}`);
  }
  return parts.join("\n");
}

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, "src", folder), { recursive: true, encoding: "utf8" })
    .filter((entry) => /\.(ts|tsx|css)$/.test(entry))
    .sort()
    .map((name) => path.join(root, "src", folder, name));
}

function readFingerprint(root: string, folders: string[], installed: boolean): string {
  const parts: string[] = [readFileSync(path.join(root, "package.json"), "utf8")];
  // The package from npm ships its code compiled into lib/cli.js, the card thread's lib/card-worker.js and
  // their chunks, and of src/ only what the browser bundles are made from: the compiled code stands for
  // every folder it no longer ships.
  if (installed) {
    for (const entry of ["cli.js", "card-worker.js"]) parts.push(readFileSync(path.join(root, "lib", entry), "utf8"));
    const chunks = path.join(root, "lib", "cli-chunks");
    const names = existsSync(chunks) ? readdirSync(chunks).sort() : [];
    for (const name of names) parts.push(name, readFileSync(path.join(chunks, name), "utf8"));
    folders = folders.filter((folder) => existsSync(path.join(root, "src", folder)));
  }
  for (const folder of folders)
    for (const file of sourceFiles(root, folder))
      parts.push(path.relative(path.join(root, "src", folder), file), readFileSync(file, "utf8"));
  return hashOf(...parts);
}
