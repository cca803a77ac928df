import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "esbuild";
import { describeThrown, portfolioError } from "../errors.js";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";

/** The compiled config, kept with every file it was compiled from and each one's digest. */
interface CompiledConfig {
  inputs: Array<{ file: string; digest: string }>;
  code: string;
}

/** Where compiled configs are kept, and whether this run may write there (`portfolio check` does not). */
export interface ConfigCache {
  store: CacheStore;
  save: boolean;
}

/**
 * The config file compiled by esbuild into one ES module, with its imports bundled. Kept in the
 * signed build cache with the digest of every file it was made from (the config, what it imports,
 * the engine's defineConfig), and used again while each is unchanged: loading esbuild and starting
 * its service is a quarter of a build with nothing to do. The code still runs on every load, so
 * environment variables and anything else it reads at run time are read afresh.
 */
export async function compileConfig(
  file: string,
  shown: string,
  engineImport: Plugin,
  cacheOptions: ConfigCache | undefined,
): Promise<string> {
  const cache = cacheOptions
    ? await openCache<CompiledConfig>(cacheOptions.store, "config", await compilerFingerprint())
    : undefined;
  const kept = cache?.get(file);
  if (kept && (await unchanged(kept.inputs))) {
    if (cacheOptions?.save) await cache!.save();
    return kept.code;
  }
  // Loaded only when it compiles: a build whose config is unchanged does not start esbuild for it.
  const { build } = await import("esbuild");
  const folder = path.dirname(file);
  const bundled = await build({
    entryPoints: [file],
    absWorkingDir: folder,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [engineImport],
  }).catch((cause: { errors?: { text: string; location?: { line: number; column: number } | null }[] }) => {
    const first = cause.errors?.[0];
    const where = first?.location ? `:${first.location.line}:${first.location.column}` : "";
    throw portfolioError("ConfigLoadFailed", [`${shown}${where}`, first?.text ?? describeThrown(cause)], {
      hint: "Fix the TypeScript error at that line, then build again.",
      cause,
    });
  });
  const code = bundled.outputFiles[0]!.text;
  if (cache && cacheOptions?.save) {
    const inputs = await digestInputs(Object.keys(bundled.metafile.inputs).map((input) => path.resolve(folder, input)));
    // An input that is not a plain file (a plugin's own namespace) cannot be compared next time: not kept.
    if (inputs) {
      cache.set(file, { inputs, code });
      await cache.save();
    }
  }
  return code;
}

async function unchanged(inputs: CompiledConfig["inputs"]): Promise<boolean> {
  const now = await digestInputs(inputs.map(({ file }) => file));
  return now?.every(({ digest }, index) => digest === inputs[index]!.digest) ?? false;
}

async function digestInputs(files: string[]): Promise<CompiledConfig["inputs"] | undefined> {
  try {
    return await Promise.all(files.map(async (file) => ({ file, digest: hashOf(await readFile(file)) })));
  } catch {
    return undefined;
  }
}

/** What else decides the compiled code: esbuild's version and the code that calls it. */
async function compilerFingerprint(): Promise<string> {
  const manifest = createRequire(import.meta.url).resolve("esbuild/package.json");
  const { version } = JSON.parse(await readFile(manifest, "utf8")) as { version: string };
  return `esbuild ${version} ${await codeFingerprint(["config"])}`;
}
