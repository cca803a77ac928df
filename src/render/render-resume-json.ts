import { withoutProjectVideo } from "../content/project-video.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { Project } from "../content/content-types.js";
import type { SiteContent } from "../content/site-content.js";
import { markdownToParagraphs } from "../content/markdown-text.js";
import { projectEnd, projectStart } from "../content/project-dates.js";
import { describeProblems, portfolioError } from "../errors.js";
import { officialSchemaProblems, type JsonResume } from "../json-resume/json-resume-schema.js";
import { passesFlatCheck } from "../json-resume/flat-entry-checks.js";
import { countryCodeOf } from "../json-resume/country-codes.js";
import { summaryOf, uri } from "../json-resume/json-resume-values.js";
import { jsonResumeSectionsOf } from "../resume/resume-sections.js";
import { keep, type KeptResults } from "../kept-results.js";
import { absoluteUrl, withBase } from "../site-paths.js";
import { resumeJsonFile } from "../routes/make-routes.js";
import type { SiteFile } from "./render-site-files.js";

const schemaUrl = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json";

/**
 * The owner's résumé as JSON Resume (schema v1), for other tools to read: the basics from the
 * config and the About text, then every section of the Resume that JSON Resume has (resume-sections.ts).
 * Addresses are absolute when `site.url` is known. It is checked against `@jsonresume/schema` here: content
 * that passed our own validation must make a valid JSON Resume, so a failure is a bug of portfolio.
 */
export function renderResumeJson(
  config: ResolvedConfig,
  content: SiteContent,
  photo = config.owner.photo,
  checked?: CheckedEntries,
): SiteFile {
  const resume = resumeOf(config, content, photo);
  checkResumeJson(resume, checked);
  return { file: resumeJsonFile.file, contents: `${JSON.stringify(resume, null, 2)}\n` };
}

/** The sections' entries an earlier build found valid, each by its section and its JSON (`portfolio dev`). */
export type CheckedEntries = KeptResults<string, true>;

/**
 * Checks a résumé against the official schema. An entry of a list whose schema is flat (strings only) is
 * checked here when it certainly passes (`passesFlatCheck`): the validator takes a tenth of a millisecond an
 * entry. With `checked`, an entry of a section found valid before is not checked again either: the schema checks
 * each entry of a list on its own (no list of it is limited in length or unique), so a save that changed one of
 * 500 publications checks that one. A problem is then looked for again in the whole résumé, to be named by its
 * place in it.
 */
export function checkResumeJson(resume: unknown, checked?: CheckedEntries): void {
  const entries = sectionEntries(resume, checked !== undefined);
  const unchecked = withoutKnownEntries(resume, entries, checked);
  const problems = officialSchemaProblems(unchecked);
  if (problems.length) {
    const named = unchecked === resume ? problems : officialSchemaProblems(resume);
    throw portfolioError("ResumeJsonInvalid", [describeProblems(resumeJsonFile.file, named)]);
  }
  for (const { key } of entries) if (key !== undefined) keep(checked, key, true);
}

/** Each entry of each list of the résumé, by its section, and with `keyed` its JSON. */
function sectionEntries(
  resume: unknown,
  keyed: boolean,
): Array<{ section: string; entry: unknown; key: string | undefined }> {
  if (typeof resume !== "object" || resume === null) return [];
  return Object.entries(resume).flatMap(([section, value]) =>
    Array.isArray(value)
      ? value.map((entry) => ({ section, entry, key: keyed ? `${section}\0${JSON.stringify(entry)}` : undefined }))
      : [],
  );
}

