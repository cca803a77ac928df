// What the Markdown of one file may hold before it is parsed: a text past these is refused with its line.
import type { FieldProblem } from "../errors.js";

/** Deeper nesting of quotes and lists than any real text has; past it the parser's time and stack run out. */
export const maxNesting = 32;

/**
 * More headings than any real post or page has (a long reference page has
 * a few hundred; the 5 MB post of the tests, 7,500): past it, refused.
 */
export const maxHeadings = 10_000;

/**
 * The deepest nesting of block quotes and list items on any line, counted from each line's prefix
 * of `>` markers, list markers and indentation (outside fenced code), when it passes `maxNesting`.
 */
export function findDeepNesting(markdown: string): { line: number; depth: number } | undefined {
  for (const { index, line } of linesOutsideFences(markdown)) {
    const depth = prefixDepth(line);
    if (depth > maxNesting) return { line: index + 1, depth };
  }
  return undefined;
}

export function tooManyHeadings(count: number): FieldProblem {
  return { field: "body", problem: `${count} headings; at most ${maxHeadings} in one file: split it into several` };
}

/**
 * How many lines of the Markdown (outside fenced code, inside quotes and lists too) are headings:
 * `## Title` lines, and the `===`/`---` lines under a paragraph line that make it one.
 */
export function countHeadingLines(markdown: string): number {
  let count = 0;
  let afterParagraphLine = false;
  for (const { line } of linesOutsideFences(markdown)) {
    const text = line.replace(/^(?: *(?:> ?|[-*+] |\d{1,9}[.)] ))+/, "");
    const heading: boolean =
      /^ {0,3}#{1,6}(?:[ \t\r]|$)/.test(text) || (afterParagraphLine && /^ {0,3}(?:=+|-+)[ \t\r]*$/.test(text));
    if (heading) count++;
    afterParagraphLine = !heading && text.trim() !== "";
  }
  return count;
}

/** Each line outside fenced code, its tabs as four spaces, with its index. */
function* linesOutsideFences(markdown: string): Generator<{ index: number; line: string }> {
  let fence: string | undefined;
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\t/g, "    ");
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (!fence || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) {
      fence = fence ? undefined : fenceMark;
      continue;
    }
    if (!fence) yield { index, line };
  }
}

function prefixDepth(line: string): number {
  let depth = 0;
  let rest = line;
  for (;;) {
    const indent = /^ */.exec(rest)![0].length;
    const marker = /^ *(>|[-*+](?= |$)|\d{1,9}[.)](?= |$))/.exec(rest);
    if (!marker) return depth;
    // Each level of a nested list is indented by at least two columns more than its parent.
    depth += 1 + (marker[1] === ">" ? 0 : Math.floor(indent / 2));
    rest = rest.slice(marker[0].length);
  }
}
