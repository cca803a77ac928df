import type { z } from "zod";
import type { FieldProblem } from "./errors.js";

/** `["skills", 2, "percent"]` → `skills[2].percent` */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    // A key with a dot in it (`strings["page.about"]`) is one key, not two.
    if (String(key).includes(".")) return `${text}[${JSON.stringify(String(key))}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, "");
}

/**
 * zod's issues as problems named by field. An unknown field is named by itself (`site.theme`), not
 * by the object that holds it, so the owner finds the line to delete.
 */
export function problemsFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        field: formatFieldPath([...prefix, ...issue.path, key]),
        problem: "is not a known field: remove it, or check its spelling",
      }));
    }
    return [{ field: formatFieldPath([...prefix, ...issue.path]), problem: issue.message }];
  });
}
