import path from "node:path";
import { type BuildCache, codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { FieldProblem } from "../errors.js";
import { inParallel } from "../in-parallel.js";
import { listFolder, type ProjectFolder, readTextFile, type RememberedTexts } from "../project/project-files.js";
import type { BibtexEntry } from "@citation-js/core";
import type { BibFileProblem, RawBibEntry, ReadEntries } from "./bibtex-file.js";
import type { EntryContext, toScholarlyWork } from "./bibtex-entry.js";
import type { Katex } from "./math.js";
import type { ScholarlyWork } from "./scholarly-work.js";

/** The folder of content/ whose .bib files are the site's publications. */
export const publicationsFolder = "publications";

export interface LoadPublicationsOptions {
  /** content/. */
  content: ProjectFolder;
  /**
   * The files the site will have besides its pages, by their path in it: public/'s, and those beside the
   * entries of content/ (project/public-folder.ts), a paper's PDF beside the .bib among them. An entry's
   * `pdf`, `slides` and other links may name one.
   */
  siteFiles: ReadonlySet<string>;
  /** The config's `publications`. */
  settings: { me: readonly string[]; strict: boolean };
  texts?: RememberedTexts | undefined;
  /** Where each file's publications, and each entry as the pages show it, are kept between builds. */
  cache?: CacheStore | undefined;
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

/** An entry shaped, or what is wrong with it: what the build cache keeps of it (its line aside). */
type ShapedEntry = ReturnType<typeof toScholarlyWork>;

/** A file's publications as its text gives them, before keys are compared with the other files'. */
interface ShapedFile {
  works: ScholarlyWork[];
  warnings: string[];
  /** What of the file cannot be read: a problem when strict, else a warning. */
  unread: FieldProblem[];
  /** The cache keys of its entries, kept by a build that finds the file as it was. */
  entryKeys: string[];
}

/** What the build cache keeps: an entry as citation-js read it, an entry shaped, a file's publications. */
type Kept = { read: BibtexEntry } | { entry: ShapedEntry } | { file: ShapedFile };

/**
 * Reads every `.bib` file of content/publications/ (citation-js, bibtex-file.ts), applies each
 * entry's `crossref`, and shapes each entry as the pages show it (bibtex-entry.ts). Problems name
 * the file, the entry's key and its line. A key used in two files is a problem: its page's address
 * would be taken twice.
 *
 * The build cache keeps each file's publications by its text, and each entry as read and as shaped by
 * its own: a rebuild with the files as they were reads none, and one after an edit reads and shapes only
 * the entries that changed.
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
  const cache = await openCache<Kept>(options.cache, "publications", await codeFingerprint(["content"]));
  // What shapes an entry besides its text: the owner's names, the files its links may name, and the code.
  const shaping: Shaping = {
    cache,
    with: hashOf(JSON.stringify(options.settings.me), ...[...options.siteFiles].sort()),
    me: options.settings.me,
    siteFile: siteFileFinder(options.siteFiles),
  };
  const problems: LoadedPublications["problems"] = [];
  const warnings: string[] = [];
  const works: ScholarlyWork[] = [];
  const keyFiles = new Map<string, string>();
  for (const { file, read: one } of read) {
    if (!one || "problem" in one) {
      problems.push({ file, problems: [{ field: "", problem: one?.problem ?? "cannot be read" }] });
      continue;
    }
    const key = hashOf("file", shaping.with, file, one.text);
    const kept = cache.get(key);
    const shaped = kept && "file" in kept ? keepEntries(cache, kept.file) : await shapeFile(file, one.text, shaping);
    cache.set(key, kept ?? { file: shaped });
    warnings.push(...shaped.warnings);
    for (const work of shaped.works) {
      const earlier = keyFiles.get(work.slug);
      if (earlier) {
        warnings.push(
          `${file}: ${entryName({ label: work.key, line: work.line })}: its key gives the address /publications/${work.slug}/, as an entry of ${earlier} does: expected keys that differ in more than case and punctuation; left out`,
        );
        continue;
      }
      keyFiles.set(work.slug, file);
      works.push(work);
    }
    if (!shaped.unread.length) continue;
    if (options.settings.strict) problems.push({ file, problems: shaped.unread });
    else
      warnings.push(
        ...shaped.unread.map(
          ({ field, problem }) => `${file}: ${field}: ${problem}; left out, since publications.strict is false`,
        ),
      );
  }
  await cache.save();
  return { works: newestFirst(works), problems, warnings };
}

/** What every entry is shaped with, and where shapes are kept. */
interface Shaping {
  cache: BuildCache<Kept>;
  /** A digest of what shapes an entry besides its text. */
  with: string;
  me: readonly string[];
  siteFile: (value: string) => string | undefined;
}

/** A file read as it was: its entries' shapes are kept too, for the build after an edit of one of them. */
function keepEntries(cache: BuildCache<Kept>, shaped: ShapedFile): ShapedFile {
  for (const key of shaped.entryKeys) {
    const entry = cache.get(key);
    if (entry) cache.set(key, entry);
  }
  return shaped;
}

/** A file's entries shaped, each taken from the cache when its text (and what it inherits) is as it was. */
async function shapeFile(file: string, text: string, shaping: Shaping): Promise<ShapedFile> {
  const { readBibFile, toScholarlyWork, withCrossrefs, ownerMatcher, mayHaveFormula } = await bibReading();
  const usedKeys: string[] = [];
  const { entries, problems: syntax, repeated } = readBibFile(text, keptReads(shaping.cache, usedKeys));
  const warnings: string[] = [];
  // What BibTeX itself only warns of leaves its entry out with a warning: a key used again, an entry without a title.
  const leftOut = (problem: FieldProblem) => warnings.push(`${describeWarning(file, problem)}; left out`);
  for (const one of repeated) leftOut(syntaxFieldProblem(one));
  const keyed = withCrossrefs(entries.filter(isWork)).map((entry) => ({
    entry,
    key: hashOf("entry", shaping.with, file, entry.type, entry.label, JSON.stringify(entry.properties), entry.source),
  }));
  // KaTeX is loaded only to shape a formula anew: a build that keeps every entry has no use for it.
  const katex = keyed.some(({ entry, key }) => mayHaveFormula(entry.source) && !shaping.cache.has(key))
    ? await import("katex").then((module) => module.default as Katex)
    : undefined;
  const context: EntryContext = {
    file,
    me: shaping.me,
    katex,
    siteFile: shaping.siteFile,
    names: new Map(),
    isMe: ownerMatcher(shaping.me),
  };
  const works: ScholarlyWork[] = [];
  for (const { entry, key } of keyed) {
    const kept = shaping.cache.get(key);
    const shaped = kept && "entry" in kept ? kept.entry : toScholarlyWork(entry, context);
    shaping.cache.set(key, kept ?? { entry: shaped });
    if ("problems" in shaped) {
      for (const problem of shaped.problems) leftOut(inEntry(entry, problem));
      continue;
    }
    warnings.push(...shaped.warnings.map((problem) => describeWarning(file, inEntry(entry, problem))));
    // The line is where the entry is now: an edit above it moves it without changing its shape.
    works.push(shaped.work.line === entry.line ? shaped.work : { ...shaped.work, line: entry.line });
  }
  usedKeys.push(...keyed.map(({ key }) => key));
  return { works, warnings, unread: syntax.map(syntaxFieldProblem), entryKeys: usedKeys };
}

/**
 * citation-js and the code that reads with it, loaded by the first build with a .bib to read: a site without
 * publications, and a build that keeps every entry, never load it (a tenth of a second on each build).
 */
async function bibReading() {
  const [{ readBibFile }, { toScholarlyWork, withCrossrefs }, { ownerMatcher, mayHaveFormula }] = await Promise.all([
    import("./bibtex-file.js"),
    import("./bibtex-entry.js"),
    import("./bibtex-text.js"),
  ]);
  return { readBibFile, toScholarlyWork, withCrossrefs, ownerMatcher, mayHaveFormula };
}

/** The entries citation-js read before, in the build cache by their text and the file's @strings. */
function keptReads(cache: BuildCache<Kept>, usedKeys: string[]): ReadEntries {
  let digested = { macros: "", digest: hashOf("") };
  return {
    keyOf(macros, entry) {
      if (digested.macros !== macros) digested = { macros, digest: hashOf(macros) };
      const key = hashOf("read", digested.digest, entry);
      usedKeys.push(key);
      return key;
    },
    get(key) {
      const kept = cache.get(key);
      return kept && "read" in kept ? kept.read : undefined;
    },
    set(key, entry) {
      cache.set(key, { read: entry });
    },
  };
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
 * The site's address of a file an entry names: `pdf = {paper.pdf}` a file beside the .bib
 * (content/publications/paper.pdf, published as /publications/paper.pdf), else one of public/
 * (`papers/x.pdf`, `/papers/x.pdf`); a path that starts with `/` names public/'s alone.
 */
function siteFileFinder(siteFiles: ReadonlySet<string>): (value: string) => string | undefined {
  return (value) => {
    const relative = path.posix.normalize(value.replace(/^\/+/, ""));
    if (relative.startsWith("..") || /[\\\u0000-\u001f]/.test(relative)) return undefined;
    const beside = `${publicationsFolder}/${relative}`;
    if (!value.startsWith("/") && siteFiles.has(beside)) return `/${beside}`;
    if (siteFiles.has(relative)) return `/${relative}`;
    // al-folio keeps a paper's PDF in assets/pdf/ and names it alone (`pdf = {paper.pdf}`): a site
    // moved from it keeps the folder.
    const alFolio = `assets/pdf/${relative}`;
    return !relative.includes("/") && siteFiles.has(alFolio) ? `/${alFolio}` : undefined;
  };
}
