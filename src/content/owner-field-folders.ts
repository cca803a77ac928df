// Whether the config's `fields` names folders that take fields of the owner, and shadows none of their own.
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
export function ownerFieldProblems(config: Pick<ResolvedConfig, "fields" | "resume">): FieldProblem[] {
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
