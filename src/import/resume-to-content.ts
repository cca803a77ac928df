import { fileSlug, idFragment } from "../slug.js";
import { compareTimeline } from "../content/timeline-order.js";
import { reservedSlugs } from "../content/collections.js";
import { UniqueNames } from "../content/unique-names.js";
import type { JsonResume } from "../json-resume/json-resume-schema.js";
import { skillPercent, type SkillPercent } from "../json-resume/skill-levels.js";
import type { SiteFile } from "../render/render-site-files.js";
import { configSnippet } from "./config-snippet.js";
import { markdownFile, markdownOfText } from "./markdown-file.js";

/** What `portfolio import` will write, and what it has to tell the owner. */
export interface ImportPlan {
  /** Paths relative to the project folder. */
  files: SiteFile[];
  skills: ImportedSkill[];
  /** JSON paths of what had no place in portfolio, e.g. `basics.location.address`, `interests (3 entries)`. */
  leftOut: string[];
  /** The basics and profiles as config, for the owner to paste. */
  snippet: string | undefined;
}

export interface ImportedSkill extends SkillPercent {
  name: string;
  level: string | undefined;
  category: string;
  /** False when no keyword named one of the config's categories, and the first one was taken. */
  categoryFound: boolean;
  /** The level word shown beside the bar; none for a percent, which the bar shows as it is. */
  shownLevel: string | undefined;
  keywords: string[] | undefined;
}

/** The sections portfolio maps; `$schema` and `meta` describe the file, not the person. */
const mapped = new Set([
  "basics",
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
  "projects",
  "$schema",
  "meta",
]);

