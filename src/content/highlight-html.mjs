/**
 * Code highlighted as HTML with Shiki and the grammars editors use. Its CSS-variables theme names
 * each token's role (keyword, string, comment, …) instead of a colour: each role becomes a class, and
 * site.css gives each class a colour per site theme. Plain JavaScript, not TypeScript: the thread
 * that highlights a long blog's code beside the Markdown (highlight-worker.mjs) runs this file as it
 * is, from the installed package too, and the build's own thread runs the same code, so both give
 * the same bytes. Its types are in highlight-html.d.mts.
 */

/** @type {import("./highlight-html.d.mts").loadHtmlHighlighter} */
export async function loadHtmlHighlighter() {
  // Shiki is loaded only for content that has code: a site without any starts faster.
  const [{ createCssVariablesTheme, createHighlighter }, { createOnigurumaEngine }] = await Promise.all([
    import("shiki"),
    import("shiki/engine/oniguruma"),
  ]);
  const theme = createCssVariablesTheme({ name: "portfolio-roles", variablePrefix: "--shiki-", fontStyle: true });
  // Oniguruma is the regular-expression engine the grammars are written for (VS Code's), so every
  // grammar reads exactly as in the editor; measured as fast as Shiki's JavaScript engine here.
  const highlighter = await createHighlighter({
    themes: [theme],
    langs: [],
    engine: createOnigurumaEngine(import("shiki/wasm")),
  });
  return {
    async load(languages) {
      const loaded = highlighter.getLoadedLanguages();
      // The names are of Shiki's bundled languages (highlight.ts checks them).
      const missing = languages.filter((language) => !loaded.includes(language));
      if (missing.length) await highlighter.loadLanguage(...missing);
    },
    highlight(code, language) {
      // Shiki's default limit, 0.5 s a line, includes compiling the grammar on its first line: on a busy
      // machine that ran over and left the rest of the line unhighlighted, so the same post built
      // differently. The limit stays only against runaway patterns.
      const lines = highlighter.codeToTokensBase(code, { lang: language, theme, tokenizeTimeLimit: 10_000 });
      return lines
        .map((tokens) =>
          tokens
            .map((token) => {
              const classes = [
                roleOf(token.color),
                ...(token.fontStyle && token.fontStyle & 1 ? ["tok-italic"] : []),
                ...(token.fontStyle && token.fontStyle & 2 ? ["tok-bold"] : []),
              ].filter(Boolean);
              const text = escapeHtml(token.content);
              return classes.length ? `<span class="${classes.join(" ")}">${text}</span>` : text;
            })
            .join(""),
        )
        .join("\n");
    },
  };
}

/**
 * `var(--shiki-token-keyword)` → `tok-keyword`; the plain foreground has no class.
 * @param {string | undefined} color
 */
function roleOf(color) {
  const role = color && /^var\(--shiki-(?:token-)?([\w-]+)\)$/.exec(color)?.[1];
  return role && role !== "foreground" ? `tok-${role}` : "";
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
