import { closeSync, constants, lstatSync, mkdirSync, openSync, readlinkSync, writeFileSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import { portfolioError } from "../errors.js";
import { isInside, maxTextFileBytes } from "./project-files.js";

/**
 * The one check for every file and folder the CLI writes or serves: dist/, `.portfolio/` and what
 * the build and `dev` keep there, `portfolio-site.json`, ejected templates, the printed CV. A
 * project is data that a pull request or a downloaded site can change, symbolic links included
 * (git stores them): a link committed as `.portfolio/dev-site` would have `dev` write its files
 * into the link's target and serve that folder, `.env` and all. So every folder from the project
 * down to the path, and the path itself, is looked at with lstat and never followed. The project's
 * own folder and what lies above it are the owner's (a home folder reached through a link is
 * fine); outside the project, such as an `--out` the owner typed, the folders on the way are the
 * owner's too, and only what is written or served there (the folder or file named) must be real.
 */

/** Windows has no O_NOFOLLOW; the lstat of every component before opening still refuses a link there. */
const noFollow = constants.O_NOFOLLOW ?? 0;

/*
 * The file system is asked synchronously, as in project-files.ts: `portfolio dev` checks the
 * folders of two thousand pages on a save, and each answer through libuv's thread pool costs
 * several times the call itself. Functions stay async for their callers.
 */
/**
 * What lstat says of `file`, or undefined when nothing is there (or a file stands where a folder of its path would be).
 */
function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === "ENOTDIR") return undefined;
    throw cause;
  }
}
const linkTarget = (file: string) => {
  try {
    return readlinkSync(file);
  } catch {
    return "?";
  }
};

export type PathUse = "write" | "serve" | "read";

/** A symbolic link found on the way to a path: where it is, as the owner sees it, and where it leads. */
export interface LinkOnPath {
  link: string;
  to: string;
}

/** The folder below which every component of `target` is checked. */
function checkedFrom(root: string, target: string): string {
  return isInside(target, root) ? root : path.dirname(target);
}

/** How the owner sees a path: from the project when it is inside, else as given. */
function shown(root: string, target: string): string {
  const relative = path.relative(root, target);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : target;
}

/**
 * Paths already found to be no link, for a caller that checks many files below the same folders
 * (`portfolio dev` bringing two thousand pages up to date): each folder is looked at once.
 */
export type CheckedPaths = Set<string>;

/**
 * The first symbolic link on the way from the project (or, outside it, from the target's folder) to
 * `target`, the target included, or undefined when there is none. A component that does not exist
 * ends the walk: nothing below it exists either.
 */
export async function linkOnPath(
  root: string,
  target: string,
  checked?: CheckedPaths,
): Promise<LinkOnPath | undefined> {
  const from = checkedFrom(root, target);
  let current = from;
  for (const segment of path.relative(from, target).split(path.sep).filter(Boolean)) {
    current = path.join(current, segment);
    if (checked?.has(current)) continue;
    const info = lstatOrUndefined(current);
    if (!info) return undefined;
    if (info.isSymbolicLink()) return { link: shown(root, current), to: linkTarget(current) };
    if (info.isDirectory()) checked?.add(current);
  }
  return undefined;
}

/** Throws `PathIsLink` when a symbolic link lies on the way to `target` (see `linkOnPath`). */
export async function refuseLinks(root: string, target: string, use: PathUse, checked?: CheckedPaths): Promise<void> {
  const found = await linkOnPath(root, target, checked);
  if (found) throw portfolioError("PathIsLink", [use, shown(root, target), found.link, found.to]);
}

/**
 * Makes the folder `folder` and every missing folder on the way from the project, one level at a
 * time, each checked with lstat once it exists: a link put in the way is refused, never made through.
 * Used for the folders a file or an output is written into; the file or output itself is then
 * checked by `refuseLinks` (and opened with O_NOFOLLOW).
 */
export async function makeFolders(root: string, folder: string, checked?: CheckedPaths): Promise<void> {
  // Outside the project, the folders that lead to what is written are the owner's (on macOS, /tmp
  // itself is a link): made as they are named. What is written there is checked itself.
  if (!isInside(folder, root)) {
    await mkdir(folder, { recursive: true });
    return;
  }
  let current = root;
  for (const segment of path.relative(root, folder).split(path.sep).filter(Boolean)) {
    current = path.join(current, segment);
    if (checked?.has(current)) continue;
    const info = lstatOrUndefined(current);
    if (info?.isSymbolicLink()) return refuseLinks(root, folder, "write");
    if (!info) {
      try {
        mkdirSync(current);
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code !== "EEXIST") throw cause;
      }
      if (lstatSync(current).isSymbolicLink()) return refuseLinks(root, folder, "write");
    }
    checked?.add(current);
  }
}

/**
 * Writes `contents` to `file` without following a link: every folder on the way is checked, and the
 * file is opened with O_NOFOLLOW, so a link in its place (put there even after the check) fails
 * instead of being written through. `exclusive` creates it with O_EXCL: an existing file is never
 * replaced.
 */
export async function writeFileNoFollow(
  root: string,
  file: string,
  contents: string | Uint8Array,
  { exclusive = false, checked }: { exclusive?: boolean; checked?: CheckedPaths } = {},
): Promise<void> {
  await makeFolders(root, path.dirname(file), checked);
  // Where O_NOFOLLOW exists, the open itself refuses a link in the file's place.
  if (noFollow === 0) await refuseLinks(root, file, "write", checked);
  const flags = constants.O_WRONLY | constants.O_CREAT | noFollow | (exclusive ? constants.O_EXCL : constants.O_TRUNC);
  let descriptor: number;
  try {
    descriptor = openSync(file, flags);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === "ELOOP" || (exclusive && lstatOrUndefined(file)?.isSymbolicLink()))
      await refuseLinks(root, file, "write");
    throw cause;
  }
  try {
    writeFileSync(descriptor, contents);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The text of `file`, read without following a link on the way; undefined when it does not exist.
 * Only a regular file of at most `maxBytes` is read (never a pipe that would wait forever, or a
 * device that never ends).
 */
export async function readFileNoFollow(
  root: string,
  file: string,
  maxBytes = maxTextFileBytes,
): Promise<string | undefined> {
  await refuseLinks(root, file, "read");
  const flags = constants.O_RDONLY | noFollow | (constants.O_NONBLOCK ?? 0);
  const handle = await open(file, flags).catch(async (cause: NodeJS.ErrnoException) => {
    if (cause.code === "ENOENT") return undefined;
    if (cause.code === "ELOOP") await refuseLinks(root, file, "read");
    throw cause;
  });
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error("it is not a regular file");
    if (info.size > maxBytes) throw new Error(`it is ${info.size} bytes, more than the ${maxBytes} expected at most`);
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}
