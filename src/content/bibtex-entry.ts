import type { BibtexEntry } from "@citation-js/core";
import type { FieldProblem } from "../errors.js";
import { problemsFromZod } from "../validate.js";
import type { RawBibEntry } from "./bibtex-file.js";
import {
  type DecodedText,
  decodeField,
  decodedHtml,
  decodeNames,
  type KnownNames,
  ownerMatcher,
  type PersonName,
} from "./bibtex-text.js";
import type { Katex } from "./math.js";
import { arxivId, kindOf, type Person, type ScholarlyWork, scholarlyWorkSchema } from "./scholarly-work.js";

/**
 * The fields a child never takes from the entry its `crossref` names: what belongs to the one
 * work (biblatex's rules keep `ids`, `crossref` and the like too; a parent's DOI, address or title is
 * the proceedings', not the paper's).
 */
const ownFields = new Set([
  "ids",
  "crossref",
  "xref",
  "xdata",
  "entryset",
  "label",
  "title",
  "subtitle",
  "titleaddon",
  "shorttitle",
  "doi",
  "url",
  "urldate",
  "eprint",
  "eprinttype",
  "archiveprefix",
  "arxiv",
  "pdf",
  "html",
  "code",
  "slides",
  "poster",
  "video",
  "website",
  "supp",
  "abstract",
  "pages",
  "note",
  "keywords",
  "selected",
  "award",
  "award_name",
  "preview",
  "bibtex_show",
  "file",
  "isbn",
]);

/**
 * Entry types that collect others (proceedings, a book of chapters): listed only when no entry
 * names them as `crossref`.
 */
const containerTypes = new Set([
  "proceedings",
  "mvproceedings",
  "collection",
  "mvcollection",
  "book",
  "mvbook",
  "reference",
  "periodical",
]);

/**
 * Each entry with what its `crossref` parent gives it, as biblatex inherits: every field the child
 * lacks but the parent has, except a work's own (`ownFields`); the parent's `title` becomes the
 * child's `booktitle` (or `journal`, from a periodical). Parents that only hold children are left out.
 */
export function withCrossrefs(entries: readonly RawBibEntry[]): RawBibEntry[] {
  const byKey = new Map(entries.map((entry) => [entry.label.toLowerCase(), entry]));
  const parents = new Set<string>();
  const inherited = entries.map((entry) => {
    const parentKey = String(entry.properties.crossref ?? "").toLowerCase();
    const parent = parentKey ? byKey.get(parentKey) : undefined;
    if (!parent || parent === entry) return entry;
    parents.add(parentKey);
    return { ...entry, properties: { ...fromParent(parent), ...entry.properties } };
  });
  return inherited.filter((entry) => !(parents.has(entry.label.toLowerCase()) && containerTypes.has(entry.type)));
}

function fromParent(parent: BibtexEntry): Record<string, string | number> {
  const given = Object.fromEntries(Object.entries(parent.properties).filter(([field]) => !ownFields.has(field)));
  const title = parent.properties.title;
  if (title !== undefined) given[parent.type === "periodical" ? "journal" : "booktitle"] ??= title;
  return given;
}

/** What shaping an entry needs from the build: the owner's names, KaTeX if some field has math. */
export interface EntryContext {
  /** The .bib file, from the project. */
  file: string;
  /** The owner's forms of their name (`publications.me`). */
  me: readonly string[];
  katex: Katex | undefined;
  /** The address of a file of the site a field names (beside the .bib, or of public/), if there is one. */
  siteFile: (path: string) => string | undefined;
  /** The names of the file's lists of people read so far, each read once. */
  names?: KnownNames | undefined;
  /** Whether a person is the owner, for every entry of the file (`ownerMatcher` of `me`). */
  isMe?: ((person: PersonName) => boolean) | undefined;
}

