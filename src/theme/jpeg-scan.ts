// Baseline JPEGs read for splicing (jpeg-splice.ts): where each MCU's bits are in the scan, and the DC values a
// splice codes again. Only the Huffman codes are walked; no coefficient is decoded.
/** A component's sampling and the Huffman tables its scan uses. */
interface ScanComponent {
  blocks: number;
  dc: HuffmanTable;
  ac: HuffmanTable;
}

export interface HuffmanTable {
  /** For each 16 bits that may follow, the code they start with: its length << 8 | its symbol (0: no code). */
  lookup: Uint16Array;
  /**
   * For an AC table, what reading the code the 16 bits start with does: the bits it and its value take (low 5
   * bits), then the coefficients it passes (its zeros and itself), 64 for the end of the block; 0: no code.
   */
  skip: Uint16Array;
  /** Each symbol's code and length, to write a DC difference again. */
  codes: Uint16Array;
  lengths: Uint8Array;
}

/** A baseline JPEG read for splicing: its headers, its scan's bits, and where each MCU is in them. */
export interface SplicedJpeg {
  width: number;
  height: number;
  /** An MCU's size in pixels, across and down. */
  mcuWidth: number;
  mcuHeight: number;
  mcusAcross: number;
  /** The bytes up to the scan's data: the tables, the frame and the scan's header, as the encoder wrote them. */
  header: Uint8Array;
  /** The Huffman tables' segments, to check that another JPEG was coded with the same ones. */
  tablesKey: string;
  /** The tables read from each segment, by its bytes (hex), for `readForSplice`'s `like`. */
  tablesBySegment: Map<string, Map<number, HuffmanTable>>;
  components: ScanComponent[];
  mcus: McuTable;
  /** The scan's data without its byte stuffing, padded with ones (`padding`). */
  bits: Uint8Array;
}

/**
 * Where each MCU's bits are, and per component the span of its first block's DC code, that block's DC value
 * and its last block's (the next MCU's first block is coded against it). Flat arrays: a card has 3,000 MCUs.
 */
export interface McuTable {
  count: number;
  /** MCU i's bits are [start[i], start[i + 1]). */
  start: Int32Array;
  /** Per MCU and component (index i * components + c): the first block's DC code's start and end, and values. */
  dcStart: Int32Array;
  dcEnd: Int32Array;
  firstDc: Int32Array;
  lastDc: Int32Array;
}

/**
 * Reads a baseline JPEG with one interleaved scan and no restart markers; undefined for any other. The tables
 * of `like` (a JPEG coded as this one is) are taken as they are, not made again: a card's band is read per card.
 */
export function readForSplice(jpeg: Uint8Array, like?: SplicedJpeg): SplicedJpeg | undefined {
  const tables = new Map<number, HuffmanTable>();
  const tablesBySegment = new Map<string, Map<number, HuffmanTable>>();
  const tableSegments: string[] = [];
  let frame: { width: number; height: number; sampling: Array<{ id: number; h: number; v: number }> } | undefined;
  let at = 2;
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) return undefined;
    const marker = jpeg[at + 1]!;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    const segment = jpeg.subarray(at + 4, at + 2 + length);
    if (marker === 0xc4) {
      const key = Buffer.from(segment).toString("hex");
      tableSegments.push(key);
      const known = like?.tablesBySegment.get(key);
      if (known) for (const [id, table] of known) tables.set(id, table);
      else {
        const read = readHuffmanTables(segment);
        if (!read) return undefined;
        tablesBySegment.set(key, read);
        for (const [id, table] of read) tables.set(id, table);
      }
    } else if (marker === 0xc0) {
      if (segment[0] !== 8) return undefined;
      const sampling = Array.from({ length: segment[5]! }, (_, index) => ({
        id: segment[6 + index * 3]!,
        h: segment[7 + index * 3]! >> 4,
        v: segment[7 + index * 3]! & 15,
      }));
      frame = { height: (segment[1]! << 8) | segment[2]!, width: (segment[3]! << 8) | segment[4]!, sampling };
    } else if (marker === 0xdd || (marker >= 0xc1 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc)) {
      // Restart markers, or a progressive, lossless or arithmetic-coded frame: not spliced.
      return undefined;
    } else if (marker === 0xda) {
      if (!frame) return undefined;
      const scanEnd = at + 2 + length;
      const scan = readScan(jpeg, jpeg.subarray(0, scanEnd), segment, frame, tables, tableSegments.join(""), scanEnd);
      return scan && { ...scan, tablesBySegment: new Map([...(like?.tablesBySegment ?? []), ...tablesBySegment]) };
    }
    at += 2 + length;
  }
  return undefined;
}

function readScan(
  jpeg: Uint8Array,
  header: Uint8Array,
  scanHeader: Uint8Array,
  frame: { width: number; height: number; sampling: Array<{ id: number; h: number; v: number }> },
  tables: Map<number, HuffmanTable>,
  tablesKey: string,
  dataStart: number,
): Omit<SplicedJpeg, "tablesBySegment"> | undefined {
  const count = scanHeader[0]!;
  if (count !== frame.sampling.length || count === 1) return undefined;
  const components: ScanComponent[] = [];
  for (let index = 0; index < count; index++) {
    const sampling = frame.sampling[index]!;
    const selectors = scanHeader[2 + index * 2]!;
    const dc = tables.get(selectors >> 4);
    const ac = tables.get(16 | (selectors & 15));
    if (scanHeader[1 + index * 2] !== sampling.id || !dc || !ac) return undefined;
    components.push({ blocks: sampling.h * sampling.v, dc, ac });
  }
  const maxH = Math.max(...frame.sampling.map((each) => each.h));
  const maxV = Math.max(...frame.sampling.map((each) => each.v));
  const mcuWidth = maxH * 8;
  const mcuHeight = maxV * 8;
  const mcusAcross = Math.ceil(frame.width / mcuWidth);
  const mcuCount = mcusAcross * Math.ceil(frame.height / mcuHeight);
  const bits = unstuffed(jpeg, dataStart);
  if (!bits) return undefined;
  const mcus = decodeMcus(bits, components, mcuCount);
  if (!mcus) return undefined;
  return { ...frame, mcuWidth, mcuHeight, mcusAcross, header, tablesKey, components, mcus, bits };
}

