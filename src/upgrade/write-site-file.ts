import path from "node:path";
import { describeThrown, isPortfolioError, portfolioError } from "../errors.js";
import { writeFileNoFollow } from "../project/no-follow.js";

/**
 * Writes a file of the site outside content/ (an ejected or merged `templates/page.html`) through
 * no-follow.ts: neither its folder nor the file may be a symbolic link, and the file is opened
 * without following one. A new file is created with O_EXCL, so an existing one is never replaced
 * unless `replace` says so.
 */
export async function writeSiteFile(
  root: string,
  file: string,
  text: string,
  { replace }: { replace: boolean },
): Promise<void> {
  const [folderName, ...rest] = file.split("/");
  if (!folderName || rest.length !== 1) throw new Error(`writeSiteFile expects folder/file, got ${file}`);
  await writeFileNoFollow(root, path.join(root, folderName, rest[0]!), text, { exclusive: !replace }).catch(
    (cause: NodeJS.ErrnoException) => {
      if (isPortfolioError(cause)) throw cause;
      if (cause.code === "EEXIST") throw portfolioError("EjectTargetExists", [file], { cause });
      throw portfolioError("SiteFileUnsafe", [file, describeThrown(cause)], { cause });
    },
  );
}
