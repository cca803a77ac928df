import { constants, type Stats } from "node:fs";
import { lstat, open, opendir } from "node:fs/promises";
import path from "node:path";
import {
  ArchiveRefused,
  notFileOrFolder,
  type ArchiveCollector,
  type EntryKind,
  type FileReading,
} from "./archive-rules.js";

/**
 * Reads the entries `tops` of a folder (files, or folders read whole) into `collector`, which
 * checks each entry as it checks a tarball's: every entry is looked at as it is on disk (lstat),
 * so a link, at the top or deeper, is refused and never followed, and a file's size is known
 * before it is read. A missing top is skipped (the collector's caller says what the sample lacks).
 */
export async function readFolder(root: string, tops: string[], collector: ArchiveCollector): Promise<void> {
  for (const top of tops) await visit(root, top, collector);
}

async function visit(root: string, relative: string, collector: ArchiveCollector): Promise<void> {
  const absolute = path.join(root, ...relative.split("/"));
  const info = await lstat(absolute).catch((cause: NodeJS.ErrnoException) => {
    if (cause.code === "ENOENT") return undefined;
    throw unreadable(relative, cause);
  });
  if (!info) return;
  const kept = collector.admit(relative, kindOf(info), info.size);
  if (kept === undefined) return;
  if (info.isDirectory()) {
    // opendir lists a folder as it is read: a folder of a million names stops at the entry limit.
    const folder = await opendir(absolute).catch((cause: NodeJS.ErrnoException) => {
      throw unreadable(relative, cause);
    });
    for await (const entry of folder) await visit(root, `${relative}/${entry.name}`, collector);
    return;
  }
  await readFile(absolute, relative, collector.read(relative, kept));
}

/**
 * A file's bytes, opened without following a link (one put in its place since it was looked at
 * is refused, not read), and without waiting on a pipe.
 */
async function readFile(absolute: string, relative: string, reading: FileReading): Promise<void> {
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  const handle = await open(absolute, flags).catch((cause: NodeJS.ErrnoException) => {
    throw cause.code === "ELOOP"
      ? new ArchiveRefused(relative, "it is a link (init copies no links)")
      : unreadable(relative, cause);
  });
  try {
    if (!(await handle.stat()).isFile()) throw new ArchiveRefused(relative, notFileOrFolder);
    for await (const chunk of handle.createReadStream({ autoClose: false })) reading.push(chunk as Buffer);
    reading.end();
  } finally {
    await handle.close();
  }
}

function kindOf(info: Stats): EntryKind {
  if (info.isSymbolicLink()) return "link";
  if (info.isDirectory()) return "folder";
  return info.isFile() ? "file" : "other";
}

function unreadable(relative: string, cause: NodeJS.ErrnoException): ArchiveRefused {
  return new ArchiveRefused(relative, `it cannot be read (${cause.code ?? cause.message})`);
}
