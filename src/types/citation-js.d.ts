/** What portfolio uses of citation-js 0.7 (which ships no types): BibTeX's entries as written, and its value parser. */
declare module "@citation-js/core" {
  /** One entry as the file writes it: `@string` macros, `#` and month macros resolved, values still LaTeX. */
  export interface BibtexEntry {
    type: string;
    label: string;
    properties: Record<string, string | number>;
  }
  export const plugins: {
    input: {
      chain(text: string, options: { target: "@biblatex/entries+list"; generateGraph: false }): BibtexEntry[];
    };
    config: {
      get(plugin: "@bibtex"): {
        constants: {
          formatting: Record<string, [string, string]>;
          /** Commands printed as text: `\\aa` as "å". */
          commands: Record<string, string>;
          mathCommands: Record<string, string>;
          diacritics: Record<string, string>;
          /** Commands of arguments, called with each argument's text (as many as the function's length). */
          argumentCommands: Record<string, (...texts: string[]) => string>;
          formattingCommands: Record<string, string | undefined>;
          formattingEnvs: Record<string, string | undefined>;
          mathScriptFormatting: Record<string, string | undefined>;
        };
        parse: { sentenceCase: "never" | "english" | "always"; strict: boolean };
      };
    };
  };
}

declare module "@citation-js/plugin-bibtex" {}

declare module "@citation-js/plugin-bibtex/lib/input/value.js" {
  /** A name as biblatex splits it: `von Neumann, Jr., John` → prefix, family, suffix, given. */
  export interface BibtexName {
    given?: string;
    prefix?: string;
    family?: string;
    suffix?: string;
    literal?: string;
  }
  /** A field's LaTeX as text (accents and escapes decoded, case braces dropped), by the field's kind. */
  export function parse(text: string, field: "author" | "editor"): BibtexName[];
  export function parse(text: string, field: string): string | string[];
}

declare module "@citation-js/plugin-bibtex/lib/input/file.js" {
  import type { BibtexEntry } from "@citation-js/core";
  /** A .bib file's entries (`@string`s applied); throws a SyntaxError naming the line and column. */
  export function parse(text: string): BibtexEntry[];
}
