// The pages table's rows (routes are data): what each page of the site is, shows and is called.
import type { BlogPost, Page, Project } from "../content/content-types.js";
import type { Series } from "../content/post-relations.js";
import type { ScholarlyWork } from "../content/scholarly-work.js";

/**
 * A list's category, or null for every item (the filter's "All"):
 * a category's name is the owner's, never a word of ours.
 */
export type CategoryChoice = string | null;

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
  | "publications"
  | "publication"
  | "notFound";

/** The part of the site a page belongs to: its menu link is marked current on the page. */
/** A page written in Markdown is a part of its own: `page:uses`. */
/** The 404 page is a part of no menu link: `notFound`. */
export type Section =
  | "about"
  | "resume"
  | "projects"
  | "blogs"
  | "contact"
  | "search"
  | "publications"
  | "notFound"
  | `page:${string}`;

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
  | { kind: "tag"; tag: string; listing: TagListing }
  /** A series' own page: its parts in order. */
  | { kind: "series"; series: Series }
  /** One publication of content/publications/*.bib. */
  | { kind: "publication"; work: ScholarlyWork; listPath: string };

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
  /**
   * URL path below the site's base: `path`, in the language's folder
   * for a language other than the default (`pt/works/atlas`).
   */
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
  /**
   * False for a page search engines must not index: the 404 page, a draft's, and a page that shows
   * only drafts (a tag's, a series', a numbered page of a list). Such a page carries noindex and is
   * left out of the sitemap, llms.txt and the other languages' alternates.
   */
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
  /**
   * The page in each language of the site that has it, this one's included,
   * for the alternates and the language menu (routes/languages.ts).
   */
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
export type RouteRow = Omit<Route, "sitePath">;

/** A page in one language of the site. */
export interface PageTranslation {
  lang: string;
  /** Below the site's base: `pt/works/atlas`. */
  sitePath: string;
  /**
   * False for a page that shows a post, project or page without a
   * translation in its language: not an alternate for search engines.
   */
  translated: boolean;
  /** False for a page search engines must not index (a draft's): not an alternate for them either. */
  indexable: boolean;
}

/** A file of the site that holds what a page shows in another form, e.g. for other tools to read. */
export interface Alternate {
  /** Path inside the site, e.g. `resume.json`. */
  file: string;
  /** Its media type. */
  type: string;
  title: string;
}

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

export type RouteListing = TagListing | ({ kind: "publications" } & Listing<ScholarlyWork>);

/** The lists whose items have tag pages of their own: the posts and the projects. */
export type TagListing = ({ kind: "posts" } & Listing<BlogPost>) | ({ kind: "projects" } & Listing<Project>);

/**
 * A row of the spec's pages or of a list's, as written before makeRoutes gives it its file, marks it
 * indexable, and makes it its own canonical address unless it names another. The first page of the
 * whole blog is the spec's `/blogs`.
 */
export type SpecRow = Omit<Route, "file" | "indexable" | "kind" | "canonicalPath" | "sitePath"> & {
  canonicalPath?: string;
  /** False for a page of a list that shows only drafts. @default true */
  indexable?: boolean;
};
