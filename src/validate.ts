import type { z } from "zod";
import type { FieldProblem } from "./errors.js";

/** `["skills", 2, "percent"]` → `skills[2].percent` */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, "");
}

export function problemsFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): FieldProblem[] {
  return error.issues.map((issue) => ({
    field: formatFieldPath([...prefix, ...issue.path]),
    problem: issue.message,
  }));
}
