/**
 * The id fragment a heading gets from its text ("AI/ML" → "ai-ml", "Comunicação" → "comunicação"):
 * letters and digits of any script, the rest folded into single dashes.
 */
export function idFragment(text: string): string {
  return text.toLowerCase().normalize("NFC").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");
}

/**
 * The texts that would give an element the same id as an earlier text did (with that earlier
 * text), and those with no letter or digit at all, which give no usable id.
 */
export function clashingIds(texts: readonly string[]): Array<{ index: number; text: string; clashesWith: string | undefined }> {
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
