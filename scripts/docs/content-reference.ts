/**
 * docs/content-fields.md: the front-matter fields of every collection of content/, read from the
 * zod schemas the build validates with (src/content/collections.ts and content-schema.ts), so the
 * table cannot say something the build does not (tests/docs.test.ts fails when it is out of date).
 */
import { z } from "zod";
import { collections } from "../../src/content/collections.js";

export interface ContentField {
  name: string;
  type: string;
  required: boolean;
}

export interface CollectionFields {
  /** Where its files are, inside content/: `about.md`, `projects/*.md`. */
  where: string;
  fields: ContentField[];
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  format?: string;
};

/** A JSON Schema type as an owner reads it: `text`, `list of text`, `one of "a", "b"`. */
export function describeType(schema: JsonSchema): string {
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(", ")}`;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const described = [...new Set(choices.filter((choice) => choice.type !== "null").map(describeType))];
    return described.join(" or ");
  }
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== "null") : schema.type;
  switch (type) {
    case "string":
      return schema.format === "uri" ? "URL" : "text";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "`true` or `false`";
    case "array":
      return schema.items ? `list of ${describeType(schema.items)}` : "list";
    case "object":
      return schema.properties ? `fields (${Object.keys(schema.properties).join(", ")})` : "fields";
    default:
      return "any";
  }
}

function fieldsOf(schema: z.ZodType): ContentField[] {
  // The input side: what the owner writes, before the schema's transforms.
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({
    name,
    type: describeType(field),
    required: required.has(name),
  }));
}

export function contentFields(): CollectionFields[] {
  const seen = new Set<string>();
  const rows: CollectionFields[] = [];
  for (const row of Object.values(collections)) {
    const where = "file" in row.source ? row.source.file : `${row.source.folder}/*.md`;
    if (seen.has(where)) continue;
    seen.add(where);
    rows.push({ where, fields: fieldsOf(row.schema) });
  }
  return rows;
}

export function contentReference(rows = contentFields()): string {
  const lines = [
    "# Content fields",
    "",
    "<!-- Written by `npm run docs` from the content's schemas (scripts/docs/content-reference.ts): edit the schemas, not this page. -->",
    "",
    "The front-matter fields of each file of `content/`, as the build validates them. What each field does, with examples, is in [the content guide](content.md); a field not listed is refused, with the closest known name suggested.",
  ];
  for (const { where, fields } of rows) {
    lines.push("", `## \`${where}\``, "");
    if (fields.length === 0) {
      lines.push("No front matter: the file is its Markdown text.");
      continue;
    }
    lines.push("| Field | Type | Required |", "| --- | --- | --- |");
    for (const field of fields)
      lines.push(`| \`${field.name}\` | ${field.type.replaceAll("|", "\\|")} | ${field.required ? "yes" : "no"} |`);
  }
  return `${lines.join("\n")}\n`;
}
