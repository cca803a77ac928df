import type { JsonResume } from "../json-resume/json-resume-schema.js";
import type { SiteFile } from "../render/render-site-files.js";
import { configSnippet } from "./config-snippet.js";
import { importSkills, type ImportedSkill } from "./import-skills.js";
import { linesOf, oneLine, paragraphs } from "./imported-text.js";
import { hasValue, LeftOut } from "./left-out.js";
import { markdownFile, markdownOfText } from "./markdown-file.js";
import { projectFiles } from "./project-files.js";
import { datedFiles, listFile, timelineEntry, timelineFiles } from "./resume-files.js";

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
