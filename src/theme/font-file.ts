import { open } from "node:fs/promises";
import { brotliDecompressSync, inflateSync } from "node:zlib";
import { describeThrown, portfolioError } from "../errors.js";

/** A font's vertical metrics and average character width, in its own units (as @capsizecss/unpack reads them). */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

/**
 * A font file's bytes, read only when the file and the data it unpacks to are of a size a web
 * font can have. WOFF2 is one Brotli stream and WOFF one zlib stream per table; the font
 * libraries (fontkitten, which @capsizecss/unpack uses too) inflate them whole, without a limit,
 * so a 2 kB file could make the build hold gigabytes. Here the sizes the header declares are
 * read first, then the streams are inflated by Node with the declared size as their limit, before
 * any library sees the file.
 */

/**
 * The most a font file may be, and the most its tables may unpack to: twice the largest real web
 * fonts (a variable CJK font such as Noto Sans SC is about 17 MB as TTF, 7 MB as WOFF2), far
 * below what would strain the build's memory.
 */
export const maxFontBytes = 32 * 1024 * 1024;

/** Why a font file is refused: too large, or not what its header says. */
export interface FontFileProblem {
  kind: "FontTooLarge" | "FontUnreadable";
  problem: string;
}

export type FontFileRead = { bytes: Buffer } | FontFileProblem;

/** The file's bytes, or why they may not be read as a font; a file that cannot be read at all throws. */
export async function readFontFile(file: string, limit = maxFontBytes): Promise<FontFileRead> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    if (size > limit) return tooLarge(`is ${megabytes(size)}`, limit);
    const bytes = await handle.readFile();
    const problem = fontDataProblem(bytes, limit);
    return problem ?? { bytes };
  } finally {
    await handle.close();
  }
}

/**
 * The bytes of a font the config's `field` names, or the error naming the config, the field and
 * the file (`shown`, as the owner knows it).
 */
export async function readCheckedFont(
  file: string,
  shown: string,
  field: string,
  configLabel: string,
): Promise<Buffer> {
  let read: FontFileRead;
  try {
    read = await readFontFile(file);
  } catch (cause) {
    throw portfolioError("FontUnreadable", [configLabel, field, `${shown} cannot be read (${describeThrown(cause)})`], {
      cause,
    });
  }
  if ("problem" in read) throw portfolioError(read.kind, [configLabel, field, `${shown} ${read.problem}`]);
  return read.bytes;
}