/** Turns a validated JSON Resume into content files: one per timeline entry, award and publication. */
export function planImport(
  resume: JsonResume,
  options: { skillCategories: string[]; projectCategories: string[]; source: string },
): ImportPlan {
  const notes = new LeftOut();
  for (const [key, value] of Object.entries(resume)) {
    if (!mapped.has(key) && hasValue(value))
      notes.add(Array.isArray(value) ? `${key} (${value.length} ${value.length === 1 ? "entry" : "entries"})` : key);
  }
  noteBasics(resume.basics, notes);
  const skills = importSkills(resume.skills ?? [], options.skillCategories, notes);
  const files = [
    ...(resume.basics?.summary
      ? [
          {
            file: "content/about.md",
            contents: markdownFile({ title: "About me" }, markdownOfText(resume.basics.summary)),
          },
        ]
      : []),
    ...timelineFiles(
      "experience",
      (resume.work ?? []).map((entry, index) =>
        timelineEntry(
          notes,
          `work[${index}]`,
          entry,
          ["name", "position", "location", "description", "url", "startDate", "endDate", "summary", "highlights"],
          {
            title: entry.position,
            organisation: entry.name,
            url: notes.organisationLink(entry.url, `work[${index}].url`),
            summary: entry.summary,
            details: {
              location: entry.location,
              organisationDescription: entry.description,
              highlights: entry.highlights,
            },
          },
        ),
      ),
    ),
    ...timelineFiles(
      "education",
      (resume.education ?? []).map((entry, index) =>
        timelineEntry(
          notes,
          `education[${index}]`,
          entry,
          ["institution", "url", "area", "studyType", "startDate", "endDate", "summary", "score", "courses"],
          {
            title:
              entry.studyType && entry.area ? `${entry.studyType} in ${entry.area}` : (entry.area ?? entry.studyType)!,
            organisation: entry.institution,
            url: notes.organisationLink(entry.url, `education[${index}].url`),
            summary: entry.summary,
            // The title shows both; the fields keep them apart, for /resume.json.
            details: {
              studyType: entry.studyType,
              area: entry.area,
              score: entry.score,
              courses: entry.courses,
            },
          },
        ),
      ),
    ),
    ...timelineFiles(
      "volunteer",
      (resume.volunteer ?? []).map((entry, index) =>
        timelineEntry(
          notes,
          `volunteer[${index}]`,
          entry,
          ["organization", "position", "url", "startDate", "endDate", "summary", "highlights"],
          {
            title: entry.position,
            organisation: entry.organization,
            url: notes.organisationLink(entry.url, `volunteer[${index}].url`),
            summary: entry.summary,
            details: { highlights: entry.highlights },
          },
        ),
      ),
    ),
    ...datedFiles(
      "awards",
      (resume.awards ?? []).map((award, index) => {
        notes.unused(`awards[${index}]`, award, ["title", "date", "awarder", "summary"]);
        const date = award.date;
        return {
          name: award.title,
          date,
          contents: markdownFile(
            { title: award.title, awarder: award.awarder, date },
            markdownOfText(award.summary ?? ""),
          ),
        };
      }),
    ),
    ...datedFiles(
      "publications",
      (resume.publications ?? []).map((publication, index) => {
        notes.unused(`publications[${index}]`, publication, ["name", "publisher", "releaseDate", "url", "summary"]);
        const date = publication.releaseDate;
        return {
          name: publication.name,
          date,
          contents: markdownFile(
            {
              title: publication.name,
              publisher: publication.publisher,
              date,
              url: notes.link(publication.url, `publications[${index}].url`),
            },
            markdownOfText(publication.summary ?? ""),
          ),
        };
      }),
    ),
    ...listFile(
      "certificates",
      (resume.certificates ?? []).map((certificate, index) => {
        notes.unused(`certificates[${index}]`, certificate, ["name", "date", "issuer", "url"]);
        return {
          name: certificate.name,
          issuer: certificate.issuer,
          date: certificate.date,
          url: notes.link(certificate.url, `certificates[${index}].url`),
        };
      }),
    ),
    ...listFile(
      "languages",
      (resume.languages ?? []).map((language, index) => {
        notes.unused(`languages[${index}]`, language, ["language", "fluency"]);
        return { language: language.language, fluency: language.fluency };
      }),
    ),
    ...listFile(
      "interests",
      (resume.interests ?? []).flatMap((interest, index) => {
        const name = oneLine(interest.name);
        if (!name) {
          if (hasValue(interest)) notes.add(`interests[${index}] (it has no name)`);
          return [];
        }
        notes.unused(`interests[${index}]`, interest, ["name", "keywords"]);
        return [{ name, keywords: linesOf(interest.keywords, { distinct: true }) }];
      }),
    ),
    ...listFile(
      "references",
      (resume.references ?? []).flatMap((reference, index) => {
        const name = oneLine(reference.name);
        if (!name) {
          if (hasValue(reference)) notes.add(`references[${index}] (it has no name)`);
          return [];
        }
        notes.unused(`references[${index}]`, reference, ["name", "reference"]);
        // A referee named without their words ("Available on request") is shown by name alone.
        return [{ name, reference: paragraphs(reference.reference) || undefined }];
      }),
    ),
    ...listFile(
      "skills",
      skills.map(({ name, category, percent, shownLevel, keywords }) => ({
        name,
        category,
        percent,
        level: shownLevel,
        keywords,
      })),
    ),
    ...projectFiles(resume.projects ?? [], options.projectCategories, notes),
  ];
  return { files, skills, leftOut: notes.list, snippet: configSnippet(resume.basics, options.source) };
}

/** What had no place, as JSON paths, in the order met. */
class LeftOut {
  readonly list: string[] = [];

  add(path: string): void {
    this.list.push(path);
  }

  /** The fields of `entry` with a value that the mapping did not use. */
  unused(path: string, entry: object, used: string[]): void {
    for (const [key, value] of Object.entries(entry))
      if (!used.includes(key) && hasValue(value)) this.add(`${path}.${key}`);
  }

  /** An entry's link: the Resume links entries to web pages; another address (mailto:, skype:) is noted as left out. */
  link(url: string | undefined, path: string): string | undefined {
    if (url === undefined || /^https?:\/\/\S+$/i.test(url)) return url;
    this.add(`${path} (${url}: the Resume links an entry to a web page only)`);
    return undefined;
  }

  /** An organisation's link: its web page, or the mailto: or tel: address it gives instead. */
  organisationLink(url: string | undefined, path: string): string | undefined {
    if (url !== undefined && /^(mailto|tel):\S+$/i.test(url)) return url;
    return this.link(url, path);
  }
}

