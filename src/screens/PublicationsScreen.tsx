import { emptyIdOf } from "../components/CardList.js";
import { PageLinks } from "../components/ListNavigation.js";
import { PublicationEntry } from "../components/PublicationEntry.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { publicationKinds, type ScholarlyWork } from "../content/scholarly-work.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import type { Listing } from "../routes/make-routes.js";
import { kindLabels, type PublicationCategory, publicationCategories } from "../routes/publication-routes.js";
import { idFragment } from "../slug.js";
import { ListFilterControl } from "./ListFilterControl.js";
import { ListPosition, pagingOf } from "./ListPosition.js";

/** The id of the list of publications, whose groups and entries the filter shows and hides. */
const publicationListId = "publication-list";

/** The publications in groups: by year, newest first (those without a year, forthcoming, first), or by kind. */
export function publicationGroups(
  works: readonly ScholarlyWork[],
  groupBy: "year" | "type",
  t: Translate<StringKey>,
): Array<{ id: string; label: string; works: ScholarlyWork[] }> {
  if (groupBy === "type")
    return publicationKinds
      .map((kind) => ({
        id: `publications-${kind}`,
        label: t(kindLabels[kind]),
        works: works.filter((work) => work.kind === kind),
      }))
      .filter((group) => group.works.length > 0);
  const years = [...new Set(works.map((work) => work.year))].sort((a, b) => (b ?? 10000) - (a ?? 10000));
  return years.map((year) => ({
    id: `publications-${year ?? idFragment(t("publications.undated"))}`,
    label: year === undefined ? t("publications.undated") : String(year),
    works: works.filter((work) => work.year === year),
  }));
}

/**
 * A page of the .bib files' publications (`/publications`), plain HTML. The filter by type or tag is
 * the lists' own: on a list that fits one page, the `ListFilter` island over these entries (each names
 * its type and tags in `data-categories`), so without JavaScript every entry shows; on a paged list,
 * links to each type's and tag's own pages.
 */
export function PublicationsScreen({
  listing,
  config,
  t,
  entriesHtml,
}: {
  listing: Listing<ScholarlyWork>;
  config: ResolvedConfig;
  t: Translate<StringKey>;
  /**
   * Entries rendered already (`PublicationEntry`, for an earlier page of the build): the same markup, not
   * made again.
   */
  entriesHtml?: ReadonlyMap<ScholarlyWork, string> | undefined;
}) {
  const base = config.site.pagesBase;
  const paging = pagingOf(listing, base);
  // A paged list's categories are its pages' (routes/publication-routes.ts); one page's are those of its entries.
  const categories: PublicationCategory[] = paging ? [] : publicationCategories(listing.items, t);
  const filtered = paging ? paging.categoryHrefs.length > 1 : categories.length > 0;
  const categoriesOf = (work: ScholarlyWork) =>
    JSON.stringify(categories.filter(({ works }) => works.has(work)).map(({ name }) => name));
  return (
    <>
      <header className="publications-header">
        <h1 className="article-title">{t("page.publications")}</h1>
        <ListPosition listing={listing} allLabel={t("publications.allPublications")} t={t} />
      </header>
      {filtered && (
        <ListFilterControl
          label={t("publications.filter")}
          categories={categories.map(({ name }) => name)}
          listId={publicationListId}
          emptyMessage={t("publications.empty")}
          paging={paging}
          lang={config.site.lang}
          strings={config.strings}
          t={t}
        />
      )}
      <div id={publicationListId} className="publication-groups">
        {publicationGroups(listing.items, config.publications.groupBy, t).map((group) => (
          <section
            key={group.id}
            className="publication-group"
            aria-labelledby={group.id}
            data-filter-group={filtered && !paging ? "" : undefined}
          >
            <h2 id={group.id} className="publication-group-title">
              {group.label}
            </h2>
            <ol className="publication-list">
              {group.works.map((work) => {
                const filterData =
                  filtered && !paging ? { "data-filter-item": "", "data-categories": categoriesOf(work) } : {};
                const rendered = entriesHtml?.get(work);
                return rendered === undefined ? (
                  <li key={work.slug} {...filterData}>
                    <PublicationEntry work={work} t={t} base={base} />
                  </li>
                ) : (
                  <li key={work.slug} {...filterData} dangerouslySetInnerHTML={{ __html: rendered }} />
                );
              })}
            </ol>
          </section>
        ))}
      </div>
      {filtered && !paging && (
        <p id={emptyIdOf(publicationListId)} className="empty-message" role="status" hidden={true} />
      )}
      {paging && (
        <PageLinks
          label={
            paging.category ? t("publications.categoryPages", { category: paging.category }) : t("publications.pages")
          }
          paging={paging}
          t={t}
        />
      )}
    </>
  );
}
