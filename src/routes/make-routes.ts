import { configuredMenu, type MenuPlace } from "./menu.js";
import { searchPaths } from "./route-paths.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { BlogPost, Page, Project } from "../content/content-types.js";
import type { SiteContent } from "../content/site-content.js";
import { idFragment } from "../slug.js";
import { relatedPostsAmong, type Series, seriesOf, tagsOf } from "../content/post-relations.js";
import type { Translate } from "../i18n/message.js";
import { siteTranslator } from "../i18n/site-translator.js";
import type { StringKey } from "../i18n/strings.js";

/** Where the résumé's JSON Resume is written, and how the Resume page's head points to it. */
export const resumeJsonFile = { file: "resume.json", type: "application/json" } as const;

export { searchPaths } from "./route-paths.js";

/** The screens a page can show; each is one component in `render/screens.tsx`. */
export type ScreenName =
  | "about"
  | "resume"
  | "projects"
  | "blogs"
  | "contact"
  | "post"
  | "project"
  | "page"
  | "tag"
  | "series"
  | "search"
  | "notFound";

/** The part of the site a page belongs to: its menu link is marked current on the page. */
/** A page written in Markdown is a part of its own: `page:uses`. */
/** The 404 page is a part of no menu link: `notFound`. */
export type Section = "about" | "resume" | "projects" | "blogs" | "contact" | "search" | "notFound" | `page:${string}`;

/** The entry an item page shows, with its neighbours in the list for previous/next links. */
export type RouteEntry =
  | {
      kind: "post";
      post: BlogPost;
      newer: BlogPost | undefined;
      older: BlogPost | undefined;
      listPath: string;
      /** Up to three posts tied to this one by tags, series and category (post-relations.ts). */
      related: BlogPost[];
      /** The series the post is a part of, with its page's path. */
      series?: (Series & { path: string }) | undefined;
    }
  | { kind: "project"; project: Project; previous: Project | undefined; next: Project | undefined; listPath: string }
  | { kind: "page"; page: Page }
  /** A page of the posts (or projects) that carry a tag. */
  | { kind: "tag"; tag: string; listing: RouteListing }
  /** A series' own page: its parts in order. */
  | { kind: "series"; series: Series };

/**
 * One row of the pages table. The menu, the sitemap, the head tags and the renderer all read this
 * table: a new kind of page is a row (or a generator of rows) here plus a screen.
 */
export interface Route {
  /**
   * URL path below its language's pages (`site.pagesBase`), without leading slash: "" for the home
   * page, "works/atlas" for a project.
   */
  path: string;
  /** URL path below the site's base: `path`, in the language's folder for a language other than the default (`pt/works/atlas`). */
  sitePath: string;
  /** The file this route is written to, below the site's base (`works.html` for `/works`). */
  file: string;
  screen: ScreenName;
  section: Section;
  /** The page's link text in the menu; a page without one is not in the menu. */
  menuLabel?: string | undefined;
  /** Where its link goes in the menu, lowest first: About 10, Resume 20, Projects 30, Contact 40. */
  menuOrder?: number | undefined;
  /** The page's name, first in `<title>`. */
  title: string;
  description: string;
  /** False for the 404 page, which search engines must not index. */
  indexable: boolean;
  /**
   * The path below the site's base that search engines should treat as this page's address ("" for
   * /about, which repeats /; the default language's page for a post shown untranslated in another).
   */
  canonicalPath: string;
  /**
   * What names this page in every language when its path differs between them: a category's pages,
   * whose path has the category's name in the language. @default path
   */
  translationKey?: string | undefined;
  /** The page in each language of the site that has it, this one's included, for the alternates and the language menu (routes/languages.ts). */
  translations?: PageTranslation[] | undefined;
  /** Open Graph type. */
  kind: "website" | "article";
  /** Share image for this page, a path inside public/; the site's image otherwise. */
  image?: string | undefined;
  /** Last change of what the page shows, YYYY-MM-DD, for the sitemap; the build date otherwise. */
  updated?: string | undefined;
  entry?: RouteEntry;
  /** The posts or projects a page of a list shows. */
  listing?: RouteListing;
  /** Other forms of what the page shows (the Resume's `resume.json`), linked from its head. */
  alternates?: Alternate[];
}

