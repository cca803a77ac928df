import { existsSync, lstatSync, readFileSync, readdirSync, statSync } from "node:fs";
import { drawingsFolder } from "../content/kept-drawings.js";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { projectFolder, walkFolder } from "../project/project-files.js";
import { hashOf, openCache } from "../cache/build-cache.js";
import { isInstalledPackage, packageRoot } from "../package-root.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { BuildResult } from "./build-options.js";
import type { PublicFiles } from "../project/public-folder.js";
import { outputMarker } from "./write-site.js";

/**
 * A build whose inputs are all as they were for the previous one, into an output that is still as
 * that build wrote it, has nothing to do: like make, it says so and keeps the output. "Inputs" is
 * everything a build reads: the config as it resolved (in every language, environment variables
 * included), every file of content/ and templates/ byte for byte, public/'s and drawings/'s files by path,
 * size and modification time, portfolio's own code and libraries, the options, and the day (the sitemap and
 * feeds carry it). The output is compared file by file (path, size, modification time), so a file
 * deleted or edited in dist/ since then makes the build run.
 */
export interface BuildInputs {
  root: string;
  outDir: string;
  languages: ResolvedConfig[];
  publicFiles: PublicFiles;
  options: Record<string, unknown>;
  /** YYYY-MM-DD, UTC. */
  today: string;
  /** GitHub's answers (the config's `github`), which the Projects page and project pages show. */
  github: unknown;
  /** The files the owner's components were compiled from, with their digests. */
  overrides: Array<{ file: string; digest: string }>;
}

/**
 * What a build told its caller, kept to tell it again when nothing changed: its stages' warnings, not its setup's
 * (told afresh).
 */
export type BuildSummary = Pick<
  BuildResult,
  "routes" | "pageCount" | "fileCount" | "stylesheet" | "pagesDigest" | "warnings"
>;

interface BuildRecord {
  inputs: string;
  output: string;
  summary: BuildSummary;
}

const recordKey = "previous";

/** The digest of every input of a build, or undefined when one cannot be read (the build then runs and says why). */
export async function digestInputs(inputs: BuildInputs): Promise<string | undefined> {
  if (inputs.publicFiles.refused.length) return undefined;
  const parts: string[] = [
    codeStamp(),
    JSON.stringify(inputs.languages),
    JSON.stringify(inputs.options),
    inputs.today,
    inputs.outDir,
    JSON.stringify(inputs.github ?? null),
    JSON.stringify(inputs.overrides),
  ];
  for (const folderName of ["content", "templates"]) {
    const folder = await projectFolder(inputs.root, folderName);
    if (!folder) {
      parts.push(`${folderName}: none`);
      continue;
    }
    if ("problem" in folder) return undefined;
    const { files, folders, refused } = await walkFolder(folder);
    if (refused.length) return undefined;
    // Every entry by its kind and where it leads, not only the files' bytes: a cold build refuses a
    // folder named `post.md` or reads a link to a folder twice, and an empty folder or a link adds no file.
    const leadsTo = (real: string) => path.relative(folder.real, real);
    for (const { file, real } of folders) parts.push(`folder ${folderName}/${file}`, leadsTo(real));
    for (const { file, real } of files) {
      try {
        parts.push(`file ${folderName}/${file}`, leadsTo(real), hashOf(readFileSync(real)));
      } catch {
        return undefined;
      }
    }
  }
  for (const [file, real] of [...inputs.publicFiles.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const info = statSync(real, { throwIfNoEntry: false });
    if (!info) return undefined;
    parts.push(`public/${file}`, `${real} ${info.size} ${info.mtimeMs} ${info.ino}`);
  }
  // The diagrams' kept drawings: read in place of a browser, and kept again by a build that can find one.
  const drawings = path.join(inputs.root, drawingsFolder);
  const kept = existsSync(drawings) && lstatSync(drawings).isDirectory() ? readdirSync(drawings).sort() : [];
  for (const name of kept) {
    const info = lstatSync(path.join(drawings, name));
    parts.push(
      `${drawingsFolder}/${name}`,
      `${info.isFile() ? "file" : "other"} ${info.size} ${info.mtimeMs} ${info.ino}`,
    );
  }
  return hashOf(...parts);
}

/**
 * portfolio's own code and library versions, by each file's path, size and modification time (as
 * make compares files; reading them all took a tenth of a build with nothing to do): package.json,
 * the default templates/, and src/ in a clone of the repository or lib/ and the shipped src/ in the
 * installed package.
 */
function codeStamp(): string {
  const root = packageRoot();
  const folders = isInstalledPackage() ? ["lib", "src", "templates"] : ["src", "templates"];
  const parts = [readFileSync(path.join(root, "package.json"), "utf8")];
  for (const folder of folders) {
    if (!existsSync(path.join(root, folder))) continue;
    const names = readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }).sort();
    for (const name of names) {
      const info = statSync(path.join(root, folder, name));
      if (info.isFile()) parts.push(`${folder}/${name} ${info.size} ${info.mtimeMs}`);
    }
  }
  return hashOf(...parts);
}

/** Every file of the output folder, with its size and modification time; undefined when there is none. */
function describeOutput(outDir: string): string | undefined {
  try {
    const names = readdirSync(outDir, { recursive: true, encoding: "utf8" }).sort();
    if (!names.includes(outputMarker)) return undefined;
    return hashOf(
      ...names.map((name) => {
        const info = statSync(path.join(outDir, name));
        return info.isDirectory() ? `${name}/` : `${name} ${info.size} ${info.mtimeMs}`;
      }),
    );
  } catch {
    return undefined;
  }
}

/** The previous build's summary, when its inputs digest to `inputs` and its output is untouched. */
export async function unchangedBuild(
  store: CacheStore,
  inputs: string,
  outDir: string,
): Promise<BuildSummary | undefined> {
  const cache = await openCache<BuildRecord>(store, "build", "1");
  const record = cache.get(recordKey);
  if (!record || record.inputs !== inputs) return undefined;
  return describeOutput(outDir) === record.output ? record.summary : undefined;
}

/** After a build wrote its output: what the next one compares with. */
export async function recordBuild(
  store: CacheStore,
  inputs: string,
  outDir: string,
  summary: BuildSummary,
): Promise<void> {
  const output = describeOutput(outDir);
  if (!output) return;
  const cache = await openCache<BuildRecord>(store, "build", "1");
  cache.set(recordKey, { inputs, output, summary });
  await cache.save();
}
