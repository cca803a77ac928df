import type { z } from "zod";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { FieldProblem } from "../errors.js";
import {
  aboutSchema,
  aboutSectionSchema,
  awardSchema,
  blogSchema,
  certificatesSchema,
  interestsSchema,
  languagesSchema,
  otherProjectSchema,
  pageSchema,
  projectSchema,
  publicationSchema,
  referencesSchema,
  resumeCardSchema,
  serviceSchema,
  skillsSchema,
  softSkillsSchema,
  timelineSchema,
} from "./content-schema.js";
import type { BlogPost, CustomSectionContent, Page, Project, ResumeCard, TimelineEntry } from "./content-types.js";
import type { RenderedMarkdown } from "./markdown.js";
import { firstMonth, type PartialDate } from "./partial-date.js";
import { projectMonth } from "./project-dates.js";
import { clashingIds } from "../slug.js";
import { nameProblems, seriesOrderProblems } from "./post-relations.js";
import { compareTimeline, periodWarning, type Period } from "./timeline-order.js";
import { holdsPeriod } from "./period-text.js";

/**
 * Every collection of content/, declared once: where its files live, the schema of their front
 * matter, whether their headings get ids, and how its entries become what the pages show, in their
 * order. The loader, the build cache's keys, the link check's inputs and `SiteContent` all come from
 * this table, so a collection is one row here and one schema in content-schema.ts.
 */

/** Where a collection's files are, inside content/: one file, or a folder of Markdown files (one entry each). */
export type CollectionSource = { file: string; required: boolean } | { folder: string };

/** A content file, validated, with its Markdown body rendered. */
export interface ParsedEntry<T> {
  /** Path relative to the project folder, as error messages show it. */
  file: string;
  /** The file name without `.md` (and without a language, translations.ts): the entry's id in the page and, for posts, projects and pages, its address. */
  slug: string;
  /** The language of its text: the default language's, or the one its file name gives (`atlas.pt.md`). */
  lang: string;
  data: T;
  /** The body as HTML, and as plain text (markdownToText) for excerpts and reading time: made once with the HTML and cached with it. */
  body: RenderedMarkdown & { text: string };
}

/** A problem a collection finds across its entries or against the config, with the file it belongs to. */
export interface EntryProblem {
  file: string;
  problems: FieldProblem[];
}

export interface ShapeContext {
  config: ResolvedConfig;
  /** Keep posts marked `draft: true`. */
  drafts: boolean;
}

export interface Collection<S extends z.ZodType = z.ZodType, Out = unknown> {
  source: CollectionSource;
  schema: S;
  /** Texts with a page of their own (posts, projects, pages) get ids on their headings, for links into them. */
  headingIds: boolean;
  /**
   * Posts, projects and pages: an entry without a translation is left out of a language's pages
   * when the config says `untranslated: "hide"` (the About page and the Resume always fall back).
   */
  item?: boolean;
  /** Entries left out of the site (drafts, unless asked for): their links are not checked either. */
  keep?: (entry: ParsedEntry<z.output<S>>, context: ShapeContext) => boolean;
  /** What the schema alone cannot check: names against the config's lists, clashes between entries. */
  check?: (entries: Array<ParsedEntry<z.output<S>>>, config: ResolvedConfig) => EntryProblem[];
  /** What the owner should change but that does not stop the build, each naming its file. */
  warnings?: (entries: Array<ParsedEntry<z.output<S>>>) => string[];
  /** The kept entries as the pages use them, in the order the pages show them. */
  shape: (entries: Array<ParsedEntry<z.output<S>>>, context: ShapeContext) => Out;
}

/** Declares a row with its types inferred from its schema and its shape. */
export function collection<S extends z.ZodType, Out>(row: Collection<S, Out>): Collection<S, Out> {
  return row;
}

