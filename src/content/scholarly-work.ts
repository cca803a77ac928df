import { z } from "zod";

/** The kinds of publication a page groups by, each BibTeX entry type read as one of them (`kindOf`). */
export const publicationKinds = [
  "article",
  "inproceedings",
  "incollection",
  "book",
  "phdthesis",
  "mastersthesis",
  "techreport",
  "patent",
  "unpublished",
  "misc",
] as const;
export type PublicationKind = (typeof publicationKinds)[number];

const typeKinds: Record<string, PublicationKind> = {
  article: "article",
  inproceedings: "inproceedings",
  conference: "inproceedings",
  incollection: "incollection",
  inbook: "incollection",
  inreference: "incollection",
  bookinbook: "incollection",
  suppbook: "incollection",
  suppcollection: "incollection",
  book: "book",
  mvbook: "book",
  collection: "book",
  mvcollection: "book",
  proceedings: "book",
  mvproceedings: "book",
  reference: "book",
  phdthesis: "phdthesis",
  mastersthesis: "mastersthesis",
  techreport: "techreport",
  report: "techreport",
  patent: "patent",
  unpublished: "unpublished",
};

/**
 * The kind of an entry type: the ten the page knows, biblatex's own types read as their nearest
 * (`@conference` as `@inproceedings`, `@report` as `@techreport`, `@thesis` by its `type`), and
 * anything else (`@misc`, `@online`, `@software`, `@dataset`, `@manual`) as misc.
 */
export function kindOf(entryType: string, thesisType?: string): PublicationKind {
  if (entryType === "thesis")
    return /master|m\.?\s?sc|ma\b|diplom/i.test(thesisType ?? "") ? "mastersthesis" : "phdthesis";
  return typeKinds[entryType] ?? "misc";
}

/** An arXiv identifier, new style (`2101.00001v2`) or old (`cs/0101001`, `math.AG/0101001`). */
export const arxivId = /^([a-z-]+(\.[A-Z]{2})?\/\d{7}|\d{4}\.\d{4,5})(v\d+)?$/;

/** A link of an entry: a web address, or a file of the site (`/papers/x.pdf`, from public/ or beside the .bib). */
const link = z.string().regex(/^(https?:\/\/\S+|\/\S+)$/, "expected an http(s) URL or a file of the site");

const person = z.strictObject({
  /** As a page writes it: "Maya Okafor", "John von Neumann Jr.". */
  name: z.string().min(1),
  family: z.string(),
  given: z.string().optional(),
  /** One of the owner's forms of their name (`publications.me`): emphasised. */
  me: z.boolean(),
});
export type Person = z.output<typeof person>;

/** The links a page shows under an entry, in this order, with its `doi` and `arxiv`. */
export const publicationLinks = ["pdf", "code", "slides", "poster", "video", "website"] as const;

/** A year of publication: four digits a résumé can hold. */
const yearRange = "is not a year of publication: expected a year from 1000 to 2999";

/**
 * A publication read from a .bib file of content/publications/, as every page shows it: its text
 * decoded from LaTeX (HTML beside the text where a formula or italics may be), its people split and
 * the owner's found, its links checked.
 */
export const scholarlyWorkSchema = z.strictObject({
  /** The citation key, as the file writes it. */
  key: z.string().min(1),
  /** Its page's address below `/publications/`: the key, lower case, with anything but letters and digits as `-`. */
  slug: z.string().regex(/^[\p{Ll}\p{N}][\p{Ll}\p{N}-]*$/u, "expected a key with a letter or digit"),
  /** The .bib file, from the project (`content/publications/papers.bib`), and the entry's line. */
  file: z.string(),
  line: z.number().int(),
  kind: z.enum(publicationKinds),
  /** The entry type as written (`inproceedings`, `online`). */
  entryType: z.string(),
  title: z.string().min(1, "has no title: expected title = {…}"),
  titleHtml: z.string(),
  authors: z.array(person),
  /** The author list ended in `and others`: shown as "et al.". */
  etAl: z.boolean(),
  editors: z.array(person),
  // What JSON Resume's dates hold (`releaseDate` in resume.json): a year from 3000 on is a typing slip.
  year: z.number().int().min(1000, yearRange).max(2999, yearRange).optional(),
  month: z.number().int().min(1).max(12).optional(),
  day: z.number().int().min(1).max(31).optional(),
  /** Where it appeared: the journal, the proceedings or book, the school, the institution or publisher. */
  venue: z.string().optional(),
  venueHtml: z.string().optional(),
  /** Whether the venue is a journal or a conference, for Google Scholar's tags. */
  venueKind: z.enum(["journal", "conference", "other"]),
  /** The venue's short name, shown as a badge (al-folio's `abbr`). */
  abbr: z.string().optional(),
  volume: z.string().optional(),
  issue: z.string().optional(),
  pages: z.string().optional(),
  firstPage: z.string().optional(),
  lastPage: z.string().optional(),
  publisher: z.string().optional(),
  doi: z
    .string()
    .regex(/^10\.\d{4,9}\/\S+$/, "expected a DOI such as 10.1145/3368089.3409737")
    .optional(),
  url: link.optional(),
  pdf: link.optional(),
  /** The arXiv identifier (`2101.00001`, `cs/0101001`). */
  arxiv: z.string().regex(arxivId, "expected an arXiv id such as 2101.00001").optional(),
  code: link.optional(),
  slides: link.optional(),
  poster: link.optional(),
  video: link.optional(),
  website: link.optional(),
  abstract: z.string().optional(),
  abstractHtml: z.string().optional(),
  note: z.string().optional(),
  noteHtml: z.string().optional(),
  award: z.string().optional(),
  selected: z.boolean(),
  /** Its `keywords`, each a tag. */
  tags: z.array(z.string()),
  /** The entry as the file writes it, for its BibTeX to be copied. */
  bibtex: z.string(),
});

/** One publication of the .bib files: the type every page, the résumé and the search index read. */
export type ScholarlyWork = z.output<typeof scholarlyWorkSchema>;