/**
 * The scan's bytes from `start` to its end (the EOI marker) with each stuffed 0x00 after 0xFF taken out, and
 * followed by four bytes of ones (what a reader past the end sees, as the encoder pads), so reading needs no check.
 */
function unstuffed(jpeg: Uint8Array, start: number): Uint8Array | undefined {
  const out = new Uint8Array(jpeg.length - start + padding).fill(0xff);
  let length = 0;
  for (let at = start; at < jpeg.length; at++) {
    const byte = jpeg[at]!;
    if (byte !== 0xff) {
      out[length++] = byte;
      continue;
    }
    const next = jpeg[at + 1];
    if (next === 0x00) {
      out[length++] = 0xff;
      at++;
    } else return next === 0xd9 ? out.subarray(0, length + padding) : undefined;
  }
  return undefined;
}

function readHuffmanTables(segment: Uint8Array): Map<number, HuffmanTable> | undefined {
  const tables = new Map<number, HuffmanTable>();
  let at = 0;
  while (at < segment.length) {
    const classAndId = segment[at]!;
    const counts = segment.subarray(at + 1, at + 17);
    const total = counts.reduce((sum, each) => sum + each, 0);
    const symbols = segment.subarray(at + 17, at + 17 + total);
    if (symbols.length !== total) return undefined;
    tables.set(((classAndId >> 4) << 4) | (classAndId & 15), huffmanTable(counts, symbols));
    at += 17 + total;
  }
  return tables;
}

/** The canonical codes of a table (the JPEG standard's Annex C), as a lookup on 16 bits and by symbol. */
function huffmanTable(counts: Uint8Array, symbols: Uint8Array): HuffmanTable {
  const lookup = new Uint16Array(1 << 16);
  const codes = new Uint16Array(256);
  const lengths = new Uint8Array(256);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    for (let each = 0; each < counts[length - 1]!; each++) {
      const symbol = symbols[index++]!;
      codes[symbol] = code;
      lengths[symbol] = length;
      const from = code << (16 - length);
      lookup.fill((length << 8) | symbol, from, from + (1 << (16 - length)));
      code++;
    }
    code <<= 1;
  }
  const skip = new Uint16Array(1 << 16);
  for (let bits = 0; bits < 1 << 16; bits++) {
    const entry = lookup[bits]!;
    if (entry === 0) continue;
    const run = (entry & 0xff) >> 4;
    const size = entry & 15;
    const passed = size === 0 ? (run === 15 ? 16 : 64) : run + 1;
    skip[bits] = (passed << 5) | ((entry >> 8) + size);
  }
  return { lookup, codes, lengths, skip };
}

/** Bytes of ones after a scan's bits: `peek16` reads up to three bytes from where it is. */
const padding = 4;

/** The 16 bits from bit `at`, in a scan's padded bits. */
export function peek16(bits: Uint8Array, at: number): number {
  const byte = at >>> 3;
  return (((bits[byte]! << 16) | (bits[byte + 1]! << 8) | bits[byte + 2]!) >>> (8 - (at & 7))) & 0xffff;
}

/** A DC difference of `size` bits as the standard codes it (F.12: a leading 0 marks a negative one). */
function extend(value: number, size: number): number {
  return value < 1 << (size - 1) ? value - (1 << size) + 1 : value;
}

/** Walks the scan block by block, noting each MCU's start and its first blocks' DC codes; undefined if it is cut. */
function decodeMcus(bits: Uint8Array, components: ScanComponent[], count: number): McuTable | undefined {
  const perMcu = components.length;
  const table: McuTable = {
    count,
    start: new Int32Array(count + 1),
    dcStart: new Int32Array(count * perMcu),
    dcEnd: new Int32Array(count * perMcu),
    firstDc: new Int32Array(count * perMcu),
    lastDc: new Int32Array(count * perMcu),
  };
  const predictors = new Int32Array(perMcu);
  const limit = (bits.length - padding) * 8;
  let at = 0;
  for (let mcu = 0; mcu < count; mcu++) {
    table.start[mcu] = at;
    for (let c = 0; c < perMcu; c++) {
      const { blocks, dc, ac } = components[c]!;
      const slot = mcu * perMcu + c;
      for (let block = 0; block < blocks; block++) {
        const start = at;
        const entry = dc.lookup[peek16(bits, at)]!;
        if (entry === 0) return undefined;
        at += entry >> 8;
        const size = entry & 0xff;
        const difference = size ? extend((peek16(bits, at) >>> (16 - size)) & ((1 << size) - 1), size) : 0;
        at += size;
        predictors[c] = predictors[c]! + difference;
        if (block === 0) {
          table.dcStart[slot] = start;
          table.dcEnd[slot] = at;
          table.firstDc[slot] = predictors[c]!;
        }
        const skip = ac.skip;
        for (let k = 1; k < 64; ) {
          const step = skip[peek16(bits, at)]!;
          if (step === 0) return undefined;
          at += step & 31;
          k += step >> 5;
        }
      }
      table.lastDc[slot] = predictors[c]!;
    }
    if (at > limit) return undefined;
  }
  table.start[count] = at;
  return table;
}
