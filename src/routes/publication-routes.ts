// The rows of the publications' pages: the list at /publications (paged, by type and tag, when long) and a
// page per entry of the .bib files.
import type { ResolvedConfig } from "../config/config-schema.js";
import { tagsOf } from "../content/post-relations.js";
import type { PublicationKind, ScholarlyWork } from "../content/scholarly-work.js";
import type { SiteContent } from "../content/site-content.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { idFragment } from "../slug.js";
import { listPathOf, listRows } from "./list-routes.js";
import { fileOf } from "./route-paths.js";
import type { RouteRow } from "./route-types.js";

/** Where the list is, and each publication's page below it. */
export const publicationsPath = "publications";
export const publicationPath = (work: Pick<ScholarlyWork, "slug">) => `${publicationsPath}/${work.slug}`;

/** Between Resume (20) and Projects (30): a researcher's papers come with their résumé. */
const menuOrder = 25;

/** Each kind's name, plural ("Journal articles", "Conference papers"): a group's heading and a filter's choice. */
export const kindLabels: Record<PublicationKind, StringKey> = {
  article: "publications.kindArticle",
  inproceedings: "publications.kindInProceedings",
  incollection: "publications.kindInCollection",
  book: "publications.kindBook",
  phdthesis: "publications.kindPhdThesis",
  mastersthesis: "publications.kindMastersThesis",
  techreport: "publications.kindTechReport",
  patent: "publications.kindPatent",
  unpublished: "publications.kindUnpublished",
  misc: "publications.kindMisc",
};

/** A choice of the list's filter: a kind of publication or a tag, and the publications it shows. */
export interface PublicationCategory {
  name: string;
  works: ReadonlySet<ScholarlyWork>;
}

/** The most tags the filter offers: a reference manager's keywords can be hundreds, a filter's choices a few. */
const filterTags = 10;

/**
 * What the list can be filtered by: the kinds its publications are of, when there are two or more, then
 * the tags (`keywords`) that two or more publications share, the ten most shared, by their first spelling
 * (a tag of one paper would filter the list down to that paper). A tag named as a kind, in another case or
 * spelling, is that kind.
 */
export function publicationCategories(works: readonly ScholarlyWork[], t: Translate<StringKey>): PublicationCategory[] {
  const kinds = [...new Set(works.map((work) => work.kind))];
  const byKind =
    kinds.length > 1
      ? Object.entries(kindLabels)
          .filter(([kind]) => kinds.includes(kind as PublicationKind))
          .map(([kind, label]) => ({ name: t(label), works: new Set(works.filter((work) => work.kind === kind)) }))
      : [];
  const taken = new Set(byKind.map(({ name }) => idFragment(name)));
  const shared = tagsOf([...works]).filter(({ id, items }) => items.length > 1 && id !== "" && !taken.has(id));
  const mostShared = new Set(
    [...shared].sort((a, b) => b.items.length - a.items.length || a.id.localeCompare(b.id)).slice(0, filterTags),
  );
  const byTag = shared.filter((tag) => mostShared.has(tag)).map(({ name, items }) => ({ name, works: new Set(items) }));
  return [...byKind, ...byTag];
}

/**
 * The list (its first page in the menu) and a page per publication; none when content/publications/ has no
 * entry. A list longer than `publications.perPage` is paged, and each of its categories has pages of its own.
 */
export function publicationRoutes(config: ResolvedConfig, content: SiteContent, t: Translate<StringKey>): RouteRow[] {
  const works = listOrder(content.bibliography, config.publications.groupBy);
  if (!works.length) return [];
  const owner = config.owner.name;
  const perPage = config.publications.perPage;
  const categories = publicationCategories(works, t);
  const members = new Map(categories.map(({ name, works: shown }) => [name, shown]));
  const lists = listRows({
    list: publicationsPath,
    listing: (page) => ({ kind: "publications", ...page }),
    items: works,
    categories: categories.map(({ name }) => name),
    inCategory: (work, category) => members.get(category)?.has(work) ?? false,
    perPage,
    row: {
      screen: "publications",
      section: "publications",
      menuLabel: t("page.publications"),
      menuOrder,
      title: t("page.publications"),
    },
    description: (category) =>
      category === null
        ? t("description.publications", { owner, count: works.length })
        : t("description.publicationsInCategory", { owner, category }),
    t,
  }).map(
    (row): RouteRow => ({
      canonicalPath: row.path,
      ...row,
      file: fileOf(row.path),
      indexable: row.indexable ?? true,
      kind: "website",
      ...(row.path === publicationsPath && newestDate(works) ? { updated: newestDate(works) } : {}),
    }),
  );
  return [
    ...lists,
    ...works.map((work, index): RouteRow => {
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
        entry: { kind: "publication", work, listPath: listPathOf(publicationsPath, index, works.length, perPage) },
      };
    }),
  ];
}

/**
 * The publications in the order of the list's pages: newest first, or with `groupBy: "type"` kind by kind
 * (newest first within each), so that the pages of a long list go through the kinds in turn.
 */
export function listOrder(works: readonly ScholarlyWork[], groupBy: "year" | "type"): ScholarlyWork[] {
  if (groupBy === "year") return [...works];
  const kinds = Object.keys(kindLabels);
  return [...works].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
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
