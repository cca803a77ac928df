import type { SiteComponents } from "../components/site-components.js";
import type { ThemeConfig } from "../config/define-config.js";
import { ColumnLayout, ColumnOwner } from "./ColumnLayout.js";
import { defaultLayout, type LayoutName } from "../config/layout-names.js";
import { WideHero, WideLayout } from "./WideLayout.js";

/**
 * A page arrangement `theme.layout` may choose: components in place of the engine's defaults, as an
 * owner's overrides are (the owner's own still win over them), and stylesheets of src/styles/
 * added after the engine's site.css.
 */
export interface SiteLayout {
  name: LayoutName;
  /** What it looks like, in a sentence. */
  what: string;
  components: Partial<SiteComponents>;
  /** The layout's rules, files of src/styles/ in order; none for the spec's sidebar, which site.css draws. */
  stylesheets: string[];
}

// Keyed by the config type's names as well, so a layout the type offers cannot lack its row.
export const layouts: Record<LayoutName | NonNullable<ThemeConfig["layout"]>, SiteLayout> = {
  sidebar: {
    name: "sidebar",
    what: "the owner's card beside the page (above it on phones), the menu at the foot of a phone's screen",
    components: {},
    stylesheets: [],
  },
  column: {
    name: "column",
    what: "one centred reading column under a compact header with the photo, name and menu; the contacts in the footer",
    components: { Layout: ColumnLayout, Sidebar: ColumnOwner },
    stylesheets: ["layout-footer.css", "layout-column.css"],
  },
  wide: {
    name: "wide",
    what: "a navigation bar across the top over pages using the full width, a hero of the owner on About",
    components: { Layout: WideLayout, Sidebar: WideHero },
    stylesheets: ["layout-footer.css", "layout-wide.css"],
  },
};

/** The layout a config chooses: the sidebar without `theme.layout`. */
export function layoutOf(config: { theme: { layout?: LayoutName | undefined } }): SiteLayout {
  return layouts[config.theme.layout ?? defaultLayout];
}
