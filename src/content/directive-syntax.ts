/**
 * Directives in Markdown, the generic syntax remark-directive and Docusaurus read: a leaf
 * `::name{key="value" flag}` on a line of its own, a container `:::name{…}` … `:::` holding Markdown,
 * and an inline `:name[text]{…}`. Only read here, as literal text: an attribute's value is the
 * characters between its quotes, never a number, a boolean, JSON or an expression. What a name
 * means, and whether its attributes fit, is directives.ts's.
 */
import { blockStartInParagraph } from "./block-start.js";
import type { MarkedExtension, Token, TokenizerThis, Tokens } from "marked";

export type DirectiveForm = "leaf" | "container" | "inline";

/** An attribute as written: `flag` has no value, `key="value"` its text. */
export interface DirectiveAttribute {
  key: string;
  value: string | undefined;
}

/** A directive as marked hands it to its renderer. */
export interface DirectiveToken extends Tokens.Generic {
  type: "directive" | "inlineDirective";
  form: DirectiveForm;
  name: string;
  attributes: DirectiveAttribute[];
  /** What is wrong with how it is written (its attributes, a container left open). */
  problem?: string | undefined;
  /** Its first line as written, to find its line in the text. */
  opening: string;
  /** An inline directive's `[text]`, a container's content: Markdown, parsed. */
  tokens: Token[];
}

const name = "[a-zA-Z][\\w-]*";
const leafLine = new RegExp(`^ {0,3}::(${name})(\\{[^\\n]*)?[ \\t]*(?:\\n|$)`);
const containerLine = new RegExp(`^ {0,3}:::+(${name})(\\{[^\\n]*)?[ \\t]*(?:\\n|$)`);
/** A line that opens a container, nested or not; one that closes it is colons alone. */
const opensContainer = new RegExp(`^ {0,3}:::+${name}`);
const closesContainer = /^ {0,3}:::+[ \t]*$/;
const blockStart = new RegExp(`^ {0,3}::+${name}`, "m");
const inlineStart = new RegExp(`(?<![\\w:\\\\]):${name}\\[`);
const inlineOpening = new RegExp(`^:(${name})\\[`);
const fence = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Reads `{…}` at the start of `text`: each attribute as literal text, and where the braces end. A
 * value is `"…"`, `'…'` or a run of characters without spaces, quotes, `=`, `<`, `>`, `` ` ``, `{` or `}`.
 */
export function readAttributes(text: string): { attributes: DirectiveAttribute[]; end?: number; problem?: string } {
  const attributes: DirectiveAttribute[] = [];
  const attribute = /[ \t]*(?:([a-zA-Z][\w-]*)(?:=(?:"([^"]*)("?)|'([^']*)('?)|([^\s"'=<>`{}]+)))?)?/y;
  let at = 1;
  while (at < text.length) {
    attribute.lastIndex = at;
    const match = attribute.exec(text)!;
    at = attribute.lastIndex;
    const [, key, double, doubleEnd, single, singleEnd, bare] = match;
    if (key === undefined) {
      if (text[at] === "}") return { attributes, end: at + 1 };
      if (at >= text.length) break;
      return {
        attributes,
        problem: `cannot read its attributes at \`${text.slice(at, at + 20)}\`: expected name="value"`,
      };
    }
    if ((double !== undefined && !doubleEnd) || (single !== undefined && !singleEnd))
      return {
        attributes,
        problem: `has attributes that are not closed: expected a ${doubleEnd === "" ? '"' : "'"} then }`,
      };
    if (text[at] === "=") {
      return {
        attributes,
        problem: `cannot read its attributes at \`${text.slice(at - key.length, at - key.length + 20)}\`: expected name="value"`,
      };
    }
    if (attributes.some((known) => known.key === key))
      return { attributes, problem: `gives the attribute "${key}" twice` };
    attributes.push({ key, value: double ?? single ?? bare });
    // Attributes are apart: `a="1"b="2"` is a slip, not two.
    if (!/^[\s}]|^$/.test(text.slice(at, at + 1)))
      return {
        attributes,
        problem: `cannot read its attributes at \`${text.slice(at, at + 20)}\`: expected name="value"`,
      };
  }
  return { attributes, problem: "has attributes that are not closed: expected }" };
}

/** A leaf's or a container's opening line read: its name, its attributes, or what is wrong with them. */
function readOpening(
  nameText: string,
  braces: string | undefined,
): { name: string; attributes: DirectiveAttribute[]; problem?: string } {
  if (braces === undefined) return { name: nameText, attributes: [] };
  const read = readAttributes(braces.trimEnd());
  const rest = read.end === undefined ? "" : braces.slice(read.end).trim();
  const problem = read.problem ?? (rest ? `has text after its attributes: \`${rest.slice(0, 20)}\`` : undefined);
  return { name: nameText, attributes: read.attributes, ...(problem ? { problem } : {}) };
}

/**
 * A container at the start of `source`: its opening, the Markdown inside it and all it spans, up to
 * the line of colons that closes it; containers inside it and fenced code (whose lines may be
 * anything) are stepped over. One left open is a problem, and spans its opening line only.
 */
