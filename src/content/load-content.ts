import path from "node:path";
import type { z } from "zod";
import type { ResolvedConfig } from "../config/config-schema.js";
import { ProblemList, portfolioError, type FieldProblem } from "../errors.js";
import { contentGuideHint } from "../errors-data.js";
import { contentGuideFrom } from "../package-root.js";
import { inParallel } from "../in-parallel.js";
import { keep, keptFrom, lastKept } from "../kept-results.js";
import {
  listFolder,
  projectFolder,
  readTextFile,
  type ProjectFolder,
  type RememberedTexts,
} from "../project/project-files.js";
import { parseFields, problemsFromZod } from "../validate.js";
import { codeFingerprint, hashOf, openCache, type BuildCache } from "../pipeline/build-cache.js";
import type { CacheStore } from "../pipeline/cache-store.js";
import {
  collectionsFor,
  type BuildCollection,
  type CollectionContent,
  type CollectionSource,
  type ParsedEntry,
  type ShapeContext,
} from "./collections.js";
import type { CustomSectionContent, SiteContent } from "./content-types.js";
import { parseFrontMatter } from "./front-matter.js";
import { createCodeHighlighter, highlightOnThread, type HighlightCode } from "./highlight.js";
import {
  loadMarkdownLibraries,
  markdownToText,
  renderMarkdown,
  type MarkdownLibraries,
  type RenderedMarkdown,
  type WritingLabels,
} from "./markdown.js";
import { siteTranslator } from "../i18n/site-translator.js";
import { mayHaveMath } from "./math.js";
import { entryImage } from "../pipeline/read-public.js";
import { idFragment } from "./slug.js";
import {
  entriesInLanguage,
  translationName,
  untranslatedFiles,
  withCategoriesIn,
  type TranslationName,
} from "./translations.js";

export interface LoadContentOptions {
  /** Project folder: holds content/ and public/. */
  root: string;
  /** The config in the site's default language. */
  config: ResolvedConfig;
  /** Keep posts marked `draft: true` (they are shown as drafts). @default false */
  drafts?: boolean;
  /** Where parsed files are kept between builds; none: every file is parsed. */
  cache?: CacheStore | undefined;
}

/** The content of a site in one language: what `loadContentInLanguages` gives for its default language. */
export async function loadContent(options: LoadContentOptions): Promise<SiteContent> {
  const [content] = await loadContentInLanguages({ ...options, languages: [options.config] });
  return content!;
}

/**
 * Reads and validates every file of every collection (collections.ts), the résumé sections the
 * config declares among them, and gives the content once per language of the site: each entry in
 * that language when it has a translation (`atlas.pt.md` beside `atlas.md`), else in the default
 * language's (translations.ts). All problems of all files are gathered and thrown together as one
 * `ContentInvalid` error, so the owner can fix them in one pass.
 */
