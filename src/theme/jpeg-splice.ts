// A card's JPEG made from the background's, encoded once, and the band of its words, encoded alone: the blocks of
// a baseline JPEG are coded independently but for each one's DC coefficient, written as the difference from the
// previous block's of its component. The band's blocks, copied into the background's stream in their place,
// need only that difference written again where the two streams meet; the result is the very bytes libjpeg
// writes for the whole card (tests/jpeg-splice.test.ts), at the cost of encoding a quarter of it.

import { type HuffmanTable, peek16, type SplicedJpeg } from "./jpeg-scan.js";

/** Bits written MSB first, each full byte stuffed as JPEG needs it. */
class BitWriter {
  bytes: Uint8Array;
  length = 0;
  private accumulator = 0;
  private pending = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Writes the low `count` bits of `value` (count at most 24). */
  write(value: number, count: number): void {
    this.room(4);
    this.accumulator = ((this.accumulator << count) | (value & ((1 << count) - 1))) >>> 0;
    this.pending += count;
    while (this.pending >= 8) {
      this.pending -= 8;
      const byte = (this.accumulator >>> this.pending) & 0xff;
      this.bytes[this.length++] = byte;
      if (byte === 0xff) this.bytes[this.length++] = 0;
    }
    this.accumulator &= (1 << this.pending) - 1;
  }

  /** Copies bits [from, to) of padded `source`: whole bytes at a time once this writer is at a byte's start. */
  copy(source: Uint8Array, from: number, to: number): void {
    let at = from;
    if (this.pending > 0 && at < to) {
      const count = Math.min(to - at, 8 - this.pending);
      this.write(peek16(source, at) >>> (16 - count), count);
      at += count;
    }
    const whole = (to - at) >>> 3;
    if (whole > 0) {
      this.room(whole * 2);
      const bytes = this.bytes;
      let length = this.length;
      let index = at >>> 3;
      const shift = at & 7;
      for (let left = whole; left > 0; left--, index++) {
        const byte =
          shift === 0 ? source[index]! : ((source[index]! << shift) | (source[index + 1]! >>> (8 - shift))) & 0xff;
        bytes[length++] = byte;
        if (byte === 0xff) bytes[length++] = 0;
      }
      this.length = length;
      at += whole * 8;
    }
    if (at < to) this.write(peek16(source, at) >>> (16 - (to - at)), to - at);
  }

  /** Pads the last byte with ones, as libjpeg does. */
  finish(): void {
    if (this.pending > 0) this.write((1 << (8 - this.pending)) - 1, 8 - this.pending);
  }

  private room(bytes: number): void {
    if (this.length + bytes + 2 <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + bytes + 2));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** The MCUs a region of pixels covers: columns [left, right) and rows [top, bottom), in MCUs. */
export interface McuRegion {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The MCUs a clip of pixels falls in. */
export function mcuRegion(
  base: SplicedJpeg,
  clip: { left: number; top: number; right: number; bottom: number },
): McuRegion {
  return {
    left: Math.floor(clip.left / base.mcuWidth),
    top: Math.floor(clip.top / base.mcuHeight),
    right: Math.ceil(Math.min(clip.right, base.width) / base.mcuWidth),
    bottom: Math.ceil(Math.min(clip.bottom, base.height) / base.mcuHeight),
  };
}

/**
 * The JPEG of `base` with the MCUs of `region` taken from `part`, the JPEG of just that region's pixels
 * encoded with the same settings; undefined when they were not coded alike (their tables differ).
 */
export function splice(
  base: SplicedJpeg,
  part: SplicedJpeg,
  region: McuRegion,
  /** Where the region's first MCU is in `part`: several cards' bands are encoded as one picture, one under another. */
  offset = 0,
): Uint8Array | undefined {
  const across = region.right - region.left;
  if (
    part.tablesKey !== base.tablesKey ||
    part.mcuWidth !== base.mcuWidth ||
    part.mcuHeight !== base.mcuHeight ||
    part.mcusAcross !== across ||
    part.mcus.count < offset + across * (region.bottom - region.top) ||
    part.components.length !== base.components.length
  )
    return undefined;
  const perMcu = base.components.length;
  // Room for the background's bits and the region's (a batch's picture holds sixteen cards'), a little more for
  // stuffing; the writer grows in the rare card that needs more.
  const regionBits = part.mcus.start[offset + across * (region.bottom - region.top)]! - part.mcus.start[offset]!;
  const writer = new BitWriter(base.header.length + base.bits.length + Math.ceil(regionBits / 8) + 1024);
  writer.bytes.set(base.header);
  writer.length = base.header.length;
  const predictors = new Int32Array(perMcu);
  // Bits copied as they come, as one run for as long as the MCUs follow each other in the same stream.
  let run: Uint8Array = base.bits;
  let runFrom = 0;
  let runTo = 0;
  let previous: SplicedJpeg | undefined;
  let previousIndex = -1;
  for (let mcu = 0, row = 0, column = 0; mcu < base.mcus.count; mcu++) {
    const inPart = row >= region.top && row < region.bottom && column >= region.left && column < region.right;
    const source = inPart ? part : base;
    const index = inPart ? offset + (row - region.top) * across + (column - region.left) : mcu;
    const { start, dcStart, dcEnd, firstDc, lastDc } = source.mcus;
    if (source === previous && index === previousIndex + 1) runTo = start[index + 1]!;
    else {
      writer.copy(run, runFrom, runTo);
      // Each component's first block is coded against the block before it here, not in its own stream.
      for (let c = 0; c < perMcu; c++) {
        const slot = index * perMcu + c;
        writeDifference(writer, base.components[c]!.dc, firstDc[slot]! - predictors[c]!);
        if (c + 1 < perMcu) writer.copy(source.bits, dcEnd[slot]!, dcStart[slot + 1]!);
      }
      run = source.bits;
      runFrom = dcEnd[index * perMcu + perMcu - 1]!;
      runTo = start[index + 1]!;
    }
    for (let c = 0; c < perMcu; c++) predictors[c] = lastDc[index * perMcu + c]!;
    previous = source;
    previousIndex = index;
    if (++column === base.mcusAcross) {
      column = 0;
      row++;
    }
  }
  writer.copy(run, runFrom, runTo);
  writer.finish();
  const end = writer.length;
  const out = new Uint8Array(end + 2);
  out.set(writer.bytes.subarray(0, end));
  out[end] = 0xff;
  out[end + 1] = 0xd9;
  return out;
}

function writeDifference(writer: BitWriter, table: HuffmanTable, difference: number): void {
  const magnitude = Math.abs(difference);
  const size = magnitude === 0 ? 0 : 32 - Math.clz32(magnitude);
  writer.write(table.codes[size]!, table.lengths[size]!);
  if (size) writer.write(difference < 0 ? difference + (1 << size) - 1 : difference, size);
}
