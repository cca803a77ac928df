// Texts of a JSON Resume as the content files hold them: names on one line, paragraphs kept.

/** Text on one line, its runs of whitespace one space: a name, a keyword. */
export function oneLine(text: string | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** Texts on one line each, blanks left out (and repeats, with `distinct`); none when nothing is left. */
export function linesOf(texts: string[] | undefined, { distinct = false } = {}): string[] | undefined {
  const lines = (texts ?? []).map(oneLine).filter(Boolean);
  const kept = distinct ? [...new Set(lines)] : lines;
  return kept.length ? kept : undefined;
}

/** Plain text with its paragraphs kept (a blank line between them), each paragraph's whitespace one space. */
export function paragraphs(text: string | undefined): string {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map(oneLine)
    .filter(Boolean)
    .join("\n\n");
}
