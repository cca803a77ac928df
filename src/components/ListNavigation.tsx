import { formatNumber, type Translate } from "../i18n/message.js";
import type { CategoryChoice } from "../routes/make-routes.js";

/** The words of a list's filter and pager. */
export const listStrings = ["list.all", "list.newer", "list.older", "list.page"] as const;
export type ListWords = Translate<(typeof listStrings)[number]>;

/** Where a paged list's other pages and categories are: plain links, so they work without JavaScript. */
export interface ListPaging {
  /** The category this list shows, or null for all of them. */
  category: CategoryChoice;
  /** 1-based. */
  page: number;
  /** Each page of this list, in order, base path included. */
  pageHrefs: string[];
  /** The first page of each category's list, the whole list's (null) first. */
  categoryHrefs: Array<{ category: CategoryChoice; href: string }>;
}

/**
 * The filter of a paged list: each category is a link to its own pages, so the filter covers every
 * item, not only those of the page in view, and works without JavaScript.
 */
export function CategoryLinks({ label, paging, t }: { label: string; paging: ListPaging; t: ListWords }) {
  return (
    <nav className="filter" aria-label={label}>
      {paging.categoryHrefs.map(({ category, href }) => (
        <a
          key={category ?? ""}
          className="filter-button"
          href={href}
          aria-current={category === paging.category ? (paging.page === 1 ? "page" : "true") : undefined}
        >
          {category ?? t("list.all")}
        </a>
      ))}
    </nav>
  );
}

/** Newer (unless this is the first page), the page numbers around this one (the first and last always), older. */
export function PageLinks({ label, paging, t }: { label: string; paging: ListPaging; t: ListWords }) {
  const { page, pageHrefs } = paging;
  if (pageHrefs.length < 2) return null;
  const shown = pageNumbers(page, pageHrefs.length);
  return (
    <nav className="list-pager" aria-label={label}>
      {page > 1 ? (
        <a className="list-pager-step" href={pageHrefs[page - 2]} rel="prev">
          {t("list.newer")}
        </a>
      ) : null}
      <ol className="list-pager-pages">
        {shown.map((number, index) =>
          number === undefined ? (
            <li key={`gap-after-${shown[index - 1]}`} className="list-pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <a
                className="list-pager-page"
                href={pageHrefs[number - 1]}
                aria-current={number === page ? "page" : undefined}
                aria-label={t("list.page", { number })}
              >
                {formatNumber(number, t.lang)}
              </a>
            </li>
          ),
        )}
      </ol>
      {page < pageHrefs.length ? (
        <a className="list-pager-step" href={pageHrefs[page]} rel="next">
          {t("list.older")}
        </a>
      ) : null}
    </nav>
  );
}

/** 1, …, the pages next to `page`, …, the last: undefined marks a gap. */
export function pageNumbers(page: number, count: number): Array<number | undefined> {
  const wanted = new Set([1, count, page - 1, page, page + 1].filter((number) => number >= 1 && number <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((number, index) => {
    const previous = sorted[index - 1];
    if (previous === undefined || number === previous + 1) return [number];
    // A gap of one page shows that page rather than an ellipsis standing for it.
    return number === previous + 2 ? [previous + 1, number] : [undefined, number];
  });
}
