/** A run of an excerpt's text, marked when it is a word the visitor searched for. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return namedEntities[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * Pagefind's excerpt is HTML: escaped text with the matched words in `<mark>`. It is read here as
 * text and marks, which the page then shows as text: nothing of a post's content can become markup
 * in the visitor's browser, whatever the index holds.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<\/?mark>)/)) {
    if (piece === "<mark>") marked = true;
    else if (piece === "</mark>") marked = false;
    else {
      const text = decodeEntities(piece.replace(/<[^>]*>/g, ""));
      if (!text) continue;
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}
