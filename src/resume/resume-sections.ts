// Long because the Resume's built-in sections are one table (sectionsById), each row beside the
// types it fills: a section is a row here, read by the page and by /resume.json alike.
import type { ResolvedConfig } from "../config/config-schema.js";
import type { ResumeIcon } from "../config/define-config.js";
import { type BuiltInSectionId, builtInSectionNames } from "../config/resume-section-names.js";
import type { CollectionContent, CollectionName } from "../content/collections.js";
import type {
  Interest,
  Language,
  Reference,
  ResumeCard,
  Skill,
  SoftSkillGroup,
  TimelineEntry,
} from "../content/content-types.js";
import type { SiteContent } from "../content/site-content.js";
import type { JsonResume } from "../json-resume/json-resume-schema.js";
import type { TextKey } from "../i18n/strings.js";
import { datesOf, degreeOf, highlightsOf, summaryOf, urlOf } from "../json-resume/json-resume-values.js";

/**
 * The sections of the Resume, as data: each names the collection it shows, how its entries become
 * what its layout draws, and where they go in `/resume.json`. The Resume page and `/resume.json`
 * both loop over the same list, in the order the config gives (`resume.sections`), with the
 * sections the config declares (`resume.customSections`) after the built-in ones.
 */

/** What each layout draws: its entries, as the page shows them. */
export interface LayoutEntries {
  /** Entries from start to end, newest first: education, experience. */
  timeline: TimelineEntry[];
  /** Dated cards, newest first: certificates, awards. */
  cards: ResumeCard[];
  /** Skill bars under a heading per category of the config's `skillCategories`. */
  skills: SkillGroup[];
  "soft-skills": SoftSkillGroup[];
  languages: Language[];
  /** Each interest's name, its keywords as tags. */
  interests: Interest[];
  /** Quotations, each with who gave it. */
  references: Reference[];
}

export type SectionLayout = keyof LayoutEntries;

/** The technical skills of one category, in the order of skills.md. */
export interface SkillGroup {
  category: string;
  skills: Skill[];
}

/** A section as the page shows it: its heading, and its entries for its layout to draw. */
export type ShownSection = {
  [L in SectionLayout]: {
    /** The heading's id: the section's anchor on the page (`/resume#awards`). */
    id: string;
    title: string;
    icon?: ResumeIcon | undefined;
    layout: L;
    entries: LayoutEntries[L];
  };
}[SectionLayout];

/** The sections of JSON Resume, in the order of its schema (and of `/resume.json`). */
export const jsonResumeSections = [
  "work",
  "volunteer",
  "education",
  "awards",
  "certificates",
  "publications",
  "skills",
  "languages",
  "interests",
  "references",
] as const;
export type JsonResumeSection = (typeof jsonResumeSections)[number];
type JsonResumeEntry<K extends JsonResumeSection> = NonNullable<JsonResume[K]>[number];

/** A section of the Resume, whatever its collection and layout. */
export interface ResumeSection {
  id: string;
  title: string;
  icon?: ResumeIcon | undefined;
  /** The section with its entries, as its layout draws them. */
  show: (content: SiteContent, config: ResolvedConfig) => ShownSection;
  /**
   * Its entries as JSON Resume has them; none where JSON Resume has no such section (soft skills, a custom section).
   */
  toJsonResume?: ((content: SiteContent) => { section: JsonResumeSection; entries: unknown[] }) | undefined;
}

type EntryOf<Name extends CollectionName> = CollectionContent[Name] extends Array<infer Entry> ? Entry : never;

/** How a section's entries map into JSON Resume: the section they go in, and each entry there. */
type JsonResumeMapping<Entry> = {
  [K in JsonResumeSection]: { section: K; toEntry: (entry: Entry) => JsonResumeEntry<K> };
}[JsonResumeSection];

/** A built-in section as declared: the collection it shows, and how its entries become the layout's. */
interface SectionRow<Name extends CollectionName, L extends SectionLayout> {
  id: string;
  /** Its heading, in the site's language. */
  titleKey: TextKey;
  icon?: ResumeIcon;
  collection: Name;
  layout: L;
  toEntries: (entries: CollectionContent[Name], config: ResolvedConfig) => LayoutEntries[L];
  jsonResume?: JsonResumeMapping<EntryOf<Name>>;
}

/** A built-in section: its heading is a string of the site's dictionary. */
export interface BuiltInSection {
  id: string;
  titleKey: TextKey;
  /** The section, headed by its title in the site's language. */
  titled: (title: string) => ResumeSection;
}