export async function loadContentInLanguages({
  root,
  config,
  languages,
  drafts = false,
  cache: cacheStore,
  remember,
}: LoadContentOptions & {
  /** The config in each language of the site, the default first (load-config.ts). */
  languages: ResolvedConfig[];
  /** `portfolio dev`'s memo: the texts its last build read, replaced by those this one reads. */
  remember?:
    | {
        contentTexts?: RememberedTexts["previous"] | undefined;
        contentKeys?: ReadonlyMap<string, { id: string; key: string }> | undefined;
      }
    | undefined;
}): Promise<SiteContent[]> {
  const folder = await projectFolder(root, "content");
  if (!folder) throw portfolioError("ContentFolderMissing", [root]);
  if ("problem" in folder) throw portfolioError("UnsafeFile", [folder.problem]);
  const problems = new ProblemList();
  const texts = remember && keptFrom(remember.contentTexts);
  const reader: Reader = { folder, problems, base: config.site.base, languages: config.site.languages, texts };
  const labelsOf = writingLabelsByLanguage(languages);
  const table = collectionsFor(config);

  // Every file is read first, so the highlighter loads the grammars of every language the content uses.
  const [sourcesByCollection, unread] = await Promise.all([
    Promise.all(table.map(({ row }) => readCollection(reader, row.source))),
    undeclaredResumeFolders(folder, table),
  ]);
  if (remember && texts) remember.contentTexts = texts.next;
  // A file's collection (for a custom section, its layout), path and text and the base path decide what it parses to.
  const cache = await openCache<ParsedEntry<unknown>>(cacheStore, "content", await codeFingerprint(["content"]));
  // Each source's key is hashed once a build (it is asked for here and again as the source is
  // parsed), and in `portfolio dev` once a session: a text kept from the last build is the same string.
  const keys = new WeakMap<Source, string>();
  const keptKeys = remember && keptFrom(remember.contentKeys);
  const keyOf = (cacheName: string, source: Source) => {
    let key = keys.get(source);
    if (key === undefined) {
      // The words a body writes of its own (a callout's title) are the owner's to change in the config.
      const labels = JSON.stringify([labelsOf(source.lang), source.beside ?? null]);
      const id = keptKeys && `${cacheName}\0${source.file}\0${config.site.base}\0${labels}`;
      const known = lastKept(keptKeys, source.text);
      key =
        known !== undefined && known.id === id
          ? known.key
          : hashOf(cacheName, source.file, source.text, config.site.base, labels);
      keys.set(source, key);
      if (id !== undefined) keep(keptKeys, source.text, { id, key });
    }
    return key;
  };
  const unparsed = table.flatMap(({ cacheName }, index) =>
    sourcesByCollection[index]!.filter((source) => !cache.has(keyOf(cacheName, source))),
  );
  // A long blog's code is highlighted on a thread of its own while this one parses; `portfolio dev`,
  // whose saves parse a file or two, keeps its highlighter loaded here instead.
  const unparsedTexts = unparsed.map((source) => source.text);
  const deferred = remember ? undefined : highlightOnThread(unparsedTexts);
  const parseAll = async () => {
    const [highlight, markdown] = await Promise.all([
      deferred?.highlight ?? createCodeHighlighter(unparsedTexts),
      unparsed.length ? loadMarkdownLibraries({ math: unparsedTexts.some(mayHaveMath) }) : undefined,
    ]);
    const parser: Parser = { ...reader, cache, keyOf, highlight, markdown, labelsOf };
    const drafts = table.map((collection, index) =>
      sourcesByCollection[index]!.flatMap((source) => draftOne(parser, collection, source)),
    );
    const highlighted = deferred ? (await deferred.settled()).place : (html: string) => html;
    return table.map((collection, index) => ({
      ...collection,
      entries: drafts[index]!.map((draft) => finishOne(cache, draft, highlighted)),
    }));
  };
  const parsed = await parseAll().finally(() => deferred?.close());
  if (remember && keptKeys) remember.contentKeys = keptKeys.next;
  // Each language's entries are checked together (a series' parts, a tag's spellings), against the
  // default language's categories, which every file names.
  const inLanguages = languages.map((languageConfig) =>
    parsed.map((collection) => ({
      ...collection,
      entries: entriesInLanguage(collection.entries, languageConfig.site.lang, config.site.languages),
    })),
  );
  for (const collections of inLanguages)
    for (const { row, entries } of collections)
      for (const { file, problems: found } of row.check?.(entries, config) ?? []) problems.add(file, found);
  problems.throwIfAny("ContentInvalid", { hint: contentGuideHint(contentGuideFrom(root)) });
  await cache.save();

  const warnings = [
    ...new Set([
      ...inLanguages.flatMap((collections) => collections.flatMap(({ row, entries }) => row.warnings?.(entries) ?? [])),
      ...unread,
    ]),
  ];
  return inLanguages.map((collections, index) => {
    const languageConfig = languages[index]!;
    const context: ShapeContext = { config: languageConfig, drafts };
    const published = collections.map(({ row, entries, ...collection }) => ({
      ...collection,
      row,
      entries: row.keep ? entries.filter((entry) => row.keep!(entry, context)) : entries,
    }));
    // An untranslated post, project or page is left out when the owner says so.
    const hide = languageConfig.site.untranslated === "hide";
    const kept = published.map(({ row, entries, ...collection }) => ({
      ...collection,
      row,
      entries: hide && row.item ? entries.filter((entry) => entry.lang === languageConfig.site.lang) : entries,
    }));
    // The table's collections are SiteContent's fields; the custom sections go under `customSections`, by id.
    const shapedOf = (custom: boolean) =>
      Object.fromEntries(
        kept
          .filter((collection) => collection.custom === custom)
          .map(({ name, row, entries }) => [name, row.shape(entries, context)]),
      );
    const content: SiteContent = {
      ...(shapedOf(false) as CollectionContent),
      customSections: shapedOf(true) as Record<string, CustomSectionContent>,
      links: kept.flatMap(({ entries }) =>
        entries.flatMap((entry) => (entry.body.links.length ? [{ file: entry.file, links: entry.body.links }] : [])),
      ),
      untranslated: untranslatedFiles(published, languageConfig),
      warnings: index === 0 ? warnings : [],
    };
    return index === 0 ? content : withCategoriesIn(content, config, languageConfig);
  });
}

