import path from "node:path";
import type { z } from "zod";
import type { ResolvedConfig } from "../config/config-schema.js";
import { ProblemList, portfolioError, type FieldProblem } from "../errors.js";
import { inParallel } from "../in-parallel.js";
import { listFolder, projectFolder, readTextFile, type ProjectFolder } from "../project/project-files.js";
import { problemsFromZod } from "../validate.js";
import {
  aboutSchema, awardSchema, blogSchema, certificatesSchema, languagesSchema, otherProjectSchema, projectSchema, publicationSchema,
  serviceSchema, skillsSchema, softSkillsSchema, timelineSchema,
} from "./content-schema.js";
import type { ContentLinks, SiteContent, TimelineEntry } from "./content-types.js";
import { parseFrontMatter } from "./front-matter.js";
import { createCodeHighlighter, type HighlightCode } from "./highlight.js";
import { codeFingerprint, hashOf, openCache, type BuildCache } from "../build/build-cache.js";
import type { CacheStore } from "../build/cache-store.js";
import { loadMarkdownLibraries, markdownToText, renderMarkdown, type MarkdownLibraries, type RenderedMarkdown } from "./markdown.js";
import { clashingIds } from "./slug.js";
import { compareTimeline, periodWarning } from "./timeline-order.js";
import { firstMonth, type PartialDate } from "./partial-date.js";

export interface LoadContentOptions {
  /** Project folder: holds content/ and public/. */
  root: string;
  config: ResolvedConfig;
  /** Keep posts marked `draft: true` (they are shown as drafts). @default false */
  drafts?: boolean;
  /** Where parsed files are kept between builds; none: every file is parsed. */
  cache?: CacheStore | undefined;
}

/** A content file, validated, with its Markdown body rendered. */
interface Entry<T> {
  /** Path relative to the project folder, as error messages show it. */
  file: string;
  slug: string;
  data: T;
  body: RenderedMarkdown;
}

/**
 * Reads and validates every file in content/. All problems of all files are gathered and thrown
 * together as one `ContentInvalid` error, so the owner can fix them in one pass.
 */
