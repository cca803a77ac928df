/**
 * docs/troubleshooting.md: every error of the catalogue (src/errors-data.ts) by its name, with its
 * title and hint, so an owner who searches for the name printed in the terminal finds what to do
 * (tests/docs.test.ts fails when the file is older than the catalogue).
 */
import { errorsData } from "../../src/errors-data.js";

interface CatalogueEntry {
  title: string;
  hint?: string;
  bug?: true;
}

export function errorReference(catalogue: Record<string, CatalogueEntry> = errorsData): string {
  const entries = Object.entries(catalogue);
  const lines = [
    "# Troubleshooting",
    "",
    "<!-- Written by `npm run docs` from src/errors-data.ts (scripts/docs/error-reference.ts): edit the catalogue, not this page. -->",
    "",
    "Every mistake `portfolio` reports starts with the error's name, `✗ ContentInvalid: …`, then says what went wrong and where: the file, the field (and line where there is one), or the page. The build then stops with exit code 1 and leaves what it wrote before untouched. Find the name below for what to do.",
    "",
    "Errors marked *a bug in portfolio* are not your mistake: they print the page and the cause's stack, and ask to be reported.",
    "",
    ...entries.map(([name, entry]) => `- [${name}](#${name.toLowerCase()}): ${entry.title}`),
  ];
  for (const [name, entry] of entries) {
    lines.push("", `## ${name}`, "", `**${entry.title}.**`);
    if (entry.bug) lines.push("", "*A bug in portfolio:* please report it with the output.");
    if (entry.hint) lines.push("", entry.hint);
  }
  return `${lines.join("\n")}\n`;
}
