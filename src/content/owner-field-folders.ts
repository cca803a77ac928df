// Whether the config's `fields` names folders that take fields of the owner, and shadows none of their
// own; whether its `sort` names lists and their fields.
import type { ResolvedConfig } from "../config/config-schema.js";
import { closestWord } from "../closest-word.js";
import type { FieldProblem } from "../errors.js";
import { fieldCollections } from "./collections.js";
import { builtInFieldsOf } from "./owner-fields.js";

/**
 * What the config's `fields` names wrongly: a folder that takes no fields of the owner (with the
 * nearest that does), or a field that is one of the folder's own. Checked with the content, whose
 * table knows the folders.
 */
export function ownerFieldProblems(config: Pick<ResolvedConfig, "fields" | "resume" | "sort">): FieldProblem[] {
  return [...fieldsProblems(config), ...sortProblems(config)];
}

/** The folders whose lists `sort` orders: those with list pages (their pages, categories and tags). */
export const sortedFolders = ["projects", "blog"] as const;

function sortProblems({ fields, sort }: Pick<ResolvedConfig, "fields" | "sort">): FieldProblem[] {
  if (!sort) return [];
  const collections = fieldCollections([]);
  return Object.entries(sort).flatMap(([folder, keys]) => {
    if (!(sortedFolders as readonly string[]).includes(folder)) {
      const guess = closestWord(folder, sortedFolders);
      return [
        {
          field: `sort.${folder}`,
          problem: `is not a list that can be ordered${guess ? `: did you mean \`${guess}\`?` : ""} Expected one of ${sortedFolders.join(", ")}`,
        },
      ];
    }
    const known = [...builtInFieldsOf(collections.get(folder)!.schema), ...Object.keys(fields?.[folder] ?? {})];
    return keys.flatMap((key, index) => {
      const name = key.replace(/^-/, "");
      if (known.includes(name)) return [];
      const guess = closestWord(name, known);
      return [
        {
          field: `sort.${folder}[${index}]`,
          problem: `"${name}" is not a field of content/${folder}/*.md${guess ? `: did you mean \`${guess}\`?` : ""} Expected one of its fields, or one of yours declared in fields.${folder}`,
        },
      ];
    });
  });
}

function fieldsProblems(config: Pick<ResolvedConfig, "fields" | "resume">): FieldProblem[] {
  if (!config.fields) return [];
  const collections = fieldCollections(config.resume.customSections.map((section) => section.id));
  const names = [...collections.keys()];
  return Object.entries(config.fields).flatMap(([folder, own]) => {
    const row = collections.get(folder);
    if (!row) {
      const guess = closestWord(folder, names);
      return [
        {
          field: `fields.${folder}`,
          problem: `is not a content folder that takes fields${guess ? `: did you mean \`${guess}\`?` : ""} Expected one of ${names.join(", ")}`,
        },
      ];
    }
    const builtIn = new Set(builtInFieldsOf(row.schema));
    const files = "folder" in row.source ? `content/${row.source.folder}/*.md` : folder;
    return Object.keys(own)
      .filter((name) => builtIn.has(name))
      .map((name) => ({
        field: `fields.${folder}.${name}`,
        problem: `is the engine's own field \`${name}\` of ${files}: give your field another name (an owner's field may not shadow a built-in one)`,
      }));
  });
}
