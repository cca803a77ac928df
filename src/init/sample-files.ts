import { createReadStream } from "node:fs";
import { lstat } from "node:fs/promises";
import path from "node:path";
import { describeThrown, portfolioError } from "../errors.js";
import { isInstalledPackage, packageName, packageRoot } from "../package-root.js";
import { answerProblem } from "./init-answers.js";
import {
  ArchiveCollector,
  ArchiveRefused,
  sampleLimits,
  type ArchiveFile,
  type ArchiveLimits,
} from "./archive-rules.js";
import { readFolder } from "./read-folder.js";
import { ArchiveUnreadable, readTarball } from "./read-tarball.js";

/** The name of the sample's tarball that `npm run pack:sample` makes, for `init --sample <tarball>`. */
export const samplePackageName = `${packageName}-sample`;

/**
 * Where the sample comes from: the one that goes with this engine (in its package, or this clone),
 * or a tarball or folder given.
 */
export type SampleSource = { kind: "own" } | { kind: "path"; path: string };

/** The sample's files at the top of its folder: its config, content/ and public/. */
const sampleTops = ["portfolio.config.ts", "content", "public"];

/** What the sample site is: its config, and every file of its content/ and public/. */
const isSampleFile = (file: string) =>
  file === "portfolio.config.ts" || file.startsWith("content/") || file.startsWith("public/");

/** A sample as read: its files, and the version-control folders in it that were left out. */
export interface Sample {
  files: ArchiveFile[];
  /** Paths of `.git` (or `.hg`) folders and files in the sample's content/ or public/, which init never copies. */
  leftOut: string[];
}

export interface ReadSampleOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** @default sampleLimits */
  limits?: ArchiveLimits | undefined;
}

/**
 * The sample site's files (config, content/, public/), with the config's import of defineConfig
 * pointed at the package, as a new site that depends on it imports it. A tarball and a folder are
 * read by the same rules (archive-rules.ts): no links, devices or version-control metadata, and
 * the same limits. Nothing of the sample runs: its config is only text here.
 */
export async function readSample(source: SampleSource, options: ReadSampleOptions): Promise<Sample> {
  const sample =
    source.kind === "own"
      ? await readSampleFolder(ownSampleFolder(), `the sample of ${packageName}`, options.limits)
      : await readGivenSample(path.resolve(options.cwd, source.path), source.path, options.limits);
  return {
    ...sample,
    files: sample.files.map((file) =>
      file.path === "portfolio.config.ts"
        ? { path: file.path, contents: Buffer.from(pointConfigAtPackage(file.contents.toString("utf8"))) }
        : file,
    ),
  };
}

/**
 * The sample that goes with this engine: in the installed package, lib/sample/ (copied there when
 * the package is packed, bin/compile-cli.js); in a clone of the repository, the clone's own.
 */
function ownSampleFolder(): string {
  return isInstalledPackage() ? path.join(packageRoot(), "lib", "sample") : packageRoot();
}

