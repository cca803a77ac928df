import { PublicationEntry } from "../components/PublicationEntry.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { type PublicationKind, publicationKinds, type ScholarlyWork } from "../content/scholarly-work.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { idFragment } from "../slug.js";

/** Each kind's heading, plural: "Journal articles", "Conference papers". */
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

/** The list of the .bib files' publications (`/publications`): plain HTML, no island. */
export function PublicationsScreen({
  works,
  config,
  t,
}: {
  works: ScholarlyWork[];
  config: ResolvedConfig;
  t: Translate<StringKey>;
}) {
  const base = config.site.pagesBase;
  return (
    <>
      <header className="publications-header">
        <h1 className="article-title">{t("page.publications")}</h1>
      </header>
      {publicationGroups(works, config.publications.groupBy, t).map((group) => (
        <section key={group.id} className="publication-group" aria-labelledby={group.id}>
          <h2 id={group.id} className="publication-group-title">
            {group.label}
          </h2>
          <ol className="publication-list">
            {group.works.map((work) => (
              <li key={work.slug}>
                <PublicationEntry work={work} t={t} base={base} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