/**
 * A warning for each folder of content/resume/ that no section reads: most likely a section's
 * files written before the config declares it, which would otherwise be left out without a word.
 */
async function undeclaredResumeFolders(folder: ProjectFolder, table: BuildCollection[]): Promise<string[]> {
  const listed = await listFolder(folder, "resume");
  if ("problem" in listed) return [];
  const read = new Set(table.map(({ row }) => ("folder" in row.source ? row.source.folder : row.source.file)));
  // A name without an extension is a folder, or nothing a section could read.
  return listed.names
    .filter((name) => !name.includes(".") && !read.has(`resume/${name}`))
    .map(
      (name) =>
        `content/resume/${name}/ is not a section of the Resume, so its files are not shown: declare it in the config's resume.customSections, with the folder's name as its id (README, "Résumé sections"), or move it out of content/resume/.`,
    );
}

interface Reader {
  folder: ProjectFolder;
  /** In `portfolio dev`, the texts the previous build read, for files unchanged since. */
  texts?: RememberedTexts | undefined;
  problems: ProblemList;
  base: string;
  /** The site's languages, the default first: a file named `<name>.<lang>.md` for another one is a translation. */
  languages: string[];
}

/** A reader that also highlights code blocks, and reuses what earlier builds parsed. */
interface Parser extends Reader {
  highlight: HighlightCode;
  /** Loaded when some file was not in the cache. */
  markdown: MarkdownLibraries | undefined;
  cache: BuildCache<ParsedEntry<unknown>>;
  keyOf: (cacheName: string, source: Source) => string;
  labelsOf: (lang: string) => WritingLabels;
}

/** A content file's text, with its path as messages show it, and the entry and language it is the text of. */
interface Source extends TranslationName {
  file: string;
  text: string;
  /** For an entry written as a folder: its path inside content/ (`blog/offline-sync/`) and the images in it. */
  beside?: { folder: string; images: string[] } | undefined;
}

/** A content file's text; its problem, when it cannot be read, goes to the list. */
async function readSource(reader: Reader, relative: string, required: boolean): Promise<Source | undefined> {
  const file = `content/${relative}`;
  const read = await readTextFile(reader.folder, relative, reader.texts);
  if (read === undefined) {
    if (required) reader.problems.add(file, { field: "", problem: "is missing: this file is required" });
    return undefined;
  }
  if ("problem" in read) {
    reader.problems.add(file, { field: "", problem: read.problem });
    return undefined;
  }
  return { file, text: read.text, ...translationName(path.posix.basename(relative), reader.languages) };
}

/** The Markdown files of a folder of content/, read side by side (a blog has a thousand), in name order. */
async function readFolder(reader: Reader, relative: string): Promise<Source[]> {
  const listed = await listFolder(reader.folder, relative);
  if ("problem" in listed) {
    reader.problems.add(`content/${relative}`, { field: "", problem: listed.problem });
    return [];
  }
  const names = listed.names.filter((entry) => entry.endsWith(".md"));
  const sources = await inParallel(names, 16, (name) => readSource(reader, `${relative}/${name}`, false));
  // A name without an extension is a folder: an entry written as `<slug>/index.md`, its images beside it.
  const folders = listed.names.filter((entry) => !entry.includes("."));
  const inFolders = await inParallel(folders, 16, (name) => readFolderEntry(reader, `${relative}/${name}`));
  return [...sources, ...inFolders].filter((source) => source !== undefined);
}

/** The entry of a folder (`blog/offline-sync/index.md`): named after the folder, with the images it holds. */
async function readFolderEntry(reader: Reader, relative: string): Promise<Source | undefined> {
  const listed = await listFolder(reader.folder, relative);
  if ("problem" in listed || !listed.names.includes("index.md")) return undefined;
  const source = await readSource(reader, `${relative}/index.md`, false);
  if (!source) return undefined;
  const images = listed.names.filter((name) => entryImage.test(`${relative}/${name}`));
  return { ...source, slug: path.posix.basename(relative), beside: { folder: `${relative}/`, images } };
}

/**
 * The files of one collection: its one file (reported when required and missing) and its
 * translations (`about.pt.md`), or its folder's Markdown files.
 */
async function readCollection(reader: Reader, source: CollectionSource): Promise<Source[]> {
  if ("folder" in source) return readFolder(reader, source.folder);
  const translations = reader.languages
    .slice(1)
    .map((lang) => readSource(reader, source.file.replace(/\.md$/, `.${lang}.md`), false));
  const read = await Promise.all([readSource(reader, source.file, source.required), ...translations]);
  return read.filter((one) => one !== undefined);
}

