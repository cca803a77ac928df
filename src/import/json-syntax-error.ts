/**
 * Where a text stops being JSON, and why, in words an owner can act on. `JSON.parse` says where
 * for some errors and not for others (a trailing comma gives no position in Node 20), so the text
 * is walked by this small reader, which only finds the first error.
 */
export interface JsonSyntaxError {
  line: number;
  column: number;
  problem: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {}
}

/** Deeper than any résumé, and far from the stack's limit. */
const maxDepth = 200;

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let at = 0;
  const space = () => {
    while (/[ \t\r\n]/.test(text[at] ?? "")) at++;
  };
  let comma = 0;
  const fail = (problem: string, offset = at): never => {
    throw new Stop(offset, problem);
  };
  const unexpected = (expected: string): never => {
    if (at >= text.length) fail(`the file ends where ${expected} was expected: is a closing } or ] missing?`);
    if (text.startsWith("//", at) || text.startsWith("/*", at)) fail("a comment: JSON has no comments, remove it");
    if (text[at] === "'") fail('a string in single quotes: JSON strings take double quotes (")');
    if (/^(export|module\.exports|const|let|var)\b/.test(text.slice(at, at + 20)))
      fail("JavaScript, not JSON: keep only the { … } object, with its field names in double quotes");
    return fail(`${JSON.stringify(text[at])} where ${expected} was expected`);
  };
  const string = () => {
    at++;
    while (text[at] !== '"') {
      if (at >= text.length) fail('a string that is not closed: a " is missing');
      if (text[at] === "\n") fail("a line break inside a string: write it as \\n, or close the string");
      if (text[at] === "\\") {
        at++;
        if (!/["\\/bfnrtu]/.test(text[at] ?? "")) fail(`\\${text[at] ?? ""} is not an escape JSON knows`);
      }
      at++;
    }
    at++;
  };
  const value = (depth: number): void => {
    if (depth > maxDepth) fail(`values nested more than ${maxDepth} levels deep`);
    space();
    const char = text[at];
    const literal = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at, at + 400));
    if (char === "{") object(depth);
    else if (char === "[") array(depth);
    else if (char === '"') string();
    else if (literal) at += literal[0].length;
    else unexpected("a value");
  };
  const object = (depth: number) => {
    at++;
    space();
    if (text[at] === "}") {
      at++;
      return;
    }
    for (;;) {
      space();
      if (text[at] === "}") fail("a comma after the last field (a trailing comma): remove it", comma);
      if (text[at] !== '"') unexpected("a field name in double quotes");
      string();
      space();
      if (text[at] !== ":") unexpected(":");
      at++;
      value(depth + 1);
      space();
      if (text[at] === ",") {
        comma = at++;
        continue;
      }
      if (text[at] === "}") {
        at++;
        return;
      }
      unexpected(", or }");
    }
  };
  const array = (depth: number) => {
    at++;
    space();
    if (text[at] === "]") {
      at++;
      return;
    }
    for (;;) {
      space();
      if (text[at] === "]") fail("a comma after the last item (a trailing comma): remove it", comma);
      value(depth + 1);
      space();
      if (text[at] === ",") {
        comma = at++;
        continue;
      }
      if (text[at] === "]") {
        at++;
        return;
      }
      unexpected(", or ]");
    }
  };
  try {
    value(0);
    space();
    if (at < text.length) unexpected("the end of the file");
    return undefined;
  } catch (stop) {
    if (!(stop instanceof Stop)) throw stop;
    const before = text.slice(0, stop.offset).split("\n");
    return { line: before.length, column: before.at(-1)!.length + 1, problem: stop.problem };
  }
}
