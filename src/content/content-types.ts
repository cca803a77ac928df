import type { z } from "zod";
import type { SiteLink } from "./markdown.js";
import type {
  ServiceIcon,
  awardSchema,
  blogSchema,
  certificatesSchema,
  interestsSchema,
  languagesSchema,
  otherProjectSchema,
  projectSchema,
  referencesSchema,
} from "./content-schema.js";
import type { PartialDate } from "./partial-date.js";
import type { FieldsOf, OwnerFieldValues } from "./owner-fields.js";
import type { Period } from "./timeline-order.js";

export type { Period } from "./timeline-order.js";

export interface ContentLinks {
  /** The content file, relative to the project folder. */
  file: string;
  links: SiteLink[];
}

interface Entry<Folder extends string = string> {
  /** File name without extension (and without a language, `atlas.pt.md`): a stable id for the entry. */
  slug: string;
  /** The language of its text, when it is not its page's: an entry without a translation, shown as it is written. */
  lang?: string | undefined;
  /** The values of the owner's own fields for its folder (the config's `fields`): `{}` when it declares none. */
  fields: FieldsOf<Folder>;
}

/** An entry that names its file, for errors found after loading (its image, its links). */
interface FromFile {
  /** Path relative to the project folder, e.g. `content/projects/atlas.md`. */
  file: string;
}

export interface Service extends Entry<"services"> {
  title: string;
  icon: ServiceIcon;
  descriptionHtml: string;
}
/** An entry of the education, experience or volunteer timeline, in the order the page shows it. */
export interface TimelineEntry extends Entry {
  /** The degree, or the role. */
  title: string;
  organisation: string;
  /** The organisation's website. */
  url?: string | undefined;
  period: Period;
  descriptionHtml: string;
  /** Where it was (a city, or Remote). */
  location?: string | undefined;
  /** What the organisation is, in a few words. */
  organisationDescription?: string | undefined;
  /** What was done, one line each, as plain text. */
  highlights?: string[] | undefined;
  /** Education only: the kind of degree and the field, as the owner or an imported résumé gave them apart. */
  studyType?: string | undefined;
  area?: string | undefined;
  score?: string | undefined;
  courses?: string[] | undefined;
}
export type Certificate = z.output<typeof certificatesSchema>["certificates"][number];
export interface Award extends Entry<"awards">, z.output<typeof awardSchema> {
  descriptionHtml: string;
}
export interface Publication extends Entry<"publications"> {
  title: string;
  /** Where it appeared: the publisher, or the event of a talk. */
  publisher: string;
  date: PartialDate;
  url?: string | undefined;
  descriptionHtml: string;
}
/**
 * One card of a dated section of the Resume: a certificate, an
 * award, a publication or talk, an entry of a custom section.
 */
export interface ResumeCard {
  /** Tells the cards of a section apart: the file name, or the place in the list. */
  key: string;
  title: string;
  /** Where it can be seen: the title links to it. */
  url?: string | undefined;
  /** The line under the title: who issued or gave it, or where it appeared. */
  by: string;
  /** Undefined for an entry whose date is not known (an imported award or certificate): shown without one. */
  date?: PartialDate | undefined;
  descriptionHtml?: string | undefined;
  /** The language of its text, when it is not its page's. */
  lang?: string | undefined;
  /** The values of the owner's own fields for its section (the config's `fields`): `{}` when it declares none. */
  fields: OwnerFieldValues;
}
/** A custom résumé section's entries, shaped as its layout draws them. */
export type CustomSectionContent =
  | { layout: "cards"; entries: ResumeCard[] }
  | { layout: "timeline"; entries: TimelineEntry[] };
export type Language = z.output<typeof languagesSchema>["languages"][number];
export type Interest = z.output<typeof interestsSchema>["interests"][number];
export type Reference = z.output<typeof referencesSchema>["references"][number];
export interface Skill {
  name: string;
  category: string;
  percent: number;
  /** The level in words, shown in place of the percent. */
  level?: string | undefined;
  keywords?: string[] | undefined;
}
export interface SoftSkillGroup {
  title: string;
  skills: string[];
}
export interface Project extends Entry<"projects">, FromFile, z.output<typeof projectSchema> {
  descriptionHtml: string;
  /** The description's first sentences as text, for the page's meta description. */
  summary: string;
}
export interface OtherProject extends Entry<"other-projects">, z.output<typeof otherProjectSchema> {
  descriptionHtml: string;
}
export interface BlogPost extends Entry<"blog">, FromFile, Omit<z.output<typeof blogSchema>, "author"> {
  /** The post's `author`, or the owner's name. */
  author: string;
  contentHtml: string;
  excerpt: string;
  /** Minutes a reader takes, at 220 words a minute, at least 1. */
  readingMinutes: number;
}
/** A page written in Markdown (`content/pages/uses.md` → `/uses`). */
export interface Page extends Entry<"pages">, FromFile {
  title: string;
  description: string;
  /** Its link in the menu, placed by `order` among the site's own (About 10, Resume 20, Projects 30, Contact 40). */
  menu?: { label: string; order?: number | undefined } | undefined;
  contentHtml: string;
}
