// The types of the owner's own fields, written beside the config as `portfolio-fields.d.ts`: it adds
// the site's folders to `OwnerFieldTypes` (portfolio-ssg/components), so that the owner's editor
// types `project.fields.featured` from the config and flags a misspelt field.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OwnerFieldData, OwnerListItemData } from "./define-config.js";

export const fieldTypesFile = "portfolio-fields.d.ts";

const header = "// Written by portfolio from the config's `fields` on every build: edit the config, not this file.";

/** The TypeScript type of a value of the field. */
function typeOf(field: OwnerFieldData | OwnerListItemData): string {
  switch (field.kind) {
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "choice":
      return (field.choices ?? []).map((choice) => JSON.stringify(choice)).join(" | ") || "never";
    case "list": {
      const of = "of" in field && field.of ? typeOf(field.of) : "string";
      return `Array<${of}>`;
    }
    default:
      return "string";
  }
}

/** The declaration's text for the config's fields; undefined when it declares none. */
export function ownerFieldDeclarations(
  fields: Record<string, Record<string, OwnerFieldData>> | undefined,
): string | undefined {
  const folders = Object.entries(fields ?? {}).filter(([, own]) => Object.keys(own).length > 0);
  if (!folders.length) return undefined;
  const members = folders.map(([folder, own]) => {
    const lines = Object.entries(own).map(([name, field]) => {
      const missing = !field.required && field.defaultValue === undefined;
      const description = field.description ? `      /** ${field.description.replace(/\*\//g, "* /")} */\n` : "";
      return `${description}      ${JSON.stringify(name)}${missing ? "?" : ""}: ${typeOf(field)}${missing ? " | undefined" : ""};`;
    });
    return `    ${JSON.stringify(folder)}: {\n${lines.join("\n")}\n    };`;
  });
  return `${header}
import "portfolio-ssg/components";

declare module "portfolio-ssg/components" {
  interface OwnerFieldTypes {
${members.join("\n")}
  }
}
`;
}

/**
 * Keeps `portfolio-fields.d.ts` beside the config as its fields say: written when they change,
 * removed (if it is ours) when the config declares none.
 */
export async function writeOwnerFieldTypes(
  configFile: string,
  fields: Record<string, Record<string, OwnerFieldData>> | undefined,
): Promise<void> {
  const file = path.join(path.dirname(configFile), fieldTypesFile);
  const text = ownerFieldDeclarations(fields);
  const written = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) {
    if (written?.startsWith(header)) await rm(file, { force: true });
    return;
  }
  if (written !== text) await writeFile(file, text);
}
