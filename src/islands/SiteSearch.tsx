import Search from "lucide-react/icons/search";
import { translator } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";

/** The words of the search page's form and of its results, in the site's language. */
export const siteSearchStrings = [
  "search.label",
  "search.submit",
  "search.browse",
  "search.allPosts",
  "search.allProjects",
  "search.searching",
  "search.found",
  "search.resultsFor",
  "search.more",
  "search.failed",
  "search.kindPost",
  "search.kindProject",
  "search.kindPage",
  "search.kindPublication",
  "island.failed",
] as const;

export interface SiteSearchProps {
  base: string;
  /** The index's folder below the base, where `pagefind.js` is. */
  indexFolder: string;
  lang: string;
  /** Where to browse instead, named in the messages: all posts, all projects (below the base). */
  lists: { posts: string; projects: string };
  strings: StringsOf<(typeof siteSearchStrings)[number]>;
}

/** The field's id: a page has one search form. */
const searchInputId = "site-search-input";

/**
 * The search page's form, status line and results, as the server writes them. Without JavaScript
 * the form is a plain GET to this page, which then says search needs it. In the browser the plain
 * module `client/site-search.ts` takes it over (no React: see `plainClients` in registry.ts), and
 * fetches Pagefind's code and the parts of the index a query needs when the visitor first types.
 */
export function SiteSearch({ base, lang, strings }: SiteSearchProps) {
  const t = translator(strings, lang);
  return (
    <div className="site-search">
      {/* biome-ignore lint/a11y/useSemanticElements: a <search> element is unknown to browsers older than 2023;
          the role is not */}
      <form role="search" className="search-form" action={`${base}search`} method="get" data-search-form="">
        <label htmlFor={searchInputId} className="search-label">
          {t("search.label")}
        </label>
        <div className="search-field">
          <Search className="search-field-icon" aria-hidden="true" focusable="false" size={18} />
          <input
            id={searchInputId}
            className="search-input"
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            data-search-input=""
            /* biome-ignore lint/a11y/noAutofocus: searching is the page's one purpose,
               and `/` from any page leads here to type */
            autoFocus
          />
          <button type="submit" className="search-submit">
            {t("search.submit")}
          </button>
        </div>
      </form>
      <p className="search-status" role="status" data-search-status="" />
      <div className="search-found" data-search-found="" />
    </div>
  );
}
