import { ProblemList } from "../errors.js";
import type { BuildMemo } from "./build-options.js";
import { keptFrom } from "../kept-results.js";
import type { PublicFiles } from "../project/public-folder.js";

/**
 * Since anyone who can send a pull request can add files to public/, a file is refused when it
 * could reach outside the project (a symbolic link to `/etc/passwd`) or run code in a visitor's
 * browser on the site's origin: a script, or any file a browser renders as a document (HTML, SVG,
 * any XML) with more than presentational markup. Checked by every build that writes or checks a
 * site (a build with nothing to do copies nothing).
 */
export async function checkPublicFiles(
  { files, refused }: PublicFiles,
  memo?: Pick<BuildMemo, "publicChecks"> | undefined,
): Promise<void> {
  // The markup checkers (saxes, parse5) are loaded only by a build that copies public/: not by one with nothing to do.
  const { publicFileProblems } = await import("./public/check-public-file.js");
  const checked = memo && keptFrom(memo.publicChecks);
  const problems = new ProblemList();
  for (const { file, problem } of refused) problems.add(`public/${file}`, { field: "", problem });
  for (const [file, real] of files) problems.add(`public/${file}`, await publicFileProblems(file, real, checked));
  if (memo && checked) memo.publicChecks = checked.next;
  problems.throwIfAny("UnsafeFile");
}