export function readContainer(
  source: string,
): { name: string; attributes: DirectiveAttribute[]; inner: string; raw: string; problem?: string } | undefined {
  const opening = containerLine.exec(source);
  if (!opening) return undefined;
  const read = readOpening(opening[1]!, opening[2]);
  const lines = source.slice(opening[0].length).split("\n");
  let depth = 1;
  let openFence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fenceMark = fence.exec(line)?.[1];
    if (openFence) {
      if (
        fenceMark &&
        fenceMark[0] === openFence[0] &&
        fenceMark.length >= openFence.length &&
        !/\S/.test(line.trim().slice(fenceMark.length))
      )
        openFence = undefined;
      continue;
    }
    if (fenceMark) openFence = fenceMark;
    else if (opensContainer.test(line)) depth++;
    else if (closesContainer.test(line) && --depth === 0) {
      const inner = lines.slice(0, index).join("\n");
      const rest = lines.slice(0, index + 1).join("\n");
      const raw = `${opening[0]}${rest}${index + 1 < lines.length ? "\n" : ""}`;
      return { ...read, inner, raw };
    }
  }
  return { ...read, inner: "", raw: opening[0], problem: "is not closed: expected a line of ::: after its content" };
}

/** An inline directive at the start of `source`: `:name[text]` and its attributes, the brackets' text balanced. */
function readInline(
  source: string,
): { name: string; text: string; attributes: DirectiveAttribute[]; raw: string; problem?: string } | undefined {
  const opening = inlineOpening.exec(source);
  if (!opening) return undefined;
  let depth = 1;
  let at = opening[0].length;
  for (; at < source.length && depth > 0; at++) {
    const character = source[at];
    if (character === "\\") at++;
    else if (character === "[") depth++;
    else if (character === "]") depth--;
    else if (character === "\n" && source[at + 1] === "\n") return undefined;
  }
  if (depth > 0) return undefined;
  const text = source.slice(opening[0].length, at - 1);
  if (source[at] !== "{") return { name: opening[1]!, text, attributes: [], raw: source.slice(0, at) };
  const read = readAttributes(source.slice(at));
  if (read.end === undefined) {
    const lineEnd = source.indexOf("\n", at);
    return {
      name: opening[1]!,
      text,
      attributes: read.attributes,
      raw: source.slice(0, lineEnd === -1 ? source.length : lineEnd),
      problem: read.problem ?? "has attributes that are not closed: expected }",
    };
  }
  return {
    name: opening[1]!,
    text,
    attributes: read.attributes,
    raw: source.slice(0, at + read.end),
    ...(read.problem ? { problem: read.problem } : {}),
  };
}

/**
 * The marked extension that reads directives into tokens; `render` draws each (directives.ts checks
 * it against its component and says what is wrong, with the line `LineFinder` finds).
 */
export function directiveExtension(
  render: (
    this: { parser: { parse: (tokens: Token[]) => string; parseInline: (tokens: Token[]) => string } },
    token: DirectiveToken,
  ) => string,
): MarkedExtension {
  return {
    extensions: [
      {
        name: "directive",
        level: "block",
        start: (source: string) => blockStartInParagraph(source, blockStart),
        tokenizer(this: TokenizerThis, source: string): DirectiveToken | undefined {
          const container = readContainer(source);
          if (container) {
            const { name: containerName, attributes, inner, raw, problem } = container;
            return {
              type: "directive",
              form: "container",
              raw,
              name: containerName,
              attributes,
              problem,
              opening: raw.split("\n")[0]!.trim(),
              tokens: problem ? [] : this.lexer.blockTokens(inner, []),
            };
          }
          const leaf = leafLine.exec(source);
          if (!leaf) return undefined;
          const read = readOpening(leaf[1]!, leaf[2]);
          return {
            type: "directive",
            form: "leaf",
            raw: leaf[0],
            name: read.name,
            attributes: read.attributes,
            problem: read.problem,
            opening: leaf[0].trim(),
            tokens: [],
          };
        },
        renderer(token) {
          return render.call(this, token as DirectiveToken);
        },
      },
      {
        name: "inlineDirective",
        level: "inline",
        start: (source: string) => inlineStart.exec(source)?.index,
        tokenizer(this: TokenizerThis, source: string): DirectiveToken | undefined {
          const read = readInline(source);
          if (!read) return undefined;
          return {
            type: "inlineDirective",
            form: "inline",
            raw: read.raw,
            name: read.name,
            attributes: read.attributes,
            problem: read.problem,
            opening: read.raw.split("\n")[0]!,
            tokens: this.lexer.inlineTokens(read.text),
          };
        },
        renderer(token) {
          return render.call(this, token as DirectiveToken);
        },
      },
    ],
  };
}

/**
 * Finds the line of each directive in the text, in the order they are rendered (the order they are
 * written): each is looked for from the line of the one before, fenced code left out.
 */
export class LineFinder {
  /** The text with its fenced code blanked out, line for line. */
  readonly #prose: string;
  #cursor = 0;

  constructor(markdown: string) {
    let openFence: string | undefined;
    this.#prose = markdown
      .split("\n")
      .map((line) => {
        const fenceMark = fence.exec(line)?.[1];
        if (openFence) {
          if (fenceMark && fenceMark[0] === openFence[0] && fenceMark.length >= openFence.length) openFence = undefined;
          return "";
        }
        if (fenceMark) openFence = fenceMark;
        return fenceMark ? "" : line;
      })
      .join("\n");
  }

  /** The 1-based line that holds `written`, after the last one found; the first line when none does. */
  find(written: string): number {
    let at = this.#prose.indexOf(written, this.#cursor);
    if (at === -1) at = this.#prose.indexOf(written);
    if (at === -1) return 1;
    this.#cursor = at + written.length;
    return this.#prose.slice(0, at).split("\n").length;
  }
}
