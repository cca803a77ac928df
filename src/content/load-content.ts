import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import type { ResolvedConfig } from "../config/config-schema.js";
import { PortfolioError, describeProblems, type FieldProblem } from "../errors.js";
import { problemsFromZod } from "../validate.js";
import {
  aboutSchema, blogSchema, otherProjectSchema, projectSchema, serviceSchema, skillsSchema, softSkillsSchema, timelineSchema,
} from "./content-schema.js";
import type { SiteContent } from "./content-types.js";
import { markdownToText, renderMarkdown } from "./markdown.js";

export interface LoadContentOptions {
  /** Project folder: holds content/ and public/. */
  root: string;
  config: ResolvedConfig;
}

interface MarkdownFile {
  /** Path relative to the project folder, as error messages show it. */
  file: string;
  slug: string;
  data: Record<string, unknown>;
  body: string;
}

/**
 * Reads and validates every file in content/. All problems of all files are gathered and thrown
 * together as one `ContentInvalid` error, so the owner can fix them in one pass.
 */
export async function loadContent({ root, config }: LoadContentOptions): Promise<SiteContent> {
  const contentDir = path.join(root, "content");
  if (!existsSync(contentDir)) {
    throw new PortfolioError("ContentFolderMissing", `There is no content/ folder beside the config in ${root}.`, {
      hint: "Copy content/ from the sample portfolio and edit it.",
    });
  }
  const problems = new Map<string, FieldProblem[]>();
  const report = (file: string, found: FieldProblem[]) => {
    if (found.length) problems.set(file, [...(problems.get(file) ?? []), ...found]);
  };
  const reader = { root, report };

  const aboutFile = await readOne(reader, "content/about.md", { required: true });
  const about = aboutFile && check(reader, aboutFile, aboutSchema);
  const services = await readFolder(reader, "content/services", serviceSchema);
  const education = await readFolder(reader, "content/resume/education", timelineSchema);
  const experience = await readFolder(reader, "content/resume/experience", timelineSchema);
  const skillsFile = await readOne(reader, "content/resume/skills.md");
  const skills = skillsFile ? check(reader, skillsFile, skillsSchema)?.skills ?? [] : [];
  const softSkillsFile = await readOne(reader, "content/resume/soft-skills.md");
  const softSkills = softSkillsFile ? check(reader, softSkillsFile, softSkillsSchema)?.groups ?? [] : [];
  const projects = await readFolder(reader, "content/projects", projectSchema);
  const otherProjects = await readFolder(reader, "content/other-projects", otherProjectSchema);
  const blogPosts = await readFolder(reader, "content/blog", blogSchema);

  if (skillsFile) {
    skills.forEach((skill, index) =>
      report(skillsFile.file, checkCategory(`skills[${index}].category`, skill.category, config.skillCategories, "skillCategories")));
  }
  for (const { file, entry } of projects) report(file, checkCategory("category", entry.category, config.projectCategories, "projectCategories"));
  for (const { file, entry } of blogPosts) report(file, checkCategory("category", entry.category, config.blogCategories, "blogCategories"));
  for (const { file, entry } of [...projects, ...blogPosts]) {
    if (entry.image) report(file, checkAsset(root, "image", entry.image));
  }

  const markdown = (body: string) => renderMarkdown(body, config.site.base);
  if (problems.size > 0) {
    const message = [...problems].map(([file, found]) => describeProblems(file, found)).join("\n");
    throw new PortfolioError("ContentInvalid", message, { hint: "Field formats are described in content/README.md." });
  }

  return {
    about: { title: about!.title, bioHtml: markdown(aboutFile!.body) },
    services: sortByOrder(services).map(({ slug, entry, body }) => ({
      slug, title: entry.title, icon: entry.icon, descriptionHtml: markdown(body),
    })),
    education: sortByOrder(education).map(({ slug, entry: { order: _order, ...entry }, body }) => ({ slug, ...entry, descriptionHtml: markdown(body) })),
    experience: sortByOrder(experience).map(({ slug, entry: { order: _order, ...entry }, body }) => ({ slug, ...entry, descriptionHtml: markdown(body) })),
    skills,
    softSkills,
    projects: projects
      .map(({ slug, entry, body }) => ({ slug, ...entry, descriptionHtml: markdown(body) }))
      .sort((a, b) => monthYearValue(b.year) - monthYearValue(a.year) || a.title.localeCompare(b.title)),
    otherProjects: otherProjects
      .map(({ slug, entry, body }) => ({ slug, ...entry, descriptionHtml: markdown(body) }))
      .sort((a, b) => Number(b.year) - Number(a.year) || a.title.localeCompare(b.title)),
    blogPosts: blogPosts
      .map(({ slug, entry, body }) => ({ slug, ...entry, contentHtml: markdown(body), excerpt: excerpt(markdownToText(body)) }))
      .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title)),
  };
}

