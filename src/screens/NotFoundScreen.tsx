import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/site-content.js";
import { Rich } from "../components/Rich.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { searchPaths } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { useSiteComponents } from "../components/site-components.js";
import { Island } from "../components/island.js";

/** Where a visitor who asked for an address the site does not have can go instead. */
const lists = { posts: "blogs", projects: "works" };

/**
 * The 404 page: About, as the spec has it, under a notice that the address asked for is not a page
 * of the site, with the way to search and to each list. The notice's heading is the page's `h1`,
 * About's is an `h2` below it. The notice is the `NotFoundNotice` island's, whose plain module tries
 * the address without its trailing slash (client/trailing-slash.ts).
 */
export function NotFoundScreen({
  config,
  content,
  t,
}: {
  config: ResolvedConfig;
  content: SiteContent;
  t: Translate<StringKey>;
}) {
  // The owner's About, where they replaced it, as on /about.
  const { AboutScreen } = useSiteComponents();
  const base = config.site.pagesBase;
  const browse = {
    posts: <a href={withBase(base, lists.posts)}>{t("search.allPosts")}</a>,
    projects: <a href={withBase(base, lists.projects)}>{t("search.allProjects")}</a>,
  };
  return (
    <>
      <Island name="NotFoundNotice" props={{}}>
        <section className="not-found" data-not-found="" aria-labelledby="not-found-title">
          <h1 id="not-found-title" className="not-found-title">
            {t("page.notFound")}
          </h1>
          <p className="not-found-text">
            <Rich
              parts={
                config.search
                  ? t.rich("notFound.withSearch", {
                      search: <a href={withBase(base, searchPaths.page)}>{t("notFound.search")}</a>,
                      ...browse,
                    })
                  : t.rich("notFound.text", browse)
              }
            />
          </p>
        </section>
      </Island>
      <AboutScreen content={content} sections={config.about.sections} t={t} heading="h2" base={config.site.pagesBase} />
    </>
  );
}
