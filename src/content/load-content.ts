import type { ResolvedConfig } from "../config/config-schema.js";
import { describeProblems, ProblemList, portfolioError } from "../errors.js";
import { contentGuideHint, directiveGuideHint, mathGuideHint } from "../errors-data.js";
import { keptFrom } from "../kept-results.js";
import { type ProjectFolder, projectFolder, type RememberedTexts } from "../project/project-files.js";
import { readPublicFolder } from "../project/public-folder.js";
import { codeFingerprint, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import { collectionsFor, type CollectionContent, type ParsedEntry, type ShapeContext } from "./collections.js";
import type { CustomSectionContent } from "./content-types.js";
import type { SiteContent } from "./site-content.js";
import { createCodeHighlighter, highlightOnThread } from "./highlight.js";
import { directiveProblem, formulaProblem, loadMarkdownLibraries, type WritingLabels } from "./markdown.js";
import { siteTranslator } from "../i18n/site-translator.js";
import { mayHaveMath } from "./math.js";
import { resolveThemeColours, type ThemeColours } from "../theme/theme-colours.js";
import { entriesInLanguage, untranslatedFiles, withCategoriesIn } from "./translations.js";
import { readCollection, type Reader } from "./read-sources.js";
import { undeclaredResumeFolders } from "./undeclared-resume-folders.js";
import { entryCacheKeys } from "./entry-cache-keys.js";
import { draftOne, finishOne, type Parser } from "./parse-entry.js";
import { drawEntryDiagrams } from "./entry-diagrams.js";
import { ownerFieldProblems } from "./owner-field-folders.js";
import { builtInDirectives, type DirectiveComponent } from "./directives.js";
import { type LoadedPublications, loadPublications } from "./load-publications.js";
import { withBibliography } from "./bibliography-resume.js";

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
  /**
   * Keep the drawings of the diagrams in drawings/ (and remove those no entry uses) when a browser
   * can be found: a build that writes its output does. @default false
   */
  keepDrawings?: boolean | undefined;
  /**
   * The directives content may use, when the owner has components of their own (components/content/):
   * them, and the digest of their code, which a file that names one is kept in the build cache under.
   */
  directives?: { components: ReadonlyMap<string, DirectiveComponent>; digest: string } | undefined;
  /**
   * The files of the site besides its pages (public/'s and those beside the entries), which a publication's
   * links may name. @default public/ and content/ as they are now (project/public-folder.ts)
   */
  siteFiles?: ReadonlySet<string> | undefined;
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
  keepDrawings = false,
  directives,
  siteFiles,
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
  const fieldProblems = ownerFieldProblems(config);
  if (fieldProblems.length) throw portfolioError("ConfigInvalid", [describeProblems("The config", fieldProblems)]);
  const problems = new ProblemList();
  const texts = remember && keptFrom(remember.contentTexts);
  const importedVersions: string[] = [];
  const reader: Reader = {
    folder,
    problems,
    base: config.site.base,
    languages: config.site.languages,
    texts,
    importedVersions,
  };
  const labelsOf = writingLabelsByLanguage(languages);
  const table = collectionsFor(config);

  // Every file is read first, so the highlighter loads the grammars of every language the content uses.
  const [sourcesByCollection, unread, publications] = await Promise.all([
    Promise.all(table.map(({ row }) => readCollection(reader, row.source))),
    undeclaredResumeFolders(folder, table),
    loadSitePublications(root, folder, config, { texts, cache: cacheStore, siteFiles }),
  ]);
  const publicationProblems = new ProblemList();
  for (const { file, problems: found } of publications.problems) publicationProblems.add(file, found);
  publicationProblems.throwIfAny("PublicationsInvalid");
  if (remember && texts) remember.contentTexts = texts.next;
  // A file's collection (for a custom section, its layout), path and text and the base path decide what it parses to.
  const cache = await openCache<ParsedEntry<unknown>>(cacheStore, "content", await codeFingerprint(["content"]));
  const keptKeys = remember && keptFrom(remember.contentKeys);
  const diagramColours = themeColours ?? resolveThemeColours(config.theme, "the config");
  const ownerNames = directives ? [...directives.components.keys()].filter((name) => !builtInDirectives.has(name)) : [];
  const keyOf = entryCacheKeys(
    config.site.base,
    labelsOf,
    keptKeys,
    JSON.stringify(diagramColours.accents),
    ownerNames.length && directives ? { names: ownerNames, digest: directives.digest } : undefined,
  );
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
    const parser: Parser = {
      ...reader,
      cache,
      keyOf,
      highlight,
      markdown,
      labelsOf,
      directives: directives?.components ?? builtInDirectives,
    };
    const drafts = table.map((collection, index) =>
      sourcesByCollection[index]!.flatMap((source) => draftOne(parser, collection, source)),
    );
    // Diagrams are drawn (in a browser) while the code is highlighted on its thread.
    const [diagrams, highlighted] = await Promise.all([
      drawEntryDiagrams(drafts.flat(), {
        root,
        keepDrawings,
        store: cacheStore,
        env,
        themeColours: diagramColours,
        markdown,
        problems,
      }),
      deferred ? deferred.settled().then(({ place }) => place) : (html: string) => html,
    ]);
    diagramWarnings.push(...diagrams.warnings);
    diagramsAsSource.push(...diagrams.asSource);
    pruneDrawings = diagrams.prune;
    drawingsChanged = diagrams.keptChanged;
    return table.map((collection, index) => ({
      ...collection,
      entries: drafts[index]!.map((draft) => finishOne(cache, draft, highlighted, diagrams.place)),
    }));
  };
  const diagramWarnings: string[] = [];
  const diagramsAsSource: string[] = [];
  let pruneDrawings = async () => {};
  let drawingsChanged = () => false;
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
  problems.throwIfAny("ContentInvalid", {
    hint: problems.report().includes(formulaProblem)
      ? mathGuideHint
      : problems.report().includes(directiveProblem)
        ? directiveGuideHint
        : contentGuideHint,
  });
  await cache.save();
  // Only now that every file was read: a post that failed to parse still has its diagrams.
  await pruneDrawings();

  const warnings = [
    ...new Set([
      ...inLanguages.flatMap((collections) => collections.flatMap(({ row, entries }) => row.warnings?.(entries) ?? [])),
      ...unread,
      ...publications.warnings,
      ...importedVersions.sort().map(importedVersionWarning),
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
    const shaped = shapedOf(false) as CollectionContent;
    const content: SiteContent = {
      ...shaped,
      publications: withBibliography(shaped.publications, publications.works),
      customSections: shapedOf(true) as Record<string, CustomSectionContent>,
      bibliography: publications.works,
      links: kept.flatMap(({ entries }) =>
        entries.flatMap((entry) => (entry.body.links.length ? [{ file: entry.file, links: entry.body.links }] : [])),
      ),
      untranslated: untranslatedFiles(published, languageConfig),
      warnings: index === 0 ? warnings : [],
      ...(index === 0 && diagramsAsSource.length ? { diagramsAsSource } : {}),
      ...(index === 0 && drawingsChanged() ? { drawingsChanged: true } : {}),
    };
    return index === 0 ? content : withCategoriesIn(content, config, languageConfig);
  });
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
          play: t("writing.play", { title: "{title}" }),
          captions: t("writing.captions"),
          galleryClose: t("writing.galleryClose"),
          galleryPrevious: t("writing.galleryPrevious"),
          galleryNext: t("writing.galleryNext"),
        } satisfies WritingLabels,
      ];
    }),
  );
  const fallback = byLanguage.get(languages[0]!.site.lang)!;
  return (lang) => byLanguage.get(lang) ?? fallback;
}

/** A file `portfolio import --force` wrote beside one the owner changed: not built, waiting for the owner. */
function importedVersionWarning(relative: string): string {
  return `content/${relative} is portfolio import's version of content/${relative.replace(/\.imported\.md$/, ".md")}, which you changed: the build reads yours only. Merge what you want from it into yours, then delete it.`;
}

/**
 * The publications of content/publications/, with the owner's name as `publications.me` lists its
 * forms (their name by default).
 */
async function loadSitePublications(
  root: string,
  content: ProjectFolder,
  config: ResolvedConfig,
  {
    texts,
    cache,
    siteFiles,
  }: { texts?: RememberedTexts | undefined; cache?: CacheStore | undefined } & Pick<LoadContentOptions, "siteFiles">,
): Promise<LoadedPublications> {
  return loadPublications({
    content,
    siteFiles: siteFiles ?? new Set((await readPublicFolder(root)).files.keys()),
    settings: { me: config.publications.me ?? [config.owner.name], strict: config.publications.strict },
    texts,
    cache,
  });
}
