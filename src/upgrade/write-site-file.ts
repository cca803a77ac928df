import { constants } from "node:fs";
import { lstat, mkdir, open } from "node:fs/promises";
import path from "node:path";
import { describeThrown, portfolioError } from "../errors.js";
import { projectFolder } from "../project/project-files.js";

/** Windows has no O_NOFOLLOW; the lstat before opening still refuses a link there. */
const noFollow = constants.O_NOFOLLOW ?? 0;

/**
 * Writes a file of the site outside content/ (an ejected or merged `templates/page.html`). Its
 * folder must lead nowhere outside the site, and the file is opened without following a link: a
 * link in its place is refused, never written through. A new file is created with O_EXCL, so an
 * existing one is never replaced unless `replace` says so.
 */
export async function writeSiteFile(
  root: string,
  file: string,
  text: string,
  { replace }: { replace: boolean },
): Promise<void> {
  const [folderName, ...rest] = file.split("/");
  if (!folderName || rest.length !== 1) throw new Error(`writeSiteFile expects folder/file, got ${file}`);
  await mkdir(path.join(root, folderName)).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code !== "EEXIST") throw portfolioError("SiteFileUnsafe", [file, describeThrown(cause)], { cause });
  });
  const folder = await projectFolder(root, folderName);
  if (!folder || "problem" in folder)
    throw portfolioError("SiteFileUnsafe", [file, folder ? folder.problem : `${folderName}/ disappeared`]);
  const target = path.join(folder.real, rest[0]!);
  const existing = await lstat(target).catch(() => undefined);
  if (existing?.isSymbolicLink()) throw portfolioError("SiteFileUnsafe", [file, "it is a symbolic link"]);
  if (existing && !replace) throw portfolioError("EjectTargetExists", [file]);
  const flags = constants.O_WRONLY | constants.O_CREAT | noFollow | (replace ? constants.O_TRUNC : constants.O_EXCL);
  const handle = await open(target, flags).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === "EEXIST") throw portfolioError("EjectTargetExists", [file], { cause });
    if (cause.code === "ELOOP") throw portfolioError("SiteFileUnsafe", [file, "it is a symbolic link"], { cause });
    throw portfolioError("SiteFileUnsafe", [file, describeThrown(cause)], { cause });
  });
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}
