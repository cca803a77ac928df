/** Highlights code as HTML, in one of the languages loaded. */
export interface HtmlHighlighter {
  /** Loads these languages' grammars (names of Shiki's bundled languages), when not loaded yet. */
  load(languages: string[]): Promise<void>;
  highlight(code: string, language: string): string;
}

/** Shiki with its CSS-variables theme and the Oniguruma engine, and no language loaded yet. */
export function loadHtmlHighlighter(): Promise<HtmlHighlighter>;
