import { constants } from "node:fs";
import { stat, rename, rm, copyFile } from "node:fs/promises";
import path from "node:path";
import { describeThrown, isPortfolioError, portfolioError } from "../errors.js";
import { inParallel } from "../in-parallel.js";
import {
  makeFolders,
  readFileNoFollow,
  refuseLinks,
  writeFileNoFollow,
  type CheckedPaths,
} from "../project/no-follow.js";
import { hashOf } from "../cache/build-cache.js";

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
 * instead of thousands. Answers false when the folder has no manifest of an earlier write (or
 * one that names a path outside the folder), and the caller then writes the output whole.
 * `portfolio build` never updates in place.
 *
 * The folder is inside the project (`root`), where a pull request could have put a symbolic link
 * or a manifest of its own: each folder written into or deleted from is checked by no-follow.ts,
 * each file is written aside without following a link and renamed over its place (a rename
 * replaces a link, never writes through it).
 */
export async function updateOutput(root: string, outDir: string, entries: OutputEntry[]): Promise<boolean> {
  const manifestFile = path.join(outDir, manifestName);
  const previous = await readManifest(root, manifestFile);
  if (!previous) return false;
  const next = await manifestOf(entries);
  const changed = entries.filter((entry) => previous[entry.file] !== next[entry.file]);
  const gone = Object.keys(previous).filter((file) => !(file in next));
  const checked: CheckedPaths = new Set();
  try {
    await refuseLinks(root, outDir, "write", checked);
    // Folders first: made and checked once each, however many files they hold.
    for (const folder of new Set(changed.map((entry) => path.dirname(path.join(outDir, entry.file)))))
      await makeFolders(root, folder, checked);
    for (const folder of new Set(gone.map((file) => path.dirname(path.join(outDir, file)))))
      await refuseLinks(root, folder, "write", checked);
    await inParallel(changed, 16, async (entry) => {
      const target = path.join(outDir, entry.file);
      const aside = `${target}.${process.pid}.tmp`;
      if ("from" in entry) {
        // copyFile would follow a link in the way: the place is cleared and the copy made only where nothing is.
        await rm(aside, { force: true });
        await copyFile(entry.from, aside, constants.COPYFILE_EXCL);
      } else await writeFileNoFollow(root, aside, entry.contents, { checked });
      await rename(aside, target);
    });
    await inParallel(gone, 16, (file) => rm(path.join(outDir, file), { force: true }));
    await writeManifest(root, manifestFile, next, checked);
  } catch (cause) {
    if (isPortfolioError(cause)) throw cause;
    throw portfolioError("OutputNotWritable", [outDir, describeThrown(cause)], { cause });
  }
  return true;
}

/** After the output was written whole: the manifest the next update compares with. */
export async function recordOutput(root: string, outDir: string, entries: OutputEntry[]): Promise<void> {
  await writeManifest(root, path.join(outDir, manifestName), await manifestOf(entries));
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

/**
 * The manifest of the last write, if it is one this build can trust: a plain file (not a link) of
 * paths inside the output folder. Anything else means the output is written whole, which replaces it.
 */
async function readManifest(root: string, file: string): Promise<Record<string, string> | undefined> {
  try {
    const text = await readFileNoFollow(root, file);
    const manifest: unknown = text === undefined ? undefined : JSON.parse(text);
    return manifest &&
      typeof manifest === "object" &&
      !Array.isArray(manifest) &&
      Object.entries(manifest).every(([key, value]) => isOutputPath(key) && typeof value === "string")
      ? (manifest as Record<string, string>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A path the build could have written: relative, forward slashes, no `.`, `..` or empty segment. */
export function isOutputPath(file: string): boolean {
  return (
    file.length > 0 &&
    !/[\\\0]/.test(file) &&
    file.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..")
  );
}

async function writeManifest(
  root: string,
  file: string,
  manifest: Record<string, string>,
  checked?: CheckedPaths,
): Promise<void> {
  const aside = `${file}.${process.pid}.tmp`;
  await writeFileNoFollow(root, aside, JSON.stringify(manifest), { checked });
  await rename(aside, file);
}
