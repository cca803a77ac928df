import { spawn } from "node:child_process";
import { lstat, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describeThrown, portfolioError } from "../errors.js";
import { packageName, packageRoot } from "../package-root.js";
import { maxArchiveBytes, readTarball, type ArchiveFile } from "./read-tarball.js";

/** The companion package that carries the sample site, published with each version of the engine. */
export const samplePackageName = `${packageName}-sample`;

/** Where the sample comes from: this clone of the repository, a tarball or folder given, or npm. */
export type SampleSource = { kind: "clone" } | { kind: "path"; path: string } | { kind: "registry"; version: string };

/** What the sample site is: its config, and every file of its content/ and public/. */
const isSampleFile = (file: string) =>
  file === "portfolio.config.ts" || file.startsWith("content/") || file.startsWith("public/");

/**
 * The sample site's files (config, content/, public/), with the config's import of defineConfig
 * pointed at the package, as a new site that depends on it imports it.
 */
export async function readSample(
  source: SampleSource,
  { cwd, env }: { cwd: string; env: Record<string, string | undefined> },
): Promise<ArchiveFile[]> {
  const files =
    source.kind === "clone"
      ? await readSampleFolder(packageRoot(), "this clone of the repository")
      : source.kind === "registry"
        ? await fetchSample(source.version, env)
        : await readGivenSample(path.resolve(cwd, source.path), source.path);
  return files.map((file) =>
    file.path === "portfolio.config.ts"
      ? { path: file.path, contents: Buffer.from(pointConfigAtPackage(file.contents.toString("utf8"))) }
      : file,
  );
}

/** A fork's `import { defineConfig } from "./src/config/define-config"` (the repository's before 0.2) becomes `from "portfolio-ssg"`. */
export function pointConfigAtPackage(config: string): string {
  return config.replace(
    /from\s+(["'])\.\/src\/config\/define-config(\.js|\.ts)?\1/,
    `from ${JSON.stringify(packageName)}`,
  );
}

async function readGivenSample(absolute: string, shown: string): Promise<ArchiveFile[]> {
  const info = await lstat(absolute).catch(() => undefined);
  if (!info) throw portfolioError("SampleInvalid", [shown, "there is no such file or folder"]);
  if (info.isDirectory()) {
    const nested = path.join(absolute, "package");
    const inPackage = await lstat(path.join(nested, "portfolio.config.ts")).catch(() => undefined);
    return readSampleFolder(inPackage ? nested : absolute, shown);
  }
  if (!info.isFile()) throw portfolioError("SampleInvalid", [shown, "it is neither a tarball nor a folder"]);
  if (info.size > maxArchiveBytes) throw portfolioError("SampleInvalid", [shown, "it is too large for a sample site"]);
  return sampleOfTarball(await readFile(absolute), shown);
}

/** The archive's files under its top folder (`package/` in npm's tarballs). */
function sampleOfTarball(bytes: Buffer, shown: string): ArchiveFile[] {
  let entries: ArchiveFile[];
  try {
    entries = readTarball(bytes);
  } catch (cause) {
    throw portfolioError("SampleInvalid", [shown, `it is not a readable tarball (${describeThrown(cause)})`], {
      cause,
    });
  }
  const files = entries
    .filter((entry) => entry.path.includes("/"))
    .map((entry) => ({ path: entry.path.slice(entry.path.indexOf("/") + 1), contents: entry.contents }))
    .filter((entry) => isSampleFile(entry.path));
  return checkSample(files, shown);
}

async function readSampleFolder(folder: string, shown: string): Promise<ArchiveFile[]> {
  const files: ArchiveFile[] = [];
  const config = await readFile(path.join(folder, "portfolio.config.ts")).catch(() => undefined);
  if (config) files.push({ path: "portfolio.config.ts", contents: config });
  for (const top of ["content", "public"]) {
    const entries = await readdir(path.join(folder, top), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // Only regular files: a symbolic link is not followed out of the sample.
      if (!entry.isFile()) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      files.push({
        path: path.relative(folder, absolute).split(path.sep).join("/"),
        contents: await readFile(absolute),
      });
    }
  }
  return checkSample(files, shown);
}

function checkSample(files: ArchiveFile[], shown: string): ArchiveFile[] {
  const missing = [
    files.some((file) => file.path === "portfolio.config.ts") ? undefined : "portfolio.config.ts",
    files.some((file) => file.path.startsWith("content/")) ? undefined : "content/",
    files.some((file) => file.path.startsWith("public/")) ? undefined : "public/",
  ].filter(Boolean);
  if (missing.length) throw portfolioError("SampleInvalid", [shown, `it has no ${missing.join(", ")}`]);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** `npm pack portfolio-ssg-sample@<version>` into a temporary folder, read, then deleted. */
async function fetchSample(version: string, env: Record<string, string | undefined>): Promise<ArchiveFile[]> {
  const spec = `${samplePackageName}@${version}`;
  const folder = await mkdtemp(path.join(tmpdir(), "portfolio-sample-"));
  try {
    const { code, output } = await runNpm(["pack", spec, "--pack-destination", folder, "--json"], folder, env);
    if (code !== 0) throw portfolioError("SampleUnavailable", [spec, npmReason(output)]);
    const tarball = (await readdir(folder)).find((name) => name.endsWith(".tgz"));
    if (!tarball) throw portfolioError("SampleUnavailable", [spec, "npm pack wrote no tarball"]);
    return sampleOfTarball(await readFile(path.join(folder, tarball)), spec);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function runNpm(
  args: string[],
  cwd: string,
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // npm is npm.cmd on Windows, which only a shell runs; the arguments are ours, not the owner's.
    const child = spawn(process.platform === "win32" ? "npm.cmd" : "npm", args, {
      cwd,
      env: { ...process.env, ...env },
      shell: process.platform === "win32",
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("error", (cause) => resolve({ code: -1, output: `npm could not be run: ${cause.message}` }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** npm's own error lines, without its log file paths and warnings. */
function npmReason(output: string): string {
  const errors = output
    .split("\n")
    .filter((line) => /^npm (error|ERR!)/.test(line) && !/A complete log|debug-0\.log|^npm (error|ERR!)\s*$/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, ""));
  return (errors.slice(0, 3).join("; ") || output.trim().split("\n").at(-1) || "npm pack failed").slice(0, 400);
}
