import type { ResolvedConfig } from "../config/config-schema.js";
import { collection, type Collection } from "./collection-types.js";
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
  serviceSchema,
  skillsSchema,
  softSkillsSchema,
} from "./content-schema.js";
import type { BlogPost, Page, Project } from "./content-types.js";
import { categoryProblems, reservedSlugProblems, tagProblems } from "./entry-problems.js";
import { excerpt, langOf, newestFirst, readingMinutes } from "./entry-shapes.js";
import { projectMonth } from "./project-dates.js";
import { customSectionCollection, timelineCollection } from "./resume-collections.js";
import { clashingIds } from "../slug.js";
import { nameProblems, seriesOrderProblems } from "./post-relations.js";
import { type OwnerFieldsOf, withOwnerFields } from "./owner-fields.js";

// The loader reads these types from here.
export type { CollectionSource, ParsedEntry, ShapeContext } from "./collection-types.js";

/**
 * Every collection of content/, declared once: where its files live, the schema of their front
 * matter, whether their headings get ids, and how its entries become what the pages show, in their
 * order. The loader, the build cache's keys, the link check's inputs and `SiteContent` all come from
 * this table, so a collection is one row here and one schema in content-schema.ts.
 */
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
        fields: entry.fields,
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
          fields: entry.fields,
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
          fields: entry.fields,
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
          fields: entry.fields,
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
          fields: entry.fields,
          // The video first, outside the summary, which is the text's.
          descriptionHtml: (entry.videoHtml ?? "") + entry.body.html,
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
          fields: entry.fields,
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
            fields: entry.fields,
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
            fields: entry.fields,
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
  /** The owner's fields of its files (the config's `fields`), checked with its own and given to its entries apart. */
  ownerFields?: OwnerFieldsOf | undefined;
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
  return [...builtIn, ...custom].map((collection) => withFieldsOf(collection, config.fields));
}

/**
 * The name the config's `fields` and `sort` give a collection of one file per entry: its folder
 * below content/ (`projects`, `other-projects`), a résumé section's without `resume/` (`education`,
 * a custom section's id). A collection of one file has none.
 */
export function fieldsNameOf(row: Pick<Collection, "source">): string | undefined {
  return "folder" in row.source ? row.source.folder.replace(/^resume\//, "") : undefined;
}

/** Every collection an owner may give fields of their own, by its name in the config's `fields`. */
export function fieldCollections(customSectionIds: readonly string[]): Map<string, Collection> {
  const rows = [
    ...Object.values(collections).map((row) => row as Collection),
    ...customSectionIds.map((id) => customSectionCollection({ id, layout: "cards" })),
  ];
  return new Map(
    rows.flatMap((row) => {
      const name = fieldsNameOf(row);
      return name === undefined ? [] : [[name, row] as const];
    }),
  );
}

/**
 * A collection whose files also carry the owner's fields for it: checked with its own, parsed apart
 * (parse-entry.ts).
 */
function withFieldsOf(collection: BuildCollection, fields: Record<string, OwnerFieldsOf> | undefined): BuildCollection {
  const name = fieldsNameOf(collection.row);
  const own = name === undefined ? undefined : fields?.[name];
  if (!own || Object.keys(own).length === 0) return collection;
  return {
    ...collection,
    // The fields decide what a file parses to: a cached parse made under others is not used.
    cacheName: `${collection.cacheName} ${JSON.stringify(own)}`,
    row: { ...collection.row, schema: withOwnerFields(collection.row.schema, own) },
    ownerFields: own,
  };
}
