/**
 * What people's JSON Resume files hold besides JSON, and whose meaning is clear: a comma after
 * the last item of a list or object (editors that write JSON5 or JSONC leave them) and `//` or
 * `/* … *\/` comments. They are read past, each turned into spaces so that every line and column
 * of the text stays where it was (a later syntax error is still named where the owner sees it),
 * and listed, so the import can say what it tolerated. Anything else that is not JSON is left for
 * `JSON.parse` to refuse.
 */
export interface ToleratedSyntax {
  kind: "trailing comma" | "comment";
  /** 1-based, in the text as given. */
  line: number;
}

export interface LenientJson {
  /** The text with what was tolerated blanked out: JSON, if nothing else is wrong with it. */
  json: string;
  tolerated: ToleratedSyntax[];
}

export function blankTolerableSyntax(text: string): LenientJson {
  const chars = [...text];
  const tolerated: ToleratedSyntax[] = [];
  let line = 1;
  /** Replaces chars[from, to) with spaces, keeping line breaks. */
  const blank = (from: number, to: number) => {
    for (let at = from; at < to; at++) if (chars[at] !== "\n" && chars[at] !== "\r") chars[at] = " ";
  };
  let at = 0;
  // Lines are counted as the walk goes, up to each thing tolerated: once over the text in all.
  let counted = 0;
  const advanceLine = (to: number) => {
    for (; counted < to; counted++) if (chars[counted] === "\n") line++;
  };
  while (at < chars.length) {
    const char = chars[at]!;
    if (char === '"') {
      at = endOfString(chars, at);
    } else if (char === "/" && chars[at + 1] === "/") {
      const end = endOfLineComment(chars, at);
      advanceLine(at);
      tolerated.push({ kind: "comment", line });
      blank(at, end);
      at = end;
    } else if (char === "/" && chars[at + 1] === "*") {
      const end = endOfBlockComment(chars, at);
      // A comment never closed is not read past: the syntax error names it.
      if (end === undefined) break;
      advanceLine(at);
      tolerated.push({ kind: "comment", line });
      blank(at, end);
      at = end;
    } else if (char === ",") {
      const next = nextSignificant(chars, at + 1);
      if (next !== undefined && (chars[next] === "]" || chars[next] === "}")) {
        advanceLine(at);
        tolerated.push({ kind: "trailing comma", line });
        chars[at] = " ";
      }
      at++;
    } else {
      at++;
    }
  }
  return { json: chars.join(""), tolerated };
}

/** The index after a string's closing quote (or the end of the text, for one never closed). */
function endOfString(chars: string[], start: number): number {
  let at = start + 1;
  while (at < chars.length && chars[at] !== '"' && chars[at] !== "\n") at += chars[at] === "\\" ? 2 : 1;
  return at + 1;
}

function endOfLineComment(chars: string[], start: number): number {
  let at = start;
  while (at < chars.length && chars[at] !== "\n") at++;
  return at;
}

function endOfBlockComment(chars: string[], start: number): number | undefined {
  for (let at = start + 2; at < chars.length - 1; at++) if (chars[at] === "*" && chars[at + 1] === "/") return at + 2;
  return undefined;
}

/** The next character that is neither white space nor inside a comment, if any. */
function nextSignificant(chars: string[], start: number): number | undefined {
  let at = start;
  while (at < chars.length) {
    if (/\s/.test(chars[at]!)) at++;
    else if (chars[at] === "/" && chars[at + 1] === "/") at = endOfLineComment(chars, at);
    else if (chars[at] === "/" && chars[at + 1] === "*") {
      const end = endOfBlockComment(chars, at);
      if (end === undefined) return at;
      at = end;
    } else return at;
  }
  return undefined;
}

/** "a comma after the last item at lines 17, 24; comments at lines 3, 9": what was tolerated, for the owner. */
export function describeTolerated(tolerated: ToleratedSyntax[]): string | undefined {
  if (!tolerated.length) return undefined;
  const lines = (kind: ToleratedSyntax["kind"]) => [
    ...new Set(tolerated.filter((one) => one.kind === kind).map((one) => one.line)),
  ];
  const parts = [
    [lines("trailing comma"), "a comma after the last item (JSON5 allows it, JSON does not)"],
    [lines("comment"), "comments (JSONC allows them, JSON does not)"],
  ] as const;
  return `Read past what JSON does not allow: ${parts
    .filter(([at]) => at.length)
    .map(([at, what]) => `${what} at line${at.length > 1 ? "s" : ""} ${at.join(", ")}`)
    .join("; ")}`;
}