interface Reader {
  root: string;
  report: (file: string, problems: FieldProblem[]) => void;
}

interface Validated<T> {
  file: string;
  slug: string;
  entry: T;
  body: string;
}

async function readOne(reader: Reader, relative: string, { required = false } = {}): Promise<MarkdownFile | undefined> {
  const absolute = path.join(reader.root, relative);
  if (!existsSync(absolute)) {
    if (required) reader.report(relative, [{ field: "", problem: "is missing: this file is required" }]);
    return undefined;
  }
  return parseMarkdown(reader, relative, await readFile(absolute, "utf8"));
}

async function readFolder<S extends z.ZodType>(reader: Reader, relative: string, schema: S): Promise<Validated<z.output<S>>[]> {
  const absolute = path.join(reader.root, relative);
  if (!existsSync(absolute)) return [];
  const names = (await readdir(absolute)).filter((name) => name.endsWith(".md")).sort();
  const entries: Validated<z.output<S>>[] = [];
  for (const name of names) {
    const file = `${relative}/${name}`;
    const parsed = parseMarkdown(reader, file, await readFile(path.join(absolute, name), "utf8"));
    const entry = parsed && check(reader, parsed, schema);
    if (parsed && entry) entries.push({ file, slug: parsed.slug, entry, body: parsed.body });
  }
  return entries;
}

function parseMarkdown(reader: Reader, file: string, source: string): MarkdownFile | undefined {
  try {
    // Passing options turns off gray-matter's cache, which would hand back a stale parse.
    const { data, content } = matter(source, {});
    return { file, slug: path.basename(file, ".md"), data, body: content.trim() };
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    const where = mark ? ` (line ${mark.line + 2} of the file)` : "";
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    reader.report(file, [{ field: "front matter", problem: `is not valid YAML${where}: ${reason}` }]);
    return undefined;
  }
}

function check<S extends z.ZodType>(reader: Reader, markdown: MarkdownFile, schema: S): z.output<S> | undefined {
  const result = schema.safeParse(markdown.data);
  if (result.success) return result.data;
  reader.report(markdown.file, problemsFromZod(result.error));
  return undefined;
}

function checkCategory(field: string, value: string, allowed: string[], configField: string): FieldProblem[] {
  if (allowed.includes(value)) return [];
  return [{ field, problem: `"${value}" is not a known category: expected one of ${allowed.join(", ")} (set by ${configField} in the config)` }];
}

function checkAsset(root: string, field: string, asset: string): FieldProblem[] {
  if (existsSync(path.join(root, "public", asset))) return [];
  return [{ field, problem: `public/${asset} does not exist: expected a file inside public/` }];
}

function sortByOrder<T extends { order?: number | undefined }>(entries: Validated<T>[]): Validated<T>[] {
  return [...entries].sort((a, b) => (a.entry.order ?? Infinity) - (b.entry.order ?? Infinity) || a.slug.localeCompare(b.slug));
}

function monthYearValue(monthYear: string): number {
  const [month, year] = monthYear.split("/").map(Number);
  return year! * 12 + month!;
}

function excerpt(text: string, length = 160): string {
  return text.length <= length ? text : `${text.slice(0, length).replace(/\s+\S*$/, "")}…`;
}
