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
