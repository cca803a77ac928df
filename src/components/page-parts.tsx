import type { ReactNode } from "react";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { Translate } from "../i18n/message.js";
import { pickStrings } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { pageIntegrations } from "../integrations/page-integrations.js";
import { Island } from "./island.js";
import { languageLinks } from "../routes/languages.js";
import { searchPaths, type Route } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { LanguageMenu } from "./LanguageMenu.js";
import type { MenuItem } from "./Navbar.js";
import { useSiteComponents } from "./site-components.js";
import { TopBar } from "./TopBar.js";

/**
 * The parts every layout's frame is made of (components/Layout.tsx, layouts/): the skip link, the
 * header's buttons, the page's main and the analytics island, the same in each.
 */
interface PagePartProps {
  config: ResolvedConfig;
  route: Route;
  t: Translate<StringKey>;
}

/** The first thing a keyboard meets: a link past the owner's card and the menu to the screen. */
export function SkipLink({ t }: Pick<PagePartProps, "t">) {
  return (
    <a className="skip-link" href="#main">
      {t("layout.skipToContent")}
    </a>
  );
}

/** The menu, as the site's `Navbar` (the owner's, where they replaced it) draws it for this page. */
export function PageMenu({ config, route, t, menu }: PagePartProps & { menu: MenuItem[] }) {
  const { Navbar } = useSiteComponents();
  return (
    <Navbar
      base={config.site.pagesBase}
      menu={menu}
      section={route.section}
      path={route.path}
      label={t("layout.menu")}
    />
  );
}

/** The header's buttons: the other languages, search and the theme toggle. */
export function PageTools({ config, route, t, element }: PagePartProps & { element?: "header" | "div" }) {
  return (
    <TopBar
      element={element}
      searchHref={config.search ? withBase(config.site.pagesBase, searchPaths.page) : undefined}
      onSearchPage={route.screen === "search"}
      t={t}
    >
      <LanguageMenu
        links={languageLinks(route, config).map(({ lang, sitePath }) => ({
          lang,
          href: withBase(config.site.base, sitePath),
        }))}
        current={config.site.lang}
        label={t("layout.languages")}
      />
    </TopBar>
  );
}

/** The screen, the target of the skip link. */
export function PageMain({ route, children }: { route: Route; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={`screen screen-${route.screen}`}>
      <article>{children}</article>
    </main>
  );
}

/** The analytics service's script, which comes as an island's does: after the page has painted and gone idle. */
export function PageAnalytics({ config, route }: Omit<PagePartProps, "t">) {
  const analytics = pageIntegrations(config, route).analytics;
  return analytics ? (
    <Island
      name="Analytics"
      props={{ ...analytics, lang: config.site.lang, strings: pickStrings(config.strings, ["island.failed"]) }}
    />
  ) : null;
}