/** The résumé without the entries known to be valid: those a flat check passes, and those found valid before. */
function withoutKnownEntries(
  resume: unknown,
  entries: ReturnType<typeof sectionEntries>,
  checked: CheckedEntries | undefined,
): unknown {
  const known = (key: string | undefined) =>
    key !== undefined && (checked?.previous.has(key) || checked?.next.has(key));
  const unchecked = new Set(
    entries
      .filter(({ section, entry, key }) => !known(key) && !passesFlatCheck(section, entry))
      .map(({ entry }) => entry),
  );
  if (unchecked.size === entries.length) return resume;
  return Object.fromEntries(
    Object.entries(resume as object).map(([section, value]) => [
      section,
      Array.isArray(value) ? value.filter((entry) => unchecked.has(entry)) : value,
    ]),
  );
}

/** `photo`: the site path of the owner's photo as one file (the original may not be published). */
export function resumeOf(config: ResolvedConfig, content: SiteContent, photo = config.owner.photo): JsonResume {
  const { site, owner } = config;
  const at = (sitePath: string) => absoluteUrl(site.url, site.base, sitePath);
  // The site and this file are the language's (`/pt/resume.json`); the photo is the whole site's.
  const page = (path: string) => absoluteUrl(site.url, site.pagesBase, path);
  return {
    $schema: schemaUrl,
    basics: {
      name: owner.name,
      label: owner.jobTitle,
      image: at(photo) ?? withBase(site.base, photo),
      email: owner.email,
      ...(owner.phone ? { phone: owner.phone } : {}),
      ...(site.url ? { url: uri(page("")!) } : {}),
      ...summaryOf(content.about.bioHtml),
      ...(owner.location ? { location: locationOf(owner.location, site.lang) } : {}),
      profiles: config.social
        .filter((link) => /^https?:\/\//i.test(link.url))
        .map((link) => ({
          network: link.label,
          ...usernameOf(link.url),
          url: uri(link.url),
        })),
    },
    ...jsonResumeSectionsOf(config, content),
    ...(content.projects.length ? { projects: content.projects.map(jsonResumeProject) } : {}),
    ...(site.url ? { meta: { canonical: uri(page(resumeJsonFile.file)!) } } : {}),
  };
}

/**
 * A project as JSON Resume has it: its technologies are the keywords, its features the highlights,
 * whom it was for the entity; its month (`year`) both its start and its end, as a finished project
 * has an end; its preview, else its source, is its address.
 */
function jsonResumeProject(project: Project): NonNullable<JsonResume["projects"]>[number] {
  const description = markdownToParagraphs(withoutProjectVideo(project.descriptionHtml));
  const url = project.preview ?? project.github;
  const startDate = projectStart(project);
  const endDate = projectEnd(project);
  return {
    name: project.title,
    ...(description ? { description } : {}),
    ...(project.features?.length ? { highlights: project.features } : {}),
    ...(project.languages?.length ? { keywords: project.languages } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(url ? { url: uri(url) } : {}),
    ...(project.roles?.length ? { roles: project.roles } : {}),
    ...(project.for ? { entity: project.for } : {}),
    ...(project.projectType ? { type: project.projectType } : {}),
  };
}

/**
 * The owner's location as JSON Resume means its fields: "Austin, Texas, USA" → city Austin, region
 * Texas, countryCode US; "Lisbon, Portugal" → city Lisbon, countryCode PT. A last part that names no
 * country is the region ("Portland, OR"); a single part the city, unless it names a country.
 */
export function locationOf(
  location: string,
  language: string,
): { city?: string; region?: string; countryCode?: string } {
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const countryCode = parts.length ? countryCodeOf(parts.at(-1)!, language) : undefined;
  const [city, ...region] = countryCode ? parts.slice(0, -1) : parts;
  return {
    ...(city ? { city } : countryCode ? {} : { city: location }),
    ...(region.length ? { region: region.join(", ") } : {}),
    ...(countryCode ? { countryCode } : {}),
  };
}

/** The profile's last path segment (github.com/ada → ada), which is the user name on most networks. */
function usernameOf(url: string): { username?: string } {
  try {
    const segment = new URL(url).pathname.split("/").filter(Boolean).at(-1);
    return segment ? { username: decodeURIComponent(segment).replace(/^@/, "") } : {};
  } catch {
    return {};
  }
}
