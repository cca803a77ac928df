import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { packageRoot } from "../package-root.js";

/**
 * Results of earlier builds, kept in `.portfolio/cache/<name>.bin` by a key made from their
 * inputs' content, so a rebuild redoes only what changed. A cache also records the fingerprint of
 * the code that made it: when portfolio's own code or libraries change, it starts empty. Only the
 * entries a build used are saved, so a cache does not grow with every edit.
 */
export interface BuildCache<T> {
  has(key: string): boolean;
  /** The value kept for `key`, which this build then keeps again. */
  get(key: string): T | undefined;
  set(key: string, value: T): void;
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
    async save() {},
    hits: 0,
    get misses() {
      return misses;
    },
  };
}

export async function openCache<T>(cacheDir: string | undefined, name: string, fingerprint: string): Promise<BuildCache<T>> {
  if (!cacheDir) return noCache<T>();
  const file = path.join(cacheDir, `${name}.bin`);
  const stored = await readStored<T>(file);
  const previous = stored?.fingerprint === fingerprint ? stored.entries : new Map<string, T>();
  const used = new Map<string, T>();
  let hits = 0;
  let misses = 0;
  return {
    has(key) {
      return used.has(key) || previous.has(key);
    },
    get(key) {
      const value = used.get(key) ?? previous.get(key);
      if (value === undefined) misses++;
      else {
        hits++;
        used.set(key, value);
      }
      return value;
    },
    set(key, value) {
      used.set(key, value);
    },
    async save() {
      await mkdir(cacheDir, { recursive: true });
      // Written aside and renamed, so a build stopped halfway never leaves half a cache to be read as whole.
      const aside = `${file}.${process.pid}.tmp`;
      await writeFile(aside, serialize({ fingerprint, entries: used }));
      await rename(aside, file);
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

async function readStored<T>(file: string): Promise<{ fingerprint: string; entries: Map<string, T> } | undefined> {
  try {
    const stored = deserialize(await readFile(file)) as { fingerprint?: unknown; entries?: unknown };
    return typeof stored.fingerprint === "string" && stored.entries instanceof Map ? (stored as { fingerprint: string; entries: Map<string, T> }) : undefined;
  } catch {
    // No cache yet, or one that cannot be read: start empty.
    return undefined;
  }
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
