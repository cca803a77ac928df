import path from "node:path";
import type { FieldProblem } from "../errors.js";
import { inParallel } from "../in-parallel.js";
import {
  listFolder,
  type ProjectFolder,
  readTextFile,
  type RememberedTexts,
  walkFolder,
} from "../project/project-files.js";
import { type BibFileProblem, type RawBibEntry, readBibFile } from "./bibtex-file.js";
import { type EntryContext, toScholarlyWork, withCrossrefs } from "./bibtex-entry.js";
import type { Katex } from "./math.js";
import type { ScholarlyWork } from "./scholarly-work.js";

/** The folder of content/ whose .bib files are the site's publications. */
export const publicationsFolder = "publications";

export interface LoadPublicationsOptions {
  /** content/, and public/ (where an entry's `pdf` may be) when the project has one. */
  content: ProjectFolder;
  publicFolder: ProjectFolder | undefined;
  /** The config's `publications`. */
  settings: { me: readonly string[]; strict: boolean };
  texts?: RememberedTexts | undefined;
}

/**
 * The publications of every .bib file, newest first, and what was wrong: problems, or (not strict)
 * entries left out.
 */
export interface LoadedPublications {
  works: ScholarlyWork[];
  /** Per file, what stops the build: every problem when strict, a file that cannot be read at all otherwise. */
  problems: Array<{ file: string; problems: FieldProblem[] }>;
  /**
   * For the build's warnings, one line each: a link or identifier left out, and with `strict: false`
   * each entry left out and why.
   */
  warnings: string[];
}

/**
 * Reads every `.bib` file of content/publications/ (citation-js, bibtex-file.ts), applies each
 * entry's `crossref`, and shapes each entry as the pages show it (bibtex-entry.ts). Problems name
 * the file, the entry's key and its line. A key used in two files is a problem: its page's address
 * would be taken twice.
 */
export async function loadPublications(options: LoadPublicationsOptions): Promise<LoadedPublications> {
  const listed = await listFolder(options.content, publicationsFolder);
  const none: LoadedPublications = { works: [], problems: [], warnings: [] };
  if ("problem" in listed)
    return {
      ...none,
      problems: [{ file: `content/${publicationsFolder}`, problems: [{ field: "", problem: listed.problem }] }],
    };
  const names = listed.names.filter((name) => name.toLowerCase().endsWith(".bib"));
  if (!names.length) return none;
  const read = await inParallel(names, 8, async (name) => {
    const relative = `${publicationsFolder}/${name}`;
    return { file: `content/${relative}`, read: await readTextFile(options.content, relative, options.texts) };
  });
  const katex = read.some(({ read }) => read && "text" in read && read.text.includes("$"))
    ? await import("katex").then((module) => module.default as Katex)
    : undefined;
  const siteFile = await publicFileFinder(options.publicFolder);

  const problems: LoadedPublications["problems"] = [];
  const warnings: string[] = [];
  const works: ScholarlyWork[] = [];
  const keyFiles = new Map<string, string>();
  for (const { file, read: one } of read) {
    if (!one || "problem" in one) {
      problems.push({ file, problems: [{ field: "", problem: one?.problem ?? "cannot be read" }] });
      continue;
    }
    const found: FieldProblem[] = [];
    const { entries, problems: syntax, repeated } = readBibFile(one.text);
    found.push(...syntax.map(syntaxFieldProblem));
    // What BibTeX itself only warns of leaves its entry out with a warning: a key used again, an entry without a title.
    const leftOut = (problem: FieldProblem) => warnings.push(`${describeWarning(file, problem)}; left out`);
    for (const one of repeated) leftOut(syntaxFieldProblem(one));
    const context: EntryContext = { file, me: options.settings.me, katex, siteFile };
    for (const entry of withCrossrefs(entries.filter(isWork))) {
      const shaped = toScholarlyWork(entry, context);
      if ("problems" in shaped) {
        for (const problem of shaped.problems) leftOut(inEntry(entry, problem));
        continue;
      }
      warnings.push(...shaped.warnings.map((problem) => describeWarning(file, inEntry(entry, problem))));
      const earlier = keyFiles.get(shaped.work.slug);
      if (earlier) {
        leftOut({
          field: entryName(entry),
          problem: `its key gives the address /publications/${shaped.work.slug}/, as an entry of ${earlier} does: expected keys that differ in more than case and punctuation`,
        });
        continue;
      }
      keyFiles.set(shaped.work.slug, file);
      works.push(shaped.work);
    }
    if (!found.length) continue;
    if (options.settings.strict) problems.push({ file, problems: found });
    else
      warnings.push(
        ...found.map(
          ({ field, problem }) => `${file}: ${field}: ${problem}; left out, since publications.strict is false`,
        ),
      );
  }
  return { works: newestFirst(works), problems, warnings };
}

/** `@string`, `@preamble` and `@comment` are not works. */
function isWork(entry: RawBibEntry): boolean {
  return !["string", "preamble", "comment"].includes(entry.type);
}

function inEntry(entry: { label: string; line: number }, { field, problem }: FieldProblem): FieldProblem {
  return { field: `${entryName(entry)}, ${field}`, problem };
}

function describeWarning(file: string, { field, problem }: FieldProblem): string {
  return `${file}: ${field}: ${problem}`;
}

function entryName(entry: { label: string; line: number }): string {
  return `entry ${entry.label} (line ${entry.line})`;
}

function syntaxFieldProblem({ key, line, problem }: BibFileProblem): FieldProblem {
  return { field: key ? entryName({ label: key, line }) : `line ${line}`, problem };
}

/** Newest first (a publication without a year, forthcoming, before all), then by title. */
export function newestFirst(works: readonly ScholarlyWork[]): ScholarlyWork[] {
  const when = (work: ScholarlyWork) => (work.year ?? 9999) * 10000 + (work.month ?? 0) * 100 + (work.day ?? 0);
  return [...works].sort((a, b) => when(b) - when(a) || a.title.localeCompare(b.title));
}

/**
 * The site's address of a file an entry names (`pdf = {papers/x.pdf}`, `/papers/x.pdf`): a file of
 * public/, whose list is read once, when some .bib file is there.
 */
async function publicFileFinder(folder: ProjectFolder | undefined): Promise<(value: string) => string | undefined> {
  const names = new Set(folder ? (await walkFolder(folder)).files.map(({ file }) => file) : []);
  return (value) => {
    const relative = path.posix.normalize(value.replace(/^\/+/, ""));
    if (relative.startsWith("..") || /[\\\u0000-\u001f]/.test(relative)) return undefined;
    if (names.has(relative)) return `/${relative}`;
    // al-folio keeps a paper's PDF in assets/pdf/ and names it alone (`pdf = {paper.pdf}`): a site
    // moved from it keeps the folder.
    const alFolio = `assets/pdf/${relative}`;
    return !relative.includes("/") && names.has(alFolio) ? `/${alFolio}` : undefined;
  };
}