/** Declares a built-in section with its types inferred from its collection and layout. */
function section<Name extends CollectionName, L extends SectionLayout>(row: SectionRow<Name, L>): BuiltInSection {
  const { id, titleKey, icon, collection, layout, toEntries, jsonResume } = row;
  return {
    id,
    titleKey,
    titled: (title) => titledSection({ id, title, icon, collection, layout, toEntries, jsonResume }),
  };
}

function titledSection<Name extends CollectionName, L extends SectionLayout>({
  id,
  title,
  icon,
  collection,
  layout,
  toEntries,
  jsonResume,
}: Omit<SectionRow<Name, L>, "titleKey"> & { title: string }): ResumeSection {
  return {
    id,
    title,
    icon,
    // TypeScript cannot see that the layout and its entries stay paired through the mapped type.
    show: (content, config) =>
      ({ id, title, icon, layout, entries: toEntries(content[collection], config) }) as ShownSection,
    toJsonResume:
      jsonResume &&
      ((content) => ({
        section: jsonResume.section,
        entries: (content[collection] as Array<EntryOf<Name>>).map((entry) => jsonResume.toEntry(entry)),
      })),
  };
}

const asTheyAre = <T>(entries: T): T => entries;

/** A built-in section's id and heading key, as the config names it. */
function named(id: BuiltInSectionId): { id: BuiltInSectionId; titleKey: TextKey } {
  return builtInSectionNames.find((names) => names.id === id)!;
}

const sectionsById: { [Id in BuiltInSectionId]: BuiltInSection } = {
  education: section({
    ...named("education"),
    icon: "book-open",
    collection: "education",
    layout: "timeline",
    toEntries: asTheyAre,
    // JSON Resume splits a degree into studyType ("Bachelor") and area ("Physics"); the title,
    // which says both, is the area. Its description goes in `summary`, which v1 leaves out of education.
    jsonResume: {
      section: "education",
      toEntry: (entry) => ({
        institution: entry.organisation,
        ...urlOf(entry),
        ...degreeOf(entry),
        ...datesOf(entry),
        ...(entry.score ? { score: entry.score } : {}),
        ...(entry.courses?.length ? { courses: entry.courses } : {}),
        ...summaryOf(entry.descriptionHtml),
      }),
    },
  }),
  experience: section({
    ...named("experience"),
    icon: "briefcase-business",
    collection: "experience",
    layout: "timeline",
    toEntries: asTheyAre,
    jsonResume: {
      section: "work",
      toEntry: (entry) => ({
        name: entry.organisation,
        position: entry.title,
        ...(entry.location ? { location: entry.location } : {}),
        ...(entry.organisationDescription ? { description: entry.organisationDescription } : {}),
        ...urlOf(entry),
        ...datesOf(entry),
        ...summaryOf(entry.descriptionHtml),
        ...highlightsOf(entry),
      }),
    },
  }),
  volunteer: section({
    ...named("volunteer"),
    icon: "heart-handshake",
    collection: "volunteer",
    layout: "timeline",
    toEntries: asTheyAre,
    jsonResume: {
      section: "volunteer",
      toEntry: (entry) => ({
        organization: entry.organisation,
        position: entry.title,
        ...urlOf(entry),
        ...datesOf(entry),
        ...summaryOf(entry.descriptionHtml),
        ...highlightsOf(entry),
      }),
    },
  }),
  certificates: section({
    ...named("certificates"),
    icon: "badge-check",
    collection: "certificates",
    layout: "cards",
    toEntries: (certificates) =>
      certificates.map((certificate, index) => ({
        key: String(index),
        title: certificate.name,
        url: certificate.url,
        by: certificate.issuer,
        date: certificate.date,
        fields: {},
      })),
    jsonResume: {
      section: "certificates",
      toEntry: (certificate) => ({
        name: certificate.name,
        ...(certificate.date === undefined ? {} : { date: certificate.date }),
        issuer: certificate.issuer,
        ...urlOf(certificate),
      }),
    },
  }),
  awards: section({
    ...named("awards"),
    icon: "trophy",
    collection: "awards",
    layout: "cards",
    toEntries: (awards) =>
      awards.map((award) => ({
        key: award.slug,
        title: award.title,
        by: award.awarder,
        date: award.date,
        descriptionHtml: award.descriptionHtml,
        lang: award.lang,
        fields: award.fields,
      })),
    jsonResume: {
      section: "awards",
      toEntry: (award) => ({
        title: award.title,
        ...(award.date === undefined ? {} : { date: award.date }),
        awarder: award.awarder,
        ...summaryOf(award.descriptionHtml),
      }),
    },
  }),
  publications: section({
    ...named("publications"),
    icon: "newspaper",
    collection: "publications",
    layout: "cards",
    toEntries: (publications) =>
      publications.map((publication) => ({
        key: publication.slug,
        title: publication.title,
        url: publication.url,
        by: publication.publisher,
        date: publication.date,
        descriptionHtml: publication.descriptionHtml,
        lang: publication.lang,
        fields: publication.fields,
      })),
    jsonResume: {
      section: "publications",
      toEntry: (publication) => ({
        name: publication.title,
        publisher: publication.publisher,
        ...(publication.date === undefined ? {} : { releaseDate: publication.date }),
        ...urlOf(publication),
        ...summaryOf(publication.descriptionHtml),
      }),
    },
  }),
  "technical-skills": section({
    ...named("technical-skills"),
    collection: "skills",
    layout: "skills",
    toEntries: (skills, config) =>
      config.skillCategories
        .map((category) => ({ category, skills: skills.filter((skill) => skill.category === category) }))
        .filter((group) => group.skills.length > 0),
    // The level is the owner's word when there is one, else the bar's percent (a word would lose its exact
    // length); the keywords are the skill's own, else its category.
    jsonResume: {
      section: "skills",
      toEntry: (skill) => ({
        name: skill.name,
        level: skill.level ?? `${skill.percent}%`,
        keywords: skill.keywords?.length ? skill.keywords : [skill.category],
      }),
    },
  }),
  // JSON Resume has no place for soft skills.
  "soft-skills": section({
    ...named("soft-skills"),
    collection: "softSkills",
    layout: "soft-skills",
    toEntries: asTheyAre,
  }),
  languages: section({
    ...named("languages"),
    collection: "languages",
    layout: "languages",
    toEntries: asTheyAre,
    jsonResume: {
      section: "languages",
      toEntry: ({ language, fluency }) => ({ language, ...(fluency === undefined ? {} : { fluency }) }),
    },
  }),
  interests: section({
    ...named("interests"),
    icon: "heart",
    collection: "interests",
    layout: "interests",
    toEntries: asTheyAre,
    jsonResume: {
      section: "interests",
      toEntry: ({ name, keywords }) => ({ name, ...(keywords?.length ? { keywords } : {}) }),
    },
  }),
  references: section({
    ...named("references"),
    icon: "quote",
    collection: "references",
    layout: "references",
    toEntries: asTheyAre,
    jsonResume: {
      section: "references",
      toEntry: ({ name, reference }) => ({ name, ...(reference === undefined ? {} : { reference }) }),
    },
  }),
};

