/**
 * Turns a markup file's bytes into the text a browser would read, or says why it cannot be
 * checked. The check must see the characters the browser sees: a UTF-16 file read as UTF-8 shows
 * no `<script` to a text search, though a browser runs it.
 */
export type Decoded = { text: string; encoding: string } | { problem: string };

const byteOrderMarks: Array<{ bytes: number[]; encoding: string }> = [
  // UTF-32 first: its little-endian mark begins with UTF-16's.
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: "utf-32le" },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: "utf-32be" },
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];

/**
 * Encodings that keep every ASCII byte an ASCII character: whichever of them a browser picks (the
 * declared one, or UTF-8 from a host's header), the tags, quotes and names are the same bytes.
 */
const asciiCompatible = new Set(["utf-8", "windows-1252"]);

const saveAsUtf8 = "save it as UTF-8";

export function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  const found = byteOrderMarks.find(({ bytes: mark }) => mark.every((byte, index) => bytes[index] === byte));
  return found && { encoding: found.encoding, length: found.bytes.length };
}

/**
 * An XML file, decoded as XML 1.0 (appendix F) and browsers do: the byte-order mark, else UTF-16
 * recognised from `<?` without one, else the encoding its declaration names, else UTF-8.
 */
export function decodeXml(bytes: Uint8Array): Decoded {
  const mark = byteOrderMark(bytes);
  if (mark?.encoding.startsWith("utf-32")) return { problem: `is UTF-32, which browsers cannot read: ${saveAsUtf8}` };
  if (mark) return decodeStrictly(bytes.subarray(mark.length), mark.encoding);
  if (startsWith(bytes, [0x3c, 0x00, 0x3f, 0x00])) return decodeStrictly(bytes, "utf-16le");
  if (startsWith(bytes, [0x00, 0x3c, 0x00, 0x3f])) return decodeStrictly(bytes, "utf-16be");
  const declared = declaredXmlEncoding(bytes);
  if (declared === undefined) return decodeStrictly(bytes, "utf-8");
  const encoding = knownEncoding(declared);
  if (!encoding || !asciiCompatible.has(encoding)) {
    return {
      problem: `is declared as ${JSON.stringify(declared)}${encoding?.startsWith("utf-16") ? " without a byte-order mark" : ""}, an encoding public/ cannot check: ${saveAsUtf8}`,
    };
  }
  return decodeStrictly(bytes, encoding);
}

/**
 * An HTML file: by its byte-order mark, else as UTF-8 (windows-1252 when it is not valid UTF-8).
 * Without a mark a browser may guess the encoding, so the bytes that would let a guess change the
 * markup are refused: NUL (UTF-16 without a mark) and ESC (ISO-2022-JP switches). Any other guess
 * keeps ASCII where it is. A `<meta charset>` other than UTF-8 is refused by the markup rules.
 */
export function decodeHtml(bytes: Uint8Array): Decoded {
  const mark = byteOrderMark(bytes);
  if (mark?.encoding.startsWith("utf-32")) return { problem: `is UTF-32, which browsers cannot read: ${saveAsUtf8}` };
  if (mark) return decodeStrictly(bytes.subarray(mark.length), mark.encoding);
  if (bytes.includes(0x00))
    return {
      problem: `holds NUL bytes (UTF-16 without a byte-order mark?), which leaves its encoding to a browser's guess: ${saveAsUtf8}`,
    };
  if (bytes.includes(0x1b))
    return { problem: `holds ESC bytes (ISO-2022-JP?), which leaves its encoding to a browser's guess: ${saveAsUtf8}` };
  const utf8 = decodeStrictly(bytes, "utf-8");
  return "text" in utf8 ? utf8 : decodeStrictly(bytes, "windows-1252");
}

/** The `encoding` of an XML declaration, read from the bytes as ASCII (it must be ASCII to be found). */
function declaredXmlEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 256)).toString("latin1");
  return /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(head)?.[1];
}

/** The WHATWG name of an encoding label ("latin1" → "windows-1252"), or undefined. */
function knownEncoding(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function decodeStrictly(bytes: Uint8Array, encoding: string): Decoded {
  try {
    return { text: new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes), encoding };
  } catch {
    return { problem: `is not valid ${encoding.toUpperCase()}: ${saveAsUtf8}` };
  }
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
