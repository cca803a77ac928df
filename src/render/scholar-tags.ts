// What Google Scholar and other indexers read of a publication's page: Highwire Press's `citation_*`
// meta tags (https://scholar.google.com/intl/en/scholar/inclusion.html#indexing) and schema.org's ScholarlyArticle.
import type { ScholarlyWork } from "../content/scholarly-work.js";
import { escapeAttribute } from "../escape.js";
import { dateOf } from "../routes/publication-routes.js";
import { absoluteUrl } from "../site-paths.js";

/**
 * The `citation_*` tags of a publication's page: its title, one `citation_author` per author in
 * order, its date as `YYYY/MM/DD` (Scholar's own form), where it appeared (`citation_journal_title`
 * for a journal, `citation_conference_title` for proceedings), volume, issue, pages, DOI, arXiv id,
 * and its PDF as an absolute address (Scholar reads only those).
 */
export function scholarMetaTags(work: ScholarlyWork, site: { url?: string | undefined; base: string }): string[] {
  const tag = (name: string, content: string | undefined) =>
    content ? `<meta name="${name}" content="${escapeAttribute(content)}">` : "";
  const date = dateOf(work)?.replaceAll("-", "/");
  const pdf = work.pdf?.startsWith("/") ? absoluteUrl(site.url, site.base, work.pdf.slice(1)) : work.pdf;
  const venueTag = {
    journal: "citation_journal_title",
    conference: "citation_conference_title",
    other: work.kind === "phdthesis" || work.kind === "mastersthesis" ? "citation_dissertation_institution" : "",
  }[work.venueKind];
  return [
    tag("citation_title", work.title),
    // An edited book's people are its editors.
    ...(work.authors.length ? work.authors : work.editors).map((person) => tag("citation_author", person.name)),
    tag("citation_publication_date", date),
    venueTag
      ? tag(venueTag, work.venue)
      : work.kind === "techreport"
        ? tag("citation_technical_report_institution", work.venue)
        : "",
    work.kind === "incollection" ? tag("citation_inbook_title", work.venue) : "",
    tag("citation_volume", work.volume),
    tag("citation_issue", work.issue),
    tag("citation_firstpage", work.firstPage),
    tag("citation_lastpage", work.lastPage),
    tag("citation_publisher", work.publisher),
    tag("citation_doi", work.doi),
    tag("citation_arxiv_id", work.arxiv),
    tag("citation_pdf_url", pdf),
    tag("citation_abstract", work.abstract),
  ].filter(Boolean);
}

/** schema.org's ScholarlyArticle (a Thesis, a Book, a Chapter by kind) for the page's JSON-LD. */
export function scholarlyArticleData(work: ScholarlyWork) {
  const type =
    work.kind === "phdthesis" || work.kind === "mastersthesis"
      ? "Thesis"
      : work.kind === "book"
        ? "Book"
        : work.kind === "incollection"
          ? "Chapter"
          : "ScholarlyArticle";
  return {
    "@type": type,
    ...(dateOf(work) ? { datePublished: dateOf(work) } : {}),
    author: work.authors.map((person) => ({ "@type": "Person", name: person.name })),
    ...(work.venue
      ? {
          isPartOf: {
            "@type":
              work.venueKind === "journal" ? "Periodical" : work.venueKind === "conference" ? "Event" : "CreativeWork",
            name: work.venue,
          },
        }
      : {}),
    ...(work.publisher ? { publisher: { "@type": "Organization", name: work.publisher } } : {}),
    ...(work.abstract ? { abstract: work.abstract } : {}),
    ...(work.doi ? { sameAs: `https://doi.org/${work.doi}`, identifier: `doi:${work.doi}` } : {}),
    ...(work.firstPage ? { pageStart: work.firstPage } : {}),
    ...(work.lastPage ? { pageEnd: work.lastPage } : {}),
    ...(work.tags.length ? { keywords: work.tags.join(", ") } : {}),
  };
}
