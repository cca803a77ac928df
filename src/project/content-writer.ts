import { constants } from "node:fs";
import { lstat, mkdir, open, readlink, realpath, unlink } from "node:fs/promises";
import path from "node:path";
import { ProblemList, describeThrown, portfolioError } from "../errors.js";
import { projectFolder, resolveInside, type ProjectFolder } from "./project-files.js";

/**
 * Writing into content/ for `portfolio new` and `portfolio import`. content/ is data anyone with a
 * pull request can change, a symbolic link included: a file is written only when its folder's real
 * path is inside the project's real content/, each folder created on the way is checked again, and
 * the file is opened without following a link (a link in its place is refused, never written
 * through, even with --force).
 */

/** Windows has no O_NOFOLLOW; the checks before opening still refuse a link there. */
const noFollow = constants.O_NOFOLLOW ?? 0;

/**
 * content/ of the project at `root`, to write into: refused when it leads outside the project. It need not exist yet.
 */
export async function contentFolderToWrite(root: string): Promise<ProjectFolder> {
  const found = await projectFolder(root, "content");
  if (found && "problem" in found) throw portfolioError("ContentTargetUnsafe", [`  - ${found.problem}`]);
  return (
    found ?? { name: "content", absolute: path.join(root, "content"), real: path.join(await realpath(root), "content") }
  );
}

/**
 * Whether each file (paths relative to content/, with forward slashes) exists already; throws
 * `ContentTargetUnsafe`, naming every one that cannot be written safely, before anything is written.
 */
export async function checkContentTargets(
  content: ProjectFolder,
  files: readonly string[],
): Promise<Map<string, boolean>> {
  const problems = new ProblemList();
  const exists = new Map<string, boolean>();
  for (const file of files) {
    const checked = await checkTarget(content, file);
    if ("problem" in checked) problems.add(checked.path, { field: "", problem: checked.problem });
    else exists.set(file, checked.exists);
  }
  problems.throwIfAny("ContentTargetUnsafe");
  return exists;
}

/** A folder of the path that is not a folder inside content/, or a link in the file's place. */
async function checkTarget(
  content: ProjectFolder,
  file: string,
): Promise<{ exists: boolean } | { path: string; problem: string }> {
  const parts = file.split("/");
  for (let depth = 1; depth < parts.length; depth++) {
    const folder = parts.slice(0, depth).join("/");
    const resolved = await resolveInside(content, folder);
    if (resolved.kind === "missing") return { exists: false };
    if (resolved.kind === "refused") return { path: `${content.name}/${folder}`, problem: resolved.problem };
    if (resolved.kind === "file") return { path: `${content.name}/${folder}`, problem: "is a file: expected a folder" };
  }
  const absolute = path.join(content.absolute, file);
  const info = await lstat(absolute).catch(() => undefined);
  if (!info) return { exists: false };
  if (info.isSymbolicLink())
    return {
      path: `${content.name}/${file}`,
      problem: `is a symbolic link (to ${await readlink(absolute).catch(() => "?")}): new and import never write through one`,
    };
  if (!info.isFile())
    return {
      path: `${content.name}/${file}`,
      problem: `is a ${info.isDirectory() ? "folder" : "device, socket or pipe"}: expected a Markdown file`,
    };
  return { exists: true };
}

/**
 * Writes `contents` to `file` (relative to content/), creating its folders. A new file is created
 * with O_EXCL, so one that appeared since the check is not replaced; `replace` truncates an
 * existing one instead. Neither follows a link put in the file's place meanwhile.
 */
export async function writeContentFile(
  root: string,
  file: string,
  contents: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<void> {
  const shown = `content/${file}`;
  const folder = await makeFolders(root, path.posix.dirname(file));
  const target = path.join(folder, path.posix.basename(file));
  const createdHere = !replace || !(await lstat(target).catch(() => undefined));
  const flags = constants.O_WRONLY | constants.O_CREAT | noFollow | (replace ? constants.O_TRUNC : constants.O_EXCL);
  const handle = await open(target, flags).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === "ELOOP")
      throw portfolioError(
        "ContentTargetUnsafe",
        [`${shown} is not valid:\n  - is a symbolic link: new and import never write through one`],
        { cause },
      );
    throw portfolioError("ContentNotWritable", [shown, describeThrown(cause)], { cause });
  });
  try {
    await handle.writeFile(contents);
  } catch (cause) {
    await handle.close();
    // A file left empty or half written would be read as content: only one this write created is removed.
    if (createdHere) await unlink(target).catch(() => undefined);
    throw portfolioError("ContentNotWritable", [shown, describeThrown(cause)], { cause });
  }
  await handle.close();
}

/** The real path of `folder` (relative to content/), each missing level created and checked to be inside content/. */
async function makeFolders(root: string, folder: string): Promise<string> {
  await mkdir(path.join(root, "content")).catch(ignoreExisting);
  const content = await contentFolderToWrite(root);
  let real = content.real;
  const parts = folder === "." ? [] : folder.split("/");
  for (let depth = 1; depth <= parts.length; depth++) {
    const relative = parts.slice(0, depth).join("/");
    let resolved = await resolveInside(content, relative);
    if (resolved.kind === "missing") {
      await mkdir(path.join(real, parts[depth - 1]!)).catch(ignoreExisting);
      resolved = await resolveInside(content, relative);
    }
    if (resolved.kind !== "folder") {
      const problem =
        resolved.kind === "refused"
          ? resolved.problem
          : resolved.kind === "file"
            ? "is a file: expected a folder"
            : "disappeared while it was made";
      throw portfolioError("ContentTargetUnsafe", [`content/${relative} is not valid:\n  - ${problem}`]);
    }
    real = resolved.real;
  }
  return real;
}

function ignoreExisting(cause: NodeJS.ErrnoException): void {
  if (cause.code !== "EEXIST")
    throw portfolioError("ContentNotWritable", [cause.path ?? "content/", describeThrown(cause)], { cause });
}