export const collections = {
  about: collection({
    source: { file: "about.md", required: true },
    schema: aboutSchema,
    headingIds: false,
    // The file is required: a missing one is a problem before any shaping.
    shape: ([about], context) => ({ title: about!.data.title, bioHtml: about!.body.html, ...langOf(about!, context) }),
  }),
  /** Sections of the owner's own for the About page, by slug; the config's `about.sections` places them. */
  aboutSections: collection({
    source: { folder: "about" },
    schema: aboutSectionSchema,
    headingIds: false,
    shape: (entries, context) =>
      entries.map((entry) => ({
        slug: entry.slug,
        title: entry.data.title,
        html: entry.body.html,
        ...langOf(entry, context),
      })),
  }),
  services: collection({
    source: { folder: "services" },
    schema: serviceSchema,
    headingIds: false,
    shape: (entries, context) =>
      [...entries]
        .sort((a, b) => (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || a.slug.localeCompare(b.slug))
        .map((entry) => ({
          slug: entry.slug,
          title: entry.data.title,
          icon: entry.data.icon,
          descriptionHtml: entry.body.html,
          ...langOf(entry, context),
        })),
  }),
  education: timelineCollection("resume/education"),
  experience: timelineCollection("resume/experience"),
  volunteer: timelineCollection("resume/volunteer"),
  /** Newest first, as are awards and publications. */
  certificates: collection({
    source: { file: "resume/certificates.md", required: false },
    schema: certificatesSchema,
    headingIds: false,
    shape: ([entry]) => newestFirst(entry?.data.certificates ?? [], (certificate) => certificate.name),
  }),
  awards: collection({
    source: { folder: "resume/awards" },
    schema: awardSchema,
    headingIds: false,
    shape: (entries, context) =>
      newestFirst(
        entries.map((entry) => ({
          slug: entry.slug,
          ...entry.data,
          descriptionHtml: entry.body.html,
          ...langOf(entry, context),
        })),
        (award) => award.slug,
      ),
  }),
  publications: collection({
    source: { folder: "resume/publications" },
    schema: publicationSchema,
    headingIds: false,
    shape: (entries, context) =>
      newestFirst(
        entries.map((entry) => ({
          slug: entry.slug,
          title: entry.data.title,
          publisher: (entry.data.publisher ?? entry.data.event)!,
          date: entry.data.date,
          ...(entry.data.url ? { url: entry.data.url } : {}),
          descriptionHtml: entry.body.html,
          ...langOf(entry, context),
        })),
        (publication) => publication.slug,
      ),
  }),
  skills: collection({
    source: { file: "resume/skills.md", required: false },
    schema: skillsSchema,
    headingIds: false,
    check: (entries, config) =>
      entries.map(({ file, data }) => ({
        file,
        problems: data.skills.flatMap((skill, index) =>
          categoryProblems(`skills[${index}].category`, skill.category, config.skillCategories, "skillCategories"),
        ),
      })),
    shape: ([entry]) => entry?.data.skills ?? [],
  }),
  /** Spoken languages, in the owner's order. */
  languages: collection({
    source: { file: "resume/languages.md", required: false },
    schema: languagesSchema,
    headingIds: false,
    shape: ([entry]) => entry?.data.languages ?? [],
  }),
  /** Interests outside work, in the owner's order. */
  interests: collection({
    source: { file: "resume/interests.md", required: false },
    schema: interestsSchema,
    headingIds: false,
    shape: ([entry]) => entry?.data.interests ?? [],
  }),
  /** What others say of the owner, in the owner's order; a reference's text as written, its paragraphs kept. */
  references: collection({
    source: { file: "resume/references.md", required: false },
    schema: referencesSchema,
    headingIds: false,
    shape: ([entry]) => entry?.data.references ?? [],
  }),
  softSkills: collection({
    source: { file: "resume/soft-skills.md", required: false },
    schema: softSkillsSchema,
    headingIds: false,
    check: (entries) =>
      entries.map(({ file, data }) => ({
        file,
        problems: clashingIds(data.groups.map((group) => group.title)).map((clash) => ({
          field: `groups[${clash.index}].title`,
          problem:
            clash.clashesWith === undefined
              ? `"${clash.text}" has no letter or digit: expected a title that can name the group's heading`
              : `"${clash.text}" would give its heading the same id as "${clash.clashesWith}": expected titles that differ in more than case and punctuation`,
        })),
      })),
    shape: ([entry]) => entry?.data.groups ?? [],
  }),
  projects: collection({
    source: { folder: "projects" },
    schema: projectSchema,
    headingIds: true,
    check: (entries, config) => [
      ...reservedSlugProblems(entries, "works"),
      ...entries.map(({ file, data }) => ({
        file,
        problems:
          data.category === undefined
            ? []
            : categoryProblems("category", data.category, config.projectCategories, "projectCategories"),
      })),
      ...tagProblems(entries, "works/tag"),
    ],
    item: true,
    shape: (entries, context): Project[] =>
      entries
        .map((entry) => ({
          file: entry.file,
          slug: entry.slug,
          ...entry.data,
          descriptionHtml: entry.body.html,
          summary: excerpt(entry.body.text) || entry.data.title,
          ...langOf(entry, context),
        }))
        .sort((a, b) => projectMonth(b) - projectMonth(a) || a.title.localeCompare(b.title)),
  }),
  otherProjects: collection({
    source: { folder: "other-projects" },
    schema: otherProjectSchema,
    headingIds: false,
    item: true,
    shape: (entries, context) =>
      entries
        .map((entry) => ({
          slug: entry.slug,
          ...entry.data,
          descriptionHtml: entry.body.html,
          ...langOf(entry, context),
        }))
        .sort((a, b) => Number(b.year) - Number(a.year) || a.title.localeCompare(b.title)),
  }),
  blogPosts: collection({
    source: { folder: "blog" },
    schema: blogSchema,
    headingIds: true,
    keep: ({ data }, { drafts }) => drafts || !data.draft,
    check: (entries, config) => [
      ...reservedSlugProblems(entries, "blogs"),
      ...entries.map(({ file, data }) => ({
        file,
        problems: categoryProblems("category", data.category, config.blogCategories, "blogCategories"),
      })),
      ...tagProblems(entries, "blogs/tag"),
      ...nameProblems(
        entries.map(({ file, data }) => ({
          file,
          names: data.series === undefined ? [] : [{ field: "series", name: data.series }],
        })),
        "series",
        "blogs/series",
      ),
      ...seriesOrderProblems(entries.map(({ file, data }) => ({ file, ...data }))),
    ],
    item: true,
    shape: (entries, context): BlogPost[] =>
      entries
        .map((entry) => {
          const { data } = entry;
          const text = entry.body.text;
          return {
            file: entry.file,
            slug: entry.slug,
            ...data,
            author: data.author ?? context.config.owner.name,
            contentHtml: entry.body.html,
            excerpt: data.description ?? (excerpt(text) || data.title),
            readingMinutes: readingMinutes(text),
            ...langOf(entry, context),
          };
        })
        .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title)),
  }),
  /** Pages written in Markdown, each at `/<slug>`; whether an address is free is checked with the routes. */
  pages: collection({
    source: { folder: "pages" },
    schema: pageSchema,
    headingIds: true,
    item: true,
    shape: (entries, context): Page[] =>
      entries
        .map((entry) => {
          const { data } = entry;
          return {
            file: entry.file,
            slug: entry.slug,
            title: data.title,
            description: data.description ?? (excerpt(entry.body.text) || data.title),
            ...(data.menu ? { menu: { label: data.menu.label, order: data.menu.order } } : {}),
            contentHtml: entry.body.html,
            ...langOf(entry, context),
          };
        })
        .sort((a, b) => a.slug.localeCompare(b.slug)),
  }),
};

