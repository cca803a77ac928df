import type { ListPaging } from "../components/ListNavigation.js";
import type { Listing } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import type { Translate } from "../i18n/message.js";

/**
 * Where a paged list's other pages and categories are, as the
 * list's island links to them; none when the list is not paged.
 */
export function pagingOf(listing: Listing<unknown>, base: string): ListPaging | undefined {
  if (!listing.categoryPaths) return undefined;
  return {
    category: listing.category,
    page: listing.page,
    pageHrefs: listing.pagePaths.map((path) => withBase(base, path)),
    categoryHrefs: listing.categoryPaths.map(({ category, path }) => ({ category, href: withBase(base, path) })),
  };
}

/** Under a paged list's title, after its first page: which category and page this is. */
export function ListPosition({
  listing,
  allLabel,
  t,
}: {
  listing: Listing<unknown>;
  allLabel: string;
  t: Translate<"list.categoryPage">;
}) {
  if (!listing.categoryPaths || (listing.category === null && listing.page === 1)) return null;
  const category = listing.category ?? allLabel;
  const count = listing.pagePaths.length;
  return (
    <p className="list-position">
      {count > 1 ? t("list.categoryPage", { category, number: listing.page, count }) : category}
    </p>
  );
}
