import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { Parser, type ReadEntry } from "tar";
import {
  ArchiveRefused,
  sampleLimits,
  sizeText,
  type ArchiveCollector,
  type EntryKind,
  type FileReading,
} from "./archive-rules.js";

/** A stream that is not a tar archive (or a gzipped one): corrupt, truncated or something else. */
export class ArchiveUnreadable extends Error {}

/**
 * Reads a tar archive (gzipped or not, as `npm pack` writes it) into `collector`, which checks each
 * entry before it is read. The archive is a stream, inflated as it is read and never past
 * `maxUnpacked` bytes: a small gzip that unpacks to gigabytes is refused once that many bytes came
 * out, and the rest is never read. Headers, pax and GNU long names and checksums are npm's own
 * `tar`'s; what an entry is and where it may go are the collector's.
 */
export async function readTarball(
  source: AsyncIterable<Buffer>,
  collector: ArchiveCollector,
  maxUnpacked = sampleLimits.totalBytes,
): Promise<void> {
  let failure: Error | undefined;
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
  };
  /** The parser calls back synchronously: a refusal is kept, and thrown once its write returns. */
  const guarded = (action: () => void) => {
    if (failure) return;
    try {
      action();
    } catch (error) {
      fail(error);
    }
  };
  const parser = new Parser({
    strict: true,
    // tar's own path rewriting (stripping "/" and "..") is off: such a path is refused, not repaired.
    preservePaths: true,
    maxMetaEntrySize: 1024 * 1024,
    onReadEntry: (entry: ReadEntry) => {
      let reading: FileReading | undefined;
      guarded(() => {
        const kept = collector.admit(entry.path, kindOf(entry), entry.size ?? 0);
        if (kept !== undefined && entry.type !== "Directory") reading = collector.read(entry.path, kept);
      });
      if (!reading) return void entry.resume();
      // After a failure the rest of the entry flows past unread, and the archive is read no further.
      entry.on("data", (chunk: Buffer) => guarded(() => reading!.push(chunk)));
      entry.on("end", () => guarded(() => reading!.end()));
    },
  });
  parser.on("error", (error: Error) => fail(new ArchiveUnreadable(error.message)));
  const { head, whole } = await peek(unpacked(source, maxUnpacked), 4);
  try {
    // tar's parser would inflate a gzip (or zstd) inside the gzip on its own, without the cap: refused.
    if (isGzip(head) || isZstd(head)) throw new ArchiveUnreadable("it is compressed twice");
    for await (const chunk of whole) {
      parser.write(chunk);
      if (failure) throw failure;
    }
    parser.end();
    if (failure) throw failure;
  } finally {
    await whole.return?.();
  }
}

function kindOf(entry: ReadEntry): EntryKind {
  switch (entry.type) {
    case "File":
    case "OldFile":
    case "ContiguousFile":
      return "file";
    case "Directory":
      return "folder";
    case "Link":
    case "SymbolicLink":
      return "link";
    default:
      return "other";
  }
}

/** The archive's bytes as a tar stream: inflated as they come when gzipped, and refused past `max` bytes. */
async function* unpacked(source: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  const { head, whole } = await peek(source, 2);
  const bytes = isGzip(head) ? inflated(whole) : whole;
  let count = 0;
  for await (const chunk of bytes) {
    count += chunk.length;
    if (count > max) throw new ArchiveRefused(undefined, `unpacked, the sample holds more than ${sizeText(max)}`);
    yield chunk;
  }
}

function inflated(gzipped: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  const gunzip = createGunzip();
  // pipeline: an error on either side ends both; stopping to read the output stops reading the input.
  pipeline(Readable.from(gzipped), gunzip, () => undefined);
  return (async function* () {
    try {
      yield* gunzip;
    } catch (cause) {
      if (cause instanceof ArchiveRefused) throw cause;
      throw new ArchiveUnreadable(`its gzip does not inflate: ${(cause as Error).message}`);
    }
  })();
}

/**
 * The first `size` bytes of a stream (fewer when it is shorter), and the whole stream from its
 * start; returning `whole` (as `for await` does when it stops early) ends the stream.
 */
async function peek(
  source: AsyncIterable<Buffer>,
  size: number,
): Promise<{ head: Buffer; whole: AsyncIterableIterator<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) break;
    read.push(next.value);
    length += next.value.length;
  }
  let start: Buffer | undefined = Buffer.concat(read);
  const whole: AsyncIterableIterator<Buffer> = {
    [Symbol.asyncIterator]: () => whole,
    next: async () => {
      const first = start;
      start = undefined;
      return first?.length ? { done: false, value: first } : iterator.next();
    },
    return: async () => {
      await iterator.return?.();
      return { done: true, value: undefined };
    },
  };
  return { head: Buffer.concat(read).subarray(0, size), whole };
}

function isGzip(head: Buffer): boolean {
  return head[0] === 0x1f && head[1] === 0x8b;
}

function isZstd(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32LE(0) === 0xfd2fb528;
}
