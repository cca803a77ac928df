import { loadConfig } from "../../src/config/load-config.js";
import { loadContent } from "../../src/content/load-content.js";
import { makeRoutes, type Route } from "../../src/routes/make-routes.js";
import { repoRoot } from "./sample-site.js";

export interface SampleRoutes {
  /** Every row of the sample's pages table. */
  all: Route[];
  /** The site's own pages, one per address ("" and "about" both): About, Resume, Projects, Blogs, Contact. */
  sitePaths: string[];
  /** The menu's pages, with their link text. */
  menu: Array<{ path: string; label: string }>;
  /** A page of each kind of item (a project, a post when there is one). */
  itemPaths: string[];
}

/**
 * The sample's pages, from the routes table itself, so that a test that visits "every page" stays
 * right when a page is added or renamed.
 */
export async function sampleRoutes(): Promise<SampleRoutes> {
  const { config } = await loadConfig({ cwd: repoRoot, env: {} });
  const content = await loadContent({ root: repoRoot, config });
  const all = makeRoutes(config, content);
  const sitePaths = all
    .filter((route) => !route.entry && route.indexable && (route.listing?.page ?? 1) === 1 && !route.path.includes("/"))
    .map((route) => route.path);
  const menu = all.filter((route) => route.menuLabel).map((route) => ({ path: route.path, label: route.menuLabel! }));
  const itemPaths = [...new Set(all.filter((route) => route.entry).map((route) => route.screen))].map(
    (screen) => all.find((route) => route.screen === screen)!.path,
  );
  return { all, sitePaths, menu, itemPaths };
}