export async function loadContent({ root, config, drafts = false, cache: cacheStore }: LoadContentOptions): Promise<SiteContent> {
  const folder = await projectFolder(root, "content");
  if (!folder) throw portfolioError("ContentFolderMissing", [root]);
  if ("problem" in folder) throw portfolioError("UnsafeFile", [folder.problem]);
  const problems = new ProblemList();
  const reader: Reader = { folder, problems, base: config.site.base };

  // Every file is read first, so the highlighter loads the grammars of every language the content uses.
  const [aboutSource, serviceSources, skillsSource, softSkillsSource, projectSources, otherProjectSources, postSources, resume] = await Promise.all([
    readSource(reader, "about.md", true),
    readFolder(reader, "services"),
    readSource(reader, "resume/skills.md", false),
    readSource(reader, "resume/soft-skills.md", false),
    readFolder(reader, "projects"),
    readFolder(reader, "other-projects"),
    readFolder(reader, "blog"),
    readResumeSections(reader),
  ]);
  const sources = [aboutSource, skillsSource, softSkillsSource, ...serviceSources, ...projectSources, ...otherProjectSources, ...postSources, ...resumeSources(resume)]
    .filter((source) => source !== undefined);
  // A file's path says which collection it is in, so its path, text and the base path decide what it parses to.
  const cache = await openCache<Entry<unknown>>(cacheStore, "content", await codeFingerprint(["content"]));
  const keyOf = (source: Source) => hashOf(source.file, source.text, config.site.base);
  const unparsed = sources.filter((source) => !cache.has(keyOf(source)));
  const [highlight, markdown] = await Promise.all([
    createCodeHighlighter(unparsed.map((source) => source.text)),
    unparsed.length ? loadMarkdownLibraries() : undefined,
  ]);
  const parser: Parser = { ...reader, cache, keyOf, highlight, markdown };
  const about = parseOne(parser, aboutSource, aboutSchema);
  const services = parseAll(parser, serviceSources, serviceSchema);
  const education = parseAll(parser, resume.education, timelineSchema);
  const experience = parseAll(parser, resume.experience, timelineSchema);
  const volunteer = parseAll(parser, resume.volunteer, timelineSchema);
  const certificates = parseOne(parser, resume.certificates, certificatesSchema);
  const awards = parseAll(parser, resume.awards, awardSchema);
  const publications = parseAll(parser, resume.publications, publicationSchema);
  const languages = parseOne(parser, resume.languages, languagesSchema);
  const skills = parseOne(parser, skillsSource, skillsSchema);
  const softSkills = parseOne(parser, softSkillsSource, softSkillsSchema);
  const projects = parseAll(parser, projectSources, projectSchema, { headingIds: true });
  const otherProjects = parseAll(parser, otherProjectSources, otherProjectSchema);
  const blogPosts = parseAll(parser, postSources, blogSchema, { headingIds: true });
  for (const [list, entries] of [["blogs", blogPosts], ["works", projects]] as const) {
    for (const { file, slug } of entries.filter((entry) => reservedSlugs.includes(entry.slug))) {
      problems.add(file, { field: "file name", problem: `"${slug}.md" would take the address /${list}/${slug}/, which the list's own pages use (/${list}/page/2, /${list}/category/…): rename the file` });
    }
  }

  if (skills) {
    skills.data.skills.forEach((skill, index) =>
      problems.add(skills.file, checkCategory(`skills[${index}].category`, skill.category, config.skillCategories, "skillCategories")));
  }
  if (softSkills) {
    for (const clash of clashingIds(softSkills.data.groups.map((group) => group.title))) {
      problems.add(softSkills.file, {
        field: `groups[${clash.index}].title`,
        problem: clash.clashesWith === undefined
          ? `"${clash.text}" has no letter or digit: expected a title that can name the group's heading`
          : `"${clash.text}" would give its heading the same id as "${clash.clashesWith}": expected titles that differ in more than case and punctuation`,
      });
    }
  }
  for (const { file, data } of projects) problems.add(file, checkCategory("category", data.category, config.projectCategories, "projectCategories"));
  for (const { file, data } of blogPosts) problems.add(file, checkCategory("category", data.category, config.blogCategories, "blogCategories"));
  problems.throwIfAny("ContentInvalid");
  await cache.save();

  const posts = blogPosts.filter(({ data }) => drafts || !data.draft);
  const all = [about, skills, softSkills, certificates, languages, ...services, ...education, ...experience, ...volunteer, ...awards, ...publications, ...projects, ...otherProjects, ...posts];
  const links: ContentLinks[] = all.flatMap((entry) => (entry && entry.body.links.length ? [{ file: entry.file, links: entry.body.links }] : []));
  return {
    about: { title: about!.data.title, bioHtml: about!.body.html },
    services: sortByOrder(services).map(({ slug, data, body }) => ({ slug, title: data.title, icon: data.icon, descriptionHtml: body.html })),
    education: timeline(education),
    experience: timeline(experience),
    volunteer: timeline(volunteer),
    certificates: newestFirst(certificates?.data.certificates ?? [], (certificate) => certificate.name),
    awards: newestFirst(awards.map(({ slug, data, body }) => ({ slug, ...data, descriptionHtml: body.html })), (award) => award.slug),
    publications: newestFirst(publications.map(({ slug, data, body }) => ({
      slug, title: data.title, publisher: (data.publisher ?? data.event)!, date: data.date, ...(data.url ? { url: data.url } : {}), descriptionHtml: body.html,
    })), (publication) => publication.slug),
    skills: skills?.data.skills ?? [],
    languages: languages?.data.languages ?? [],
    softSkills: softSkills?.data.groups ?? [],
    projects: projects
      .map(({ file, slug, data, body }) => ({ file, slug, ...data, descriptionHtml: body.html, summary: excerpt(markdownToText(body.html)) || data.title }))
      .sort((a, b) => monthYearValue(b.year) - monthYearValue(a.year) || a.title.localeCompare(b.title)),
    otherProjects: otherProjects
      .map(({ slug, data, body }) => ({ slug, ...data, descriptionHtml: body.html }))
      .sort((a, b) => Number(b.year) - Number(a.year) || a.title.localeCompare(b.title)),
    blogPosts: posts
      .map(({ file, slug, data, body }) => {
        const text = markdownToText(body.html);
        return { file, slug, ...data, contentHtml: body.html, excerpt: data.description ?? (excerpt(text) || data.title), readingMinutes: readingMinutes(text) };
      })
      .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title)),
    links,
    warnings: [...education, ...experience, ...volunteer].flatMap(({ file, data }) => (data.period === undefined ? [] : [periodWarning(file, data.period)])),
  };
}

