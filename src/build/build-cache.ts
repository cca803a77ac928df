import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import { lstat, mkdir, open, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { describeThrown } from "../errors.js";
import { errorsData } from "../errors-data.js";
import { packageRoot } from "../package-root.js";

/**
 * Results of earlier builds, kept in `.portfolio/cache/<name>.bin` by a key made from their
 * inputs' content, so a rebuild redoes only what changed. A cache also records the fingerprint of
 * the code that made it: when portfolio's own code or libraries change, it starts empty. Only the
 * entries a build used are saved, so a cache does not grow with every edit.
 *
 * What the cache holds ends up in the site (bundles, pages, image copies), and its folder is inside
 * the project, where a pull request, a restored CI cache or any program can write. So every entry
 * is signed with a key kept outside the project (see `openCacheStore`), and an entry whose
 * signature does not match is never used: it is made again from its inputs.
 */
export interface BuildCache<T> {
  has(key: string): boolean;
  /** The value kept for `key`, which this build then keeps again. */
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  /** Forgets a value `get` returned that turned out to be wrong (a compressed copy that does not match its text). */
  reject(key: string): void;
  /** Writes what this build used, and only that. */
  save(): Promise<void>;
  readonly hits: number;
  readonly misses: number;
}

/** Where the caches of a project live, the key that signs them, and what went wrong with them, for the build's warnings. */
export interface CacheStore {
  folder: string;
  /** The folder as the owner sees it in messages. */
  label: string;
  secret: Uint8Array;
  /** Names the key without revealing it: a cache signed with another key (another machine's) is ignored without a warning. */
  keyId: string;
  warnings: string[];
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
    reject() {},
    async save() {},
    hits: 0,
    get misses() {
      return misses;
    },
  };
}

/**
 * The caches of the project at `root`. The key that signs them is `PORTFOLIO_CACHE_SECRET` when set
 * (for CI, where the machine is new at every run), else a random key made once per user in their
 * cache folder (`$XDG_CACHE_HOME/portfolio/cache-key`, `~/.cache/…`, `%LOCALAPPDATA%\…`), never
 * inside the project. Without a key the build runs uncached, and says why.
 */
export async function openCacheStore(root: string, env: Record<string, string | undefined>): Promise<CacheStore | { warning: string }> {
  const folder = path.join(root, ".portfolio", "cache");
  const label = path.join(".portfolio", "cache");
  const linked = await symbolicLinkOn(root, [".portfolio", label]);
  if (linked) return { warning: cacheWarning(label, `${linked} is a symbolic link: the cache is kept only in a real folder of the project, so that a link cannot send its files elsewhere`) };
  const fromEnv = env.PORTFOLIO_CACHE_SECRET?.trim();
  const secret = fromEnv ? createHash("sha256").update(fromEnv).digest() : await userCacheKey(env);
  if ("problem" in secret) return { warning: cacheWarning(label, secret.problem) };
  return { folder, label, secret, keyId: createHmac("sha256", secret).update("portfolio cache key id").digest("base64url").slice(0, 16), warnings: [] };
}

/** The first of the project's paths that is a symbolic link, if any. */
async function symbolicLinkOn(root: string, relatives: string[]): Promise<string | undefined> {
  for (const relative of relatives) {
    if ((await lstat(path.join(root, relative)).catch(() => undefined))?.isSymbolicLink()) return relative;
  }
  return undefined;
}

function cacheWarning(label: string, problem: string): string {
  const { message, hint } = errorsData.CacheUnusable;
  return `${message(label, problem)} ${hint}`;
}

export function cacheKeyFile(env: Record<string, string | undefined>): string {
  const base = env.XDG_CACHE_HOME || (process.platform === "win32" && env.LOCALAPPDATA) || path.join(env.HOME || homedir(), ".cache");
  return path.join(base, "portfolio", "cache-key");
}

async function userCacheKey(env: Record<string, string | undefined>): Promise<Buffer | { problem: string }> {
  const file = cacheKeyFile(env);
  const read = async () => {
    const key = await readFile(file);
    if (key.byteLength < 32) throw new Error(`${file} holds ${key.byteLength} bytes, not a key of 32`);
    return key;
  };
  try {
    return await read();
  } catch (readError) {
    if (!["ENOENT", "ENOTDIR"].includes((readError as NodeJS.ErrnoException).code ?? "")) return { problem: `the key that signs it cannot be read: ${describeThrown(readError)}` };
  }
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // "wx": two builds making the key at once keep whichever was written first.
    await writeFile(file, randomBytes(32), { flag: "wx", mode: 0o600 });
  } catch (writeError) {
    if ((writeError as NodeJS.ErrnoException).code !== "EEXIST") return { problem: `there is no key to sign it with: ${describeThrown(writeError)}` };
  }
  return read().catch((error: unknown) => ({ problem: `the key that signs it cannot be read: ${describeThrown(error)}` }));
}

