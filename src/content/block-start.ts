/**
 * Where a block extension of marked may begin, searched only within the paragraph `source` starts
 * with. Before every paragraph marked asks each block extension where in the whole rest of the text
 * it could start, to end the paragraph there; searching the whole rest each time made a long post's
 * Markdown quadratic (2 MB took 9 s, 5 MB half a minute). A paragraph ends at its first blank line
 * anyway (an empty line, or one of spaces only: marked's own rule), so the text after it needs no search.
 */
export function blockStartInParagraph(source: string, pattern: RegExp): number | undefined {
  const blank = /\n *\n/.exec(source);
  const paragraph = blank ? source.slice(0, blank.index + 1) : source;
  return pattern.exec(paragraph)?.index;
}
