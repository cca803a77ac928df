import { createHash } from "node:crypto";
import { copyFile, cp, lstat, mkdir, mkdtemp, readFile, readdir, readlink, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCli } from "../../src/cli/main.js";
import { copySampleSite, type SiteCopy } from "../helpers/sample-site.js";

/** A copy of the sample site, built once, to copy again for every case. */
export async function builtSample(): Promise<SiteCopy> {
  const template = await copySampleSite({ warmCache: true });
  const first = await build(template.root);
  if (first.code !== 0) throw new Error(`The sample does not build:\n${first.stderr}`);
  return template;
}

/** `portfolio build` in this process, with what it prints (without colours) and its exit code. */
export async function build(root: string, args: string[] = []) {
  let stdout = "";
  let stderr = "";
  const io = {
    cwd: root,
    env: {},
    log: (text: string) => (stdout += `${text}\n`),
    warn: (text: string) => (stderr += `${text}\n`),
  };
  const code = await runCli(["build", ...args], io);
  // eslint-disable-next-line no-control-regex
  return { code, stdout, stderr: stderr.replace(/\x1b\[[0-9;]*m/g, "") };
}

/**
 * Every entry of a folder (links not followed), sorted by path: its type, and a file's bytes (as
 * their hash) or a link's target. Files are read in parallel, which is what keeps it fast.
 */
export type Snapshot = Map<string, string>;

export async function snapshot(folder: string): Promise<Snapshot> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const described = await Promise.all(
    entries.map(async (entry): Promise<[string, string] | undefined> => {
      const file = path.join(entry.parentPath, entry.name);
      // A build's replaced output is deleted in the background (write-site.ts): an entry may go
      // between the listing and the look, and a snapshot then describes the folder without it.
      const kind = await describeEntry(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      });
      return kind === undefined ? undefined : [path.relative(folder, file), kind];
    }),
  );
  const present = described.filter((entry): entry is [string, string] => entry !== undefined);
  return new Map(present.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** An entry's type, and a file's bytes (as their hash) or a link's target. */
async function describeEntry(file: string): Promise<string> {
  const info = await lstat(file);
  if (info.isSymbolicLink()) return `link:${await readlink(file)}`;
  if (info.isDirectory()) return "dir";
  if (info.isFile())
    return `file:${createHash("sha256")
      .update(await readFile(file))
      .digest("hex")}`;
  return "other";
}

/** One string for the part of a snapshot under `folder` (or all of it): equal exactly when every entry and every byte is. */
export function digest(tree: Snapshot, folder?: string): string {
  const hash = createHash("sha256");
  let count = 0;
  for (const [relative, kind] of tree) {
    if (folder !== undefined && !relative.startsWith(folder + path.sep)) continue;
    hash.update(`${relative}\0${kind}\0`);
    count++;
  }
  return `${count}:${hash.digest("hex")}`;
}

/** The entries under `folder` that one snapshot has and the other has not, or has otherwise: none when every entry and byte is the same. */
export function differences(before: Snapshot, after: Snapshot, folder: string): string[] {
  const inFolder = (relative: string) => relative.startsWith(folder + path.sep);
  const paths = new Set([...before.keys(), ...after.keys()].filter(inFolder));
  return [...paths]
    .filter((relative) => before.get(relative) !== after.get(relative))
    .sort()
    .map((relative) => `${relative} ${!after.has(relative) ? "removed" : !before.has(relative) ? "added" : "changed"}`);
}

/** Every file (and link) of a folder with its bytes, to prove a failed build left it alone. */
export async function fingerprint(folder: string): Promise<string> {
  return digest(await snapshot(folder));
}

export async function scratchCopy(template: SiteCopy): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "portfolio-fuzz-"));
  await cp(template.root, root, { recursive: true, verbatimSymlinks: true });
  return root;
}

export interface ReusableScratch {
  root: string;
  /**
   * Answers what the scratch copy holds now, which is checked to be exactly the template (every
   * entry, link target and byte): should a case have left anything behind that `reset` missed, the
   * copy is made afresh.
   */
  fresh: () => Promise<Snapshot>;
  /** Puts back what differs from the template, given a snapshot of the copy as it is now. */
  reset: (now: Snapshot) => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * One scratch copy of the template for many cases that run one after another: instead of a new copy
 * per case (which costs far more than a failing build), each case's changes, and whatever its build
 * left, are undone from the template, and `fresh` proves the copy identical to the template again.
 */
export async function reusableScratch(template: SiteCopy): Promise<ReusableScratch> {
  const original = await snapshot(template.root);
  const originalDigest = digest(original);
  let root = await scratchCopy(template);

  async function reset(now: Snapshot): Promise<void> {
    const removed: string[] = [];
    const under = (relative: string) =>
      removed.some((gone) => relative === gone || relative.startsWith(gone + path.sep));
    for (const [relative, kind] of now) {
      if (original.get(relative) === kind || under(relative)) continue;
      await rm(path.join(root, relative), { recursive: true, force: true });
      removed.push(relative);
    }
    // Sorted, so that a folder comes before what it holds.
    for (const [relative, kind] of original) {
      if (now.get(relative) === kind && !under(relative)) continue;
      const target = path.join(root, relative);
      if (kind === "dir") await mkdir(target, { recursive: true });
      else if (kind.startsWith("link:")) await symlink(kind.slice("link:".length), target);
      else await copyFile(path.join(template.root, relative), target);
    }
  }

  return {
    get root() {
      return root;
    },
    fresh: async () => {
      const now = await snapshot(root);
      if (digest(now) === originalDigest) return now;
      await rm(root, { recursive: true, force: true });
      root = await scratchCopy(template);
      return snapshot(root);
    },
    reset,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
