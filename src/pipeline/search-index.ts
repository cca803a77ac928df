import * as pagefind from "pagefind";
import { describeThrown, portfolioError } from "../errors.js";
import { withDirectiveFallbacks } from "../content/directive-fallbacks.js";
import { escapeAttribute, escapeHtml } from "../escape.js";
import { searchPaths, type Route } from "../routes/make-routes.js";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { OutputFile } from "../output-file.js";

/** One page as search sees it: its address (below the base) and what it is found by, as HTML. */
export interface SearchDocument {
  /** `/blogs/<slug>`: the search page adds the site's base. */
  url: string;
  html: string;
}

/**
 * What search finds each post, project and Markdown page by: its title, its text, and the words
 * that file it (tags, category, type, technologies). Made from the content, not from the rendered
 * page, so the menu, the pager, related posts and a series' other titles never match, whatever the
 * owner's template shows around the text.
 */
export function searchDocuments(routes: Route[]): SearchDocument[] {
  return routes.flatMap((route): SearchDocument[] => {
    const entry = route.entry;
    const url = `/${route.path}`;
    if (entry?.kind === "post") {
      const { post } = entry;
      return [
        {
          url,
          html: searchPage({
            kind: "Post",
            title: post.title,
            date: post.date,
            bodyHtml: post.contentHtml,
            terms: [post.category, ...(post.tags ?? []), ...(post.series ? [post.series] : [])],
          }),
        },
      ];
    }
    if (entry?.kind === "project") {
      const { project } = entry;
      return [
        {
          url,
          html: searchPage({
            kind: "Project",
            title: project.title,
            bodyHtml: [
              project.descriptionHtml,
              list(project.features),
              list(project.technical_highlights),
              list(project.key_components),
            ].join(""),
            terms: [
              project.projectType,
              project.client,
              project.for,
              project.category,
              ...(project.roles ?? []),
              ...(project.languages ?? []),
              ...(project.tags ?? []),
            ].filter((term): term is string => term !== undefined),
          }),
        },
      ];
    }
    if (entry?.kind === "page") {
      const { page } = entry;
      return [{ url, html: searchPage({ kind: "Page", title: page.title, bodyHtml: page.contentHtml, terms: [] }) }];
    }
    if (entry?.kind === "publication") {
      const { work } = entry;
      return [
        {
          url,
          html: searchPage({
            kind: "Publication",
            title: work.title,
            bodyHtml: work.abstractHtml ?? "",
            terms: [
              ...work.authors.map((person) => person.name),
              ...[work.venue, work.abbr, work.year === undefined ? undefined : String(work.year)].filter(
                (term): term is string => term !== undefined,
              ),
              ...work.tags,
            ],
          }),
        },
      ];
    }
    return [];
  });
}

function searchPage({
  kind,
  title,
  date,
  bodyHtml,
  terms,
}: {
  kind: "Post" | "Project" | "Page" | "Publication";
  title: string;
  date?: string | undefined;
  bodyHtml: string;
  terms: string[];
}): string {
  // Pagefind reads one meta field per attribute: the date goes on an element of its own.
  return [
    `<html><body><main data-pagefind-body data-pagefind-meta="kind:${kind}">`,
    date ? `<span data-pagefind-meta="date:${escapeAttribute(date)}"></span>` : "",
    `<h1>${escapeHtml(title)}</h1>`,
    // A facade's button says "Play: …" and its poster the title again: search finds a video by its link.
    withDirectiveFallbacks(bodyHtml, "link"),
    terms.length ? `<p>${terms.map(escapeHtml).join(", ")}</p>` : "",
    "</main></body></html>",
  ].join("");
}

function list(items: string[] | undefined): string {
  return items?.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : "";
}

/**
 * Pagefind's files a page of ours never loads: its ready-made interfaces, and the word splitter for a language it was
 * not told.
 */
const unusedFiles = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.|wasm\.unknown\.)/;

/**
 * The search index, made with Pagefind: split into small files so that a search downloads only the
 * words it looks up and the excerpts of what it shows, whatever the size of the blog. Kept in the
 * build cache by the documents' content: a build whose posts did not change does not index again.
 */
export async function buildSearchIndex(
  indexes: Array<{ documents: SearchDocument[]; lang: string; folder: string }>,
  cacheStore: CacheStore | undefined,
): Promise<OutputFile[]> {
  // Pagefind's version is part of the code's fingerprint: a new one makes every index anew.
  const cache = await openCache<OutputFile[]>(cacheStore, "search", await codeFingerprint(["pipeline", "cache"]));
  const written: OutputFile[] = [];
  // One language after the other: the cache is saved once, with every language's index.
  for (const { documents, lang, folder } of indexes) {
    const key = hashOf(lang, ...documents.flatMap(({ url, html }) => [url, html]));
    const files = cache.get(key) ?? (await indexWithPagefind(documents, lang));
    cache.set(key, files);
    written.push(...files.map((file) => ({ ...file, file: `${folder}${file.file}` })));
  }
  await cache.save();
  return written;
}

/**
 * Pagefind runs as a process of its own, started with the first index and kept for the next build
 * (`portfolio dev`, the tests): it holds no reference that keeps Node running, and it stops when
 * Node does. Each index is deleted once its files are read.
 */
async function indexWithPagefind(documents: SearchDocument[], lang: string): Promise<OutputFile[]> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: lang, writePlayground: false });
    if (!index) throw new Error(errors.join("; ") || "Pagefind did not start");
    try {
      const added = await Promise.all(documents.map(({ url, html }) => index.addHTMLFile({ url, content: html })));
      const failed = added.flatMap(({ errors }, position) =>
        errors.map((error) => `${documents[position]!.url}: ${error}`),
      );
      if (failed.length) throw new Error(failed.join("; "));
      const written = await index.getFiles();
      if (written.errors.length) throw new Error(written.errors.join("; "));
      return written.files
        .filter(({ path }) => !unusedFiles.test(path))
        .map(({ path, content }) => ({ file: `${searchPaths.index}/${path}`, contents: content }))
        .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    } finally {
      await index.deleteIndex();
    }
  } catch (cause) {
    throw portfolioError("SearchIndexFailed", [describeThrown(cause)], { cause });
  }
}