/** The basics go into the config snippet and About; a street address and a profile without a URL have no place. */
function noteBasics(basics: JsonResume["basics"], notes: LeftOut): void {
  if (!basics) return;
  notes.unused("basics", basics, [
    "name",
    "label",
    "image",
    "email",
    "phone",
    "url",
    "summary",
    "location",
    "profiles",
  ]);
  // The config's location is text: "city, region", or "city, country" when there is no region.
  if (basics.location)
    notes.unused("basics.location", basics.location, [
      "city",
      "region",
      ...(basics.location.region ? [] : ["countryCode"]),
    ]);
  (basics.profiles ?? []).forEach((profile, index) => {
    if (!profile.url && hasValue(profile)) notes.add(`basics.profiles[${index}] (it has no url)`);
    else notes.unused(`basics.profiles[${index}]`, profile, ["network", "url", "username"]);
  });
}

/** A timeline entry, from whichever JSON Resume section it comes. */
interface TimelineSource {
  title: string;
  organisation: string;
  url?: string | undefined;
  start: string | undefined;
  end: string | undefined;
  summary?: string | undefined;
  /** Front matter after the dates: location, highlights; education's studyType, area, score and courses. */
  details: Record<string, string | string[] | undefined>;
}

function timelineEntry(
  notes: LeftOut,
  path: string,
  raw: { startDate?: string | undefined; endDate?: string | undefined },
  used: string[],
  fields: Omit<TimelineSource, "start" | "end">,
): TimelineSource {
  notes.unused(path, raw, used);
  const start = raw.startDate;
  const end = raw.endDate;
  // Without a start, an end is all the page shows; without either, the entry is shown undated.
  return { ...fields, start, end: start === undefined ? end : (end ?? "present") };
}

/**
 * One file per entry, named by its start year and organisation. The page orders a timeline by
 * date; when the résumé's own order differs, each entry gets an `order` that keeps it.
 */
function timelineFiles(folder: string, entries: TimelineSource[]): SiteFile[] {
  const freeName = fileNames();
  const planned = entries.map((entry) => ({
    entry,
    slug: freeName(`${(entry.start ?? entry.end ?? "undated").slice(0, 4)}-${idFragment(entry.organisation)}`),
    period:
      entry.start === undefined
        ? { undated: true as const, end: entry.end }
        : { start: entry.start, end: entry.end ?? "present" },
  }));
  const keepOrder = [...planned].sort(compareTimeline).some((placed, index) => placed !== planned[index]);
  return planned.map(({ entry, slug }, index) => ({
    file: `content/resume/${folder}/${slug}.md`,
    contents: markdownFile(
      {
        title: entry.title,
        organisation: entry.organisation,
        url: entry.url,
        start: entry.start,
        end: entry.end,
        order: keepOrder ? index + 1 : undefined,
        ...cleanDetails(entry.details),
      },
      markdownOfText(entry.summary ?? ""),
    ),
  }));
}

/** Texts on one line each (a highlight written over two lines is one highlight), blanks left out. */
function cleanDetails(details: TimelineSource["details"]): TimelineSource["details"] {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      Array.isArray(value) ? linesOf(value) : value === undefined ? undefined : oneLine(value),
    ]),
  );
}

