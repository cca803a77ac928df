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
