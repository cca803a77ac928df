import { Parser, type ReadEntry } from "tar";

/** A regular file of an archive: its path with forward slashes, and its bytes. */
export interface ArchiveFile {
  path: string;
  contents: Buffer;
}

/** More than any sample site needs; a bigger archive is refused before it is unpacked. */
export const maxArchiveBytes = 200 * 1024 * 1024;
const maxEntries = 10_000;

/**
 * The regular files of a tar archive (gzipped or not), as `npm pack` writes it, read in memory by
 * npm's own `tar` (headers, pax and GNU long names, checksums). Folders are implied by their files.
 * Anything that is not a file or a folder (a link, a device) is refused, and so is a path that is
 * absolute or climbs out with `..`: the archive may come from anywhere, and its files are written
 * to disk.
 */
export function readTarball(bytes: Buffer): ArchiveFile[] {
  const files: ArchiveFile[] = [];
  let problem: string | undefined;
  let unpacked = 0;
  const refuse = (text: string) => {
    problem ??= text;
  };
  const parser = new Parser({
    strict: true,
    // tar's own path rewriting (stripping "/" and "..") is off: such a path is refused, not repaired.
    preservePaths: true,
    maxMetaEntrySize: 1024 * 1024,
    onwarn: (_code, message) => refuse(String(message)),
    onReadEntry: (entry: ReadEntry) => {
      const refused = entryProblem(entry, files.length);
      if (problem || refused) {
        if (refused) refuse(refused);
        entry.resume();
        return;
      }
      if (entry.type === "Directory") {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => {
        unpacked += chunk.length;
        if (unpacked > maxArchiveBytes) refuse("more than a sample site holds, unpacked");
        else chunks.push(chunk);
      });
      entry.on("end", () => files.push({ path: safePath(entry.path)!, contents: Buffer.concat(chunks) }));
    },
  });
  parser.on("error", (error: Error) => refuse(error.message));
  parser.end(bytes);
  if (problem) throw new Error(problem);
  return files;
}

/** Why an entry is refused: too many, not a file or a folder, or a path outside the archive. */
function entryProblem(entry: ReadEntry, count: number): string | undefined {
  if (count >= maxEntries) return `more than ${maxEntries} files`;
  if (entry.type === "Directory") return undefined;
  if (entry.type !== "File" && entry.type !== "OldFile" && entry.type !== "ContiguousFile") {
    const link = entry.type === "Link" || entry.type === "SymbolicLink";
    return `${JSON.stringify(entry.path)} is ${link ? "a link" : "not a regular file"}`;
  }
  return safePath(entry.path) === undefined
    ? `${JSON.stringify(entry.path)} is not a path inside the archive`
    : undefined;
}

function safePath(name: string): string | undefined {
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  const unsafe =
    name.startsWith("/") ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes("\\") ||
    parts.includes("..") ||
    /[\u0000-\u001f]/.test(name) ||
    !parts.length;
  return unsafe ? undefined : parts.join("/");
}
