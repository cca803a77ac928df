import { Fragment } from "react";
import type { ScholarlyWork, Person } from "../content/scholarly-work.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { withBase } from "../site-paths.js";

/** A link of a publication, in the order the list shows them: DOI, PDF, arXiv, then the owner's own. */
export function publicationLinks(work: ScholarlyWork, t: Translate<StringKey>, base: string) {
  const site = (address: string) => (address.startsWith("/") ? withBase(base, address.slice(1)) : address);
  return [
    work.doi && { label: "DOI", href: `https://doi.org/${work.doi}` },
    work.pdf && { label: "PDF", href: site(work.pdf) },
    work.arxiv && { label: "arXiv", href: `https://arxiv.org/abs/${work.arxiv}` },
    work.code && { label: t("publications.code"), href: site(work.code) },
    work.slides && { label: t("publications.slides"), href: site(work.slides) },
    work.poster && { label: t("publications.poster"), href: site(work.poster) },
    work.video && { label: t("publications.video"), href: site(work.video) },
    work.website && { label: t("publications.website"), href: site(work.website) },
  ].filter((link): link is { label: string; href: string } => Boolean(link));
}

/** An entry's links (DOI, PDF, arXiv, code, …), on the list and on its own page. */
export function PublicationLinks({ work, t, base }: { work: ScholarlyWork; t: Translate<StringKey>; base: string }) {
  const links = publicationLinks(work, t, base);
  if (!links.length) return null;
  return (
    <ul className="publication-links" aria-label={t("publications.links", { title: work.title })}>
      {links.map((link) => (
        <li key={link.label}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

/** The people of a publication, the owner's own name emphasised (`publications.me`), "et al." after `and others`. */
export function PeopleList({ people, etAl, t }: { people: Person[]; etAl: boolean; t: Translate<StringKey> }) {
  return (
    <>
      {people.map((person, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two authors may share a name, and the list never reorders.
        <Fragment key={`${index}-${person.name}`}>
          {index > 0 && ", "}
          {person.me ? <strong className="publication-me">{person.name}</strong> : person.name}
        </Fragment>
      ))}
      {etAl && (
        <>
          {people.length ? ", " : ""}
          {t("publications.etAl")}
        </>
      )}
    </>
  );
}

/**
 * One publication as the list shows it: its venue with its badge and year, its title (to its own
 * page), its authors, its award, its links, and its abstract and BibTeX each in a `<details>`, which
 * open without JavaScript. `headingLevel` is 3 in a list grouped under year headings.
 */
export function PublicationEntry({
  work,
  t,
  base,
  headingLevel = 3,
}: {
  work: ScholarlyWork;
  t: Translate<StringKey>;
  base: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const id = `publication-${work.slug}`;
  return (
    <article className="publication" aria-labelledby={id}>
      <p className="publication-venue">
        {work.abbr && <span className="publication-badge">{work.abbr}</span>}
        {work.venueHtml && <span dangerouslySetInnerHTML={{ __html: work.venueHtml }} />}
        {work.year && <span className="publication-year">{work.year}</span>}
      </p>
      <Heading className="publication-title" id={id}>
        <a href={withBase(base, `publications/${work.slug}`)} dangerouslySetInnerHTML={{ __html: work.titleHtml }} />
      </Heading>
      {work.authors.length > 0 || work.etAl ? (
        <p className="publication-authors">
          <PeopleList people={work.authors} etAl={work.etAl} t={t} />
        </p>
      ) : (
        work.editors.length > 0 && (
          <p className="publication-authors">
            {t("publications.editors", { editors: work.editors.map((person) => person.name).join(", ") })}
          </p>
        )
      )}
      {work.award && (
        <p className="publication-award">
          <span className="visually-hidden">{t("publications.award")}: </span>
          {work.award}
        </p>
      )}
      <PublicationLinks work={work} t={t} base={base} />
      {work.abstractHtml && (
        <details className="publication-details">
          <summary>{t("publications.abstract")}</summary>
          <p dangerouslySetInnerHTML={{ __html: work.abstractHtml }} />
        </details>
      )}
      <details className="publication-details">
        <summary>{t("publications.bibtex")}</summary>
        <pre className="code" data-language="bibtex">
          <code>{work.bibtex}</code>
        </pre>
      </details>
    </article>
  );
}
