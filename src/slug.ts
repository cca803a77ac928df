/**
 * The id fragment a heading gets from its text ("AI/ML" → "ai-ml", "Comunicação" → "comunicação"):
 * letters and digits of any script, the rest folded into single dashes.
 */
export function idFragment(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The texts that would give an element the same id as an earlier text did (with that earlier
 * text), and those with no letter or digit at all, which give no usable id.
 */
export function clashingIds(
  texts: readonly string[],
): Array<{ index: number; text: string; clashesWith: string | undefined }> {
  const seen = new Map<string, string>();
  const clashes: Array<{ index: number; text: string; clashesWith: string | undefined }> = [];
  texts.forEach((text, index) => {
    const id = idFragment(text);
    if (!id) clashes.push({ index, text, clashesWith: undefined });
    else if (seen.has(id)) clashes.push({ index, text, clashesWith: seen.get(id) });
    else seen.set(id, text);
  });
  return clashes;
}

/**
 * Names Windows keeps for devices, alone or before an extension (`con`, `nul.md`, `com1`, `lpt¹`):
 * a file of that name cannot be opened there, so a project with one cannot be cloned there.
 */
export function isWindowsReservedName(name: string): boolean {
  return /^(con|prn|aux|nul|conin\$|conout\$|com[1-9¹²³]|lpt[1-9¹²³])(\.|$)/iu.test(name);
}

/**
 * File names stay under 200 bytes of UTF-8, so that a name of four-byte letters with a `-1000.md`
 * suffix still fits the 255 bytes most file systems allow.
 */
const maxFileNameBytes = 200;

/**
 * A slug made fit to be a file name: at most `maxLength` characters, cut between words (at a dash)
 * when it is longer, and never a name Windows reserves (`con` becomes `con-<reservedSuffix>`).
 * Empty when the slug is.
 */
export function fileSlug(
  slug: string,
  { maxLength, reservedSuffix }: { maxLength: number; reservedSuffix: string },
): string {
  const capped = capAtWord(slug, maxLength).replace(/-+$/, "");
  return isWindowsReservedName(capped) ? `${capped}-${reservedSuffix}` : capped;
}

/** `text` cut to `maxLength` characters and `maxFileNameBytes` bytes, at its last dash when it has one. */
function capAtWord(text: string, maxLength: number): string {
  const letters = [...text];
  let kept = 0;
  for (let bytes = 0; kept < Math.min(letters.length, maxLength); kept++) {
    bytes += utf8Length(letters[kept]!.codePointAt(0)!);
    if (bytes > maxFileNameBytes) break;
  }
  if (kept === letters.length) return text;
  const head = letters.slice(0, kept).join("");
  if (letters[kept] === "-") return head;
  const lastDash = head.lastIndexOf("-");
  return lastDash > 0 ? head.slice(0, lastDash) : head;
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}
