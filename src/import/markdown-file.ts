import { stringify } from "yaml";

/** A content file: YAML front matter (fields left undefined are left out), then the Markdown body. */
export function markdownFile(fields: Record<string, unknown>, body = ""): string {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const frontMatter = Object.keys(defined).length ? stringify(defined, { lineWidth: 0 }) : "";
  return `---\n${frontMatter}---\n${body ? `\n${body}\n` : ""}`;
}

/**
 * Plain text (a JSON Resume summary) as Markdown that renders to that same text: its paragraphs
 * kept, and every character that Markdown would read as markup escaped, so `5 * 3 * 2`,
 * `<br>` or `# 1` stay what they are.
 */
export function markdownOfText(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) =>
      paragraph
        .split(/\r?\n/)
        .map((line) => escapeLine(line.trim()))
        .filter(Boolean)
        .join("\n"),
    )
    .filter(Boolean)
    .join("\n\n");
}

function escapeLine(line: string): string {
  return (
    line
      .replace(/[\\`*_[\]<>&|~]/g, "\\$&")
      // What starts a block: a heading, a quote, a list item, a numbered item, a rule.
      .replace(/^([#>+-])(?=\s|$)/, "\\$1")
      .replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2")
      .replace(/^([-=])(?=\1*$)/, "\\$1")
  );
}