/** A row as the generators make it, in the default language's place (makeRoutes adds `sitePath`). */
type RouteRow = Omit<Route, "sitePath">;

/** A page in one language of the site. */
export interface PageTranslation {
  lang: string;
  /** Below the site's base: `pt/works/atlas`. */
  sitePath: string;
  /** False for a page that shows a post, project or page without a translation in its language: not an alternate for search engines. */
  translated: boolean;
}

/** A file of the site that holds what a page shows in another form, e.g. for other tools to read. */
export interface Alternate {
  /** Path inside the site, e.g. `resume.json`. */
  file: string;
  /** Its media type. */
  type: string;
  title: string;
}

/** A list's category, or null for every item (the filter's "All"): a category's name is the owner's, never a word of ours. */
export type CategoryChoice = string | null;

/**
 * One page of a list (the blog, the projects). A list that fits on one page is one listing,
 * filtered in the browser as the spec has it; a longer one is paged, and each category has pages
 * of its own, so the filter works over every item with plain links.
 */
export interface Listing<T> {
  /** The category this list shows, or null for all of them. */
  category: CategoryChoice;
  items: T[];
  /** 1-based. */
  page: number;
  /** Path of each page of this list, in order. */
  pagePaths: string[];
  /** Path of the first page of each category's list, the whole list's (null) first; none when the list is not paged. */
  categoryPaths?: Array<{ category: CategoryChoice; path: string }>;
}

export type RouteListing = ({ kind: "posts" } & Listing<BlogPost>) | ({ kind: "projects" } & Listing<Project>);

/** Every page the site has: the spec's routes, a page per post and project, the owner's Markdown pages, and 404.html showing About under a notice. */
export function makeRoutes(config: ResolvedConfig, content: SiteContent): Route[] {
  const t = siteTranslator(config);
  const owner = config.owner.name;
  const routes: RouteRow[] = [
    ...specRoutes(config, content, t),
    ...projectRoutes(config, content),
    ...postRoutes(config, content),
    ...tagRoutes({
      list: "blogs",
      items: content.blogPosts,
      perPage: config.postsPerPage,
      section: "blogs",
      title: (tag) => t("page.postsTagged", { tag }),
      listing: (page) => ({ kind: "posts", ...page }),
      description: (tag) => t("description.postsTagged", { owner, tag }),
      t,
    }),
    ...tagRoutes({
      list: "works",
      items: content.projects,
      perPage: config.projectsPerPage,
      section: "projects",
      title: (tag) => t("page.projectsTagged", { tag }),
      listing: (page) => ({ kind: "projects", ...page }),
      description: (tag) => t("description.projectsTagged", { owner, tag }),
      t,
    }),
    ...seriesRoutes(config, content, t),
    ...markdownPageRoutes(content),
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
    indexable: true,
    kind: "website",
  }));
}

/**
 * `/blogs`, and when the blog is longer than a page: `/blogs/page/2`, …, and for each category
 * `/blogs/category/<id>` with its own pages. The first page of the whole list is the spec's `/blogs`.
 */
type SpecRow = Omit<Route, "file" | "indexable" | "kind" | "canonicalPath" | "sitePath"> & { canonicalPath?: string };

interface ListSpec<T> {
  /** The list's address: its first page, and the folder of the others. */
  list: string;
  /** Marks a page of this list with the kind of its items, for the screen that shows it. */
  listing: (page: Listing<T>) => RouteListing;
  items: T[];
  categories: string[];
  perPage: number;
  row: Pick<SpecRow, "screen" | "section" | "menuLabel" | "menuOrder" | "title">;
  description: (category: CategoryChoice) => string;
  t: Translate<StringKey>;
}

/**
 * `/blogs` (or `/works`), and when the list is longer than a page: `/blogs/page/2`, …, and for each
 * category `/blogs/category/<id>` with its own pages. Only the first page is in the menu.
 */