export type CollectionName = keyof typeof collections;

/** What each collection gives the pages, by its name in the table. */
export type CollectionContent = { [Name in CollectionName]: ReturnType<(typeof collections)[Name]["shape"]> };

/** A collection one build reads: a row of the table, or a résumé section its config declares. */
export interface BuildCollection {
  /** Its field of SiteContent: the row's name, or, for a custom section, its id in `customSections`. */
  name: string;
  custom: boolean;
  /** What decides how its files parse, for the build cache's keys (a custom section's layout picks its schema). */
  cacheName: string;
  row: Collection;
}

/** Every collection of a build: the table's, then one per section of the config's `resume.customSections`. */
export function collectionsFor(config: ResolvedConfig): BuildCollection[] {
  const builtIn = Object.entries(collections).map(([name, row]) => ({
    name,
    custom: false,
    cacheName: name,
    row: row as Collection,
  }));
  const custom = config.resume.customSections.map((section) => ({
    name: section.id,
    custom: true,
    cacheName: `custom résumé section, ${section.layout}`,
    row: customSectionCollection(section),
  }));
  return [...builtIn, ...custom];
}

/** A section the owner declares: one Markdown file per entry in `content/resume/<id>/`, read by its layout's schema. */
export function customSectionCollection({
  id,
  layout,
}: {
  id: string;
  layout: CustomSectionContent["layout"];
}): Collection {
  const folder = `resume/${id}`;
  const row: Collection<z.ZodType, CustomSectionContent> =
    layout === "timeline"
      ? withLayout(timelineCollection(folder), "timeline")
      : withLayout(cardsCollection(folder), "cards");
  return row as Collection;
}

/** The row's entries tagged with their layout, so the page knows how to draw them. */
function withLayout<S extends z.ZodType, L extends CustomSectionContent["layout"], Entries>(
  row: Collection<S, Entries>,
  layout: L,
): Collection<S, { layout: L; entries: Entries }> {
  return { ...row, shape: (entries, context) => ({ layout, entries: row.shape(entries, context) }) };
}