/** Text on one line, its runs of whitespace one space: a name, a keyword. */
function oneLine(text: string | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** Texts on one line each, blanks left out (and repeats, with `distinct`); none when nothing is left. */
function linesOf(texts: string[] | undefined, { distinct = false } = {}): string[] | undefined {
  const lines = (texts ?? []).map(oneLine).filter(Boolean);
  const kept = distinct ? [...new Set(lines)] : lines;
  return kept.length ? kept : undefined;
}

/** Plain text with its paragraphs kept (a blank line between them), each paragraph's whitespace one space. */
function paragraphs(text: string | undefined): string {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map(oneLine)
    .filter(Boolean)
    .join("\n\n");
}

/** Awards, publications: one file each, named by year and title (the page orders them by date). */
function datedFiles(
  folder: string,
  entries: Array<{ name: string; date: string | undefined; contents: string }>,
): SiteFile[] {
  const freeName = fileNames();
  return entries.map(({ name, date, contents }) => ({
    file: `content/resume/${folder}/${freeName(`${date === undefined ? "" : `${date.slice(0, 4)}-`}${idFragment(name)}`)}.md`,
    contents,
  }));
}

/** A section of short lines (certificates, languages, interests, references, skills): one file of front matter, when it has entries. */
function listFile(name: string, entries: object[]): SiteFile[] {
  return entries.length ? [{ file: `content/resume/${name}.md`, contents: markdownFile({ [name]: entries }) }] : [];
}

/**
 * Each skill's bar from its level, and its category from a keyword (or its name) that names one
 * of the config's skill categories; the first category otherwise. The level word is kept to be
 * shown beside the bar, and the keywords as its tags (unless they only name the category, as
 * portfolio's own `/resume.json` writes it).
 */
function importSkills(
  skills: NonNullable<JsonResume["skills"]>,
  categories: string[],
  notes: LeftOut,
): ImportedSkill[] {
  return skills.map((skill, index) => {
    const keywords = skill.keywords ?? [];
    const category = [...keywords, skill.name]
      .map((word) => categories.find((candidate) => idFragment(candidate) === idFragment(word)))
      .find(Boolean);
    notes.unused(`skills[${index}]`, skill, ["name", "level", "keywords"]);
    const onlyCategory =
      keywords.length === 1 && category !== undefined && idFragment(keywords[0]!) === idFragment(category);
    const percent = skillPercent(skill.level);
    return {
      name: skill.name,
      level: skill.level,
      ...percent,
      shownLevel: percent.from === "percent" ? undefined : skill.level && oneLine(skill.level),
      keywords: onlyCategory ? undefined : linesOf(keywords, { distinct: true }),
      category: category ?? categories[0]!,
      categoryFound: category !== undefined,
    };
  });
}

/**
 * Each project a page of its own (`content/projects/<name>.md`, at /works/<name>): its keywords are
 * the technologies it shows, its highlights the features, its entity whom it was for, its type the
 * project type. Its category is the config's project category its type or a keyword names, if any:
 * without one it is listed under All only.
 */
function projectFiles(projects: NonNullable<JsonResume["projects"]>, categories: string[], notes: LeftOut): SiteFile[] {
  const names = new UniqueNames(new Set(reservedSlugs));
  return projects.map((project, index) => {
    const path = `projects[${index}]`;
    notes.unused(path, project, [
      "name",
      "description",
      "highlights",
      "keywords",
      "startDate",
      "endDate",
      "url",
      "roles",
      "entity",
      "type",
    ]);
    const url = notes.link(project.url, `${path}.url`);
    const category = [project.type, ...(project.keywords ?? [])]
      .filter((word): word is string => word !== undefined)
      .map((word) => categories.find((candidate) => idFragment(candidate) === idFragment(word)))
      .find(Boolean);
    const slug = names.claim(
      fileSlug(idFragment(project.name), { maxLength: maxImportSlugLength, reservedSuffix: "project" }) || "project",
    );
    return {
      file: `content/projects/${slug}.md`,
      contents: markdownFile(
        {
          title: oneLine(project.name),
          projectType: oneLine(project.type) || undefined,
          for: oneLine(project.entity) || undefined,
          roles: linesOf(project.roles),
          languages: linesOf(project.keywords, { distinct: true }),
          ...(url && sourceHosts.test(url) ? { github: url } : { preview: url }),
          start: project.startDate,
          // JSON Resume's project without an end goes on; in a project's file, a start alone is one date.
          end: project.startDate === undefined ? project.endDate : (project.endDate ?? "present"),
          category,
          features: linesOf(project.highlights),
        },
        markdownOfText(project.description ?? ""),
      ),
    };
  });
}

/** Where a project's address is its source code, linked as such, rather than a preview of it. */
const sourceHosts = /^https?:\/\/(www\.)?(github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|sr\.ht|git\.sr\.ht)\//i;

/** An imported entry's file name: year and name, a few words long. */
const maxImportSlugLength = 60;

/** File names not taken yet in one folder: `2022-acme`, then `2022-acme-2`, … */
function fileNames(): (wanted: string) => string {
  const names = new UniqueNames();
  return (wanted) =>
    names.claim(fileSlug(wanted, { maxLength: maxImportSlugLength, reservedSuffix: "entry" }) || "entry");
}

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.some(hasValue);
  if (typeof value === "object") return Object.values(value).some(hasValue);
  return true;
}
