import type { ReactNode } from "react";
import type { Translate } from "../i18n/message.js";
import { moonIcon, searchIcon, sunIcon } from "./drawn-icons.js";

/**
 * The header: the language menu of a site in several languages (`children`), the search button (a
 * link to the search page, so it works without JavaScript) and the theme toggle.
 * The page starts in the theme the head's boot script chose (light unless `theme.initial`
 * or a saved choice says otherwise); the tiny theme script flips `light-mode` on `<body>`
 * and keeps `aria-pressed` true while the dark theme is on.
 */
export function TopBar({
  searchHref,
  onSearchPage,
  t,
  children,
  element: Element = "header",
}: {
  searchHref?: string | undefined;
  onSearchPage: boolean;
  t: Translate<"topbar.search" | "topbar.searchHint" | "topbar.darkTheme">;
  children?: ReactNode;
  /** `div` inside a layout's own `<header>` (the wide layout's bar), which holds the buttons with the menu. */
  element?: "header" | "div";
}) {
  return (
    <Element className="topbar">
      {children}
      {searchHref && (
        <a
          className="topbar-button search-link"
          href={searchHref}
          data-search-link=""
          title={t("topbar.searchHint")}
          aria-keyshortcuts="/ Control+K"
          aria-current={onSearchPage ? "page" : undefined}
        >
          <span className="visually-hidden">{t("topbar.search")}</span>
          {searchIcon}
        </a>
      )}
      <button
        type="button"
        className="topbar-button theme-toggle"
        data-theme-toggle
        aria-pressed="false"
        title={t("topbar.darkTheme")}
      >
        <span className="visually-hidden">{t("topbar.darkTheme")}</span>
        {moonIcon}
        {sunIcon}
      </button>
    </Element>
  );
}
