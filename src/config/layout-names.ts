import type { ThemeConfig } from "./define-config.js";

/**
 * The page arrangements `theme.layout` chooses from: `sidebar` (the spec's, the default) first.
 * The config checks the name against this list; layouts.ts gives each its components and styles.
 */
export const layoutNames = ["sidebar", "column", "wide"] as const satisfies ReadonlyArray<
  NonNullable<ThemeConfig["layout"]>
>;

export type LayoutName = (typeof layoutNames)[number];

export const defaultLayout: LayoutName = "sidebar";

/**
 * A card list's grid as it first shows: `columns`, its first row's cards at the layout's widest (the
 * projects' grid is minmax(250px), the posts' minmax(300px), in the layout's widest content column);
 * `rows`, the rows a laptop's first view (1280×800) shows, measured in Chromium.
 */
export interface FirstView {
  columns: number;
  rows: number;
}

/**
 * The card images a visitor sees without scrolling are the page's largest paint: the first row's load
 * first (fetchpriority high), on a phone as wide, and every card of the first view's rows loads at once;
 * the rest wait until they are near. tests/browser/first-view-images.test.ts fails when a layout's grid
 * grows a column or a row these do not count.
 */
export const firstViewCards: Record<LayoutName, { projects: FirstView; posts: FirstView }> = {
  sidebar: { projects: { columns: 3, rows: 3 }, posts: { columns: 2, rows: 2 } },
  column: { projects: { columns: 2, rows: 2 }, posts: { columns: 2, rows: 2 } },
  wide: { projects: { columns: 5, rows: 2 }, posts: { columns: 4, rows: 2 } },
};

/** How the card at `index` of a list loads in the layout a config chooses: first, at once, or when near. */
export function cardLoading(
  config: { theme: { layout?: LayoutName | undefined } },
  list: "projects" | "posts",
  index: number,
): { priority: boolean; lazy: boolean } {
  const { columns, rows } = firstViewCards[config.theme.layout ?? defaultLayout][list];
  return { priority: index < columns, lazy: index >= columns * rows };
}
