import { BackLink } from "../components/ItemNavigation.js";
import { PeopleList, PublicationLinks } from "../components/PublicationEntry.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { ScholarlyWork } from "../content/scholarly-work.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { withBase } from "../site-paths.js";
import { kindLabels } from "../routes/publication-routes.js";

/**
 * A publication's own page (`/publications/<key>`): what Google Scholar reads from its head tags,
 * shown to the reader too: title, authors, venue, year, links, abstract and BibTeX.
 */
export function PublicationScreen({
  work,
  listPath,
  config,
  t,
}: {
  work: ScholarlyWork;
  /** The page of the list that shows it. */
  listPath: string;
  config: ResolvedConfig;
  t: Translate<StringKey>;
}) {
  const base = config.site.pagesBase;
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, listPath)}>{t("publications.allPublications")}</BackLink>
        <p className="publication-venue">
          {work.abbr && <span className="publication-badge">{work.abbr}</span>}
          <span className="publication-kind">{t(kindLabels[work.kind])}</span>
          {work.year && <span className="publication-year">{work.year}</span>}
        </p>
        <h1 className="article-title" dangerouslySetInnerHTML={{ __html: work.titleHtml }} />
      </header>
      <div className="publication-page">
        {(work.authors.length > 0 || work.etAl) && (
          <p className="publication-authors">
            <PeopleList people={work.authors} etAl={work.etAl} t={t} />
          </p>
        )}
        {work.venueHtml && (
          <p className="publication-in">
            <span dangerouslySetInnerHTML={{ __html: work.venueHtml }} />
            {[work.volume && `${work.volume}${work.issue ? `(${work.issue})` : ""}`, work.pages]
              .filter(Boolean)
              .map((part) => `, ${part}`)
              .join("")}
          </p>
        )}
        {work.editors.length > 0 && (
          <p className="publication-editors">
            {t("publications.editors", { editors: work.editors.map((person) => person.name).join(", ") })}
          </p>
        )}
        {work.award && <p className="publication-award">{work.award}</p>}
        {work.noteHtml && <p className="publication-note" dangerouslySetInnerHTML={{ __html: work.noteHtml }} />}
        <PublicationLinks work={work} t={t} base={base} />
        {work.abstractHtml && (
          <section className="publication-abstract" aria-labelledby="publication-abstract">
            <h2 id="publication-abstract">{t("publications.abstract")}</h2>
            <p dangerouslySetInnerHTML={{ __html: work.abstractHtml }} />
          </section>
        )}
        <details className="publication-details">
          <summary>{t("publications.bibtex")}</summary>
          <pre className="code" data-language="bibtex">
            <code>{work.bibtex}</code>
          </pre>
        </details>
      </div>
    </>
  );
}
