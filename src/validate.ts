import { z } from "zod";
import type { FieldProblem } from "./errors.js";
import { closestWord } from "./closest-word.js";

/** `["skills", 2, "percent"]` → `skills[2].percent` */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    // A key with a dot in it (`strings["page.about"]`) is one key, not two.
    if (String(key).includes(".")) return `${text}[${JSON.stringify(String(key))}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, "");
}

/** A zod issue; an unknown field's also carries the fields its object knows, to suggest one. */
type FieldIssue = z.core.$ZodIssue & { knownFields?: readonly string[] };

/**
 * `schema.safeParse(value)`, whose unknown-field issues also carry the fields the refusing object
 * knows. zod names the object schema only to the error map, while the issue is being made: the
 * names are noted there, by the object that held the unknown key, and put on the issue after.
 */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  const knownByInput = new WeakMap<object, readonly string[]>();
  const result = schema.safeParse(value, {
    reportInput: true,
    error: (issue) => {
      const shape = (issue.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
      if (issue.code === "unrecognized_keys" && isObject(issue.input) && shape)
        knownByInput.set(issue.input, Object.keys(shape));
      return undefined;
    },
  });
  if (result.success) return result;
  const issues = result.error.issues.map((issue): FieldIssue => {
    const { input, ...rest } = issue as typeof issue & { input?: unknown };
    const knownFields = issue.code === "unrecognized_keys" && isObject(input) ? knownByInput.get(input) : undefined;
    return knownFields ? { ...rest, knownFields } : rest;
  });
  return { ...result, error: new z.ZodError(issues) as z.ZodError<z.output<S>> };
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** What to say of a field its object does not know: the nearest known name, when one is near. */
export function unknownFieldProblem(field: string, knownFields: readonly string[] = []): string {
  const guess = closestWord(field, knownFields);
  return guess
    ? `is not a known field: did you mean \`${guess}\`?`
    : "is not a known field: remove it, or check its spelling";
}

/**
 * zod's issues as problems named by field. An unknown field is named by itself (`site.theme`), not
 * by the object that holds it, so the owner finds the line to delete; parsed by `parseFields`, it
 * is answered with the nearest known name.
 */
export function problemsFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): FieldProblem[] {
  return error.issues.flatMap((issue: FieldIssue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: formatFieldPath([...prefix, ...issue.path, key]),
        problem: unknownFieldProblem(key, issue.knownFields),
      }));
    }
    return [{ field: formatFieldPath([...prefix, ...issue.path]), problem: issue.message }];
  });
}
