import { execFile } from "node:child_process";

/** What init did about version control: `portfolio upgrade` needs the site in a git repository. */
export type GitStart =
  | { kind: "committed" }
  | { kind: "inside"; top: string }
  | { kind: "no-git" }
  | { kind: "failed"; reason: string }
  | { kind: "skipped" };

/** The author of the first commit when git has none configured (a fresh CI machine has none). */
export interface Author {
  name: string;
  email: string;
}

const fallbackAuthor: Author = { name: "portfolio init", email: "portfolio-init@localhost" };

interface GitRun {
  code: number | "missing";
  stdout: string;
  stderr: string;
}

function runGit(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<GitRun> {
  return new Promise((resolve) => {
    execFile("git", args, { cwd, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") resolve({ code: "missing", stdout, stderr });
      else resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** A `git config` value, or undefined when none is set. */
async function configured(key: string, cwd: string, env: Record<string, string | undefined>) {
  const run = await runGit(["config", "--get", key], cwd, env);
  return run.code === 0 && run.stdout.trim() !== "" ? run.stdout.trim() : undefined;
}

/**
 * `git init` in the new site and a first commit of every file init wrote, so that the owner's
 * changes (and `portfolio upgrade`'s) can be seen and undone. Only where git is installed, and
 * never inside a repository the folder already belongs to. The owner's own git settings win; the
 * author and the first branch's name are given only where git has none, so the commit never fails
 * on a machine where git was never set up. A failure is reported, never thrown: the site is written.
 */
export async function startRepository(
  root: string,
  env: Record<string, string | undefined>,
  author: Author | undefined,
): Promise<GitStart> {
  const inside = await runGit(["rev-parse", "--show-toplevel"], root, env);
  if (inside.code === "missing") return { kind: "no-git" };
  if (inside.code === 0) return { kind: "inside", top: inside.stdout.trim() };
  const settings: string[] = [];
  if (!(await configured("init.defaultBranch", root, env))) settings.push("-c", "init.defaultBranch=main");
  const who = author ?? fallbackAuthor;
  if (!(await configured("user.name", root, env))) settings.push("-c", `user.name=${who.name}`);
  if (!(await configured("user.email", root, env))) settings.push("-c", `user.email=${who.email}`);
  for (const args of [
    ["init", "-q"],
    ["add", "-A"],
    ["commit", "-q", "-m", "Start the site with portfolio init"],
  ]) {
    const run = await runGit([...settings, ...args], root, env);
    if (run.code !== 0)
      return { kind: "failed", reason: `git ${args[0]}: ${run.stderr.trim().split("\n")[0] || `exit ${run.code}`}` };
  }
  return { kind: "committed" };
}
