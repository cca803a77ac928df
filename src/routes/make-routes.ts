import { configuredMenu, type MenuPlace } from "./menu.js";
import { fileOf, searchPaths } from "./route-paths.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/site-content.js";
import type { Translate } from "../i18n/message.js";
import { siteTranslator } from "../i18n/site-translator.js";
import type { StringKey } from "../i18n/strings.js";
import { markdownPageRoutes, postRoutes, projectRoutes, seriesRoutes } from "./item-routes.js";
import { listRows, tagRoutes } from "./list-routes.js";
import { publicationRoutes } from "./publication-routes.js";
import { sortedItems } from "./sort-items.js";
import type { Route, RouteRow, Section, SpecRow } from "./route-types.js";

/** Where the résumé's JSON Resume is written, and how the Resume page's head points to it. */
export const resumeJsonFile = { file: "resume.json", type: "application/json" } as const;

export { searchPaths } from "./route-paths.js";
// The pages table's types, where the rest of the engine reads them.
export type {
  Alternate,
  CategoryChoice,
  Listing,
  PageTranslation,
  Route,
  RouteEntry,
  RouteListing,
  ScreenName,
  Section,
} from "./route-types.js";

/**
 * Every page the site has: the spec's routes, a page per post and project,
 * the owner's Markdown pages, and 404.html showing About under a notice.
 */
export function makeRoutes(config: ResolvedConfig, content: SiteContent): Route[] {
  const t = siteTranslator(config);
  // The lists' order (the config's `sort`); an item's own page, its neighbours and the feeds keep the content's.
  const lists = {
    ...content,
    projects: sortedItems(content.projects, "projects", config),
    blogPosts: sortedItems(content.blogPosts, "blog", config),
  };
  const owner = config.owner.name;
  const routes: RouteRow[] = [
    ...specRoutes(config, lists, t),
    ...projectRoutes(config, content),
    ...postRoutes(config, content),
    ...tagRoutes({
      list: "blogs",
      items: lists.blogPosts,
      perPage: config.postsPerPage,
      section: "blogs",
      title: (tag) => t("page.postsTagged", { tag }),
      listing: (page) => ({ kind: "posts", ...page }),
      description: (tag) => t("description.postsTagged", { owner, tag }),
      t,
    }),
    ...tagRoutes({
      list: "works",
      items: lists.projects,
      perPage: config.projectsPerPage,
      section: "projects",
      title: (tag) => t("page.projectsTagged", { tag }),
      listing: (page) => ({ kind: "projects", ...page }),
      description: (tag) => t("description.projectsTagged", { owner, tag }),
      t,
    }),
    ...seriesRoutes(config, content, t),
    ...markdownPageRoutes(content),
    ...publicationRoutes(config, content, t),
    ...searchRoutes(config, t),
    notFoundRoute(config, t),
  ];
  const menu = configuredMenu(config, content, t);
  return routes.map((route) => ({ ...route, ...(menu ? menuPlaceOf(route.path, menu) : {}), sitePath: route.path }));
}

/** With the config's `menu`, a route is in the menu where that says, and nowhere else. */
function menuPlaceOf(path: string, menu: Map<string, MenuPlace>): Partial<MenuPlace> {
  return menu.get(path) ?? { menuLabel: undefined, menuOrder: undefined };
}

/** The spec's menu links, in its order; an owner's page with `menu.order` 35 goes between Projects and Contact. */
export const menuOrders = { About: 10, Resume: 20, Projects: 30, Contact: 40 } as const;

function specRoutes(config: ResolvedConfig, content: SiteContent, t: Translate<StringKey>): RouteRow[] {
  const owner = config.owner.name;
  const jobTitle = config.owner.jobTitle;
  const about = {
    screen: "about",
    section: "about",
    title: t("page.about"),
    description: config.site.description,
    canonicalPath: "",
  } as const;
  const rows: SpecRow[] = [
    { path: "", ...about },
    { path: "about", ...about, menuLabel: t("page.about"), menuOrder: menuOrders.About },
    {
      path: "resume",
      screen: "resume",
      section: "resume",
      menuLabel: t("page.resume"),
      menuOrder: menuOrders.Resume,
      title: t("page.resume"),
      description: t("description.resume", { owner, jobTitle }),
      alternates: [{ ...resumeJsonFile, title: t("description.resumeJson", { owner }) }],
    },
    ...listRows({
      list: "works",
      listing: (page) => ({ kind: "projects", ...page }),
      items: content.projects,
      categories: config.projectCategories,
      perPage: config.projectsPerPage,
      row: {
        screen: "projects",
        section: "projects",
        menuLabel: t("page.projects"),
        menuOrder: menuOrders.Projects,
        title: t("page.projects"),
      },
      description: (category) =>
        category === null
          ? t("description.projects", {
              owner,
              titles: content.projects
                .slice(0, 3)
                .map((project) => project.title)
                .join(", "),
            })
          : t("description.projectsInCategory", { owner, category }),
      t,
    }),
    // The spec gives Blogs no menu link; it is reached from its address and the posts' pages.
    ...listRows({
      list: "blogs",
      listing: (page) => ({ kind: "posts", ...page }),
      items: content.blogPosts,
      categories: config.blogCategories,
      perPage: config.postsPerPage,
      row: { screen: "blogs", section: "blogs", title: t("page.blogs") },
      description: (category) =>
        t("description.blogs", { owner, categories: category ?? config.blogCategories.join(", ") }),
      t,
    }),
    {
      path: "contact",
      screen: "contact",
      section: "contact",
      menuLabel: t("page.contact"),
      menuOrder: menuOrders.Contact,
      title: t("page.contact"),
      description: config.owner.location
        ? t("description.contactWithLocation", { owner, jobTitle, location: config.owner.location })
        : t("description.contact", { owner, jobTitle }),
    },
  ];
  return rows.map((row) => ({
    canonicalPath: row.path,
    ...row,
    file: fileOf(row.path),
    indexable: row.indexable ?? true,
    kind: "website",
  }));
}

/**
 * The search page, unless the config turns search off. Its canonical address is the page without
 * a query, so that a search engine that follows a shared `/search?q=…` link keeps one page.
 */
function searchRoutes(config: ResolvedConfig, t: Translate<StringKey>): RouteRow[] {
  if (!config.search) return [];
  return [
    {
      path: searchPaths.page,
      file: fileOf(searchPaths.page),
      screen: "search",
      section: "search",
      title: t("page.search"),
      description: t("description.search", { owner: config.owner.name }),
      indexable: true,
      canonicalPath: searchPaths.page,
      kind: "website",
    },
  ];
}

function notFoundRoute(config: ResolvedConfig, t: Translate<StringKey>): RouteRow {
  return {
    path: "404",
    file: "404.html",
    screen: "notFound",
    section: "notFound",
    title: t("page.notFound"),
    description: config.site.description,
    indexable: false,
    canonicalPath: "",
    kind: "website",
  };
}

/** The menu: the pages that have a menu label, by their order (the table's order among equals). */
export function menuOf(routes: Route[]): Array<{ label: string; path: string; section: Section }> {
  return routes
    .filter((route) => route.menuLabel)
    .map((route, index) => ({ route, index }))
    .sort((a, b) => (a.route.menuOrder ?? Infinity) - (b.route.menuOrder ?? Infinity) || a.index - b.index)
    .map(({ route }) => ({ label: route.menuLabel!, path: route.path, section: route.section }));
}
