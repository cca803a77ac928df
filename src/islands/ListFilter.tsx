import { translator } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";

/** The words the filter's own buttons and its failure show. */
export const listFilterStrings = ["list.all", "island.failed"] as const;

export interface ListFilterProps {
  /** The group's name for assistive technology: "Filter projects by category". */
  label: string;
  categories: string[];
  /**
   * The id of the server-rendered list it filters, whose items carry their category in `data-category`
   * (or their categories in `data-categories`), or are in groups (client/list-filter.ts).
   */
  listId: string;
  /** The id of the status line that says a category has nothing (see `FilterableList`). */
  emptyId: string;
  /** What that line says: "No projects found in the selected category." */
  emptyMessage: string;
  lang: string;
  strings: StringsOf<(typeof listFilterStrings)[number]>;
}

/**
 * A list's category filter: All plus one button per category, All pressed at first. It holds no
 * list of its own: the plain module `client/list-filter.ts` shows and hides the items of the list
 * the server wrote elsewhere on the page (no React: see `plainClients` in registry.ts).
 */
export function ListFilter({ label, categories, lang, strings }: ListFilterProps) {
  const t = translator(strings, lang);
  return (
    /* biome-ignore lint/a11y/useSemanticElements: a fieldset would draw a border and want a visible legend;
       the group is named by its label. */
    <div className="filter" role="group" aria-label={label}>
      {[null, ...categories].map((category) => (
        <button
          key={category ?? ""}
          type="button"
          data-category={category ?? undefined}
          className="filter-button"
          aria-pressed={category === null}
        >
          {category ?? t("list.all")}
        </button>
      ))}
    </div>
  );
}