/** An entry as the pages show it, checked by its schema; or what is wrong with it, field by field. */
export function toScholarlyWork(
  entry: RawBibEntry,
  context: EntryContext,
): { work: ScholarlyWork; warnings: FieldProblem[] } | { problems: FieldProblem[] } {
  const fields = entry.properties;
  const raw = (name: string): string | undefined => {
    const value = fields[name];
    return value === undefined || String(value).trim() === "" ? undefined : String(value);
  };
  const problems: FieldProblem[] = [];
  // A link or identifier that is not one is left out with a warning: the publication still shows.
  const warnings: FieldProblem[] = [];
  const decoded = (name: string): DecodedText | undefined => {
    const value = raw(name);
    return value === undefined ? undefined : decodeField(value, name);
  };
  const text = (name: string) => decoded(name)?.text || undefined;
  const html = (name: string, value: DecodedText | undefined) => {
    if (!value) return undefined;
    const drawn = decodedHtml(value, context.katex);
    if (drawn.problem) warnings.push({ field: name, problem: `${drawn.problem}: shown as its TeX` });
    return drawn.html;
  };
  const isMe = context.isMe ?? ownerMatcher(context.me);
  const people = (name: string): { people: Person[]; etAl: boolean } => {
    const value = raw(name);
    if (value === undefined) return { people: [], etAl: false };
    const { people: found, etAl } = decodeNames(value, context.names);
    return { people: found.map((person) => ({ ...person, me: isMe(person) })), etAl };
  };
  // Addresses as written: `~` is a tilde and `\_` an underscore (Mendeley's `{\_}`), not LaTeX's space and subscript.
  const verbatim = (name: string) =>
    raw(name)
      ?.trim()
      .replace(/^\{(.*)\}$/s, "$1")
      .replace(
        /\{\\([_%&#~$])\}|\\([_%&#~$])(\{\})?/g,
        (_escape, braced?: string, bare?: string) => braced ?? bare ?? "",
      )
      .replace(/\\url\{([^}]*)\}/g, "$1")
      .trim() || undefined;
  const link = (name: string, value = verbatim(name)): string | undefined => {
    if (value === undefined) return undefined;
    if (/^https?:\/\//i.test(value)) return value;
    if (/^www\./i.test(value)) return `https://${value}`;
    const address = context.siteFile(value);
    if (address === undefined)
      warnings.push({
        field: name,
        problem: `names ${JSON.stringify(value)}: expected an http(s) URL, a file beside the .bib (paper.pdf) or a file of public/ (papers/x.pdf); the link is left out`,
      });
    return address;
  };

  const checkedId = (name: string, value: string | undefined, pattern: RegExp, expected: string) => {
    if (value === undefined || pattern.test(value)) return value;
    warnings.push({ field: name, problem: `is ${JSON.stringify(value)}: expected ${expected}; it is left out` });
    return undefined;
  };

  const title = decoded("title");
  const venueField = venueFieldOf(entry.type, fields);
  const venue = venueField ? decoded(venueField) : undefined;
  const { people: authors, etAl } = people(raw("author") ? "author" : "inventor");
  const date = dateOf(raw("year"), raw("month"), raw("date"), raw("day"));
  const pages = text("pages");
  const [firstPage, lastPage] = pages ? pages.split(/\s*[-–—]+\s*/) : [];
  const abstract = decoded("abstract");
  const note = decoded("note");
  const award = text("award_name") ?? text("award");
  const candidate = {
    key: entry.label,
    slug: entry.label
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, ""),
    file: context.file,
    line: entry.line,
    kind: kindOf(entry.type, text("type")),
    entryType: entry.type,
    title: title?.text ?? "",
    titleHtml: html("title", title) ?? "",
    authors,
    etAl,
    editors: people("editor").people,
    ...date,
    ...(venue?.text ? { venue: venue.text, venueHtml: html(venueField!, venue) } : {}),
    venueKind:
      venueField === "journal" || venueField === "journaltitle"
        ? "journal"
        : venueField === "booktitle" && entry.type !== "incollection" && entry.type !== "inbook"
          ? "conference"
          : "other",
    ...defined({
      abbr: text("abbr"),
      volume: text("volume"),
      issue: text("number") ?? text("issue"),
      pages,
      firstPage: firstPage || undefined,
      lastPage: lastPage || undefined,
      publisher: text("publisher"),
      doi: checkedId("doi", doiOf(verbatim("doi")), /^10\.\d{4,9}\/\S+$/, "a DOI such as 10.1145/3368089.3409737"),
      url: link("url", verbatim("url") ?? verbatim("html")),
      pdf: link("pdf"),
      arxiv: checkedId("arxiv", arxivOf(fields, verbatim), arxivId, "an arXiv id such as 2101.00001"),
      code: link("code"),
      slides: link("slides"),
      poster: link("poster"),
      video: link("video"),
      website: link("website"),
      abstract: abstract?.text,
      abstractHtml: html("abstract", abstract),
      note: note?.text,
      noteHtml: html("note", note),
      award: award === "true" ? undefined : award,
    }),
    selected: /^(true|yes|1)$/i.test(text("selected") ?? ""),
    tags: keywordsOf(text("keywords")),
    bibtex: entry.source,
  };
  // Without zod's compiled fast path: a build checks each of its entries once, and the path is compiled and warmed
  // up for that one use (1.5 times as long over 500 entries).
  const checked = scholarlyWorkSchema.safeParse(candidate, { jitless: true });
  if (!checked.success) problems.push(...problemsFromZod(checked.error).map(named));
  if (problems.length || !checked.success) return { problems };
  return { work: checked.data, warnings };
}

/** zod names the shape's field (`doi`, `year`); the owner wrote the entry's (`doi`, `year`), mostly the same. */
function named(problem: { field: string; problem: string }) {
  const field =
    { firstPage: "pages", lastPage: "pages", issue: "number", titleHtml: "title" }[problem.field] ?? problem.field;
  return { ...problem, field };
}

function defined<T extends Record<string, unknown>>(record: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as never;
}

/** The field that says where an entry appeared, by its type. */
function venueFieldOf(type: string, fields: Record<string, string | number>): string | undefined {
  const byType: Record<string, string[]> = {
    article: ["journal", "journaltitle"],
    phdthesis: ["school", "institution"],
    mastersthesis: ["school", "institution"],
    thesis: ["school", "institution"],
    techreport: ["institution", "publisher"],
    report: ["institution", "publisher"],
    book: ["publisher"],
  };
  const order = byType[type] ?? [
    "booktitle",
    "journal",
    "journaltitle",
    "eventtitle",
    "howpublished",
    "school",
    "institution",
    "organization",
    "publisher",
  ];
  return order.find((field) => String(fields[field] ?? "").trim() !== "");
}

const monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * Year, month and day from `year`/`month`/`day` (a month as "06", "6", "June" or "jun") or
 * biblatex's `date` (`2020-06-15`).
 */
export function dateOf(
  year: string | undefined,
  month: string | undefined,
  date: string | undefined,
  day: string | undefined,
): { year?: number; month?: number; day?: number } {
  const fromDate = date ? /^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?/.exec(date.trim()) : null;
  const yearText = (year ? /\d{4}/.exec(year)?.[0] : undefined) ?? fromDate?.[1];
  const monthNumber = month
    ? /^\d{1,2}$/.test(month.trim())
      ? Number(month.trim())
      : monthNames.indexOf(month.trim().slice(0, 3).toLowerCase()) + 1 || undefined
    : fromDate?.[2]
      ? Number(fromDate[2])
      : undefined;
  const dayNumber =
    day && /^\d{1,2}$/.test(day.trim()) ? Number(day.trim()) : fromDate?.[3] ? Number(fromDate[3]) : undefined;
  return {
    ...(yearText ? { year: Number(yearText) } : {}),
    ...(monthNumber && monthNumber >= 1 && monthNumber <= 12 ? { month: monthNumber } : {}),
    ...(dayNumber && monthNumber ? { day: dayNumber } : {}),
  };
}

/** A DOI as its bare name: `https://doi.org/10.1/x` and `doi:10.1/x` are `10.1/x`. */
function doiOf(value: string | undefined): string | undefined {
  return value?.replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, "").trim() || undefined;
}

/** The arXiv id of `arxiv`, or of `eprint` when `archiveprefix`/`eprinttype` says arXiv (or the id can only be one). */
function arxivOf(
  fields: Record<string, string | number>,
  text: (name: string) => string | undefined,
): string | undefined {
  const strip = (value: string | undefined) =>
    value?.replace(/^(arxiv:|https?:\/\/arxiv\.org\/(abs|pdf)\/)/i, "").replace(/\.pdf$/, "");
  const own = strip(text("arxiv"));
  if (own) return own;
  const eprint = strip(text("eprint"));
  if (!eprint) return undefined;
  const archive = String(fields.archiveprefix ?? fields.eprinttype ?? "").toLowerCase();
  if (archive === "arxiv" || (!archive && /^\d{4}\.\d{4,5}(v\d+)?$/.test(eprint))) return eprint;
  return undefined;
}

function keywordsOf(value: string | undefined): string[] {
  return value
    ? [
        ...new Set(
          value
            .split(/\s*[,;]\s*/)
            .map((keyword) => keyword.trim())
            .filter(Boolean),
        ),
      ]
    : [];
}
