import type { BundledLanguage } from "shiki";
import { bundledLanguages } from "shiki/langs";

/**
 * Code blocks are highlighted at build time, with Shiki and the grammars editors use. Its
 * CSS-variables theme names each token's role (keyword, string, comment, …) instead of a colour:
 * the build turns the role into a class, and site.css gives each class a colour per site theme, chosen
 * to meet contrast on the code background. So a page has no inline style (the CSP forbids them)
 * and no highlighting script, and a code block follows the light and dark themes by itself.
 */
export type HighlightCode = (code: string, language: string) => string | undefined;

/** A highlighter for the languages named in `sources`' code fences that Shiki knows; other fences stay plain. */
export async function createCodeHighlighter(sources: Iterable<string>): Promise<HighlightCode> {
  const languages = new Set<BundledLanguage>();
  for (const source of sources) {
    for (const [, name] of source.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm)) {
      const language = name!.toLowerCase();
      if (Object.hasOwn(bundledLanguages, language)) languages.add(language as BundledLanguage);
    }
  }
  if (!languages.size) return () => undefined;
  const highlighter = await sharedHighlighter(languages);
  return (code, language) => {
    const name = language.toLowerCase();
    if (!languages.has(name as BundledLanguage)) return undefined;
    // Shiki's default limit, 0.5 s a line, includes compiling the grammar on its first line: on a busy
    // machine that ran over and left the rest of the line unhighlighted, so the same post built
    // differently. The limit stays only against runaway patterns.
    const lines = highlighter.codeToTokensBase(code, {
      lang: name as BundledLanguage,
      theme: highlighter.theme,
      tokenizeTimeLimit: 10_000,
    });
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
  };
}

/** `var(--shiki-token-keyword)` → `tok-keyword`; the plain foreground has no class. */
function roleOf(color: string | undefined): string {
  const role = color && /^var\(--shiki-(?:token-)?([\w-]+)\)$/.exec(color)?.[1];
  return role && role !== "foreground" ? `tok-${role}` : "";
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

type LoadedHighlighter = Awaited<ReturnType<typeof import("shiki")["createHighlighter"]>>;

/**
 * One highlighter for the whole process, its grammars loaded as content first needs them. Making
 * one costs ~0.3 s (WebAssembly, grammars): `portfolio dev` rebuilds on every save, and pays it once.
 */
let loading: Promise<{ highlighter: LoadedHighlighter; theme: import("shiki").ThemeRegistration }> | undefined;

async function sharedHighlighter(
  languages: Set<BundledLanguage>,
): Promise<{ codeToTokensBase: LoadedHighlighter["codeToTokensBase"]; theme: import("shiki").ThemeRegistration }> {
  loading ??= (async () => {
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
    return { highlighter, theme };
  })();
  const { highlighter, theme } = await loading;
  const missing = [...languages].filter((language) => !highlighter.getLoadedLanguages().includes(language));
  if (missing.length) await highlighter.loadLanguage(...missing);
  return { codeToTokensBase: highlighter.codeToTokensBase.bind(highlighter), theme };
}
