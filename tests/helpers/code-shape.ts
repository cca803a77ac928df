/**
 * The shape src/ keeps (CONTRIBUTING.md, "Code shape"): no line over 120 characters but for its strings,
 * template text and URLs, which cannot be broken without changing what they say; no file over 400 lines
 * without a comment at its top saying why it is long. TypeScript's own parser tells a string from code.
 */
import ts from "typescript";

export const maxLineLength = 120;
export const maxFileLines = 400;
/** What the comment at the top of a long file says: "Long because …" or "This file is long because …". */
export const lengthReason = /\blong because\b/i;

/** Offsets in a file's text, end excluded. */
type Span = readonly [start: number, end: number];

/**
 * The 1-based numbers of the lines of `text` longer than `limit` characters that would still be too long
 * with their string literals, template literals' text and URLs taken out.
 */
export function overlongLines(file: string, text: string, limit = maxLineLength): number[] {
  const strings = file.endsWith(".css") ? cssStringSpans(text) : scriptStringSpans(file, text);
  const unbreakable = merged([...strings, ...urlSpans(text)]);
  const found: number[] = [];
  let lineStart = 0;
  text.split("\n").forEach((line, index) => {
    const lineEnd = lineStart + line.replace(/\r$/, "").length;
    const length = characters(text.slice(lineStart, lineEnd));
    if (length > limit) {
      const inStrings = unbreakable
        .map(([start, end]) => characters(text.slice(Math.max(start, lineStart), Math.min(end, lineEnd))))
        .reduce((sum, count) => sum + count, 0);
      if (length - inStrings > limit) found.push(index + 1);
    }
    lineStart += line.length + 1;
  });
  return found;
}

/** Spans in order with the overlapping ones joined (a URL inside a string counts once). */
function merged(spans: Span[]): Span[] {
  const joined: [number, number][] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = joined.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else joined.push([start, end]);
  }
  return joined;
}

/** Whether a file has more than `limit` lines and no comment at its top saying why. */
export function lacksLengthReason(text: string, limit = maxFileLines): boolean {
  return lineCount(text) > limit && !lengthReason.test(topComments(text));
}

/** Lines as `wc -l` and an editor count them: a last line without its newline still counts. */
export function lineCount(text: string): number {
  const newlines = text.split("\n").length - 1;
  return text.length === 0 || text.endsWith("\n") ? newlines : newlines + 1;
}

/** The comments before the first line of code (CSS or TypeScript), with the blank lines between them. */
function topComments(text: string): string {
  const leading = /^\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)/.exec(text);
  return leading ? leading[0] + topComments(text.slice(leading[0].length)) : "";
}

/** Characters as a reader counts them (a code point, not a UTF-16 unit). */
function characters(text: string): number {
  return Array.from(text).length;
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** String literals and the text of template literals; a template's `${…}` are code. */
function scriptStringSpans(file: string, text: string): Span[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const spans: Span[] = [];
  const visit = (node: ts.Node): void => {
    const start = node.getStart(source);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) spans.push([start, node.end]);
    else if (ts.isTemplateHead(node)) spans.push([start, node.end - 2]);
    else if (ts.isTemplateMiddle(node)) spans.push([start + 1, node.end - 2]);
    else if (ts.isTemplateTail(node)) spans.push([start + 1, node.end]);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/** CSS strings ("…" and '…') and unquoted `url(…)`; comments are skipped (a URL in one is found apart). */
function cssStringSpans(text: string): Span[] {
  const spans: Span[] = [];
  const token = /\/\*[\s\S]*?(?:\*\/|$)|"(?:\\.|[^"\\\n])*"?|'(?:\\.|[^'\\\n])*'?|\burl\([^)"'\n]*\)?/g;
  for (const match of text.matchAll(token)) {
    if (!match[0].startsWith("/*")) spans.push([match.index, match.index + match[0].length]);
  }
  return spans;
}

/** Web addresses anywhere: in a comment, a string or a stylesheet. */
function urlSpans(text: string): Span[] {
  return Array.from(text.matchAll(/\bhttps?:\/\/[^\s"'`<>()]+/g), (match) => [
    match.index,
    match.index + match[0].length,
  ]);
}
