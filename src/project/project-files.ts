import { lstatSync, readFileSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { keep, lastKept, type KeptResults } from "../kept-results.js";

/**
 * Safe access to the owner's folders (content/, public/). Everything in them is data written by
 * anyone who can send a pull request, so a path is followed only while it stays inside its folder:
 * a symbolic link that leads elsewhere (`/etc/passwd`, `~/.ssh`, the project's `.env`) is refused,
 * never read, copied or served.
 */

/** A folder of the project, with its real path (symbolic links resolved) to check paths against. */
export interface ProjectFolder {
  /** As error messages show it: "content", "public". */
  name: string;
  absolute: string;
  real: string;
}

export type Resolved =
  | { kind: "file"; real: string; size: number }
  | { kind: "folder"; real: string }
  | { kind: "missing" }
  | { kind: "refused"; problem: string };

/**
 * The file system is asked synchronously: a build reads a thousand posts, and each answer through
 * libuv's thread pool costs several times the call itself (measured: 2,251 small writes take 80 ms
 * in a row and 500 ms through the pool). Functions stay async for their callers.
 */
function attempt<T>(call: () => T): T | NodeJS.ErrnoException {
  try {
    return call();
  } catch (cause) {
    return cause as NodeJS.ErrnoException;
  }
}

/** The folder `name` of `root`, or undefined when there is none. A folder that leads outside the project is refused. */
export async function projectFolder(
  root: string,
  name: string,
): Promise<ProjectFolder | { problem: string } | undefined> {
  const absolute = path.join(root, name);
  const real = attempt(() => realpathSync.native(absolute));
  if (real instanceof Error)
    return lstatSync(absolute, { throwIfNoEntry: false })
      ? { problem: `${name}/ is a broken symbolic link` }
      : undefined;
  const realRoot = realpathSync.native(root);
  if (!isInside(real, realRoot)) return { problem: `${name}/ is a symbolic link to ${real}, outside the project` };
  if (!statSync(real).isDirectory()) return { problem: `${name} is a file: expected a folder` };
  return { name, absolute, real };
}

/** Where `relative` (a path inside `folder`) really leads, if it stays inside the folder. */
export async function resolveInside(folder: ProjectFolder, relative: string): Promise<Resolved> {
  const absolute = path.join(folder.absolute, relative);
  const link = attempt(() => lstatSync(absolute));
  if (link instanceof Error) return { kind: "missing" };
  const real = attempt(() => realpathSync.native(absolute));
  if (real instanceof Error) {
    const target = attempt(() => readlinkSync(absolute));
    return real.code === "ELOOP"
      ? { kind: "refused", problem: "is a symbolic link that loops back on itself" }
      : {
          kind: "refused",
          problem: `is a broken symbolic link (to ${target instanceof Error ? "?" : target}): expected a file`,
        };
  }
  if (!isInside(real, folder.real)) {
    return {
      kind: "refused",
      problem: `is a symbolic link to ${real}, outside ${folder.name}/: only files inside ${folder.name}/ are read`,
    };
  }
  const info = attempt(() => statSync(real));
  if (info instanceof Error)
    return { kind: "refused", problem: `cannot be read (${info.code ?? info.message}): check its permissions` };
  if (info.isDirectory()) return { kind: "folder", real };
  if (!info.isFile()) return { kind: "refused", problem: "is not a regular file (a device, socket or pipe)" };
  return { kind: "file", real, size: info.size };
}

export const maxTextFileBytes = 20 * 1024 * 1024;

/**
 * A file changed this recently may change again within the file system's clock tick (a few
 * milliseconds on Linux) and keep its size and times: it is read afresh until it is older.
 */
export const settledAfterMs = 2000;

/**
 * `portfolio dev`'s texts of the files read by the previous build and by this one, by path, each
 * with the file's identity, size and times when it was read.
 */
export type RememberedTexts = KeptResults<string, { stamp: string; text: string }>;

/**
 * A UTF-8 text file inside `folder`, or what is wrong with it. With `remembered`, a plain file
 * (not a link) whose device, inode, size and times are those it had when it was last read and
 * checked, and that has not changed in the last moments, is the text read then.
 */
export async function readTextFile(
  folder: ProjectFolder,
  relative: string,
  remembered?: RememberedTexts | undefined,
): Promise<{ text: string } | { problem: string } | undefined> {
  const absolute = path.join(folder.absolute, relative);
  const stamp = remembered && settledFileStamp(absolute);
  if (stamp === undefined) return readTextFileAfresh(folder, relative);
  const known = lastKept(remembered, absolute);
  if (known?.stamp === stamp) return { text: keep(remembered, absolute, known).text };
  const read = await readTextFileAfresh(folder, relative);
  if (read && "text" in read) keep(remembered, absolute, { stamp, text: read.text });
  return read;
}

/** What identifies a plain file's bytes, unless it is a link, missing, or changed in the last moments. */
function settledFileStamp(absolute: string): string | undefined {
  const info = attempt(() => lstatSync(absolute));
  if (info instanceof Error || !info.isFile()) return undefined;
  if (Math.max(info.mtimeMs, info.ctimeMs) > Date.now() - settledAfterMs) return undefined;
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
}

async function readTextFileAfresh(
  folder: ProjectFolder,
  relative: string,
): Promise<{ text: string } | { problem: string } | undefined> {
  const resolved = await resolveInside(folder, relative);
  if (resolved.kind === "missing") return undefined;
  if (resolved.kind === "refused") return { problem: resolved.problem };
  if (resolved.kind === "folder") return { problem: "is a folder: expected a Markdown file" };
  if (resolved.size > maxTextFileBytes) {
    return {
      problem: `is ${(resolved.size / 1024 / 1024).toFixed(0)} MB: expected a Markdown file of at most ${maxTextFileBytes / 1024 / 1024} MB`,
    };
  }
  const bytes = attempt(() => readFileSync(resolved.real));
  if (bytes instanceof Error)
    return { problem: `cannot be read (${bytes.code ?? bytes.message}): check its permissions` };
  if (bytes.includes(0)) return { problem: "is a binary file: expected UTF-8 text (Markdown)" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { problem: "is not UTF-8 text: save it with the UTF-8 encoding" };
  }
}

/** Every entry of a folder inside `folder` (names only), or none when it does not exist. */
export async function listFolder(
  folder: ProjectFolder,
  relative: string,
): Promise<{ names: string[] } | { problem: string }> {
  const resolved = await resolveInside(folder, relative);
  if (resolved.kind === "missing") return { names: [] };
  if (resolved.kind === "refused") return { problem: resolved.problem };
  if (resolved.kind === "file") return { problem: "is a file: expected a folder" };
  const names = attempt(() => readdirSync(resolved.real));
  if (names instanceof Error)
    return { problem: `cannot be read (${names.code ?? names.message}): check its permissions` };
  return { names: names.sort() };
}

/**
 * Every file below `folder`, as paths relative to it with forward slashes, each with the real file
 * it leads to, and every folder met on the way (an empty one, or a link to a folder already
 * walked, included: a build that skips work when nothing changed must see them). Links that stay
 * inside the folder are followed (each real folder once, so a link loop ends); everything else is
 * listed in `refused` with the reason.
 */
export async function walkFolder(folder: ProjectFolder): Promise<{
  files: Array<{ file: string; real: string }>;
  folders: Array<{ file: string; real: string }>;
  refused: Array<{ file: string; problem: string }>;
}> {
  const files: Array<{ file: string; real: string }> = [];
  const folders: Array<{ file: string; real: string }> = [];
  const refused: Array<{ file: string; problem: string }> = [];
  const visited = new Set<string>([folder.real]);
  const visit = async (relative: string, real: string): Promise<void> => {
    const names = attempt(() => readdirSync(real));
    if (names instanceof Error) {
      refused.push({
        file: relative || ".",
        problem: `cannot be read (${names.code ?? names.message}): check its permissions`,
      });
      return;
    }
    for (const name of names.sort()) {
      const child = relative ? `${relative}/${name}` : name;
      const resolved = await resolveInside(folder, child);
      if (resolved.kind === "refused") refused.push({ file: child, problem: resolved.problem });
      else if (resolved.kind === "file") files.push({ file: child, real: resolved.real });
      else if (resolved.kind === "folder") {
        folders.push({ file: child, real: resolved.real });
        if (visited.has(resolved.real)) continue;
        visited.add(resolved.real);
        await visit(child, resolved.real);
      }
    }
  };
  await visit("", folder.real);
  return { files, folders, refused };
}

export function isInside(candidate: string, folder: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === "" || (!relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative));
}
