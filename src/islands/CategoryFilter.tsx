import { useState, type ReactNode } from "react";

/**
 * A category filter over a list: `All` selected at first, exact matches otherwise, and the empty
 * message when a category has nothing.
 */
export function FilteredList<T extends { category: string }>({ label, categories, items, emptyMessage, className, children }: {
  label: string;
  categories: string[];
  items: T[];
  emptyMessage: string;
  className: string;
  children: (item: T, index: number) => ReactNode;
}) {
  const [category, setCategory] = useState("All");
  const shown = filterByCategory(items, category);
  return (
    <>
      <CategoryFilter label={label} categories={categories} selected={category} onSelect={setCategory} />
      {shown.length === 0 ? <p className="empty-message" role="status">{emptyMessage}</p> : <ul className={className}>{shown.map(children)}</ul>}
    </>
  );
}

/** `All` plus one button per category; the selected one is pressed for assistive technology. */
export function CategoryFilter({ label, categories, selected, onSelect }: {
  label: string;
  categories: string[];
  selected: string;
  onSelect: (category: string) => void;
}) {
  return (
    <div className="filter" role="group" aria-label={label}>
      {["All", ...categories].map((category) => (
        <button
          key={category}
          type="button"
          className="filter-button"
          aria-pressed={category === selected}
          onClick={() => onSelect(category)}
        >
          {category}
        </button>
      ))}
    </div>
  );
}

export function filterByCategory<T extends { category: string }>(items: T[], selected: string): T[] {
  return selected === "All" ? items : items.filter((item) => item.category === selected);
}
