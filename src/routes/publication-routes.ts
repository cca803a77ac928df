// The rows of the publications' pages: the list at /publications and a page per entry of the .bib files.
import type { ResolvedConfig } from "../config/config-schema.js";
import type { ScholarlyWork } from "../content/scholarly-work.js";
import type { SiteContent } from "../content/site-content.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { fileOf } from "./route-paths.js";
import type { RouteRow } from "./route-types.js";

/** Where the list is, and each publication's page below it. */
export const publicationsPath = "publications";
export const publicationPath = (work: Pick<ScholarlyWork, "slug">) => `${publicationsPath}/${work.slug}`;

/** Between Resume (20) and Projects (30): a researcher's papers come with their résumé. */
const menuOrder = 25;

/** The list and a page per publication; none when content/publications/ has no entry. */
export function publicationRoutes(config: ResolvedConfig, content: SiteContent, t: Translate<StringKey>): RouteRow[] {
  const works = content.bibliography;
  if (!works.length) return [];
  const owner = config.owner.name;
  const list: RouteRow = {
    path: publicationsPath,
    file: fileOf(publicationsPath),
    screen: "publications",
    section: "publications",
    menuLabel: t("page.publications"),
    menuOrder,
    title: t("page.publications"),
    description: t("description.publications", { owner, count: works.length }),
    indexable: true,
    canonicalPath: publicationsPath,
    kind: "website",
    ...(newestDate(works) ? { updated: newestDate(works) } : {}),
  };
  return [
    list,
    ...works.map((work): RouteRow => {
      const path = publicationPath(work);
      return {
        path,
        file: fileOf(path),
        screen: "publication",
        section: "publications",
        title: work.title,
        description: publicationDescription(work),
        indexable: true,
        canonicalPath: path,
        kind: "article",
        ...(dateOf(work) ? { updated: dateOf(work) } : {}),
        entry: { kind: "publication", work },
      };
    }),
  ];
}

/** What search engines and link previews read of a publication: its abstract's start, or who and where. */
function publicationDescription(work: ScholarlyWork): string {
  if (work.abstract) return work.abstract.length > 300 ? `${work.abstract.slice(0, 297).trimEnd()}…` : work.abstract;
  const people = work.authors.map((person) => person.name).join(", ");
  return [people, work.venue, work.year].filter(Boolean).join(". ");
}

/** A publication's date as the sitemap and Google Scholar write it: YYYY, YYYY-MM or YYYY-MM-DD. */
export function dateOf(work: Pick<ScholarlyWork, "year" | "month" | "day">): string | undefined {
  if (!work.year) return undefined;
  const two = (value: number) => String(value).padStart(2, "0");
  return [String(work.year), work.month && two(work.month), work.month && work.day && two(work.day)]
    .filter(Boolean)
    .join("-");
}

function newestDate(works: readonly ScholarlyWork[]): string | undefined {
  const dated = works.map(dateOf).filter((date): date is string => date !== undefined && date.length === 10);
  return dated.sort().at(-1);
}
