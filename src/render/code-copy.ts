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

/** A `<pre>` whose first child is a `<code>`, whatever wrote it: a Markdown body's code block, a component's BibTeX. */
const codeBlock = /<pre((?:\s[^>]*)?)>(\s*<code[\s>])/g;

/**
 * Marks every code block of a page (`pre > code`: a Markdown body's, or one a component wrote, like
 * a publication's BibTeX) as an island whose plain module adds a copy button at the visitor's first
 * reach for it: nothing is drawn, and no script runs, before. Each block carries the button's words
 * in the page's language, and takes focus (a scrolling region must; the keyboard's reach is focus
 * moving into the block, the button after it in the tab order). Text inside a block is escaped, so
 * only real tags match.
 */
export function withCodeCopy(html: string, labels: CodeCopyLabels): string {
  if (!html.includes("<pre")) return html;
  const words = ` data-copy-label="${escapeAttribute(labels.copy)}" data-copied-label="${escapeAttribute(labels.copied)}"`;
  return html.replace(codeBlock, (block, attributes: string, code: string) => {
    if (/\sdata-island=/.test(attributes)) return block;
    const focusable = /\stabindex=/.test(attributes) ? "" : ' tabindex="0"';
    return `<pre${attributes}${focusable} data-island="${codeCopyIsland}"${words}>${code}`;
  });
}
