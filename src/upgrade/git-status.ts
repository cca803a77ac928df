import { execFile } from "node:child_process";

/** What git says of the site's folder: whether an upgrade's changes there could be reviewed and undone. */
export type GitState = { kind: "clean" } | { kind: "changed"; files: string[] } | { kind: "outside"; reason: string };

/**
 * `git status --porcelain` of the site's folder (and only it, when the site is part of a larger
 * repository). Untracked files count as changes: an upgrade could not be undone for them. Git
 * takes no optional locks, so asking changes nothing on disk.
 */
export function gitState(folder: string): Promise<GitState> {
  return new Promise((resolve) => {
    execFile(
      "git",
      ["status", "--porcelain", "--untracked-files=all", "--", "."],
      { cwd: folder, env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const reason =
            (error as NodeJS.ErrnoException).code === "ENOENT"
              ? "cannot be checked: git is not installed"
              : /not a git repository/i.test(stderr)
                ? "is not in a git repository"
                : `cannot be checked with git status (${stderr.trim().split("\n")[0] || error.message})`;
          resolve({ kind: "outside", reason });
          return;
        }
        const files = stdout.split("\n").filter((line) => line.trim() !== "");
        resolve(files.length === 0 ? { kind: "clean" } : { kind: "changed", files });
      },
    );
  });
}