/** One entry as stored: the value's bytes (v8's serialisation) and their signature. */
type StoredEntry = [value: Uint8Array, signature: Uint8Array];

interface StoredCache {
  format: 2;
  keyId: string;
  fingerprint: string;
  entries: Map<string, StoredEntry>;
}

export async function openCache<T>(store: CacheStore | undefined, name: string, fingerprint: string): Promise<BuildCache<T>> {
  if (!store) return noCache<T>();
  const file = path.join(store.folder, `${name}.bin`);
  const fileLabel = path.join(store.label, `${name}.bin`);
  const stored = await readStored(file);
  const current = stored?.keyId === store.keyId && stored.fingerprint === fingerprint;
  const previous = current ? stored.entries : new Map<string, StoredEntry>();
  const sign = (key: string, bytes: Uint8Array) => createHmac("sha256", store.secret).update(`${name}\0${fingerprint}\0${key}\0`).update(bytes).digest();
  /** Entries of the previous build read and verified so far, so each is checked once. */
  const verified = new Map<string, { value: T; stored: StoredEntry } | undefined>();
  const used = new Map<string, { value: T; stored?: StoredEntry }>();
  let refused = 0;
  let hits = 0;
  let misses = 0;

  const verify = (key: string): { value: T; stored: StoredEntry } | undefined => {
    if (verified.has(key)) return verified.get(key);
    const entry = previous.get(key);
    let result: { value: T; stored: StoredEntry } | undefined;
    if (entry) {
      const [bytes, signature] = entry;
      const expected = sign(key, bytes);
      if (signature.byteLength === expected.byteLength && timingSafeEqual(signature, expected)) result = { value: deserialize(bytes) as T, stored: entry };
      else refused++;
    }
    verified.set(key, result);
    return result;
  };

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
    reject(key) {
      used.delete(key);
      verified.set(key, undefined);
      refused++;
    },
    async save() {
      // A rebuild that used exactly what the last one kept has nothing to write: most warm builds.
      if (!refused && used.size === previous.size && [...used].every(([key, { stored: kept }]) => kept !== undefined && previous.get(key) === kept)) return;
      if (refused) store.warnings.push(`${fileLabel} held ${refused} entr${refused === 1 ? "y" : "ies"} that did not match ${refused === 1 ? "its" : "their"} signature or ${refused === 1 ? "its" : "their"} input (changed after this machine wrote ${refused === 1 ? "it" : "them"}): not used, made again.`);
      const entries = new Map<string, StoredEntry>();
      for (const [key, { value, stored: kept }] of used) {
        if (kept) entries.set(key, kept);
        else {
          const bytes = serialize(value);
          entries.set(key, [bytes, sign(key, bytes)]);
        }
      }
      const problem = await writeStored(file, { format: 2, keyId: store.keyId, fingerprint, entries } satisfies StoredCache, store);
      if (problem) store.warnings.push(cacheWarning(store.label, problem));
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
    return stored.format === 2 && typeof stored.keyId === "string" && typeof stored.fingerprint === "string" && stored.entries instanceof Map ? (stored as StoredCache) : undefined;
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

/** Writes a cache aside and renames it into place; what stopped it, if anything, for a warning: a cache that cannot be saved does not fail the build. */
async function writeStored(file: string, stored: StoredCache, store: CacheStore): Promise<string | undefined> {
  // Written aside and renamed, so a build stopped halfway never leaves half a cache to be read as whole.
  const aside = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(aside, serialize(stored));
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
  const root = path.dirname(path.dirname(store.folder));
  const shown = (absolute: string) => path.relative(root, absolute) || absolute;
  if (code === "EEXIST" || code === "ENOTDIR") return `${store.label} cannot be made a folder: a file is in the way (${shown((error as NodeJS.ErrnoException).path ?? store.folder)})`;
  if (code === "EISDIR") return `${shown(file)} is a folder where the cache's file belongs`;
  return describeThrown(error);
}

export function hashOf(...parts: Array<string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("base64url");
}

/**
 * What portfolio's results depend on besides their inputs: the source of the given folders of
 * src/ and the exact versions of the libraries (package.json pins them all).
 */
export async function codeFingerprint(folders: string[]): Promise<string> {
  const root = packageRoot();
  const parts: string[] = [await readFile(path.join(root, "package.json"), "utf8")];
  for (const folder of folders) {
    const names = (await readdir(path.join(root, "src", folder), { recursive: true })).sort();
    for (const name of names.filter((entry) => /\.(ts|tsx|css)$/.test(entry))) parts.push(name, await readFile(path.join(root, "src", folder, name), "utf8"));
  }
  return hashOf(...parts);
}
