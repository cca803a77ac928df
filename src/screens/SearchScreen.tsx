import type { ResolvedConfig } from "../config/config-schema.js";
import { Island } from "../components/island.js";
import { searchPaths } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { Rich } from "../components/Rich.js";
import { pickStrings, type Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { siteSearchStrings } from "../islands/SiteSearch.js";

/** Where a visitor can browse when search cannot help: every post, every project. */
const browseLists = { posts: "blogs", projects: "works" };

/** The search page: the form and its results, or, without JavaScript, where to browse instead. */
export function SearchScreen({ config, t }: { config: ResolvedConfig; t: Translate<StringKey> }) {
  const base = config.site.pagesBase;
  return (
    <>
      <header>
        <h1 className="article-title">{t("page.search")}</h1>
      </header>
      <Island
        name="SiteSearch"
        props={{
          base,
          indexFolder: searchPaths.index,
          lang: config.site.lang,
          lists: browseLists,
          strings: pickStrings(config.strings, siteSearchStrings),
        }}
      />
      <noscript>
        <p className="search-noscript">
          <Rich
            parts={t.rich("search.noScript", {
              posts: <a href={withBase(base, browseLists.posts)}>{t("search.allPosts")}</a>,
              projects: <a href={withBase(base, browseLists.projects)}>{t("search.allProjects")}</a>,
            })}
          />
        </p>
      </noscript>
    </>
  );
}
