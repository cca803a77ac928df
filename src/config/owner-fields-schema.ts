// The config's `fields`: the owner's own fields of each content folder, as `field` (define-config.ts)
// makes them. Whether each folder takes fields, and shadows none of its own, is the content's to say
// (content/owner-field-folders.ts).
import { z } from "zod";
import { defaultProblem, ownerFieldKinds } from "./owner-field-kinds.js";
import { text } from "../schema-fields.js";

const madeWithField = 'expected a field made with field, such as field.boolean() or field.choice(["a", "b"])';

const fieldKind = z.enum(ownerFieldKinds, { error: madeWithField });

const fieldShape = {
  kind: fieldKind,
  required: z.boolean({ error: madeWithField }),
  // Any value of the field's kind: checked against it below.
  defaultValue: z.any().optional(),
  description: text("one line that says what the field is for").optional(),
  choices: z
    .array(text("a choice"), { error: 'expected the choices as a list, e.g. field.choice(["a", "b"])' })
    .min(1, "expected at least one choice")
    .optional(),
};

/** A field's own problems: a choice without choices, a default its kind refuses. */
function fieldProblems(field: z.output<z.ZodObject<typeof fieldShape>>, context: z.RefinementCtx): void {
  if (field.kind === "choice" && !field.choices)
    context.addIssue({
      code: "custom",
      path: ["choices"],
      message: 'expected the choices, e.g. field.choice(["a", "b"])',
    });
  const problem = defaultProblem(field);
  if (problem) context.addIssue({ code: "custom", path: ["default"], message: problem });
}

/** A list's item: a field of any kind but a list. */
const listItem = z
  .strictObject({
    ...fieldShape,
    kind: fieldKind.exclude(["list"], { error: "expected a list of single values, not of lists" }),
  })
  .superRefine(fieldProblems);

const ownerField = z
  .strictObject({ ...fieldShape, of: listItem.optional() }, { error: madeWithField })
  .superRefine(fieldProblems);

/** A field's name as front matter writes it: a letter, then letters, digits, `_` or `-`. */
const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, {
  error: (issue) =>
    `expected a field's name of letters, digits, _ and -, starting with a letter, got ${JSON.stringify(issue.input)}`,
});

export const ownerFieldsSchema = z.record(
  z.string(),
  z.record(fieldName, ownerField, {
    error: "expected the folder's fields by name, e.g. { featured: field.boolean() }",
  }),
  { error: "expected fields by content folder, e.g. { projects: { featured: field.boolean() } }" },
);

/** `sort`: each list's fields, the first deciding, `-` before a field for the highest first. */
export const sortSchema = z.record(
  z.string(),
  z
    .array(
      z
        .string({ error: 'expected a field\'s name, or "-" and its name for the highest first, e.g. "-featured"' })
        .regex(/^-?[A-Za-z][A-Za-z0-9_-]*$/, {
          error: (issue) =>
            `expected a field's name, or "-" and its name for the highest first, e.g. "-featured", got ${JSON.stringify(issue.input)}`,
        }),
      { error: 'expected a list of fields, e.g. ["-featured", "title"]' },
    )
    .min(1, 'expected at least one field, e.g. ["-featured"]'),
  { error: 'expected the order of each list by fields, e.g. { projects: ["-featured"] }' },
);

/** A content component's `props` (components/content/<Name>.tsx): its attributes by name, each made with `field`. */
export const contentPropsSchema = z.record(fieldName, ownerField, {
  error: "expected the attributes by name, e.g. { value: field.text() }",
});
