// The owner's own fields (the config's `fields`) in a folder's files: checked beside the folder's own
// fields, and kept apart from them once parsed.
import type { z } from "zod";
import type { OwnerFieldData } from "../config/define-config.js";
import { ownerFieldSchema } from "../config/owner-field-kinds.js";

/** The values of an entry's own fields, by name: `{}` when the config declares none for its folder. */
export type OwnerFieldValues = Record<string, unknown>;

/**
 * The types of the owner's fields, by folder: empty in the engine, filled in a site by the
 * declaration the build writes beside its config (`portfolio-fields.d.ts`, config/owner-field-types.ts),
 * so that `project.fields.featured` is a boolean in the owner's editor and `fields.featurd` an error.
 */
// biome-ignore lint/suspicious/noEmptyInterface: a site's declaration adds its folders to it.
export interface OwnerFieldTypes {}

/** An item's own fields: typed by the site's declaration when it has one for the folder. */
export type FieldsOf<Folder extends string> = Folder extends keyof OwnerFieldTypes
  ? OwnerFieldTypes[Folder]
  : OwnerFieldValues;

/** The owner's fields of one folder, by name. */
export type OwnerFieldsOf = Record<string, OwnerFieldData>;

/**
 * A folder's schema with the owner's fields beside its own, so that an unknown field's suggestion
 * weighs both. Refinements of the folder's schema are kept (`safeExtend`).
 */
export function withOwnerFields<S extends z.ZodType>(schema: S, fields: OwnerFieldsOf | undefined): S {
  if (!fields || Object.keys(fields).length === 0) return schema;
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, ownerFieldSchema(field)]));
  return (schema as unknown as z.ZodObject).safeExtend(shape) as unknown as S;
}

/** A parsed file's data split into the folder's own fields and the owner's. */
export function splitOwnerFields<T>(data: T, fields: OwnerFieldsOf | undefined): { data: T; fields: OwnerFieldValues } {
  if (!fields || Object.keys(fields).length === 0) return { data, fields: {} };
  const own: Record<string, unknown> = {};
  const builtIn: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    if (Object.hasOwn(fields, name)) own[name] = value;
    else builtIn[name] = value;
  }
  return { data: builtIn as T, fields: own };
}

/** The built-in fields of a schema, which an owner's may not shadow. */
export function builtInFieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: object }).shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * Line of the file on which a top-level front-matter field is written, if it is: the owner's
 * field problems name it, as the body's do.
 */
export function fieldLine(source: string, name: string): number | undefined {
  const lines = source.split(/\r?\n/);
  if (!/^\uFEFF?---/.test(lines[0] ?? "")) return undefined;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^---[ \t]*$/.test(line)) return undefined;
    const key = /^(["']?)([^"':\s][^:]*?)\1\s*:/.exec(line);
    if (key?.[2] === name) return index + 1;
  }
  return undefined;
}
