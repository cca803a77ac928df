// What the schema of one file cannot check: names that clash between entries, slugs a list's own pages
// use, categories the config does not list. Each problem names its file and field.
import type { FieldProblem } from "../errors.js";
import type { EntryProblem, ParsedEntry } from "./collection-types.js";
import { nameProblems } from "./post-relations.js";

/**
 * Post and project slugs that would collide with their list's own
 * pages (`/blogs/page/2`, `/works/category/web`, `/blogs/tag/react`).
 */
export const reservedSlugs = ["page", "category"];

/** Tags written two ways that would share a page, named with their file and field (`tags[1]`). */
export function tagProblems(
  entries: Array<ParsedEntry<{ tags?: string[] | undefined }>>,
  pages: string,
): EntryProblem[] {
  return nameProblems(
    entries.map(({ file, data }) => ({
      file,
      names: (data.tags ?? []).map((name, index) => ({ field: `tags[${index}]`, name })),
    })),
    "tag",
    pages,
  );
}

export function reservedSlugProblems(entries: Array<ParsedEntry<unknown>>, list: string): EntryProblem[] {
  return entries
    .filter((entry) => reservedSlugs.includes(entry.slug))
    .map(({ file, slug }) => ({
      file,
      problems: [
        {
          field: "file name",
          problem: `"${slug}.md" would take the address /${list}/${slug}/, which the list's own pages use (/${list}/page/2, /${list}/category/…): rename the file`,
        },
      ],
    }));
}

export function categoryProblems(field: string, value: string, allowed: string[], configField: string): FieldProblem[] {
  if (allowed.includes(value)) return [];
  return [
    {
      field,
      problem: `"${value}" is not a known category: expected one of ${allowed.join(", ")} (set by ${configField} in the config)`,
    },
  ];
}
