import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { z } from "zod";
import { loadConfig } from "../src/config/load-config.js";
import { blogSchema, projectSchema } from "../src/content/content-schema.js";
import { scaffoldEntry, type ScaffoldKind } from "../src/content/scaffold.js";
import { repoRoot } from "./helpers/sample-site.js";

const { config } = await loadConfig({ cwd: repoRoot, env: {} });
const schemas: Record<ScaffoldKind, z.ZodType> = { post: blogSchema, project: projectSchema };

/** Each field the template writes, with the comment lines just above it (not those of a field left commented out). */
function fieldsWithComments(template: string): Array<{ field: string; comment: string }> {
  const lines = template.split("---\n")[1]!.split("\n");
  return lines.flatMap((line, index) => {
    const field = /^([a-z_]+):/i.exec(line)?.[1];
    if (!field) return [];
    const above: string[] = [];
    for (let at = index - 1; at >= 0 && /^#/.test(lines[at]!) && !/^# [a-z_]+:/.test(lines[at]!); at--)
      above.unshift(lines[at]!);
    return [{ field, comment: above.join(" ") }];
  });
}

describe("the templates of portfolio new", () => {
  it.each(["post", "project"] as const)(
    "the %s's template calls optional exactly the fields its schema lets an entry leave out",
    (kind) => {
      const template = scaffoldEntry(kind, "Tide tables", config, "2026-03-04");
      const data = parse(template.split("---\n")[1]!) as Record<string, unknown>;
      expect(schemas[kind].safeParse(data).success, "the template as written is valid").toBe(true);
      const fields = fieldsWithComments(template);
      expect(fields.map(({ field }) => field).sort()).toEqual(Object.keys(data).sort());
      for (const { field, comment } of fields) {
        const { [field]: _left, ...without } = data;
        const saysOptional = /Optional|remove this line/.test(comment);
        expect(schemas[kind].safeParse(without).success, `${field}: "${comment}"`).toBe(saysOptional);
      }
    },
  );

  it("says a project's languages may be left out, and the schema agrees; an empty list is refused", () => {
    const template = scaffoldEntry("project", "Tide tables", config, "2026-03-04");
    expect(template).not.toContain("at least one");
    const data = parse(template.split("---\n")[1]!) as Record<string, unknown>;
    const { languages: _languages, ...without } = data;
    expect(projectSchema.safeParse(without).success).toBe(true);
    expect(projectSchema.safeParse({ ...data, languages: [] }).success).toBe(false);
  });
});
