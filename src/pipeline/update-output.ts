import { stat, mkdir, readFile, rename, rm, writeFile, copyFile } from "node:fs/promises";
import path from "node:path";
import { describeThrown, portfolioError } from "../errors.js";
import { inParallel } from "../in-parallel.js";
import { hashOf } from "./build-cache.js";

/** What the output will hold: a generated file, or a file of public/ to copy. */
export type OutputEntry =
  | { file: string; contents: string | Uint8Array; digest?: string | undefined }
  | { file: string; from: string };

/** Each file of an updatable output, with what identifies its content. */
const manifestName = ".portfolio-manifest.json";

/**
 * For `portfolio dev`: brings an output written earlier up to date in place, writing only the
 * files whose content changed (each written aside and renamed, so none is ever half-written)
 * and deleting the files that are gone. A save that changes one post rewrites a few files
 * instead of thousands. Answers false when the folder has no manifest of an earlier write, and
 * the caller then writes the output whole. `portfolio build` never updates in place.
 */
export async function updateOutput(outDir: string, entries: OutputEntry[]): Promise<boolean> {
  const manifestFile = path.join(outDir, manifestName);
  const previous = await readManifest(manifestFile);
  if (!previous) return false;
  const next = await manifestOf(entries);
  const changed = entries.filter((entry) => previous[entry.file] !== next[entry.file]);
  const gone = Object.keys(previous).filter((file) => !(file in next));
  try {
    await inParallel(changed, 16, async (entry) => {
      const target = path.join(outDir, entry.file);
      const aside = `${target}.${process.pid}.tmp`;
      await mkdir(path.dirname(target), { recursive: true });
      if ("from" in entry) await copyFile(entry.from, aside);
      else await writeFile(aside, entry.contents);
      await rename(aside, target);
    });
    await inParallel(gone, 16, (file) => rm(path.join(outDir, file), { force: true }));
    await writeManifest(manifestFile, next);
  } catch (cause) {
    throw portfolioError("OutputNotWritable", [outDir, describeThrown(cause)], { cause });
  }
  return true;
}

/** After the output was written whole: the manifest the next update compares with. */
export async function recordOutput(outDir: string, entries: OutputEntry[]): Promise<void> {
  await writeManifest(path.join(outDir, manifestName), await manifestOf(entries));
}

async function manifestOf(entries: OutputEntry[]): Promise<Record<string, string>> {
  const manifest: Record<string, string> = {};
  for (const entry of entries) {
    if ("from" in entry) {
      const info = await stat(entry.from);
      manifest[entry.file] = `copy ${entry.from} ${info.size} ${info.mtimeMs}`;
    } else {
      manifest[entry.file] = entry.digest ?? digestOf(entry.contents);
    }
  }
  return manifest;
}

/**
 * `portfolio dev` hands the same images and bundles to every build (from the caches it keeps in
 * memory): each is hashed once. Documents bring their digest with them.
 */
const bytesDigests = new WeakMap<Uint8Array, string>();

function digestOf(contents: string | Uint8Array): string {
  if (typeof contents === "string") return hashOf(contents);
  let digest = bytesDigests.get(contents);
  if (digest === undefined) {
    digest = hashOf(contents);
    bytesDigests.set(contents, digest);
  }
  return digest;
}

async function readManifest(file: string): Promise<Record<string, string> | undefined> {
  try {
    const manifest: unknown = JSON.parse(await readFile(file, "utf8"));
    return manifest && typeof manifest === "object" && !Array.isArray(manifest)
      ? (manifest as Record<string, string>)
      : undefined;
  } catch {
    return undefined;
  }
}

async function writeManifest(file: string, manifest: Record<string, string>): Promise<void> {
  const aside = `${file}.${process.pid}.tmp`;
  await writeFile(aside, JSON.stringify(manifest));
  await rename(aside, file);
}