function listRows<T extends { category?: string | undefined }>(spec: ListSpec<T>): SpecRow[] {
  const { list, listing, items, perPage, row, t } = spec;
  if (items.length <= perPage) {
    return [
      {
        path: list,
        ...row,
        description: spec.description(null),
        listing: listing({ category: null, items, page: 1, pagePaths: [list] }),
      },
    ];
  }
  const lists = [null, ...spec.categories].map((category, index) => ({
    category,
    first: category === null ? list : `${list}/category/${idFragment(category)}`,
    // A category is named in each language, and its pages' paths with it: its place in the list is the same in all.
    key: category === null ? undefined : `${list}/category/${index}`,
    listed: category === null ? items : items.filter((item) => item.category === category),
  }));
  const categoryPaths = lists.map(({ category, first }) => ({ category, path: first }));
  return lists.flatMap(({ category, first, key, listed }) => {
    const pageCount = Math.max(1, Math.ceil(listed.length / perPage));
    const pagePaths = Array.from({ length: pageCount }, (_, index) => listPagePath(first, index + 1));
    return pagePaths.map(
      (path, index): SpecRow => ({
        path,
        ...(key === undefined ? {} : { translationKey: listPagePath(key, index + 1) }),
        ...row,
        ...(path === list ? {} : { menuLabel: undefined, menuOrder: undefined }),
        title: numberedTitle(
          category === null ? row.title : t("page.inCategory", { page: row.title, category }),
          index + 1,
          pageCount,
          t,
        ),
        description: spec.description(category),
        listing: listing({
          category,
          items: listed.slice(index * perPage, (index + 1) * perPage),
          page: index + 1,
          pagePaths,
          categoryPaths,
        }),
      }),
    );
  });
}

/** A list page's title: its name, and after the first page its number ("Blogs, page 2 of 5"). */
function numberedTitle(title: string, number: number, count: number, t: Translate<StringKey>): string {
  return number === 1 ? title : t("page.numbered", { page: title, number, count });
}

/** The page of the whole list (`/works/page/3`) that shows the item at `index`. */
function listPathOf(list: string, index: number, count: number, perPage: number): string {
  return count > perPage ? listPagePath(list, Math.floor(index / perPage) + 1) : list;
}

function listPagePath(base: string, page: number): string {
  return page === 1 ? base : `${base}/page/${page}`;
}

function projectRoutes(config: ResolvedConfig, content: SiteContent): RouteRow[] {
  return content.projects.map((project, index, projects) =>
    itemRoute("works", project.slug, {
      screen: "project",
      section: "projects",
      title: project.title,
      description: project.summary,
      kind: "website",
      image: project.image,
      entry: {
        kind: "project",
        project,
        previous: projects[index - 1],
        next: projects[index + 1],
        listPath: listPathOf("works", index, projects.length, config.projectsPerPage),
      },
    }),
  );
}

function postRoutes(config: ResolvedConfig, content: SiteContent): RouteRow[] {
  const series = new Map(seriesOf(content.blogPosts).flatMap((one) => one.parts.map((part) => [part, one] as const)));
  const relatedTo = relatedPostsAmong(content.blogPosts);
  return content.blogPosts.map((post, index, posts) =>
    itemRoute(
      "blogs",
      post.slug,
      {
        screen: "post",
        section: "blogs",
        title: post.title,
        description: post.excerpt,
        kind: "article",
        image: post.image,
        updated: post.date,
        // "All posts" leads back to the page of the list that shows this post.
        entry: {
          kind: "post",
          post,
          newer: posts[index - 1],
          older: posts[index + 1],
          listPath: listPathOf("blogs", index, posts.length, config.postsPerPage),
          related: relatedTo(post),
          series: series.has(post) ? { ...series.get(post)!, path: seriesPath(series.get(post)!) } : undefined,
        },
      },
      post.draft,
    ),
  );
}

/** The page of one entry of a list: `/<list>/<slug>`, its own canonical address; a draft is not indexed. */
function itemRoute(
  list: string,
  slug: string,
  fields: Omit<Route, "path" | "sitePath" | "file" | "indexable" | "canonicalPath">,
  draft = false,
): RouteRow {
  const path = `${list}/${slug}`;
  return { path, file: fileOf(path), indexable: !draft, canonicalPath: path, ...fields };
}

