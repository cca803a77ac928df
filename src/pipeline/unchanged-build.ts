import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { projectFolder, walkFolder } from "../project/project-files.js";
import { codeFingerprint, hashOf, openCache } from "./build-cache.js";
import type { CacheStore } from "./cache-store.js";
import type { RouteReport } from "./measure-sizes.js";
import type { PublicFiles } from "./read-public.js";
import { outputMarker } from "./write-site.js";

/**
 * A build whose inputs are all as they were for the previous one, into an output that is still as
 * that build wrote it, has nothing to do: like make, it says so and keeps the output. "Inputs" is
 * everything a build reads: the config as it resolved (in every language, environment variables
 * included), every file of content/ and templates/ byte for byte, public/'s files by path, size and
 * modification time, portfolio's own code and libraries, the options, and the day (the sitemap and
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
}

/** What a build told its caller, kept to tell it again when nothing changed. */
export interface BuildSummary {
  routes: RouteReport[];
  pageCount: number;
  fileCount: number;
  stylesheet: string;
  pagesDigest: string;
  warnings: string[];
}

interface BuildRecord {
  inputs: string;
  output: string;
  summary: BuildSummary;
}

const recordKey = "previous";

/** The digest of every input of a build, or undefined when one cannot be read (the build then runs and says why). */
export async function digestInputs(inputs: BuildInputs): Promise<string | undefined> {
  const parts: string[] = [
    await codeFingerprint(["."]),
    JSON.stringify(inputs.languages),
    JSON.stringify(inputs.options),
    inputs.today,
    inputs.outDir,
  ];
  for (const folderName of ["content", "templates"]) {
    const folder = await projectFolder(inputs.root, folderName);
    if (!folder) {
      parts.push(`${folderName}: none`);
      continue;
    }
    if ("problem" in folder) return undefined;
    const { files, refused } = await walkFolder(folder);
    if (refused.length) return undefined;
    for (const { file, real } of files) {
      try {
        parts.push(`${folderName}/${file}`, hashOf(readFileSync(real)));
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
