import { escapeHtml } from "../escape.js";
import type { Publication } from "./content-types.js";
import { newestFirst } from "./entry-shapes.js";
import type { ScholarlyWork } from "./scholarly-work.js";

/**
 * The Resume's publications and `/resume.json`'s: those of content/resume/publications/ and, after
 * them by date, each publication of the .bib files that has a year and says where it appeared.
 * Its line under the title is its venue; its text, its authors; its link, the DOI, else its URL or arXiv page.
 */
export function withBibliography<Written extends Omit<Publication, "date"> & { date?: string | undefined }>(
  written: Written[],
  works: readonly ScholarlyWork[],
): Array<Written | Publication> {
  if (!works.length) return written;
  const fromBib = works.flatMap((work): Publication[] => {
    const publisher = work.venue ?? work.publisher;
    if (work.year === undefined || !publisher) return [];
    const two = (value: number) => String(value).padStart(2, "0");
    const url = work.doi
      ? `https://doi.org/${work.doi}`
      : work.url?.startsWith("http")
        ? work.url
        : work.arxiv
          ? `https://arxiv.org/abs/${work.arxiv}`
          : undefined;
    const authors = [...work.authors.map((person) => person.name), ...(work.etAl ? ["et al."] : [])].join(", ");
    return [
      {
        slug: `bib-${work.slug}`,
        title: work.title,
        publisher,
        date: work.month ? `${work.year}-${two(work.month)}` : String(work.year),
        ...(url ? { url } : {}),
        descriptionHtml: authors ? `<p>${escapeHtml(authors)}</p>` : "",
        fields: {},
      },
    ];
  });
  return newestFirst<Written | Publication>([...written, ...fromBib], (publication) => publication.slug);
}