/** The built-in sections, in the page's order unless the config's `resume.sections` gives another. */
export const builtInSections: BuiltInSection[] = builtInSectionNames.map(({ id }) => sectionsById[id]);

/** A section the config declares: its entries are its own folder's, already shaped for its layout by the loader. */
function customSection({ id, title, icon, layout }: ResolvedConfig["resume"]["customSections"][number]): ResumeSection {
  return {
    id,
    title,
    icon,
    show: (content) => ({ id, title, icon, ...(content.customSections[id] ?? { layout, entries: [] }) }),
  };
}

/**
 * The Resume's sections in the config's order: the built-in ones, then the custom ones, unless
 * `resume.sections` lists them otherwise (and leaves some out). The config's schema has checked
 * that every listed id names a section.
 */
export function resumeSections(config: ResolvedConfig): ResumeSection[] {
  const every = [
    ...builtInSections.map((builtIn) => builtIn.titled(config.strings[builtIn.titleKey])),
    ...config.resume.customSections.map(customSection),
  ];
  const order = config.resume.sections;
  if (order === undefined) return every;
  const byId = new Map(every.map((entry) => [entry.id, entry]));
  return order.flatMap((id) => byId.get(id) ?? []);
}

/** The Resume's sections with their entries, as the page shows them. */
export function shownSections(config: ResolvedConfig, content: SiteContent): ShownSection[] {
  return resumeSections(config).map((entry) => entry.show(content, config));
}

/**
 * The shown sections' entries as JSON Resume has them, in the order of its schema. A section with
 * no entries is left out, as the page leaves it out.
 */
export function jsonResumeSectionsOf(
  config: ResolvedConfig,
  content: SiteContent,
): Partial<Pick<JsonResume, JsonResumeSection>> {
  const mapped = new Map(
    resumeSections(config).flatMap((entry) => {
      const json = entry.toJsonResume?.(content);
      return json && json.entries.length > 0 ? [[json.section, json.entries] as const] : [];
    }),
  );
  return Object.fromEntries(
    jsonResumeSections.flatMap((name) => (mapped.has(name) ? [[name, mapped.get(name)]] : [])),
  ) as Partial<Pick<JsonResume, JsonResumeSection>>;
}