type TimelineData = z.output<typeof timelineSchema>;

/** Timeline entries in the order the page shows them (see compareTimeline). */
function timeline(entries: Array<Entry<TimelineData>>): TimelineEntry[] {
  return entries
    .map(({ slug, data, body }) => ({
      slug,
      order: data.order,
      entry: {
        slug, title: data.title, organisation: data.organisation, ...(data.url ? { url: data.url } : {}),
        period: data.period === undefined ? { start: data.start!, end: data.end ?? "present" } : { text: data.period },
        descriptionHtml: body.html,
      },
    }))
    .sort((a, b) => compareTimeline({ ...a, period: a.entry.period }, { ...b, period: b.entry.period }))
    .map(({ entry }) => entry);
}

/** The files of content/resume/ beyond skills: the timelines, and the sections shown only when they have entries. */
interface ResumeSources {
  education: Source[];
  experience: Source[];
  volunteer: Source[];
  awards: Source[];
  publications: Source[];
  certificates: Source | undefined;
  languages: Source | undefined;
}

async function readResumeSections(reader: Reader): Promise<ResumeSources> {
  const [education, experience, volunteer, awards, publications, certificates, languages] = await Promise.all([
    readFolder(reader, "resume/education"),
    readFolder(reader, "resume/experience"),
    readFolder(reader, "resume/volunteer"),
    readFolder(reader, "resume/awards"),
    readFolder(reader, "resume/publications"),
    readSource(reader, "resume/certificates.md", false),
    readSource(reader, "resume/languages.md", false),
  ]);
  return { education, experience, volunteer, awards, publications, certificates, languages };
}

function resumeSources(resume: ResumeSources): Array<Source | undefined> {
  return [...resume.education, ...resume.experience, ...resume.volunteer, ...resume.awards, ...resume.publications, resume.certificates, resume.languages];
}

/** Dated entries newest first; `tie` (the name or the file name) orders those of the same date. */
function newestFirst<T extends { date: PartialDate }>(entries: T[], tie: (entry: T) => string): T[] {
  return [...entries].sort((a, b) => firstMonth(b.date) - firstMonth(a.date) || tie(a).localeCompare(tie(b)));
}

/** Post and project slugs that would collide with their list's own pages (`/blogs/page/2`, `/works/category/web`). */
const reservedSlugs = ["page", "category"];

interface Reader {
  folder: ProjectFolder;
  problems: ProblemList;
  base: string;
}

/** A reader that also highlights code blocks, and reuses what earlier builds parsed. */
interface Parser extends Reader {
  highlight: HighlightCode;
  /** Loaded when some file was not in the cache. */
  markdown: MarkdownLibraries | undefined;
  cache: BuildCache<Entry<unknown>>;
  keyOf: (source: Source) => string;
}

/** A content file's text, with its path as messages show it. */
interface Source {
  file: string;
  text: string;
}

/** A content file's text; its problem, when it cannot be read, goes to the list. */
async function readSource(reader: Reader, relative: string, required: boolean): Promise<Source | undefined> {
  const file = `content/${relative}`;
  const read = await readTextFile(reader.folder, relative);
  if (read === undefined) {
    if (required) reader.problems.add(file, { field: "", problem: "is missing: this file is required" });
    return undefined;
  }
  if ("problem" in read) {
    reader.problems.add(file, { field: "", problem: read.problem });
    return undefined;
  }
  return { file, text: read.text };
}

