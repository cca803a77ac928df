import { open } from "node:fs/promises";

/** A video's picture, in pixels as it is shown. */
export interface VideoSize {
  width: number;
  height: number;
}

/**
 * A video's width and height, read from its bytes as a player reads them, so that its page keeps its
 * place before it loads (`::video`): an MP4's track header (`moov/trak/tkhd`, turned a quarter when
 * its matrix says so, as a phone's portrait recording is) or a WebM's `Tracks/TrackEntry/Video`.
 * Only the boxes and elements on the way are read, wherever in the file they are; a file that is
 * neither, or has no picture, is refused as images are: by what its bytes are, not by its name.
 */
export async function readVideoSize(file: string): Promise<VideoSize | { problem: string }> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const read = async (offset: number, length: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      if (buffer.length) await handle.read(buffer, 0, buffer.length, offset);
      return buffer;
    };
    const head = await read(0, 64);
    if (head.subarray(4, 8).toString("latin1") === "ftyp") return orProblem(await mp4Size(read, size), "an MP4");
    if (head.readUInt32BE(0) === 0x1a45dfa3 && head.includes("webm", 0, "latin1"))
      return orProblem(await webmSize(read, size), "a WebM");
    return { problem: "is not a video its bytes show: expected an MP4 or WebM file" };
  } finally {
    await handle.close();
  }
}

type Read = (offset: number, length: number) => Promise<Buffer>;

function orProblem(size: { width: number; height: number } | undefined, kind: string) {
  return size && size.width > 0 && size.height > 0
    ? size
    : { problem: `is ${kind} file without a picture's width and height: expected a video track` };
}

/** MP4's boxes on the way to a track's header; every other box is stepped over by its size. */
const mp4Containers = new Set(["moov", "trak"]);

async function mp4Size(read: Read, end: number, start = 0): Promise<{ width: number; height: number } | undefined> {
  for (let offset = start; offset + 8 <= end; ) {
    const header = await read(offset, 16);
    if (header.length < 8) return undefined;
    let size = header.readUInt32BE(0);
    const type = header.subarray(4, 8).toString("latin1");
    let body = offset + 8;
    if (size === 1) {
      if (header.length < 16) return undefined;
      size = Number(header.readBigUInt64BE(8));
      body = offset + 16;
    } else if (size === 0) size = end - offset;
    if (size < body - offset) return undefined;
    if (mp4Containers.has(type)) {
      const found = await mp4Size(read, Math.min(end, offset + size), body);
      if (found) return found;
    } else if (type === "tkhd") {
      const found = trackHeaderSize(await read(body, Math.min(size - (body - offset), 128)));
      if (found) return found;
    }
    offset += size;
  }
  return undefined;
}

/** A track header's width and height (16.16 fixed point), swapped when its matrix turns it a quarter. */
function trackHeaderSize(box: Buffer): { width: number; height: number } | undefined {
  const version = box[0];
  const matrix = version === 1 ? 52 : 40;
  if (box.length < matrix + 44) return undefined;
  const width = Math.round(box.readUInt32BE(matrix + 36) / 65536);
  const height = Math.round(box.readUInt32BE(matrix + 40) / 65536);
  if (!width || !height) return undefined;
  const [a, , , , d] = [0, 4, 8, 12, 16].map((at) => box.readInt32BE(matrix + at));
  return a === 0 && d === 0 ? { width: height, height: width } : { width, height };
}

/** WebM's (Matroska's) elements on the way to a track's picture, and the sizes in it. */
const ebml = {
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  displayWidth: 0x54b0,
  displayHeight: 0x54ba,
  cluster: 0x1f43b675,
};
const ebmlContainers = new Set([ebml.segment, ebml.tracks, ebml.trackEntry]);

/** A variable-length integer at `at`: its value (the length marker kept for an id, dropped for a size) and length. */
function vint(
  buffer: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | undefined {
  const first = buffer[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > buffer.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    value = value * 256 + buffer[at + index]!;
    allOnes &&= buffer[at + index] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

async function webmSize(read: Read, end: number, start = 0): Promise<{ width: number; height: number } | undefined> {
  for (let offset = start; offset < end; ) {
    const header = await read(offset, 12);
    const id = vint(header, 0, true);
    const size = id && vint(header, id.length, false);
    if (!id || !size) return undefined;
    const body = offset + id.length + size.length;
    // A segment of unknown size (a recording streamed as it was made) runs to the end of the file;
    // a cluster of unknown size cannot be stepped over, and the tracks come before the clusters.
    const elementEnd = size.unknown ? end : Math.min(end, body + size.value);
    if (size.unknown && id.value !== ebml.segment) return undefined;
    if (ebmlContainers.has(id.value)) {
      const found = await webmSize(read, elementEnd, body);
      if (found) return found;
    } else if (id.value === ebml.video) {
      const found = videoElementSize(await read(body, Math.min(size.value, 256)));
      if (found) return found;
    } else if (id.value === ebml.cluster) return undefined;
    offset = elementEnd;
  }
  return undefined;
}

/** The Video element's display size when it gives one, else its pixels. */
function videoElementSize(video: Buffer): { width: number; height: number } | undefined {
  const values = new Map<number, number>();
  for (let at = 0; at < video.length; ) {
    const id = vint(video, at, true);
    const size = id && vint(video, at + id.length, false);
    if (!id || !size) break;
    const body = at + id.length + size.length;
    if (size.value >= 1 && size.value <= 6 && body + size.value <= video.length)
      values.set(id.value, video.readUIntBE(body, size.value));
    at = body + size.value;
  }
  const width = values.get(ebml.displayWidth) ?? values.get(ebml.pixelWidth);
  const height = values.get(ebml.displayHeight) ?? values.get(ebml.pixelHeight);
  return width && height ? { width, height } : undefined;
}
