import { hashOf } from "../../cache/build-cache.js";
import type { CacheStore } from "../../cache/cache-store.js";
import type { OutputFile } from "../../output-file.js";
import { languageFolder } from "../../routes/languages.js";
import type { BuildMemo } from "../build-options.js";
import type { BuildSetup } from "../build-setup.js";
import { buildSearchIndex, searchDocuments } from "../search-index.js";
import type { PagePlan } from "./stage-types.js";

/**
 * Stage "search": the index of the posts, projects and pages, written under `pagefind/` with the
 * rest of the site. Not made by `portfolio check`, which writes nothing, nor when search is off.
 * In `portfolio dev` (a memo with `onSearchIndexed`), a save that changes what search finds does
 * not wait for Pagefind: the page shows with the previous index, and once the new one is made the
 * dev server builds again, which finds it in the memo and writes it. With `afterShown`, even the
 * documents are made, compared and handed to Pagefind only once the save's page has been shown.
 */
export async function indexForSearch(setup: BuildSetup, plan: PagePlan): Promise<OutputFile[]> {
  const { config, write, cache } = setup;
  if (!config.search || !write) return [];
  // Each language's pages search their own index, in their folder (`pt/pagefind/`).
  const indexesOf = () =>
    plan.languages.map(({ config: languageConfig, routes }) => ({
      documents: searchDocuments(routes),
      lang: languageConfig.site.lang,
      folder: languageFolder(languageConfig),
    }));
  const memo = setup.memo;
  if (!memo) return buildSearchIndex(indexesOf(), cache);
  const previous = memo.search;
  const indexed = memo.onSearchIndexed;
  if (previous && indexed) {
    const request = {};
    memo.searchRequest = request;
    const later = memo.afterShown ?? ((work: () => void) => work());
    later(() => {
      // A later save's build asked since: its documents are the ones to index.
      if (memo.searchRequest !== request) return;
      const indexes = indexesOf();
      const key = searchKey(indexes);
      if (memo.search?.key === key) return;
      // Built again whether it worked or not: the next build then writes the index, or reports why there is none.
      trackSearchIndexing(memo, indexSearchInMemo(memo, indexes, key, cache).then(indexed, indexed));
    });
    return previous.files;
  }
  const indexes = indexesOf();
  const key = searchKey(indexes);
  return previous?.key === key ? previous.files : indexSearchInMemo(memo, indexes, key, cache);
}

type SearchIndexes = Parameters<typeof buildSearchIndex>[0];

function searchKey(indexes: SearchIndexes): string {
  return hashOf(
    ...indexes.flatMap(({ documents, lang, folder }) => [
      lang,
      folder,
      ...documents.flatMap(({ url, html }) => [url, html]),
    ]),
  );
}

/**
 * Makes the index and keeps it in the memo by its documents' key; a failure forgets the last one, so the next build
 * reports it.
 */
function indexSearchInMemo(
  memo: BuildMemo,
  indexes: SearchIndexes,
  key: string,
  cache: CacheStore | undefined,
): Promise<OutputFile[]> {
  return buildSearchIndex(indexes, cache).then(
    (files) => {
      memo.search = { key, files };
      return files;
    },
    (error: unknown) => {
      memo.search = undefined;
      throw error;
    },
  );
}

/**
 * Every index still under way is waited for: a save made while an earlier index runs must not let `portfolio dev`'s
 * close miss that one.
 */
function trackSearchIndexing(memo: BuildMemo, indexing: Promise<unknown>): void {
  const underWay = Promise.allSettled([memo.searchIndexing, indexing]);
  memo.searchIndexing = underWay;
  underWay.finally(() => {
    if (memo.searchIndexing === underWay) memo.searchIndexing = undefined;
  });
}
