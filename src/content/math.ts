import type { MarkedExtension, Tokens } from "marked";

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
const startsWithPrice = /^[\d.,]+(?:\s|$)/;

/** Where a formula sits in the HTML until it is drawn, after sanitising: private-use characters no text needs. */
export const mathSlot = (index: number) => `\uE000${index}\uE001`;
export const mathSlots = /\uE000(\d+)\uE001/g;

/**
 * The marked extension for math: `$…$`, `$$…$$` and ```` ```math ```` blocks become slots, and each
 * formula goes to `found`, to be drawn with KaTeX once the rest of the HTML is sanitised (KaTeX's
 * own markup is what the sanitiser would strip).
 */
export function mathExtension(found: () => MathSource[]): MarkedExtension {
  const slot = (tex: string, display: boolean) => {
    const sources = found();
    sources.push({ tex: tex.trim(), display });
    return mathSlot(sources.length - 1);
  };
  return {
    extensions: [
      {
        name: "blockMath",
        level: "block",
        start: (source: string) => /^ {0,3}\$\$/m.exec(source)?.index,
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

/** A formula KaTeX could not read, with its message. */
export interface MathProblem {
  tex: string;
  message: string;
}

/**
 * The HTML with each slot replaced by its formula, drawn by KaTeX as HTML (what is seen) and
 * MathML (what is read aloud); or the first formula that does not parse.
 */
export function drawMath(
  html: string,
  sources: readonly MathSource[],
  katex: Katex,
): { html: string } | { problem: MathProblem } {
  const drawn: string[] = [];
  for (const { tex, display } of sources) {
    try {
      drawn.push(
        stylesAsClasses(
          katex.renderToString(tex, {
            displayMode: display,
            output: "htmlAndMathml",
            throwOnError: true,
            strict: false,
          }),
        ),
      );
    } catch (cause) {
      const message = cause instanceof Error ? cause.message.replace(/^KaTeX parse error: /, "") : String(cause);
      return { problem: { tex, message } };
    }
  }
  return { html: html.replace(mathSlots, (slot, index: string) => drawn[Number(index)] ?? slot) };
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
