// The config's `resume`: the order of the Resume's sections, and the sections an owner declares of their own.
import { z } from "zod";
import { text } from "../schema-fields.js";
import { isWindowsReservedName } from "../slug.js";
import type { ResumeIcon } from "./define-config.js";
import { builtInSectionNames, defaultSectionIcon } from "./resume-section-names.js";

const resumeIcons = [
  "award",
  "badge-check",
  "book-open",
  "bookmark",
  "briefcase-business",
  "code",
  "file-text",
  "flask-conical",
  "globe",
  "graduation-cap",
  "handshake",
  "heart",
  "heart-handshake",
  "landmark",
  "lightbulb",
  "medal",
  "megaphone",
  "mic",
  "microscope",
  "newspaper",
  "pen-tool",
  "presentation",
  "quote",
  "rocket",
  "scroll-text",
  "star",
  "trophy",
  "users",
  "wrench",
] as const satisfies readonly ResumeIcon[];

const builtInSectionIds: readonly string[] = builtInSectionNames.map((section) => section.id);

/**
 * Ids the Resume page gives elements of its own (its main region,
 * skill groups, islands): a section's heading may not take one.
 */
const pageIds = { exact: ["main"], prefixes: ["skills-", "soft-", "island-"] };

/**
 * What is wrong with a custom section's id, if anything. It names a folder of content/ and the
 * heading's id on the page, so it is plain, and not an id the page already uses.
 */
function customIdProblem(id: string): string | undefined {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id) || isWindowsReservedName(id)) {
    return `expected an id of lowercase letters, digits and single dashes, starting with a letter, such as patents (it names the folder content/resume/<id>/ and the heading's anchor), got ${JSON.stringify(id)}`;
  }
  if (builtInSectionIds.includes(id))
    return `"${id}" is a built-in section's id: choose another (the built-in ids are ${builtInSectionIds.join(", ")})`;
  const prefix = pageIds.prefixes.find((start) => id.startsWith(start));
  if (pageIds.exact.includes(id) || prefix)
    return `"${id}" ${prefix ? `starts with "${prefix}", as ids` : "is an id"} the Resume page gives elements of its own: choose another`;
  return undefined;
}

const customSection = z.strictObject({
  id: z
    .string({ error: "is missing: expected an id such as patents" })
    .trim()
    .superRefine((id, context) => {
      const problem = customIdProblem(id);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  title: text("the section's heading, such as Patents"),
  icon: z.enum(resumeIcons, { error: `expected one of ${resumeIcons.join(", ")}` }).default(defaultSectionIcon),
  layout: z.enum(["cards", "timeline"], {
    error: 'expected "cards" (dated entries, like awards) or "timeline" (entries from start to end, like experience)',
  }),
});

/**
 * The Resume's sections: `sections` orders them (and leaves some out) by id, `customSections`
 * declares the owner's own. Every id is checked against the others here, so the page and
 * `/resume.json` can take the list as it is.
 */
export const resumeSchema = z
  .strictObject({
    sections: z
      .array(z.string({ error: "expected a section's id such as education" }).trim(), {
        error: 'expected a list of section ids such as ["experience", "education"]',
      })
      .optional(),
    customSections: z
      .array(customSection, { error: "expected a list of sections, each with id, title and layout" })
      .default([]),
  })
  .prefault({})
  .superRefine(({ sections, customSections }, context) => {
    const customIds = customSections.map((section) => section.id);
    customIds.forEach((id, index) => {
      if (customIds.indexOf(id) < index)
        context.addIssue({
          code: "custom",
          path: ["customSections", index, "id"],
          message: `"${id}" is declared twice: expected each section once`,
        });
    });
    const known = [...builtInSectionIds, ...customIds];
    sections?.forEach((id, index) => {
      if (!known.includes(id))
        context.addIssue({
          code: "custom",
          path: ["sections", index],
          message: `"${id}" is not a section: expected one of ${known.join(", ")}`,
        });
      else if (sections.indexOf(id) < index)
        context.addIssue({
          code: "custom",
          path: ["sections", index],
          message: `"${id}" is listed twice: expected each section once`,
        });
    });
  });
