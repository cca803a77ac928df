import { escapeAttribute } from "../escape.js";

/** The island a code block is: its plain module (client/code-copy.ts) adds the copy button at the first reach. */
export const codeCopyIsland = "CodeCopy";

/** The words the copy button says, in the page's language. */
export interface CodeCopyLabels {
  /** The button's accessible name: "Copy code". */
  copy: string;
  /** What screen readers hear once the text is copied: "Copied". */
  copied: string;
}

/**
 * Marks every code block of a page (`pre > code`: a Markdown body's, or one a component wrote, like
 * a publication's BibTeX) as an island whose plain module adds a copy button at the visitor's first
 * reach for it: nothing is drawn, and no script runs, before. Each block carries the button's words
 * in the page's language, and takes focus (a scrolling region must; the keyboard's reach is focus
 * moving into the block, the button after it in the tab order). Text inside a block is escaped, so
 * only real tags match.
 */
export function withCodeCopy(html: string, labels: CodeCopyLabels): string {
  let at = html.indexOf("<pre");
  if (at === -1) return html;
  const words = ` data-copy-label="${escapeAttribute(labels.copy)}" data-copied-label="${escapeAttribute(labels.copied)}"`;
  // Found by `indexOf` rather than a regular expression over the whole page: every publication's page and
  // list has a block, and a page is tens of kilobytes.
  const parts: string[] = [];
  let copied = 0;
  for (; at !== -1; at = html.indexOf("<pre", at + 1)) {
    const block = codeBlockAt(html, at);
    if (!block || /\sdata-island=/.test(block.attributes)) continue;
    const focusable = /\stabindex=/.test(block.attributes) ? "" : ' tabindex="0"';
    parts.push(html.slice(copied, at), `<pre${block.attributes}${focusable} data-island="${codeCopyIsland}"${words}>`);
    copied = block.end;
  }
  parts.push(html.slice(copied));
  return parts.join("");
}

/**
 * The `<pre>` tag at `at` when its first child is a `<code>` (`<pre((?:\s[^>]*)?)>\s*<code[\s>]`): its
 * attributes, and where the tag ends.
 */
function codeBlockAt(html: string, at: number): { attributes: string; end: number } | undefined {
  const afterName = at + "<pre".length;
  const next = html[afterName];
  if (next !== ">" && !isSpace(next)) return undefined;
  const close = html.indexOf(">", afterName);
  if (close === -1) return undefined;
  let child = close + 1;
  while (isSpace(html[child])) child++;
  if (!html.startsWith("<code", child) || !(html[child + 5] === ">" || isSpace(html[child + 5]))) return undefined;
  return { attributes: html.slice(afterName, close), end: close + 1 };
}

/** JavaScript's `\s`, as the tags' syntax above reads it. */
function isSpace(char: string | undefined): boolean {
  return char !== undefined && /\s/.test(char);
}
