import type { Page } from "../content/content-types.js";
import { ProblemList } from "../errors.js";
import { searchPaths, type Route } from "./make-routes.js";

/**
 * Top-level names the engine writes or may write whatever the config says today (feeds appear with
 * `site.url`, the résumé's JSON always): a page may not take one, so that it keeps its address when
 * the owner later sets a field.
 */
const engineNames = [
  "index",
  "404",
  "assets",
  "icons",
  "feed.xml",
  "atom.xml",
  "feed.json",
  "resume.json",
  "sitemap.xml",
  "robots.txt",
  "llms.txt",
  "llms-full.txt",
  "_headers",
  "manifest.webmanifest",
  "favicon.svg",
  "favicon.ico",
  "favicon.png",
  "apple-touch-icon.png",
];

/**
 * A page written in Markdown lives at `/<slug>` (files `<slug>.html` and `<slug>/index.html`): that
 * address must not be one the site already uses, for a page of its own (`works`, `blogs`, `resume`),
 * a file it writes (`feed.xml`, `assets/`) or a file of public/ (`uses.html`,
 * `uses/index.html`). Names are compared without case, since the owner's disk or host may
 * not tell `Uses` from `uses`. Throws `ContentInvalid` naming each page file that clashes.
 */
export function checkPageAddresses(pages: Page[], routes: Route[], siteFiles: Iterable<string>): void {
  const taken = new Map<string, string>();
  const take = (name: string, what: string) => {
    const key = name.toLowerCase();
    if (!taken.has(key)) taken.set(key, what);
  };
  for (const route of routes)
    if (route.entry?.kind !== "page" && route.path)
      take(route.path.split("/")[0]!, `the site's /${route.path.split("/")[0]} pages`);
  if (routes.some((route) => route.screen === "search")) {
    take(searchPaths.page, "the search page (search: false in the config frees the name)");
    take(searchPaths.index, "the search index (search: false in the config frees the name)");
  }
  for (const name of engineNames) take(name, `a file the build writes (${name})`);
  // A folder of public/ may share the page's name (`public/uses/desk.jpg`
  // beside `/uses`), unless it has the page's own file.
  for (const file of siteFiles) {
    const [first, ...rest] = file.split("/");
    if (rest.length === 0) take(first!, `the file ${first} of the site`);
    if (rest.length === 0 && first!.endsWith(".html"))
      take(first!.slice(0, -".html".length), `the file ${first} of the site`);
    if (rest.join("/") === "index.html") take(first!, `the file ${file} of the site`);
  }

  const problems = new ProblemList();
  const seen = new Map<string, Page>();
  for (const page of pages) {
    const key = page.slug.toLowerCase();
    const clash = taken.get(key);
    if (clash) {
      problems.add(page.file, {
        field: "file name",
        problem: `"${page.slug}.md" would be published at /${page.slug}, which ${clash} already uses: rename the file`,
      });
    }
    const twin = seen.get(key);
    if (twin) {
      problems.add(page.file, {
        field: "file name",
        problem: `"${page.slug}.md" and ${twin.file} would share the address /${page.slug} on a host that ignores case: rename one of them`,
      });
    }
    seen.set(key, page);
  }
  problems.throwIfAny("ContentInvalid");
}
