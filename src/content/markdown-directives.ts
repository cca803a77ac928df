/**
 * How a Markdown text's directives are drawn as marked renders it: each checked against its
 * component (directives.ts), its problem kept with its line, and the HTML content could not write
 * held in a slot until the sanitised text is put together (`withDirectives`).
 */
import type { Token } from "marked";
import { LineFinder, type DirectiveToken } from "./directive-syntax.js";
import {
  builtInDirectives,
  checkDirective,
  written,
  type DirectiveComponent,
  type DirectiveContext,
} from "./directives.js";
import type { WritingLabels } from "./markdown-extensions.js";

/** How the problem of a body's directive starts, so the error's hint can point at the page on directives. */
export const directiveProblem = "the directive";

/** What rendering one text's directives needs and makes (directives.ts draws each). */
export interface DirectiveState {
  /** The components the text may use: the built-ins, and the owner's of components/content/. */
  components: ReadonlyMap<string, DirectiveComponent>;
  context: Omit<DirectiveContext, "slot" | "form">;
  /** The text, for the lines of its directives' problems: read only when one has a problem. */
  markdown: string;
  lines: LineFinder | undefined;
  /** The HTML each slot holds, by its index. */
  slots: string[];
  problems: Array<{ line: number; problem: string }>;
}

/** Where HTML a directive built sits until the sanitised text is put together: see math.ts's slots. */
const directiveSlot = (mark: string, index: number) => `\uE002${mark}:${index}\uE003`;

/** Each directive checked against its component and drawn; one with a problem draws nothing and says why. */
export function renderDirective(
  state: () => DirectiveState,
  mark: () => string,
): (
  this: { parser: { parse: (tokens: Token[]) => string; parseInline: (tokens: Token[]) => string } },
  token: DirectiveToken,
) => string {
  return function (token) {
    const directives = state();
    const refuse = (problem: string) => {
      directives.lines ??= new LineFinder(directives.markdown);
      directives.problems.push({ line: directives.lines.find(token.opening), problem });
      return "";
    };
    const shown = written(token.form, token.name);
    if (token.problem) return refuse(`${directiveProblem} ${shown} ${token.problem}`);
    const checked = checkDirective(directives.components, token.form, token.name, token.attributes);
    if ("problem" in checked) return refuse(`${directiveProblem} ${checked.problem}`);
    const inner =
      token.form === "container"
        ? this.parser.parse(token.tokens)
        : token.form === "inline"
          ? this.parser.parseInline(token.tokens)
          : "";
    const slot = (html: string) => directiveSlot(mark(), directives.slots.push(html) - 1);
    const html = checked.component.render(checked.values, inner, { ...directives.context, slot, form: token.form });
    if (typeof html !== "string") return refuse(`${directiveProblem} ${shown} ${html.problem}`);
    return token.form === "leaf" ? `${html}\n` : html;
  };
}

/** A parser's state for directives, before its first text. */
export function newDirectiveState(labels: WritingLabels): DirectiveState {
  return {
    components: builtInDirectives,
    context: { siteFile: () => undefined, labels, sanitise: (html) => html, nextId: (what) => what },
    markdown: "",
    lines: undefined,
    slots: [],
    problems: [],
  };
}

/**
 * The directives' HTML in their slots, each slot put only where a directive's renderer put it (its mark).
 * A slot's HTML may hold slots of the directives inside it (an owner's container holding a `::video`):
 * each holds only slots made before it, so this ends.
 */
export function withDirectives(html: string, mark: string, slots: readonly string[]): string {
  const slot = new RegExp(`\uE002${mark}:(\\d+)\uE003\n?`, "g");
  return html.replace(slot, (_slot, index: string) => {
    const held = slots[Number(index)] ?? "";
    return held.includes("\uE002") ? withDirectives(held, mark, slots.slice(0, Number(index))) : held;
  });
}
