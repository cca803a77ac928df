import path from "node:path";
import type { z } from "zod";
import type { ResolvedConfig } from "../config/config-schema.js";
import { ProblemList, portfolioError, type FieldProblem } from "../errors.js";
import { contentGuideHint, installedGuide } from "../errors-data.js";
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
import { codeFingerprint, hashOf, openCache, type BuildCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import {
  collectionsFor,
  type BuildCollection,
  type CollectionContent,
  type CollectionSource,
  type ParsedEntry,
  type ShapeContext,
} from "./collections.js";
import type { CustomSectionContent } from "./content-types.js";
import type { SiteContent } from "./site-content.js";
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
import { placeDiagrams, type DiagramSource } from "./diagrams.js";
import { drawDiagrams, mermaidThemes, type DiagramProblem, type DrawnDiagrams } from "./draw-diagrams.js";
import { resolveThemeColours, type ThemeColours } from "../theme/theme-colours.js";
import type { DrawnDiagram } from "./diagrams.js";
import { entryImage } from "../project/public-folder.js";
import { idFragment } from "../slug.js";
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
  /** Where the browser that draws diagrams is looked for (`CHROMIUM_PATH`, `PATH`). @default process.env */
  env?: Record<string, string | undefined> | undefined;
  /** The accents each theme shows, which diagrams are drawn with. @default the config's */
  themeColours?: Pick<ThemeColours, "accents"> | undefined;
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
  env = process.env,
  themeColours,
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
    // Diagrams are drawn (in a browser) while the code is highlighted on its thread.
    const [diagrams, highlighted] = await Promise.all([
      drawEntryDiagrams(drafts.flat(), {
        store: cacheStore,
        env,
        themeColours: themeColours ?? resolveThemeColours(config.theme, "the config"),
        markdown,
        problems,
      }),
      deferred ? deferred.settled().then(({ place }) => place) : (html: string) => html,
    ]);
    if (diagrams.warning) diagramWarnings.push(diagrams.warning);
    diagramsAsSource.push(...diagrams.asSource);
    return table.map((collection, index) => ({
      ...collection,
      entries: drafts[index]!.map((draft) => finishOne(cache, draft, highlighted, diagrams.place)),
    }));
  };
  const diagramWarnings: string[] = [];
  const diagramsAsSource: string[] = [];
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
  problems.throwIfAny("ContentInvalid", { hint: contentGuideHint });
  await cache.save();

  const warnings = [
    ...new Set([
      ...inLanguages.flatMap((collections) => collections.flatMap(({ row, entries }) => row.warnings?.(entries) ?? [])),
      ...unread,
      ...diagramWarnings,
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
      ...(index === 0 && diagramsAsSource.length ? { diagramsAsSource } : {}),
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
        `content/resume/${name}/ is not a section of the Resume, so its files are not shown: declare it in the config's resume.customSections, with the folder's name as its id (${installedGuide}resume.md, "Résumé sections"), or move it out of content/resume/.`,
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
  return [...sources, ...inFolders.flat()].filter((source) => source !== undefined);
}

/**
 * The entry of a folder (`blog/offline-sync/index.md`) and its translations (`index.pt.md`, named
 * as a file's are): each named after the folder, with the images it holds, which every language's
 * text names alike.
 */
async function readFolderEntry(reader: Reader, relative: string): Promise<Source[]> {
  const listed = await listFolder(reader.folder, relative);
  if ("problem" in listed) return [];
  const texts = ["index.md", ...reader.languages.slice(1).map((lang) => `index.${lang}.md`)].filter((name) =>
    listed.names.includes(name),
  );
  const images = listed.names.filter((name) => entryImage.test(`${relative}/${name}`));
  const sources = await Promise.all(texts.map((name) => readSource(reader, `${relative}/${name}`, false)));
  return sources
    .filter((source) => source !== undefined)
    .map((source) => ({ ...source, slug: path.posix.basename(relative), beside: { folder: `${relative}/`, images } }));
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
  | {
      key: string;
      parsed: Omit<ParsedEntry<unknown>, "body"> & { body: RenderedMarkdown };
      /** Starts the ids the body's footnotes and diagrams have. */
      idPrefix: string;
      /** What a diagram without an `accTitle` is called, in the entry's language. */
      label: string;
    }
);

/** One file of a collection, from the cache when an earlier build parsed the same text; none when it has problems. */
function draftOne(parser: Parser, { cacheName, row }: BuildCollection, source: Source): DraftEntry[] {
  const key = parser.keyOf(cacheName, source);
  const cached = parser.cache.get(key);
  if (cached) return [{ source, cached }];
  const parsed = parseEntry(parser, source, row.schema, row.headingIds);
  return parsed ? [{ source, key, ...parsed }] : [];
}

/**
 * A drafted entry with its highlighted code and its diagrams in place and its text, cached when it
 * was parsed now and every diagram of it was drawn (one shown as code for want of a browser is drawn
 * by the next build that has one).
 */
function finishOne(
  cache: BuildCache<ParsedEntry<unknown>>,
  draft: DraftEntry,
  highlighted: (html: string) => string,
  placed: (draft: ParsedDraft) => { html: string; drawn: boolean },
): ParsedEntry<unknown> {
  const { source } = draft;
  if ("cached" in draft) return { ...draft.cached, slug: source.slug, lang: source.lang };
  const { diagrams: _sources, ...body } = draft.parsed.body;
  const withDiagrams = placed(draft);
  const html = highlighted(withDiagrams.html);
  const entry = { ...draft.parsed, body: { ...body, html, text: markdownToText(html) } };
  if (withDiagrams.drawn) cache.set(draft.key, entry);
  return { ...entry, slug: source.slug, lang: source.lang };
}

type ParsedDraft = Extract<DraftEntry, { parsed: unknown }>;

/**
 * Draws the diagrams of the entries parsed now (drawDiagrams: from the diagrams' own cache, else in
 * a browser), and tells how each entry's slots are filled. A diagram that does not parse is a
 * problem of its file, at its fence's line; no browser is one warning, naming the files.
 */
async function drawEntryDiagrams(
  drafts: readonly DraftEntry[],
  {
    store,
    env,
    themeColours,
    markdown,
    problems,
  }: {
    store: CacheStore | undefined;
    env: Record<string, string | undefined>;
    themeColours: Pick<ThemeColours, "accents">;
    markdown: MarkdownLibraries | undefined;
    problems: ProblemList;
  },
): Promise<{
  place: (draft: ParsedDraft) => { html: string; drawn: boolean };
  warning?: string | undefined;
  /** The files with diagrams shown as their source. */
  asSource: string[];
}> {
  const withDiagrams = drafts.filter(
    (draft): draft is ParsedDraft => "parsed" in draft && !!draft.parsed.body.diagrams,
  );
  const requests = withDiagrams.flatMap(({ source, parsed }) =>
    (parsed.body.diagrams ?? []).map(({ source: diagram, line }) => ({ source: diagram, file: source.file, line })),
  );
  const unplaced = (draft: ParsedDraft) => ({ html: draft.parsed.body.html, drawn: true });
  if (!requests.length || !markdown) return { place: unplaced, asSource: [] };
  const cache = await openCache<DrawnDiagram>(store, "diagrams", await codeFingerprint(["content"]));
  const result: DrawnDiagrams = await drawDiagrams(requests, {
    cache,
    themes: mermaidThemes(themeColours),
    env,
    sanitizeHtml: markdown.sanitizeHtml,
  });
  for (const problem of result.problems) problems.add(problem.request.file, diagramProblem(problem));
  await cache.save();
  const place = (draft: ParsedDraft) => {
    const sources: DiagramSource[] = draft.parsed.body.diagrams ?? [];
    const label = draft.label;
    const placements = sources.map(({ source }, index) => ({
      source,
      drawn: result.drawn.get(source),
      idPrefix: `${draft.idPrefix}diagram-${index + 1}-`,
      label,
    }));
    return {
      html: placeDiagrams(draft.parsed.body.html, placements),
      drawn: placements.every(({ drawn }) => drawn !== undefined),
    };
  };
  const notDrawn = result.notDrawn;
  return {
    place,
    asSource: notDrawn?.files ?? [],
    warning:
      notDrawn &&
      `The Mermaid diagrams of ${notDrawn.files.join(", ")} are shown as their source, for want of a browser to draw them (${browserProblem(notDrawn.reason)}): install Chromium or Google Chrome, or set CHROMIUM_PATH to its executable (${installedGuide}writing.md, "Diagrams").`,
  };
}

/**
 * What was wrong with the browser, without the words `portfolio cv`'s errors start with ("Printing the Resume page to
 * PDF failed: ").
 */
function browserProblem(message: string): string {
  return message.replace(/^[^:]*: /, "").replace(/\.$/, "");
}

/** A diagram that Mermaid cannot read, at the line of its fence, with Mermaid's own message. */
function diagramProblem({ request, message }: DiagramProblem): FieldProblem {
  const firstLines = message.split("\n").slice(0, 4).join("\n  ");
  return { field: `body (line ${request.line})`, problem: `has a Mermaid diagram that does not parse: ${firstLines}` };
}

function parseEntry<S extends z.ZodType>(
  parser: Parser,
  { file, text, lang, slug: entrySlug, beside }: Source,
  schema: S,
  headingIds: boolean,
):
  | { parsed: Omit<ParsedEntry<z.output<S>>, "body"> & { body: RenderedMarkdown }; idPrefix: string; label: string }
  | undefined {
  const slug = beside ? entrySlug : path.posix.basename(file, ".md");
  const nameProblem = checkSlug(slug);
  const parsed = parseFrontMatter(parser.markdown!.yaml, text);
  if ("problem" in parsed) {
    parser.problems.add(file, [...nameProblem, parsed.problem]);
    return undefined;
  }
  const result = parseFields(schema, parsed.ok.data);
  const idPrefix = `${idFragment(slug) || "text"}-`;
  const labels = parser.labelsOf(lang);
  const body = renderMarkdown(parser.markdown!, parsed.ok.body, parser.base, {
    headingIds,
    highlight: parser.highlight,
    idPrefix,
    labels,
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
  const inFile = (line: number) => parsed.ok.bodyLine + line - 1;
  const links = body.links.map((link) => ({ ...link, line: inFile(link.line) }));
  const diagrams = body.diagrams?.map((diagram) => ({ ...diagram, line: inFile(diagram.line) }));
  // The slug and language are the file name's (translations.ts), set by finishOne: the cache keeps the parse of the
  // text alone.
  return {
    parsed: {
      file,
      slug,
      lang: "",
      data: result.data,
      body: { html: body.html, links, ...(diagrams ? { diagrams } : {}) },
    },
    idPrefix,
    label: labels.diagram,
  };
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
          diagram: t("writing.diagram"),
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