/** What is wrong with a font's compressed data, or undefined when it unpacks to what it declares, within the limit. */
export function fontDataProblem(bytes: Uint8Array, limit = maxFontBytes): FontFileProblem | undefined {
  if (bytes.byteLength > limit) return tooLarge(`is ${megabytes(bytes.byteLength)}`, limit);
  const signature = Buffer.from(bytes.subarray(0, 4)).toString("latin1");
  try {
    if (signature === "wOF2") return woff2Problem(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limit);
    if (signature === "wOFF") return woffProblem(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limit);
  } catch (error) {
    if (error instanceof RangeError && (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
      return unreadable("its compressed data unpacks to more than its header declares");
    return unreadable(`its ${signature === "wOF2" ? "WOFF2" : "WOFF"} data is damaged (${(error as Error).message})`);
  }
  // TrueType and OpenType files are not compressed: their size is what they hold.
  return undefined;
}

/**
 * WOFF2 (W3C WOFF2 §5): a 48-byte header, a table directory whose lengths are UIntBase128, then
 * one Brotli stream of `totalCompressedSize` bytes that unpacks to the tables, one after another.
 */
function woff2Problem(bytes: Buffer, limit: number): FontFileProblem | undefined {
  const flavor = bytes.toString("latin1", 4, 8);
  const numTables = bytes.readUInt16BE(12);
  const totalSfntSize = bytes.readUInt32BE(16);
  const totalCompressedSize = bytes.readUInt32BE(20);
  if (totalSfntSize > limit)
    return tooLarge(`declares ${megabytes(totalSfntSize)} of font data (totalSfntSize)`, limit);
  if (flavor === "ttcf") return unreadable("it is a font collection: name one font file");
  let offset = 48;
  let unpacked = 0;
  for (let table = 0; table < numTables; table++) {
    const flags = bytes.readUInt8(offset++);
    const tag = flags & 0x3f;
    if (tag === 0x3f) offset += 4;
    const [length, afterLength] = base128(bytes, offset);
    offset = afterLength;
    // glyf and loca (tags 10 and 11) are transformed with version 0; the others with versions 1–3.
    const transformVersion = flags >> 6;
    const transformed = tag === 10 || tag === 11 ? transformVersion === 0 : transformVersion !== 0;
    let stored = length;
    if (transformed) {
      const [transformLength, afterTransform] = base128(bytes, offset);
      offset = afterTransform;
      stored = transformLength;
    }
    unpacked += stored;
    if (length > limit || unpacked > limit)
      return tooLarge(`declares tables of more than ${megabytes(limit)} in its table directory`, limit);
  }
  if (offset + totalCompressedSize > bytes.byteLength)
    return unreadable("its compressed data is shorter than its header says (totalCompressedSize)");
  const tables = brotliDecompressSync(bytes.subarray(offset, offset + totalCompressedSize), {
    maxOutputLength: Math.max(1, unpacked),
  });
  return tables.byteLength === unpacked
    ? undefined
    : unreadable("its compressed data does not unpack to the tables its directory lists");
}

/**
 * WOFF 1.0: a 44-byte header, then 20 bytes a table (tag, offset, compLength, origLength,
 * checksum); a table whose compLength is below its origLength is a zlib stream.
 */
function woffProblem(bytes: Buffer, limit: number): FontFileProblem | undefined {
  const numTables = bytes.readUInt16BE(12);
  const totalSfntSize = bytes.readUInt32BE(16);
  if (totalSfntSize > limit)
    return tooLarge(`declares ${megabytes(totalSfntSize)} of font data (totalSfntSize)`, limit);
  let unpacked = 0;
  for (let table = 0; table < numTables; table++) {
    const entry = 44 + table * 20;
    const offset = bytes.readUInt32BE(entry + 4);
    const compLength = bytes.readUInt32BE(entry + 8);
    const origLength = bytes.readUInt32BE(entry + 12);
    unpacked += origLength;
    if (unpacked > limit)
      return tooLarge(`declares tables of more than ${megabytes(limit)} in its table directory`, limit);
    if (offset + compLength > bytes.byteLength) return unreadable("a table lies past the end of the file");
    if (compLength >= origLength) continue;
    const inflated = inflateSync(bytes.subarray(offset, offset + compLength), {
      maxOutputLength: Math.max(1, origLength),
    });
    if (inflated.byteLength !== origLength)
      return unreadable("a table does not unpack to the length its directory lists");
  }
  return undefined;
}

/** A UIntBase128 of WOFF2: at most five bytes, seven bits each, no leading zeros, within 32 bits. */
function base128(bytes: Buffer, offset: number): [number, number] {
  let value = 0;
  for (let index = 0; index < 5; index++) {
    const byte = bytes.readUInt8(offset + index);
    if (index === 0 && byte === 0x80) throw new Error("a table length has a leading zero");
    if (value > 0x1ffffff) throw new Error("a table length is over 32 bits");
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) return [value, offset + index + 1];
  }
  throw new Error("a table length is longer than five bytes");
}

function tooLarge(what: string, limit: number): FontFileProblem {
  return { kind: "FontTooLarge", problem: `${what}, more than the ${megabytes(limit)} a font may hold` };
}

function unreadable(problem: string): FontFileProblem {
  return { kind: "FontUnreadable", problem: `is not a font file portfolio can read (${problem})` };
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`;
}