/**
 * A file's entry as parsed, before its code blocks are in place: from the cache (whole) when an
 * earlier build parsed the same text, or parsed now (to be finished and cached by `finishOne`).
 */
type DraftEntry = { source: Source } & (
  | { cached: ParsedEntry<unknown> }
  | { key: string; parsed: Omit<ParsedEntry<unknown>, "body"> & { body: RenderedMarkdown } }
);

/** One file of a collection, from the cache when an earlier build parsed the same text; none when it has problems. */
function draftOne(parser: Parser, { cacheName, row }: BuildCollection, source: Source): DraftEntry[] {
  const key = parser.keyOf(cacheName, source);
  const cached = parser.cache.get(key);
  if (cached) return [{ source, cached }];
  const parsed = parseEntry(parser, source, row.schema, row.headingIds);
  return parsed ? [{ source, key, parsed }] : [];
}

/** A drafted entry with its highlighted code in place and its text, cached when it was parsed now. */
function finishOne(
  cache: BuildCache<ParsedEntry<unknown>>,
  draft: DraftEntry,
  highlighted: (html: string) => string,
): ParsedEntry<unknown> {
  const { source } = draft;
  if ("cached" in draft) return { ...draft.cached, slug: source.slug, lang: source.lang };
  const html = highlighted(draft.parsed.body.html);
  const entry = { ...draft.parsed, body: { ...draft.parsed.body, html, text: markdownToText(html) } };
  cache.set(draft.key, entry);
  return { ...entry, slug: source.slug, lang: source.lang };
}

function parseEntry<S extends z.ZodType>(
  parser: Parser,
  { file, text, lang, slug: entrySlug, beside }: Source,
  schema: S,
  headingIds: boolean,
): (Omit<ParsedEntry<z.output<S>>, "body"> & { body: RenderedMarkdown }) | undefined {
  const slug = beside ? entrySlug : path.posix.basename(file, ".md");
  const nameProblem = checkSlug(slug);
  const parsed = parseFrontMatter(parser.markdown!.yaml, text);
  if ("problem" in parsed) {
    parser.problems.add(file, [...nameProblem, parsed.problem]);
    return undefined;
  }
  const result = parseFields(schema, parsed.ok.data);
  const body = renderMarkdown(parser.markdown!, parsed.ok.body, parser.base, {
    headingIds,
    highlight: parser.highlight,
    idPrefix: `${idFragment(slug) || "text"}-`,
    labels: parser.labelsOf(lang),
    beside,
  });
  const bodyProblem =
    "problem" in body
      ? [
          {
            field:
              body.problem.line === undefined ? "body" : `body (line ${parsed.ok.bodyLine + body.problem.line - 1})`,
            problem: body.problem.problem,
          },
        ]
      : [];
  parser.problems.add(file, [...nameProblem, ...(result.success ? [] : problemsFromZod(result.error)), ...bodyProblem]);
  if (!result.success || "problem" in body || nameProblem.length) return undefined;
  const links = body.links.map((link) => ({ ...link, line: parsed.ok.bodyLine + link.line - 1 }));
  // The slug and language are the file name's (translations.ts), set by finishOne: the cache keeps the parse of the text alone.
  return { file, slug, lang: "", data: result.data, body: { html: body.html, links } };
}

/**
 * The words of each language's dictionary that a Markdown body writes (callouts' titles, the
 * footnotes' links), for a file in that language; a file in a language the site does not have gets the default's.
 */
function writingLabelsByLanguage(languages: ResolvedConfig[]): (lang: string) => WritingLabels {
  const byLanguage = new Map(
    languages.map((languageConfig) => {
      const t = siteTranslator(languageConfig);
      return [
        languageConfig.site.lang,
        {
          note: t("writing.note"),
          tip: t("writing.tip"),
          important: t("writing.important"),
          warning: t("writing.warning"),
          caution: t("writing.caution"),
          footnotes: t("writing.footnotes"),
          backToReference: t("writing.backToReference", { label: "{label}" }),
        } satisfies WritingLabels,
      ];
    }),
  );
  const fallback = byLanguage.get(languages[0]!.site.lang)!;
  return (lang) => byLanguage.get(lang) ?? fallback;
}

/** The file name becomes the entry's id in the page (and, later, its address): keep it plain. */
function checkSlug(slug: string): FieldProblem[] {
  if (/^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u.test(slug)) return [];
  return [
    {
      field: "file name",
      problem: `"${slug}.md" is not a usable name: expected letters, digits, "-", "_" and "." only, starting with a letter or digit, e.g. my-project.md`,
    },
  ];
}
