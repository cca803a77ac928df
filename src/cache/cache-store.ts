import { createHash, createHmac, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { describeThrown } from "../errors.js";
import { errorsData } from "../errors-data.js";
import { linkOnPath } from "../project/no-follow.js";

/**
 * Where the caches of a project live, the key that signs them, and what went wrong with them, for the build's
 * warnings.
 */
export interface CacheStore {
  folder: string;
  /** The folder as the owner sees it in messages. */
  label: string;
  secret: Uint8Array;
  /**
   * Names the key without revealing it: a cache signed with another key (another machine's) is ignored without a
   * warning.
   */
  keyId: string;
  warnings: string[];
  /**
   * Given by `portfolio dev`, which builds again after every save: each cache as its last build
   * left it, already verified and read, so the next build neither reads nor checks its file again.
   */
  memory?: CacheMemory | undefined;
  /**
   * Given by `portfolio dev`: the caches' files are written after the build has shown its pages
   * (`writeDeferredCaches`), not during it. The next build uses the memory meanwhile.
   */
  deferredWrites?: DeferredCacheWrites | undefined;
}

/** Cache files waiting to be written, and what stopped earlier ones, for the next build's warnings. */
export interface DeferredCacheWrites {
  pending: Array<() => Promise<string | undefined>>;
  warnings: string[];
}

/** Writes every cache file a `portfolio dev` build left waiting, one after the other, in order. */
export async function writeDeferredCaches(writes: DeferredCacheWrites): Promise<void> {
  for (let write = writes.pending.shift(); write; write = writes.pending.shift()) {
    const problem = await write();
    if (problem) writes.warnings.push(problem);
  }
}

/** The caches of one `portfolio dev` session, by name (cache-store.ts, build-cache.ts). */
export type CacheMemory = Map<string, RememberedCache>;

/**
 * One entry as stored: the value's bytes (v8's serialisation) and their signature; or, for a large
 * value, the file beside the cache's index that holds its bytes (`BlobReference`) and their signature.
 */
export type StoredEntry = [value: Uint8Array | BlobReference, signature: Uint8Array];

/**
 * A large value kept in a file of its own (`.portfolio/cache/<cache>/<name>`), so that a build that
 * adds one share card writes one file, not the whole cache again. `raw`: the value is a byte array
 * kept as its own bytes (a card, a font), read back without v8's deserialisation.
 */
export interface BlobReference {
  blob: string;
  raw: boolean;
}

/** One cache as a build left it: its entries as stored, and the values they hold, verified. */
export interface RememberedCache {
  keyId: string;
  fingerprint: string;
  entries: ReadonlyMap<string, StoredEntry>;
  values: ReadonlyMap<string, unknown>;
}

/**
 * The caches of the project at `root`. The key that signs them is `PORTFOLIO_CACHE_SECRET` when set
 * (for CI, where the machine is new at every run), else a random key made once per user in their
 * cache folder (`$XDG_CACHE_HOME/portfolio/cache-key`, `~/.cache/…`, `%LOCALAPPDATA%\…`), never
 * inside the project. Without a key the build runs uncached, and says why.
 */
export async function openCacheStore(
  root: string,
  env: Record<string, string | undefined>,
): Promise<CacheStore | { warning: string }> {
  const folder = path.join(root, ".portfolio", "cache");
  const label = path.join(".portfolio", "cache");
  const linked = await linkOnPath(root, folder);
  if (linked)
    return {
      warning: cacheWarning(
        label,
        `${linked.link} is a symbolic link: the cache is kept only in a real folder of the project, so that a link cannot send its files elsewhere`,
      ),
    };
  const fromEnv = env.PORTFOLIO_CACHE_SECRET?.trim();
  const secret = fromEnv ? createHash("sha256").update(fromEnv).digest() : await userCacheKey(env);
  if ("problem" in secret) return { warning: cacheWarning(label, secret.problem) };
  return {
    folder,
    label,
    secret,
    keyId: createHmac("sha256", secret).update("portfolio cache key id").digest("base64url").slice(0, 16),
    warnings: [],
  };
}

export function cacheWarning(label: string, problem: string): string {
  const { message, hint } = errorsData.CacheUnusable;
  return `${message(label, problem)} ${hint}`;
}

export function cacheKeyFile(env: Record<string, string | undefined>): string {
  const base =
    env.XDG_CACHE_HOME ||
    (process.platform === "win32" && env.LOCALAPPDATA) ||
    path.join(env.HOME || homedir(), ".cache");
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
    if (!["ENOENT", "ENOTDIR"].includes((readError as NodeJS.ErrnoException).code ?? ""))
      return { problem: `the key that signs it cannot be read: ${describeThrown(readError)}` };
  }
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // "wx": two builds making the key at once keep whichever was written first.
    await writeFile(file, randomBytes(32), { flag: "wx", mode: 0o600 });
  } catch (writeError) {
    if ((writeError as NodeJS.ErrnoException).code !== "EEXIST")
      return { problem: `there is no key to sign it with: ${describeThrown(writeError)}` };
  }
  return read().catch((error: unknown) => ({
    problem: `the key that signs it cannot be read: ${describeThrown(error)}`,
  }));
}
