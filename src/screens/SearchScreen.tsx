import type { ResolvedConfig } from "../config/config-schema.js";
import { Island } from "../render/island.js";
import { searchPaths } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";

/** Where a visitor can browse when search cannot help: every post, every project. */
const browseLists = [
  { label: "all posts", path: "blogs" },
  { label: "all projects", path: "works" },
];

/** The search page: the form and its results, or, without JavaScript, where to browse instead. */
export function SearchScreen({ config }: { config: ResolvedConfig }) {
  const base = config.site.base;
  return (
    <>
      <header>
        <h1 className="article-title">Search</h1>
      </header>
      <Island
        name="SiteSearch"
        props={{ base, indexFolder: searchPaths.index, lang: config.site.lang, lists: browseLists }}
      />
      <noscript>
        <p className="search-noscript">
          Search needs JavaScript, which is off in this browser. Browse{" "}
          <a href={withBase(base, browseLists[0]!.path)}>{browseLists[0]!.label}</a> or{" "}
          <a href={withBase(base, browseLists[1]!.path)}>{browseLists[1]!.label}</a>.
        </p>
      </noscript>
    </>
  );
}
