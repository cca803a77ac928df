// The rows of a list's pages: the blog and the projects, by page and category, and the pages of each tag.
import { idFragment } from "../slug.js";
import { tagsOf } from "../content/post-relations.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import type { CategoryChoice } from "./route-types.js";
import { fileOf } from "./route-paths.js";
import type { Listing, RouteListing, RouteRow, Section, SpecRow, TagListing } from "./route-types.js";

interface ListSpec<T> {
  /** The list's address: its first page, and the folder of the others. */
  list: string;
  /** Marks a page of this list with the kind of its items, for the screen that shows it. */
  listing: (page: Listing<T>) => RouteListing;
  items: T[];
  categories: string[];
  /** Whether an item is in a category. @default its `category` is that category */
  inCategory?: ((item: T, category: string) => boolean) | undefined;
  perPage: number;
  row: Pick<SpecRow, "screen" | "section" | "menuLabel" | "menuOrder" | "title">;
  description: (category: CategoryChoice) => string;
  t: Translate<StringKey>;
}

/**
 * `/blogs` (or `/works`), and when the list is longer than a page: `/blogs/page/2`, …, and for each
 * category `/blogs/category/<id>` with its own pages. Only the first page is in the menu.
 */
export function listRows<T extends object>(spec: ListSpec<T>): SpecRow[] {
  const { list, listing, items, perPage, row, t } = spec;
  const inCategory =
    spec.inCategory ?? ((item: T, category: string) => (item as { category?: string }).category === category);
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
    listed: category === null ? items : items.filter((item) => inCategory(item, category)),
  }));
  const categoryPaths = lists.map(({ category, first }) => ({ category, path: first }));
  return lists.flatMap(({ category, first, key, listed }) => {
    const pageCount = Math.max(1, Math.ceil(listed.length / perPage));
    const pagePaths = Array.from({ length: pageCount }, (_, index) => listPagePath(first, index + 1));
    return pagePaths.map((path, index): SpecRow => {
      const shown = listed.slice(index * perPage, (index + 1) * perPage);
      return {
        path,
        ...(key === undefined ? {} : { translationKey: listPagePath(key, index + 1) }),
        // The list's own first page is there whatever it shows; another that shows only drafts is a preview's.
        ...(path !== list && onlyDrafts(shown) ? { indexable: false } : {}),
        ...row,
        ...(path === list ? {} : { menuLabel: undefined, menuOrder: undefined }),
        title: numberedTitle(
          category === null ? row.title : t("page.inCategory", { page: row.title, category }),
          index + 1,
          pageCount,
          t,
        ),
        description: spec.description(category),
        listing: listing({ category, items: shown, page: index + 1, pagePaths, categoryPaths }),
      };
    });
  });
}

/**
 * Whether a page shows posts and every one is a draft: a page that only a build with drafts has,
 * kept from search engines (its drafts are left out of the sitemap, the feeds and llms.txt anyway).
 */
function onlyDrafts(items: readonly object[]): boolean {
  return items.length > 0 && items.every((item) => (item as { draft?: boolean }).draft === true);
}

/** A list page's title: its name, and after the first page its number ("Blogs, page 2 of 5"). */
function numberedTitle(title: string, number: number, count: number, t: Translate<StringKey>): string {
  return number === 1 ? title : t("page.numbered", { page: title, number, count });
}

/** The page of the whole list (`/works/page/3`) that shows the item at `index`. */
export function listPathOf(list: string, index: number, count: number, perPage: number): string {
  return count > perPage ? listPagePath(list, Math.floor(index / perPage) + 1) : list;
}

function listPagePath(base: string, page: number): string {
  return page === 1 ? base : `${base}/page/${page}`;
}

/** What one kind of item's tag pages are made from. */
interface TagSpec<T> {
  list: "blogs" | "works";
  items: T[];
  perPage: number;
  section: Section;
  /** A tag page's title: "Posts tagged React". */
  title: (tag: string) => string;
  listing: (page: Listing<T>) => TagListing;
  description: (tag: string) => string;
  t: Translate<StringKey>;
}

/**
 * For each tag the items carry, `/blogs/tag/<id>` (or `/works/tag/<id>`), paged like a category's
 * pages: `/blogs/tag/<id>/page/2`, …
 */
export function tagRoutes<T extends { tags?: string[] | undefined; draft?: boolean | undefined }>(
  spec: TagSpec<T>,
): RouteRow[] {
  return tagsOf(spec.items).flatMap(({ name, id, items }) => {
    const first = `${spec.list}/tag/${id}`;
    const pageCount = Math.ceil(items.length / spec.perPage);
    const pagePaths = Array.from({ length: pageCount }, (_, index) => listPagePath(first, index + 1));
    return pagePaths.map((path, index): RouteRow => {
      const shown = items.slice(index * spec.perPage, (index + 1) * spec.perPage);
      return {
        path,
        file: fileOf(path),
        screen: "tag",
        section: spec.section,
        title: numberedTitle(spec.title(name), index + 1, pageCount, spec.t),
        description: spec.description(name),
        // A tag only drafts carry, or a page of it that shows only drafts, is a preview's page.
        indexable: !onlyDrafts(shown),
        canonicalPath: path,
        kind: "website",
        entry: {
          kind: "tag",
          tag: name,
          listing: spec.listing({ category: null, items: shown, page: index + 1, pagePaths }),
        },
      };
    });
  });
}