/** Dated cards, one file each, newest first: the "cards" layout of a custom section. */
function cardsCollection(folder: string) {
  return collection({
    source: { folder },
    schema: resumeCardSchema,
    headingIds: false,
    shape: (entries, context): ResumeCard[] =>
      newestFirst(
        entries.map((entry) => ({
          key: entry.slug,
          title: entry.data.title,
          by: entry.data.subtitle,
          date: entry.data.date,
          ...(entry.data.url ? { url: entry.data.url } : {}),
          descriptionHtml: entry.body.html,
          ...langOf(entry, context),
        })),
        (card) => card.key,
      ),
  });
}

/** Education, experience and volunteer work: one file per entry, in the order the page shows them (see compareTimeline). */
function timelineCollection(folder: string) {
  return collection({
    source: { folder },
    schema: timelineSchema,
    headingIds: false,
    warnings: (entries) =>
      entries.flatMap(({ file, data }) => (holdsPeriod(data) ? [periodWarning(file, String(data.period))] : [])),
    shape: (entries, context): TimelineEntry[] =>
      entries
        .map(({ slug, lang, data, body }) => ({
          slug,
          order: data.order,
          entry: {
            slug,
            title: data.title,
            organisation: data.organisation,
            ...(data.url ? { url: data.url } : {}),
            period: periodOf(data),
            descriptionHtml: body.html,
            ...langOf({ lang }, context),
            ...definedOf({
              location: data.location,
              organisationDescription: data.organisationDescription,
              highlights: data.highlights,
              studyType: data.studyType,
              area: data.area,
              score: data.score,
              courses: data.courses,
            }),
          },
        }))
        .sort((a, b) => compareTimeline({ ...a, period: a.entry.period }, { ...b, period: b.entry.period }))
        .map(({ entry }) => entry),
  });
}

/** An entry shown in a language other than its page's (untranslated) carries its own, for `lang` on its element. */
function langOf(entry: { lang: string }, context: ShapeContext): { lang?: string } {
  return entry.lang === context.config.site.lang ? {} : { lang: entry.lang };
}

/** The fields that have a value: an entry without them is the same object as before they existed. */
function definedOf<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The period a timeline file gives: start and end, only an end (or nothing), or the old free text. */
function periodOf(data: { start?: string | undefined; end?: string | undefined; period?: string | undefined }): Period {
  if (data.period !== undefined) return { text: data.period };
  if (data.start !== undefined) return { start: data.start, end: data.end ?? "present" };
  return { undated: true, ...(data.end !== undefined && data.end !== "present" ? { end: data.end } : {}) };
}

/** Post and project slugs that would collide with their list's own pages (`/blogs/page/2`, `/works/category/web`, `/blogs/tag/react`). */
export const reservedSlugs = ["page", "category"];

/** Tags written two ways that would share a page, named with their file and field (`tags[1]`). */
function tagProblems(entries: Array<ParsedEntry<{ tags?: string[] | undefined }>>, pages: string): EntryProblem[] {
  return nameProblems(
    entries.map(({ file, data }) => ({
      file,
      names: (data.tags ?? []).map((name, index) => ({ field: `tags[${index}]`, name })),
    })),
    "tag",
    pages,
  );
}

function reservedSlugProblems(entries: Array<ParsedEntry<unknown>>, list: string): EntryProblem[] {
  return entries
    .filter((entry) => reservedSlugs.includes(entry.slug))
    .map(({ file, slug }) => ({
      file,
      problems: [
        {
          field: "file name",
          problem: `"${slug}.md" would take the address /${list}/${slug}/, which the list's own pages use (/${list}/page/2, /${list}/category/…): rename the file`,
        },
      ],
    }));
}

function categoryProblems(field: string, value: string, allowed: string[], configField: string): FieldProblem[] {
  if (allowed.includes(value)) return [];
  return [
    {
      field,
      problem: `"${value}" is not a known category: expected one of ${allowed.join(", ")} (set by ${configField} in the config)`,
    },
  ];
}

/**
 * Dated entries newest first, then those without a date; `tie` (the name or the file name) orders
 * those of the same date.
 */
export function newestFirst<T extends { date?: PartialDate | undefined }>(
  entries: T[],
  tie: (entry: T) => string,
): T[] {
  const month = (entry: T) => (entry.date === undefined ? -Infinity : firstMonth(entry.date));
  return [...entries].sort((a, b) => month(b) - month(a) || tie(a).localeCompare(tie(b)));
}

/** Minutes to read `text`, whose words markdownToText has already separated by single spaces. */
function readingMinutes(text: string): number {
  // Counted, not split: splitting a thousand posts made a million strings on every build.
  let words = text === "" ? 0 : 1;
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) words++;
  return Math.max(1, Math.round(words / 220));
}

function excerpt(text: string, length = 160): string {
  return text.length <= length ? text : `${text.slice(0, length).replace(/\s+\S*$/, "")}…`;
}
