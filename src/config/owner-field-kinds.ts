// What each kind of the owner's own fields (the config's `fields`, made by `field`) accepts in front
// matter, with the engine's messages, and what the docs and problems say it expects.
import { z } from "zod";
import type { OwnerFieldData, OwnerFieldKind } from "./define-config.js";
import { describeValue, isoDate, publicPath, text, webUrl } from "../schema-fields.js";

/** A path inside public/, as the engine's own image fields take it. */
const publicImage = publicPath("an image's path", "images/projects/atlas.webp");

export const ownerFieldKinds = [
  "text",
  "number",
  "boolean",
  "date",
  "url",
  "image",
  "choice",
  "list",
] as const satisfies readonly OwnerFieldKind[];

/** What a field of a kind expects, as a problem or the docs say it: `true or false`. */
export function expectedOf(field: OwnerFieldData): string {
  switch (field.kind) {
    case "text":
      return "text";
    case "number":
      return "a number";
    case "boolean":
      return "true or false";
    case "date":
      return "a date as YYYY-MM-DD";
    case "url":
      return "an http(s) URL";
    case "image":
      return "an image's path in public/";
    case "choice":
      return `one of ${(field.choices ?? []).map((choice) => JSON.stringify(choice)).join(", ")}`;
    case "list":
      return `a list of ${field.of ? itemsOf(field.of) : "values"}`;
  }
}

function itemsOf(item: OwnerFieldData): string {
  const plural: Record<OwnerFieldKind, string> = {
    text: "texts",
    number: "numbers",
    boolean: "true or false values",
    date: "dates as YYYY-MM-DD",
    url: "http(s) URLs",
    image: "image paths in public/",
    choice: `values, each ${expectedOf(item)}`,
    list: "lists",
  };
  return plural[item.kind];
}

/** `expected …, got …` (or `is missing: expected …`) for a value a kind refuses. */
function refusal(field: OwnerFieldData) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `is missing: expected ${expectedOf(field)}`
      : `expected ${expectedOf(field)}, got ${describeValue(issue.input)}`;
}

/** What a value of the field's kind must be, whether given or not. */
function kindSchema(field: OwnerFieldData): z.ZodType {
  switch (field.kind) {
    case "text":
      return text("text");
    case "number":
      return z.number({ error: refusal(field) }).finite();
    case "boolean":
      return z.boolean({ error: refusal(field) });
    case "date":
      return isoDate;
    case "url":
      return webUrl;
    case "image":
      return publicImage;
    case "choice":
      return z.enum((field.choices ?? []) as [string, ...string[]], { error: refusal(field) });
    case "list":
      return z.array(kindSchema(field.of ?? { kind: "text", required: true }), { error: refusal(field) });
  }
}

/** What a file may give the field: required, optional, or a default when left out. */
export function ownerFieldSchema(field: OwnerFieldData): z.ZodType {
  const schema = kindSchema(field);
  if (field.required) return schema;
  return field.defaultValue === undefined ? schema.optional() : schema.optional().default(field.defaultValue as never);
}

/** Why a default does not fit its own field, if it does not. */
export function defaultProblem(field: OwnerFieldData): string | undefined {
  if (field.defaultValue === undefined) return undefined;
  const result = kindSchema(field).safeParse(field.defaultValue);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The site's own fields, one line each, as `portfolio check` lists them:
 * `projects.featured: true or false, default true — Shown first, with a badge`.
 */
export function ownerFieldLines(fields: Record<string, Record<string, OwnerFieldData>> | undefined): string[] {
  return Object.entries(fields ?? {}).flatMap(([folder, own]) =>
    Object.entries(own).map(([name, field]) => {
      const presence = field.required
        ? "required"
        : field.defaultValue === undefined
          ? "optional"
          : `default ${JSON.stringify(field.defaultValue)}`;
      const description = field.description ? ` — ${field.description}` : "";
      return `${folder}.${name}: ${expectedOf(field)}, ${presence}${description}`;
    }),
  );
}
