import type { parseDocument } from "yaml";
import type { FieldProblem } from "../errors.js";

export interface FrontMatter {
  /** The fields of the front matter; `{}` when the file has none. */
  data: Record<string, unknown>;
  /** The Markdown after the front matter. */
  body: string;
  /** Line of the file (1-based) on which `body` starts, so problems in the body can name their line. */
  bodyLine: number;
}

const opening = /^\uFEFF?---([^\r\n]*)\r?\n/;
const closing = /^---[ \t]*$/m;

/** The YAML parser, loaded only when some file is not in the build cache (see loadMarkdownLibraries). */
export type ParseYaml = typeof parseDocument;

/**
 * Splits a content file into its YAML front matter and its Markdown body. Front matter is data and
 * only data: YAML (1.2, core schema: no dates, no custom tags) is the one language read, and a block
 * marked as anything else (`---js`, `---coffee`) is refused rather than evaluated.
 */
export function parseFrontMatter(parseDocument: ParseYaml, source: string): { ok: FrontMatter } | { problem: FieldProblem } {
  const open = opening.exec(source);
  if (!open) return { ok: { data: {}, body: source.replace(/^\uFEFF/, ""), bodyLine: 1 } };
  const language = open[1]!.trim();
  if (language && !/^ya?ml$/i.test(language)) {
    return fail(`is marked as ${JSON.stringify(language)}, but only YAML front matter is read: content is data and never runs as code. Start the file with a plain --- line.`);
  }
  const rest = source.slice(open[0].length);
  const close = closing.exec(rest);
  if (!close) return fail("has no closing --- line: expected the front matter to end with a line of three dashes");
  const yamlText = rest.slice(0, close.index);
  const afterClose = rest.slice(close.index + close[0].length).replace(/^\r?\n/, "");
  const bodyLine = 1 + lineCount(source.slice(0, source.length - afterClose.length));
  const data = readYaml(parseDocument, yamlText);
  if ("problem" in data) return data;
  return { ok: { data: data.value, body: afterClose, bodyLine } };
}

function readYaml(parseDocument: ParseYaml, text: string): { value: Record<string, unknown> } | { problem: FieldProblem } {
  try {
    const document = parseDocument(text, { schema: "core", uniqueKeys: true, prettyErrors: true });
    const [error] = document.errors;
    if (error) {
      // +1: the YAML starts on the line after the opening ---.
      const line = error.linePos ? ` (line ${error.linePos[0].line + 1} of the file)` : "";
      const reason = /call stack/i.test(error.message) ? "it is nested too deeply" : firstLine(error.message);
      return fail(`is not valid YAML${line}: ${reason}`);
    }
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) return { value: {} };
    if (typeof value !== "object" || Array.isArray(value)) {
      return fail(`expected fields written as "name: value" lines, got ${Array.isArray(value) ? "a list" : `the ${typeof value} ${JSON.stringify(value)}`}`);
    }
    return { value: value as Record<string, unknown> };
  } catch (cause) {
    // The parser's own limits (aliases that expand too far, nesting deeper than the stack).
    const reason = cause instanceof RangeError ? "it is nested too deeply" : firstLine((cause as Error).message);
    return fail(`cannot be read: ${reason}`);
  }
}

function fail(problem: string): { problem: FieldProblem } {
  return { problem: { field: "front matter", problem } };
}

function firstLine(text: string): string {
  return text.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
}

function lineCount(text: string): number {
  return text.split("\n").length - 1;
}