/** `owner: { … name: "…"` up to the name's string literal, in double or single quotes, on one line. */
const ownerNamePattern = /\bowner\s*:\s*\{[^{}]*?\bname\s*:\s*("(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*')/;

/**
 * The owner's name as a sample's config writes it, read from its text (init never runs a sample's
 * config): the string literal of `owner: { name: … }`, or undefined when the name is given any
 * other way (per language, computed) or is not text the config would take.
 */
export function configOwnerName(config: string): string | undefined {
  const literal = ownerNamePattern.exec(config)?.[1];
  if (!literal) return undefined;
  // JSON reads a double-quoted literal; a single-quoted one becomes one (JS-only escapes fail to parse).
  const json = literal.startsWith("'")
    ? `"${literal.slice(1, -1).replace(/\\.|"/g, (token) => (token === '"' ? '\\"' : token === "\\'" ? "'" : token))}"`
    : literal;
  try {
    const name = JSON.parse(json) as string;
    return answerProblem("name", name) ? undefined : name.trim();
  } catch {
    return undefined;
  }
}

/**
 * A fork's `import { defineConfig } from "./src/config/define-config"`
 * (the repository's before 0.2) becomes `from "portfolio-ssg"`.
 */
export function pointConfigAtPackage(config: string): string {
  return config.replace(
    /from\s+(["'])\.\/src\/config\/define-config(\.js|\.ts)?\1/,
    `from ${JSON.stringify(packageName)}`,
  );
}

async function readGivenSample(absolute: string, shown: string, limits: ArchiveLimits | undefined): Promise<Sample> {
  const info = await lstat(absolute).catch(() => undefined);
  if (!info) throw portfolioError("SampleInvalid", [shown, "there is no such file or folder"]);
  if (info.isSymbolicLink())
    throw portfolioError("SampleInvalid", [shown, "it is a symbolic link: name the tarball or folder it points to"]);
  if (info.isDirectory()) {
    // An unpacked npm tarball: the sample is in its package/ folder (a real one, not a link).
    const nested = path.join(absolute, "package");
    const inPackage =
      (await lstat(nested).catch(() => undefined))?.isDirectory() &&
      (await lstat(path.join(nested, "portfolio.config.ts")).catch(() => undefined));
    return readSampleFolder(inPackage ? nested : absolute, shown, limits);
  }
  if (!info.isFile()) throw portfolioError("SampleInvalid", [shown, "it is neither a tarball nor a folder"]);
  const maxBytes = (limits ?? sampleLimits).totalBytes;
  if (info.size > maxBytes) throw portfolioError("SampleInvalid", [shown, "it is too large for a sample site"]);
  return readSampleTarball(absolute, shown, limits);
}

/** The archive's files under its top folder (`package/` in npm's tarballs), read as a stream. */
async function readSampleTarball(file: string, shown: string, limits: ArchiveLimits | undefined): Promise<Sample> {
  const collector = new ArchiveCollector({ select: sampleFileOfArchive, limits });
  await readSampleWith(shown, () => readTarball(createReadStream(file), collector, limits?.totalBytes));
  return checkSample(collector.result(), shown);
}

/** `package/content/about.md` → `content/about.md`; undefined for what is not the sample's. */
function sampleFileOfArchive(archivePath: string): string | undefined {
  const inner = archivePath.slice(archivePath.indexOf("/") + 1);
  return archivePath.includes("/") && isSampleFile(inner) ? inner : undefined;
}

async function readSampleFolder(folder: string, shown: string, limits: ArchiveLimits | undefined): Promise<Sample> {
  const collector = new ArchiveCollector({ limits });
  await readSampleWith(shown, () => readFolder(folder, sampleTops, collector));
  return checkSample(collector.result(), shown);
}

/** Runs a reader, its refusals as the catalogue's errors naming the sample and the entry. */
async function readSampleWith(shown: string, read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (cause) {
    if (cause instanceof ArchiveRefused)
      throw cause.entry === undefined
        ? portfolioError("SampleInvalid", [shown, cause.message], { cause })
        : portfolioError("SampleEntryRefused", [shown, cause.entry, cause.message], { cause });
    if (cause instanceof ArchiveUnreadable)
      throw portfolioError("SampleInvalid", [shown, `it is not a readable tarball (${cause.message})`], { cause });
    throw portfolioError("SampleInvalid", [shown, `it cannot be read (${describeThrown(cause)})`], { cause });
  }
}

function checkSample(sample: Sample, shown: string): Sample {
  const { files } = sample;
  const missing = [
    files.some((file) => file.path === "portfolio.config.ts") ? undefined : "portfolio.config.ts",
    files.some((file) => file.path.startsWith("content/")) ? undefined : "content/",
    files.some((file) => file.path.startsWith("public/")) ? undefined : "public/",
  ].filter(Boolean);
  if (missing.length) throw portfolioError("SampleInvalid", [shown, `it has no ${missing.join(", ")}`]);
  return sample;
}
