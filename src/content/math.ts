import { blockStartInParagraph } from "./block-start.js";
import { randomBytes } from "node:crypto";
import type { MarkedExtension, Tokens } from "marked";
import {
  budgetedMacros,
  expandedTokensPerCharacter,
  FormulaOverBudget,
  katexLimits,
  maxExpandedTokens,
  maxFormulaLength,
  minExpandedTokens,
} from "./math-budget.js";

/** KaTeX, loaded only when some text of the build has math. */
export type Katex = typeof import("katex").default;

/** A formula as written, and whether it is shown on a line of its own. */
export interface MathSource {
  tex: string;
  display: boolean;
}

/**
 * Whether a text may hold math: a `$` or a ```` ```math ```` fence. A cheap test on the raw text, so
 * that a build whose texts have none never loads KaTeX.
 */
export function mayHaveMath(text: string): boolean {
  return text.includes("$") || /^ {0,3}(?:`{3,}|~{3,})\s*math\b/m.test(text);
}

/**
 * `$…$` is inline math when, as Pandoc reads it, the opening `$` has a non-space character right
 * after it, the closing one has a non-space character right before it and no digit right after it;
 * and, as a price is written, a `$` followed by a number alone (digits, `.` and `,` up to a space or
 * the end) is a dollar sign: so `$5 and $10`, `$ 5`, `$20,000 or more` and `$5$` stay text, `$2x$` is math.
 * `\$` is always a dollar sign. `$$…$$` is a formula on its own line.
 */
const inlineMath = /^\$(?!\$)(?=\S)((?:\\[\s\S]|[^\\$\n])+?)(?<=\S)\$(?!\d)/;
const inlineDisplayMath = /^\$\$(?!\$)((?:\\[\s\S]|[^\\$])+?)\$\$/;
const blockMath = /^ {0,3}\$\$((?:\\[\s\S]|[^\\$])+?)\$\$ *(?:\n+|$)/;
/** Where a block of display math may begin: a line that opens with `$$`. */
const blockMathStart = /^ {0,3}\$\$/m;
const startsWithPrice = /^[\d.,]+(?:\s|$)/;

/**
 * Where a formula sits in the HTML until it is drawn, after sanitising: private-use characters no
 * text needs, around a mark made anew for each text parsed (`newSlotMark`) and the formula's index.
 * Content that writes these characters cannot guess the mark, so it cannot name a formula's slot.
 */
export const slotOpening = "\uE000";
export const slotClosing = "\uE001";
export const mathSlot = (mark: string, index: number) => `${slotOpening}${mark}:${index}${slotClosing}`;
/** Any text between the slot's characters, as content could write it too: a heading's id leaves it out. */
export const anySlot = /\uE000[^\uE001]*\uE001/g;

/** A mark no one can guess: 96 random bits. */
export function newSlotMark(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * The marked extension for math: `$…$`, `$$…$$` and ```` ```math ```` blocks become slots (with the
 * text's `mark`), and each formula goes to `found`, to be drawn with KaTeX once the rest of the HTML
 * is sanitised (KaTeX's own markup is what the sanitiser would strip).
 */
export function mathExtension(found: () => MathSource[], mark: () => string): MarkedExtension {
  const slot = (tex: string, display: boolean) => {
    const sources = found();
    sources.push({ tex: tex.trim(), display });
    return mathSlot(mark(), sources.length - 1);
  };
  return {
    extensions: [
      {
        name: "blockMath",
        level: "block",
        start: (source: string) => blockStartInParagraph(source, blockMathStart),
        tokenizer(source: string) {
          const match = blockMath.exec(source);
          return match ? { type: "blockMath", raw: match[0], text: match[1]! } : undefined;
        },
        renderer: (token: Tokens.Generic) => `<div class="math-display">${slot(token.text as string, true)}</div>\n`,
      },
      {
        name: "inlineMath",
        level: "inline",
        start(source: string) {
          for (let index = source.indexOf("$"); index !== -1; index = source.indexOf("$", index + 1)) {
            if (source[index - 1] === "\\") continue;
            const rest = source.slice(index);
            if (inlineDisplayMath.test(rest) || isInlineMath(rest)) return index;
          }
          return undefined;
        },
        tokenizer(source: string) {
          const display = inlineDisplayMath.exec(source);
          if (display) return { type: "inlineMath", raw: display[0], text: display[1]!, display: true };
          const match = inlineMath.exec(source);
          if (!match || startsWithPrice.test(match[1]!)) return undefined;
          return { type: "inlineMath", raw: match[0], text: match[1]!, display: false };
        },
        renderer: (token: Tokens.Generic) => slot(token.text as string, token.display as boolean),
      },
    ],
    renderer: {
      code({ text, lang }: Tokens.Code) {
        return lang?.trim() === "math" ? `<div class="math-display">${slot(text, true)}</div>\n` : false;
      },
    },
  };
}

function isInlineMath(source: string): boolean {
  const match = inlineMath.exec(source);
  return match !== null && !startsWithPrice.test(match[1]!);
}

/** A formula KaTeX could not read or that costs more than its budget, and what is wrong with it. */
export interface MathProblem {
  tex: string;
  /** What follows "has a formula" in the report: `KaTeX cannot read (…): …`, `of 12,000 characters (…): …`. */
  problem: string;
}

/**
 * The HTML with each slot of the text's `mark` replaced by its formula, drawn by KaTeX as HTML (what is
 * seen) and MathML (what is read aloud); or the first formula that does not parse or costs too much.
 * Only a slot in text becomes markup: in an attribute (an image's alt, which marked writes from the
 * alt's inline Markdown) it becomes the formula's source, escaped, so no markup can open the attribute.
 */
export function drawMath(
  html: string,
  sources: readonly MathSource[],
  katex: Katex,
  mark: string,
): { html: string } | { problem: MathProblem } {
  const drawn: string[] = [];
  for (const source of sources) {
    const formula = drawFormula(source, katex);
    if ("problem" in formula) return formula;
    drawn.push(formula.html);
  }
  // The mark is base64url: nothing in it is special to a regular expression.
  const slots = new RegExp(`${slotOpening}${mark}:(\\d+)${slotClosing}`, "g");
  // Sanitised HTML escapes `<` and `>` in attribute values: a `<…>` is a whole tag.
  return {
    html: html.replace(/<[^>]*>|[^<]+/g, (part) =>
      part.startsWith("<")
        ? part.replace(slots, (slot, index: string) => escapeAttribute(sources[Number(index)]?.tex ?? slot))
        : part.replace(slots, (slot, index: string) => drawn[Number(index)] ?? slot),
    ),
  };
}

/** One formula drawn by KaTeX within its budget (math-budget.ts), or what is wrong with it. */
function drawFormula({ tex, display }: MathSource, katex: Katex): { html: string } | { problem: MathProblem } {
  const quoted = JSON.stringify(tex.length > 60 ? `${tex.slice(0, 57)}…` : tex);
  if (tex.length > maxFormulaLength)
    return {
      problem: {
        tex,
        problem: `of ${tex.length.toLocaleString("en")} characters (${quoted}): at most ${maxFormulaLength.toLocaleString("en")} in one formula; split it into several`,
      },
    };
  try {
    return {
      html: stylesAsClasses(
        katex.renderToString(tex, {
          displayMode: display,
          output: "htmlAndMathml",
          throwOnError: true,
          strict: false,
          ...katexLimits,
          macros: budgetedMacros(tex),
        }),
      ),
    };
  } catch (cause) {
    if (cause instanceof FormulaOverBudget)
      return {
        problem: {
          tex,
          problem:
            `(${quoted}) whose macros expand to more than ${count(cause.allowance)} tokens beyond its ` +
            `${count(tex.length)} characters: at most ${expandedTokensPerCharacter} for each character of a ` +
            `formula (at least ${count(minExpandedTokens)}, at most ${count(maxExpandedTokens)}), ` +
            "so that a few lines cannot take the build minutes",
        },
      };
    const message = cause instanceof Error ? cause.message.replace(/^KaTeX parse error: /, "") : String(cause);
    return { problem: { tex, problem: `KaTeX cannot read (${quoted}): ${message}` } };
  }
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** What starts the class that stands for one of KaTeX's inline styles; the rest is the style, base64url. */
const styleClassPrefix = "kx-";

/**
 * KaTeX places its glyphs with inline styles (`style="height:0.8141em"`), which the page's CSP does
 * not allow: each becomes a class that names the style itself (`kx-aGVpZ2h0OjAuODE0MWVt`), and a
 * page with math gets a rule for each class it uses (`mathStyleRules`, in its head: math-assets.ts).
 */
export function stylesAsClasses(html: string): string {
  return html.replace(
    /<([a-z]+)\b([^>]*?)\sstyle="([^"]*)"([^>]*)>/g,
    (_tag, name: string, before: string, style: string, after: string) => {
      const styleClass = `${styleClassPrefix}${Buffer.from(style.replace(/;$/, "")).toString("base64url")}`;
      const attributes = `${before}${after}`;
      const withClass = /\sclass="/.test(attributes)
        ? attributes.replace(/\sclass="([^"]*)"/, (_class, classes: string) => ` class="${classes} ${styleClass}"`)
        : `${attributes} class="${styleClass}"`;
      return `<${name}${withClass}>`;
    },
  );
}

/**
 * A declaration KaTeX writes: properties and plain values (lengths, colours), nothing that fetches or escapes its rule.
 */
const plainDeclarations = /^(?:[a-z-]+:[-\w.#%, ]+;?)+$/;

/**
 * The CSS rules for the style classes some pages use, one per class, from the class names found in
 * them; a name that does not decode to plain declarations gets no rule.
 */
export function mathStyleRules(pages: readonly string[]): string {
  const names = new Set<string>();
  for (const page of pages)
    for (const match of page.matchAll(new RegExp(`\\b${styleClassPrefix}([A-Za-z0-9_-]+)`, "g"))) names.add(match[1]!);
  return [...names]
    .sort()
    .flatMap((encoded) => {
      const declarations = Buffer.from(encoded, "base64url").toString("utf8");
      if (!plainDeclarations.test(declarations)) return [];
      // As strong as the inline style it stands for, over KaTeX's own rules.
      const important = declarations
        .split(";")
        .filter(Boolean)
        .map((declaration) => `${declaration} !important`)
        .join(";");
      return [`.${styleClassPrefix}${encoded}{${important}}`];
    })
    .join("\n");
}

function count(value: number): string {
  return value.toLocaleString("en");
}
