import { gunzipSync } from "node:zlib";

/** A regular file of an archive: its path with forward slashes, and its bytes. */
export interface ArchiveFile {
  path: string;
  contents: Buffer;
}

/** More than any sample site needs; a bigger archive is refused before it is unpacked. */
export const maxArchiveBytes = 200 * 1024 * 1024;
const maxEntries = 10_000;
const block = 512;

/**
 * The regular files of a tar archive (gzipped or not), as `npm pack` writes it: ustar headers, with
 * pax (`x`) or GNU (`L`) records for long names. Folders are implied by their files. Anything that
 * is not a file or a folder (a link, a device) is refused, and so is a path that is absolute or
 * climbs out with `..`: the archive may come from anywhere, and its files are written to disk.
 */
export function readTarball(bytes: Buffer): ArchiveFile[] {
  const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes, { maxOutputLength: maxArchiveBytes }) : bytes;
  const files: ArchiveFile[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    if (!checksumMatches(header)) throw new Error(`a damaged header at byte ${offset}`);
    const size = readSize(header);
    const type = String.fromCharCode(header[156]!);
    const dataStart = offset + block;
    if (dataStart + size > tar.length) throw new Error("it ends in the middle of a file");
    const data = tar.subarray(dataStart, dataStart + size);
    offset = dataStart + Math.ceil(size / block) * block;
    if (files.length > maxEntries) throw new Error(`more than ${maxEntries} files`);
    if (type === "x") {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (type === "L") {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === "g") continue;
    const name = longName ?? ustarName(header);
    longName = undefined;
    if (type === "5") continue;
    if (type !== "0" && type !== "\0" && type !== "7")
      throw new Error(`${JSON.stringify(name)} is ${type === "1" || type === "2" ? "a link" : "not a regular file"}`);
    files.push({ path: safePath(name), contents: Buffer.from(data) });
  }
  return files;
}

function text(buffer: Buffer, start: number, length: number): string {
  const field = buffer.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString("utf8");
}

function ustarName(header: Buffer): string {
  const name = text(header, 0, 100);
  const prefix = text(header, 257, 6).startsWith("ustar") ? text(header, 345, 155) : "";
  return prefix ? `${prefix}/${name}` : name;
}

function readSize(header: Buffer): number {
  // Sizes of 8 GB and more are base-256; no file of a sample comes near.
  if (header[124]! & 0x80) throw new Error("a file larger than a sample site holds");
  const size = Number.parseInt(text(header, 124, 12).trim() || "0", 8);
  if (!Number.isSafeInteger(size) || size < 0 || size > maxArchiveBytes)
    throw new Error("a file of an impossible size");
  return size;
}

function checksumMatches(header: Buffer): boolean {
  let sum = 0;
  for (let index = 0; index < block; index++) sum += index >= 148 && index < 156 ? 0x20 : header[index]!;
  return Number.parseInt(text(header, 148, 8).trim(), 8) === sum;
}

/** The `path` record of a pax header: lines of "<length> <key>=<value>\n". */
function paxPath(data: Buffer): string | undefined {
  let found: string | undefined;
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    const length = Number.parseInt(data.subarray(offset, space).toString("utf8"), 10);
    if (space === -1 || !Number.isSafeInteger(length) || length <= 0) break;
    const record = data.subarray(space + 1, offset + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (record.slice(0, equals) === "path") found = record.slice(equals + 1);
    offset += length;
  }
  return found;
}

function safePath(name: string): string {
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  if (
    name.startsWith("/") ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes("\\") ||
    parts.includes("..") ||
    /[\u0000-\u001f]/.test(name) ||
    !parts.length
  )
    throw new Error(`${JSON.stringify(name)} is not a path inside the archive`);
  return parts.join("/");
}