/** What one kind of item's tag pages are made from. */
interface TagSpec<T> {
  list: "blogs" | "works";
  items: T[];
  perPage: number;
  section: Section;
  /** A tag page's title: "Posts tagged React". */
  title: (tag: string) => string;
  listing: (page: Listing<T>) => RouteListing;
  description: (tag: string) => string;
  t: Translate<StringKey>;
}

/**
 * For each tag the items carry, `/blogs/tag/<id>` (or `/works/tag/<id>`), paged like a category's
 * pages: `/blogs/tag/<id>/page/2`, …
 */
function tagRoutes<T extends { tags?: string[] | undefined }>(spec: TagSpec<T>): RouteRow[] {
  return tagsOf(spec.items).flatMap(({ name, id, items }) => {
    const first = `${spec.list}/tag/${id}`;
    const pageCount = Math.ceil(items.length / spec.perPage);
    const pagePaths = Array.from({ length: pageCount }, (_, index) => listPagePath(first, index + 1));
    return pagePaths.map(
      (path, index): RouteRow => ({
        path,
        file: fileOf(path),
        screen: "tag",
        section: spec.section,
        title: numberedTitle(spec.title(name), index + 1, pageCount, spec.t),
        description: spec.description(name),
        indexable: true,
        canonicalPath: path,
        kind: "website",
        entry: {
          kind: "tag",
          tag: name,
          listing: spec.listing({
            category: null,
            items: items.slice(index * spec.perPage, (index + 1) * spec.perPage),
            page: index + 1,
            pagePaths,
          }),
        },
      }),
    );
  });
}

/** A series' page: `/blogs/series/<id>`. */
export function seriesPath(series: Series): string {
  return `blogs/series/${series.id}`;
}

/** Each series' own page, listing its parts in order. */
function seriesRoutes(config: ResolvedConfig, content: SiteContent, t: Translate<StringKey>): RouteRow[] {
  return seriesOf(content.blogPosts).map((series) => {
    const path = seriesPath(series);
    const newest = series.parts
      .map((part) => part.date)
      .sort()
      .at(-1);
    return {
      path,
      file: fileOf(path),
      screen: "series",
      section: "blogs",
      title: t("page.series", { series: series.name }),
      description: t("description.series", {
        count: series.parts.length,
        owner: config.owner.name,
        titles: series.parts.map((part) => part.title).join("; "),
      }),
      // A series whose every part is a draft is not indexed.
      indexable: series.parts.some((part) => !part.draft),
      canonicalPath: path,
      kind: "website",
      updated: newest,
      entry: { kind: "series", series },
    };
  });
}

/** A page written in Markdown, at `/<slug>`; whether the address is free is checked with the site's files (page-addresses.ts). */
function markdownPageRoutes(content: SiteContent): RouteRow[] {
  return content.pages.map((page) => ({
    path: page.slug,
    file: fileOf(page.slug),
    screen: "page",
    section: `page:${page.slug}`,
    title: page.title,
    description: page.description,
    ...(page.menu ? { menuLabel: page.menu.label, menuOrder: page.menu.order ?? Infinity } : {}),
    indexable: true,
    canonicalPath: page.slug,
    kind: "website",
    entry: { kind: "page", page },
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

/**
 * The file of a page, named as the site links to it: `/works` is `works.html`, which every host of
 * deploy/host-rules.ts answers without a redirect. A page whose address is also a folder gets a copy
 * as that folder's index too (routes/folder-pages.ts).
 */
function fileOf(path: string): string {
  return path ? `${path}.html` : "index.html";
}

/** The menu: the pages that have a menu label, by their order (the table's order among equals). */
export function menuOf(routes: Route[]): Array<{ label: string; path: string; section: Section }> {
  return routes
    .filter((route) => route.menuLabel)
    .map((route, index) => ({ route, index }))
    .sort((a, b) => (a.route.menuOrder ?? Infinity) - (b.route.menuOrder ?? Infinity) || a.index - b.index)
    .map(({ route }) => ({ label: route.menuLabel!, path: route.path, section: route.section }));
}
