import type { TextKey } from "../i18n/strings.js";
import type { ResumeIcon } from "./define-config.js";

/**
 * The Resume's built-in sections as the config names them, in the page's order: the ids
 * `resume.sections` may list, and the dictionary key of each heading (the config refuses a custom
 * section titled like one of them). resume/resume-sections.ts says what each shows.
 */
export const builtInSectionNames = [
  { id: "education", titleKey: "resume.education" },
  { id: "experience", titleKey: "resume.experience" },
  { id: "volunteer", titleKey: "resume.volunteer" },
  { id: "certificates", titleKey: "resume.certificates" },
  { id: "awards", titleKey: "resume.awards" },
  { id: "publications", titleKey: "resume.publications" },
  { id: "technical-skills", titleKey: "resume.skills" },
  { id: "soft-skills", titleKey: "resume.softSkills" },
  { id: "languages", titleKey: "resume.languages" },
  { id: "interests", titleKey: "resume.interests" },
  { id: "references", titleKey: "resume.references" },
] as const satisfies ReadonlyArray<{ id: string; titleKey: TextKey }>;

export type BuiltInSectionId = (typeof builtInSectionNames)[number]["id"];

/** The icon of a custom section that names none. */
export const defaultSectionIcon: ResumeIcon = "bookmark";
