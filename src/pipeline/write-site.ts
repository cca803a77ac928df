import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describeThrown, isPortfolioError, portfolioError } from "../errors.js";
import { makeFolders, refuseLinks } from "../project/no-follow.js";

/**
 * The file that marks a folder as a build's output. The build replaces its output folder as a whole,
 * so it only ever replaces a folder that has this mark (or an empty one).
 */
export const outputMarker = ".portfolio-output";

const basePathLine = "Base path: ";

/**
 * The base path an output was built for, as its mark records it (`portfolio check --host` reads
 * it, so the base given to `build` need not be given again); undefined for an output without one.
 */
export async function builtBase(outDir: string): Promise<string | undefined> {
  const mark = await readFile(path.join(outDir, outputMarker), "utf8").catch(() => "");
  const line = mark.split("\n").find((each) => each.startsWith(basePathLine));
  const base = line?.slice(basePathLine.length).trim();
  return base && /^\/([^\s/]+\/)*$/.test(base) ? base : undefined;
}

/** A new output being written beside the old one: nothing is visible at the output's path until `commit`. */
export interface StagedOutput {
  /** Writes a file (a later write of the same path replaces it). */
  write(file: string, contents: string | Uint8Array): Promise<void>;
  /** Copies a file of public/ into the output. */
  copy(file: string, from: string): Promise<void>;
  /** Swaps the new output in, once everything is written; `base` is recorded in it (read by `builtBase`). */
  commit(record?: { base: string }): Promise<void>;
  /** Deletes the new output: the previous one stays exactly as it was. */
  discard(): Promise<void>;
}

/**
 * Writes the site into a fresh folder beside the output, so files can be written as soon as they
 * are ready, side by side, and swaps it in only at `commit`: a failed build leaves the previous
 * output exactly as it was. Every file is written as a regular file: the output never holds a
 * symbolic link. The folders on the way from the project (`root`) to the output are made and
 * checked by no-follow.ts, so none of them is a link; the staging folder is new (made without
 * `recursive`, which would pass an existing one), so what is written inside it needs no further
 * check. Failures to write become `OutputNotWritable`.
 */
export async function stageOutput(root: string, outDir: string): Promise<StagedOutput> {
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = `${outDir}.building-${stamp}`;
  const retired = `${outDir}.previous-${stamp}`;
  const notWritable = (cause: unknown) =>
    isPortfolioError(cause) ? cause : portfolioError("OutputNotWritable", [outDir, describeThrown(cause)], { cause });
  await refuseLinks(root, outDir, "write");
  try {
    await makeFolders(root, path.dirname(outDir));
    await mkdir(staging);
  } catch (cause) {
    throw notWritable(cause);
  }
  // Written synchronously: each call through libuv's thread pool costs several times the write itself
  // (2,251 pages: 80 ms in a row, 500 ms through the pool), and nothing else waits meanwhile.
  const folders = new Set<string>();
  const into = async (file: string, act: (target: string) => void) => {
    const target = path.join(staging, file);
    try {
      const folder = path.dirname(target);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      act(target);
    } catch (cause) {
      throw notWritable(cause);
    }
  };
  return {
    write: (file, contents) => into(file, (target) => writeFileSync(target, contents)),
    copy: (file, from) => into(file, (target) => copyFileSync(from, target)),
    async discard() {
      await rm(staging, { recursive: true, force: true });
    },
    async commit(record) {
      try {
        await writeFile(
          path.join(staging, outputMarker),
          `Written by \`portfolio build\`, which replaces this folder as a whole on every build.\n${record ? `${basePathLine}${record.base}\n` : ""}`,
        );
      } catch (cause) {
        await rm(staging, { recursive: true, force: true });
        throw notWritable(cause);
      }
      // Looked at again just before the swap: a link put in the output's place meanwhile is refused, not renamed aside.
      await refuseLinks(root, outDir, "write").catch(async (error: unknown) => {
        await rm(staging, { recursive: true, force: true });
        throw error;
      });
      const hadOutput = existsSync(outDir);
      if (hadOutput) await rename(outDir, retired);
      try {
        await rename(staging, outDir);
      } catch (cause) {
        if (hadOutput) await rename(retired, outDir);
        await rm(staging, { recursive: true, force: true });
        throw portfolioError("OutputNotWritable", [outDir, `cannot replace it: ${describeThrown(cause)}`], { cause });
      }
      if (hadOutput)
        await deleteInBackground([retired, ...(await retiredOutputs(outDir)).filter((folder) => folder !== retired)]);
    },
  };
}

/** Earlier outputs that were replaced but not yet deleted (a deletion that was stopped midway). */
async function retiredOutputs(outDir: string): Promise<string[]> {
  const prefix = `${path.basename(outDir)}.previous-`;
  const siblings = await readdir(path.dirname(outDir)).catch(() => [] as string[]);
  return siblings.filter((name) => name.startsWith(prefix)).map((name) => path.join(path.dirname(outDir), name));
}

/**
 * A replaced output of a thousand-post blog is 7,000 files, and unlinking them takes longer than
 * writing the new ones: a process of its own deletes them while this one finishes, and the next
 * build deletes whatever it left. Only folders renamed aside as `<out>.previous-*` are given to it.
 */
async function deleteInBackground(folders: string[]): Promise<void> {
  const script =
    "const { rmSync } = require('node:fs'); for (const folder of process.argv.slice(1)) rmSync(folder, { recursive: true, force: true });";
  try {
    const child = spawn(process.execPath, ["-e", script, ...folders], { detached: true, stdio: "ignore", env: {} });
    child.on("error", () => {});
    child.unref();
  } catch {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  }
}

/**
 * Refuses output folders whose replacement would delete something else: the project itself, one of
 * its folders, or any existing folder that is neither empty nor a previous build's output; and
 * output folders reached through a symbolic link (`dist/`, or `.portfolio/` for `dev`'s output).
 */
export async function checkOutDir(root: string, outDir: string): Promise<void> {
  const relative = path.relative(outDir, root);
  const containsProject = relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
  const protectedFolders = ["content", "public", "src", "templates", "bin", "node_modules", ".git"].map((name) =>
    path.join(root, name),
  );
  if (containsProject || protectedFolders.some((folder) => outDir === folder || outDir.startsWith(folder + path.sep))) {
    throw portfolioError(
      "OutputNotOurs",
      [outDir, "the build replaces that folder, and it holds the project's own files"],
      {
        hint: "Choose a folder of its own, such as dist/ (the default).",
      },
    );
  }
  await refuseLinks(root, outDir, "write");
  const existing = await lstat(outDir).catch(() => undefined);
  if (!existing) return;
  if (!existing.isDirectory()) throw portfolioError("OutputNotOurs", [outDir, "it is a file, not a folder"]);
  const entries = await readdir(outDir);
  if (entries.length > 0 && !entries.includes(outputMarker)) {
    throw portfolioError("OutputNotOurs", [
      outDir,
      `it is not empty and holds no ${outputMarker} mark of a previous build (it has ${entries.slice(0, 3).join(", ")}${entries.length > 3 ? ", …" : ""})`,
    ]);
  }
}
