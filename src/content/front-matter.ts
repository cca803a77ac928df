import type { Document, Node, Pair } from "yaml";
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

/** The YAML library, loaded only when some file is not in the build cache (see loadMarkdownLibraries). */
export type YamlLibrary = typeof import("yaml");

/**
 * Splits a content file into its YAML front matter and its Markdown body. Front matter is data and
 * only data: YAML (1.2, core schema: no dates, no custom tags) is the one language read, and a block
 * marked as anything else (`---js`, `---coffee`) is refused rather than evaluated.
 */
export function parseFrontMatter(yaml: YamlLibrary, source: string): { ok: FrontMatter } | { problem: FieldProblem } {
  const open = opening.exec(source);
  if (!open) return { ok: { data: {}, body: source.replace(/^\uFEFF/, ""), bodyLine: 1 } };
  const language = open[1]!.trim();
  if (language && !/^ya?ml$/i.test(language)) {
    return fail(
      `is marked as ${JSON.stringify(language)}, but only YAML front matter is read: content is data and never runs as code. Start the file with a plain --- line.`,
    );
  }
  const block = frontMatterBlock(source);
  if (!block) return fail("has no closing --- line: expected the front matter to end with a line of three dashes");
  const yamlText = source.slice(block.start, block.end);
  const afterClose = source
    .slice(block.end)
    .replace(/^---[ \t]*/, "")
    .replace(/^\r?\n/, "");
  const bodyLine = 1 + lineCount(source.slice(0, source.length - afterClose.length));
  const data = readYaml(yaml, yamlText);
  if ("problem" in data) return data;
  return { ok: { data: data.value, body: afterClose, bodyLine } };
}

/**
 * Where the YAML of a file's front matter is, as offsets into the file: from after the opening
 * `---` line to the start of the closing one. Undefined when the file has no complete front matter.
 * `portfolio upgrade` edits lines inside it and leaves the rest of the file as it is.
 */
export function frontMatterBlock(source: string): { start: number; end: number } | undefined {
  const open = opening.exec(source);
  if (!open) return undefined;
  const close = closing.exec(source.slice(open[0].length));
  return close ? { start: open[0].length, end: open[0].length + close.index } : undefined;
}

function readYaml(yaml: YamlLibrary, text: string): { value: Record<string, unknown> } | { problem: FieldProblem } {
  try {
    const document = yaml.parseDocument(text, { schema: "core", uniqueKeys: true, prettyErrors: true });
    const [error] = document.errors;
    if (error) {
      // +1: the YAML starts on the line after the opening ---.
      const line = error.linePos ? ` (line ${error.linePos[0].line + 1} of the file)` : "";
      const reason = /call stack/i.test(error.message) ? "it is nested too deeply" : firstLine(error.message);
      return fail(`is not valid YAML${line}: ${reason}`);
    }
    const tagProblem = findTagProblem(yaml, document);
    if (tagProblem) return { problem: tagProblem };
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) return { value: {} };
    if (typeof value !== "object" || Array.isArray(value)) {
      return fail(
        `expected fields written as "name: value" lines, got ${Array.isArray(value) ? "a list" : `the ${typeof value} ${JSON.stringify(value)}`}`,
      );
    }
    return { value: value as Record<string, unknown> };
  } catch (cause) {
    // The parser's own limits (aliases that expand too far, nesting deeper than the stack).
    const reason = cause instanceof RangeError ? "it is nested too deeply" : firstLine((cause as Error).message);
    return fail(`cannot be read: ${reason}`);
  }
}

const yamlTagPrefix = "tag:yaml.org,2002:";

/**
 * The core schema's tags, and what each asks of its value. The yaml library also resolves YAML
 * 1.1's `!!binary`, `!!timestamp`, `!!set`, `!!omap` and `!!pairs` when they are written out, into
 * values no field expects (a Buffer, a Date, a Set), and reads any tag it does not know as text:
 * both are refused. `!` alone is YAML's "not a number": it only makes a scalar text.
 */
const allowedTags: Record<string, { what: string; fits: (yaml: YamlLibrary, node: Node) => boolean }> = {
  "!": { what: "text", fits: () => true },
  [`${yamlTagPrefix}str`]: {
    what: "text",
    fits: (yaml, node) => yaml.isScalar(node) && typeof node.value === "string",
  },
  [`${yamlTagPrefix}int`]: {
    what: "a whole number",
    fits: (yaml, node) => yaml.isScalar(node) && Number.isInteger(node.value),
  },
  [`${yamlTagPrefix}float`]: {
    what: "a number written with a decimal point, such as 1.0",
    fits: (yaml, node) => yaml.isScalar(node) && typeof node.value === "number",
  },
  [`${yamlTagPrefix}bool`]: {
    what: "true or false",
    fits: (yaml, node) => yaml.isScalar(node) && typeof node.value === "boolean",
  },
  [`${yamlTagPrefix}null`]: { what: "null", fits: (yaml, node) => yaml.isScalar(node) && node.value === null },
  [`${yamlTagPrefix}map`]: { what: "fields", fits: (yaml, node) => yaml.isMap(node) },
  [`${yamlTagPrefix}seq`]: { what: "a list", fits: (yaml, node) => yaml.isSeq(node) },
};

/**
 * The first tag that is not one of the core schema's, or that its value does not fit, with the
 * field it is on. Found on the document's nodes rather than in its text, so a tag in a key, a flow
 * collection, a nested list or behind an anchor is found like any other.
 */
function findTagProblem(yaml: YamlLibrary, document: Document.Parsed): FieldProblem | undefined {
  let found: FieldProblem | undefined;
  yaml.visit(document, (key, node, path) => {
    if (!yaml.isNode(node) || !node.tag) return undefined;
    const field = fieldPath(yaml, node, path) + (key === "key" ? " (the key)" : "");
    const allowed = allowedTags[node.tag];
    if (!allowed) {
      found = {
        field,
        problem: `the YAML tag ${tagName(node.tag)} is not allowed: front matter holds YAML's own values only (text, numbers, true or false, null, lists and fields). Remove the tag.`,
      };
    } else if (!allowed.fits(yaml, node)) {
      const value = yaml.isScalar(node) ? JSON.stringify(String(node.value)) : yaml.isMap(node) ? "fields" : "a list";
      found = {
        field,
        problem: `is tagged ${tagName(node.tag)}, which means ${allowed.what}, but the value is ${value}. Remove the tag or change the value.`,
      };
    }
    return found ? yaml.visit.BREAK : undefined;
  });
  return found;
}

/** Where a node is, as the content errors name fields: `skills[0].percent`; "front matter" for the whole document. */
function fieldPath(yaml: YamlLibrary, node: Node, path: readonly unknown[]): string {
  let field = "";
  path.forEach((ancestor, index) => {
    const child = path[index + 1] ?? node;
    if (yaml.isPair(ancestor)) field += `${field ? "." : ""}${keyText(yaml, ancestor)}`;
    else if (yaml.isSeq(ancestor)) field += `[${ancestor.items.indexOf(child)}]`;
  });
  return field || "front matter";
}

function keyText(yaml: YamlLibrary, pair: Pair): string {
  return yaml.isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

/** A tag as it is written: `!!js/function`, `!local`, or `!<tag:example.com,2000:thing>` for a full one. */
function tagName(tag: string): string {
  if (tag.startsWith(yamlTagPrefix)) return `!!${tag.slice(yamlTagPrefix.length)}`;
  return tag.startsWith("!") ? tag : `!<${tag}>`;
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
