import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, lstat, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describeThrown, portfolioError } from "../errors.js";
import type { ArchiveFile } from "./archive-rules.js";

/** Files whose presence says the folder is a portfolio site already: init never starts one over it. */
const siteMarkers = ["portfolio.config.ts", "portfolio-site.json"];

/** The folder init is to write into: whether it exists, and is empty. Throws when init may not write there. */
export async function checkTarget(target: string, shown: string, force: boolean): Promise<{ exists: boolean }> {
  // A symbolic link to a folder is that folder: the owner named it.
  const info = await stat(target).catch(() => undefined);
  if (!info) return { exists: false };
  if (!info.isDirectory())
    throw portfolioError("InitNotWritable", [shown, "it is a file, not a folder"], {
      hint: "Name a new folder for the site (portfolio init my-site). Nothing was written.",
    });
  const names = await readdir(target);
  const marker = siteMarkers.find((name) => names.includes(name));
  if (marker) throw portfolioError("InitFolderIsSite", [shown, marker]);
  if (names.length && !force) {
    const listed = names.sort().slice(0, 5).join(", ");
    throw portfolioError("InitFolderNotEmpty", [shown, names.length > 5 ? `${listed}, …` : listed]);
  }
  return { exists: true };
}

export interface StagedSite {
  /** A private folder beside the target, on the same disk, that the site is written into first. */
  folder: string;
  /** Moves the staged site into the target; answers the files written and those kept (found there already). */
  place: () => Promise<{ written: string[]; kept: string[] }>;
  /** Deletes the staged folder; always safe to call. */
  remove: () => Promise<void>;
}

/**
 * The site is written into a folder beside the target and moved in only once it is whole. A new
 * target is the staged folder renamed, at once. Into an existing folder (empty, or any with
 * --force) each file is copied in only where no file is, and a failure midway removes what this
 * init had copied: an existing file is never replaced, and no half site is left to look complete.
 */
export async function stageSite(target: string, shown: string): Promise<StagedSite> {
  // Beside a new target, to be renamed into place; inside an existing one, whose parent may not be ours to write.
  const exists = (await stat(target).catch(() => undefined))?.isDirectory() ?? false;
  const parent = exists ? target : path.dirname(target);
  await mkdir(parent, { recursive: true }).catch((cause) => {
    throw portfolioError("InitNotWritable", [shown, describeThrown(cause)], { cause });
  });
  const hidden = exists ? ".portfolio-init" : `.${path.basename(target)}.portfolio-init`;
  const folder = path.join(parent, `${hidden}-${randomBytes(4).toString("hex")}`);
  await mkdir(folder).catch((cause) => {
    throw portfolioError("InitNotWritable", [shown, describeThrown(cause)], { cause });
  });
  const remove = () => rm(folder, { recursive: true, force: true });
  return {
    folder,
    remove,
    place: async () => {
      const files = await listFiles(folder);
      if (!(await lstat(target).catch(() => undefined))) {
        try {
          await rename(folder, target);
          return { written: files, kept: [] };
        } catch (cause) {
          // A folder made there meanwhile is merged into, as an existing one is.
          if (!(await lstat(target).catch(() => undefined)))
            throw portfolioError("InitNotWritable", [shown, describeThrown(cause)], { cause });
        }
      }
      return mergeInto(folder, target, files, shown);
    },
  };
}

/** Writes the staged files into `root`, creating folders. */
export async function writeStaged(root: string, files: ArchiveFile[]): Promise<void> {
  for (const file of files) {
    const absolute = path.join(root, ...file.path.split("/"));
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, file.contents, { flag: "wx" });
  }
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

async function mergeInto(
  staged: string,
  target: string,
  files: string[],
  shown: string,
): Promise<{ written: string[]; kept: string[] }> {
  const written: string[] = [];
  const kept: string[] = [];
  const madeFolders: string[] = [];
  try {
    for (const file of files) {
      const parts = file.split("/");
      if (!(await makeFolders(target, parts.slice(0, -1), madeFolders))) {
        kept.push(file);
        continue;
      }
      const destination = path.join(target, ...parts);
      try {
        // COPYFILE_EXCL: a file that is there (or appears meanwhile), or a link in its place, is never replaced.
        await copyFile(path.join(staged, ...parts), destination, constants.COPYFILE_EXCL);
        written.push(file);
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code !== "EEXIST") throw cause;
        kept.push(file);
      }
    }
    return { written, kept };
  } catch (cause) {
    for (const file of written.reverse()) await rm(path.join(target, ...file.split("/")), { force: true });
    for (const folder of madeFolders.reverse()) await rmdir(folder).catch(() => undefined);
    throw portfolioError("InitNotWritable", [shown, describeThrown(cause)], { cause });
  }
}

/**
 * Creates the folders of a file's path inside `target`. False when one of them is there but is not
 * a real folder (a file, or a symbolic link, which init never writes through): the file is kept out.
 */
async function makeFolders(target: string, parts: string[], made: string[]): Promise<boolean> {
  let folder = target;
  for (const part of parts) {
    folder = path.join(folder, part);
    const info = await lstat(folder).catch(() => undefined);
    if (info && !info.isDirectory()) return false;
    if (!info) {
      await mkdir(folder);
      made.push(folder);
    }
  }
  return true;
}