/** The Markdown files of a folder of content/, read side by side (a blog has a thousand), in name order. */
async function readFolder(reader: Reader, relative: string): Promise<Source[]> {
  const listed = await listFolder(reader.folder, relative);
  if ("problem" in listed) {
    reader.problems.add(`content/${relative}`, { field: "", problem: listed.problem });
    return [];
  }
  const names = listed.names.filter((entry) => entry.endsWith(".md"));
  const sources = await inParallel(names, 16, (name) => readSource(reader, `${relative}/${name}`, false));
  return sources.filter((source) => source !== undefined);
}

/** Texts with a page of their own (posts, projects) get ids on their headings. */
interface ParseOptions {
  headingIds?: boolean;
}

function parseOne<S extends z.ZodType>(parser: Parser, source: Source | undefined, schema: S, options: ParseOptions = {}): Entry<z.output<S>> | undefined {
  if (!source) return undefined;
  const key = parser.keyOf(source);
  const cached = parser.cache.get(key) as Entry<z.output<S>> | undefined;
  if (cached) return cached;
  const entry = parseEntry(parser, source.file, source.text, schema, options.headingIds ?? false);
  if (entry) parser.cache.set(key, entry);
  return entry;
}

function parseAll<S extends z.ZodType>(parser: Parser, sources: Source[], schema: S, options: ParseOptions = {}): Array<Entry<z.output<S>>> {
  return sources.flatMap((source) => {
    const entry = parseOne(parser, source, schema, options);
    return entry ? [entry] : [];
  });
}

function parseEntry<S extends z.ZodType>(parser: Parser, file: string, source: string, schema: S, headingIds: boolean): Entry<z.output<S>> | undefined {
  const slug = path.posix.basename(file, ".md");
  const nameProblem = checkSlug(slug);
  const parsed = parseFrontMatter(parser.markdown!.yaml, source);
  if ("problem" in parsed) {
    parser.problems.add(file, [...nameProblem, parsed.problem]);
    return undefined;
  }
  const result = schema.safeParse(parsed.ok.data);
  const body = renderMarkdown(parser.markdown!, parsed.ok.body, parser.base, { headingIds, highlight: parser.highlight });
  const bodyProblem = "problem" in body
    ? [{ field: body.problem.line === undefined ? "body" : `body (line ${parsed.ok.bodyLine + body.problem.line - 1})`, problem: body.problem.problem }]
    : [];
  parser.problems.add(file, [...nameProblem, ...(result.success ? [] : problemsFromZod(result.error)), ...bodyProblem]);
  if (!result.success || "problem" in body || nameProblem.length) return undefined;
  const links = body.links.map((link) => ({ ...link, line: parsed.ok.bodyLine + link.line - 1 }));
  return { file, slug, data: result.data, body: { html: body.html, links } };
}

/** The file name becomes the entry's id in the page (and, later, its address): keep it plain. */
function checkSlug(slug: string): FieldProblem[] {
  if (/^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u.test(slug)) return [];
  return [{ field: "file name", problem: `"${slug}.md" is not a usable name: expected letters, digits, "-", "_" and "." only, starting with a letter or digit, e.g. my-project.md` }];
}

function checkCategory(field: string, value: string, allowed: string[], configField: string): FieldProblem[] {
  if (allowed.includes(value)) return [];
  return [{ field, problem: `"${value}" is not a known category: expected one of ${allowed.join(", ")} (set by ${configField} in the config)` }];
}

function sortByOrder<T extends { order?: number | undefined }>(entries: Array<Entry<T>>): Array<Entry<T>> {
  return [...entries].sort((a, b) => (a.data.order ?? Infinity) - (b.data.order ?? Infinity) || a.slug.localeCompare(b.slug));
}

function monthYearValue(monthYear: string): number {
  const [month, year] = monthYear.split("/").map(Number);
  return year! * 12 + month!;
}

/** Minutes to read `text`, whose words markdownToText has already separated by single spaces. */
function readingMinutes(text: string): number {
  const words = text === "" ? 0 : text.split(" ").length;
  return Math.max(1, Math.round(words / 220));
}

function excerpt(text: string, length = 160): string {
  return text.length <= length ? text : `${text.slice(0, length).replace(/\s+\S*$/, "")}…`;
}
