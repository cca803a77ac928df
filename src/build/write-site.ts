import { existsSync } from "node:fs";
import { cp, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PortfolioError } from "../errors.js";

export interface OutputFile {
  /** Path inside the output folder, with forward slashes. */
  file: string;
  contents: string | Uint8Array;
}

export interface WriteSiteOptions {
  outDir: string;
  /** Copied as is before the generated files. */
  publicDir: string;
  files: OutputFile[];
  /** Runs on the finished folder before it is swapped in; throwing keeps the previous output. */
  verify?: (folder: string) => Promise<void>;
}

/**
 * Writes the whole site into a fresh folder beside the output and swaps it in only once every file
 * is written, so a failed build leaves the previous output exactly as it was.
 */
export async function writeSite({ outDir, publicDir, files, verify }: WriteSiteOptions): Promise<void> {
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = `${outDir}.building-${stamp}`;
  const retired = `${outDir}.previous-${stamp}`;
  try {
    await mkdir(staging, { recursive: true });
    if (existsSync(publicDir)) await cp(publicDir, staging, { recursive: true });
    for (const { file, contents } of files) {
      const target = path.join(staging, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, contents);
    }
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    throw new PortfolioError("OutputNotWritable", `Cannot write the site into ${outDir}: ${(cause as Error).message}`, { cause });
  }
  try {
    await verify?.(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, retired);
  try {
    await rename(staging, outDir);
  } catch (cause) {
    if (hadOutput) await rename(retired, outDir);
    await rm(staging, { recursive: true, force: true });
    throw new PortfolioError("OutputNotWritable", `Cannot replace ${outDir}: ${(cause as Error).message}`, { cause });
  }
  if (hadOutput) await rm(retired, { recursive: true, force: true });
}

/** Refuses output folders whose replacement would delete the project itself. */
export function checkOutDir(root: string, outDir: string): void {
  const relative = path.relative(outDir, root);
  const containsProject = relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
  const protectedFolders = ["content", "public", "src", "templates", "bin", "node_modules"].map((name) => path.join(root, name));
  if (containsProject || protectedFolders.some((folder) => outDir === folder || outDir.startsWith(folder + path.sep))) {
    throw new PortfolioError("OutputNotWritable", `Refusing to write the site into ${outDir}: the build replaces that folder, and it holds the project's own files.`, {
      hint: "Choose a folder of its own, such as dist/ (the default).",
    });
  }
}
