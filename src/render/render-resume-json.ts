import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent, TimelineEntry } from "../content/content-types.js";
import { markdownToParagraphs } from "../content/markdown.js";
import { describeProblems, portfolioError } from "../errors.js";
import { officialSchemaProblems, type JsonResume } from "../json-resume/json-resume-schema.js";
import { absoluteUrl, withBase } from "../site-paths.js";
import { resumeJsonFile } from "../routes/make-routes.js";
import type { SiteFile } from "./render-site-files.js";


const schemaUrl = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json";

/**
 * The owner's résumé as JSON Resume (schema v1), for other tools to read: the basics from the
 * config and the About text, then every section of the Resume. Addresses are absolute when
 * `site.url` is known. It is checked against `@jsonresume/schema` here: content that passed our
 * own validation must make a valid JSON Resume, so a failure is a bug of portfolio.
 */
export function renderResumeJson(config: ResolvedConfig, content: SiteContent, photo = config.owner.photo): SiteFile {
  const resume = resumeOf(config, content, photo);
  checkResumeJson(resume);
  return { file: resumeJsonFile.file, contents: `${JSON.stringify(resume, null, 2)}\n` };
}

export function checkResumeJson(resume: unknown): void {
  const problems = officialSchemaProblems(resume);
  if (problems.length) throw portfolioError("ResumeJsonInvalid", [describeProblems(resumeJsonFile.file, problems)]);
}

/** `photo`: the site path of the owner's photo as one file (the original may not be published). */
export function resumeOf(config: ResolvedConfig, content: SiteContent, photo = config.owner.photo): JsonResume {
  const { site, owner } = config;
  const at = (sitePath: string) => absoluteUrl(site.url, site.base, sitePath);
  const resume: JsonResume = {
    $schema: schemaUrl,
    basics: {
      name: owner.name,
      label: owner.jobTitle,
      image: at(photo) ?? withBase(site.base, photo),
      email: owner.email,
      ...(owner.phone ? { phone: owner.phone } : {}),
      ...(site.url ? { url: uri(at("")!) } : {}),
      ...(summaryOf(content.about.bioHtml)),
      ...(owner.location ? { location: locationOf(owner.location) } : {}),
      profiles: config.social.filter((link) => /^https?:\/\//i.test(link.url)).map((link) => ({
        network: link.label,
        ...usernameOf(link.url),
        url: uri(link.url),
      })),
    },
    work: content.experience.map((entry) => ({ name: entry.organisation, position: entry.title, ...urlOf(entry), ...datesOf(entry), ...summaryOf(entry.descriptionHtml) })),
    volunteer: content.volunteer.map((entry) => ({ organization: entry.organisation, position: entry.title, ...urlOf(entry), ...datesOf(entry), ...summaryOf(entry.descriptionHtml) })),
    // JSON Resume splits a degree into studyType ("Bachelor") and area ("Physics"); the title,
    // which says both, is the area. Its description goes in `summary`, which v1 leaves out of education.
    education: content.education.map((entry) => ({ institution: entry.organisation, ...urlOf(entry), area: entry.title, ...datesOf(entry), ...summaryOf(entry.descriptionHtml) })),
    awards: content.awards.map((award) => ({ title: award.title, date: award.date, awarder: award.awarder, ...summaryOf(award.descriptionHtml) })),
    certificates: content.certificates.map((certificate) => ({ name: certificate.name, date: certificate.date, issuer: certificate.issuer, ...urlOf(certificate) })),
    publications: content.publications.map((publication) => ({
      name: publication.title, publisher: publication.publisher, releaseDate: publication.date, ...urlOf(publication), ...summaryOf(publication.descriptionHtml),
    })),
    // A level word would lose the bar's exact length: the percent is the level, and the skill's category its keyword.
    skills: content.skills.map((skill) => ({ name: skill.name, level: `${skill.percent}%`, keywords: [skill.category] })),
    languages: content.languages.map(({ language, fluency }) => ({ language, fluency })),
    ...(site.url ? { meta: { canonical: uri(at(resumeJsonFile.file)!) } } : {}),
  };
  // A section without entries is left out, as the page leaves it out.
  return Object.fromEntries(Object.entries(resume).filter(([, value]) => !Array.isArray(value) || value.length > 0)) as JsonResume;
}

/** JSON Resume's dates are ours as written; an entry that goes on has no endDate. An old free-text period has none. */
function datesOf(entry: TimelineEntry): { startDate?: string; endDate?: string } {
  const { period } = entry;
  if (!("start" in period)) return {};
  return { startDate: period.start, ...(period.end === "present" ? {} : { endDate: period.end }) };
}

function summaryOf(html: string): { summary?: string } {
  const summary = markdownToParagraphs(html);
  return summary ? { summary } : {};
}

function urlOf(entry: { url?: string | undefined }): { url?: string } {
  return entry.url ? { url: uri(entry.url) } : {};
}

/** A URI holds no white space (JSON Resume checks): a space a config URL may have is escaped. */
function uri(url: string): string {
  return url.replace(/\s/g, (space) => encodeURIComponent(space));
}

/** "Lisbon, Portugal" → city Lisbon, region Portugal: what most JSON Resume themes show as "Lisbon, Portugal". */
function locationOf(location: string): { city: string; region?: string } {
  const comma = location.indexOf(",");
  if (comma < 0) return { city: location };
  const [city, region] = [location.slice(0, comma).trim(), location.slice(comma + 1).trim()];
  return city && region ? { city, region } : { city: location };
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
