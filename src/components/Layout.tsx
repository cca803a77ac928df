import type { ReactNode } from "react";
import type { ResolvedConfig } from "../config/config-schema.js";
import { searchPaths, type Route } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { languageLinks } from "../routes/languages.js";
import { LanguageMenu } from "./LanguageMenu.js";
import type { MenuItem } from "./Navbar.js";
import { useSiteComponents } from "./site-components.js";
import { SidebarFrame } from "./Sidebar.js";
import { TopBar } from "./TopBar.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { pickStrings } from "../i18n/message.js";
import { pageIntegrations } from "../integrations/page-integrations.js";
import { Island } from "../render/island.js";

/** The vCard-style frame of every page: the owner's sidebar, then the header, menu and the screen. */
/** What a page's frame is drawn from. */
export interface LayoutProps {
  config: ResolvedConfig;
  /** The owner's card (`Sidebar`), rendered once per build. */
  sidebarHtml: string;
  menu: MenuItem[];
  route: Route;
  t: Translate<StringKey>;
  /** The page's screen. */
  children: ReactNode;
}

export function Layout({ config, sidebarHtml, menu, route, t, children }: LayoutProps) {
  const { Navbar } = useSiteComponents();
  // The analytics service's script comes as an island's does: after the page has painted and gone idle.
  const analytics = pageIntegrations(config, route).analytics;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("layout.skipToContent")}
      </a>
      <div className="page">
        <SidebarFrame html={sidebarHtml} label={t("layout.profile")} />
        <div className="main-content">
          <div className="main-bar">
            <Navbar
              base={config.site.pagesBase}
              menu={menu}
              section={route.section}
              path={route.path}
              label={t("layout.menu")}
            />
            <TopBar
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
          </div>
          <main id="main" tabIndex={-1} className={`screen screen-${route.screen}`}>
            <article>{children}</article>
          </main>
          <footer className="site-footer">
            <p>{t("layout.copyright", { owner: config.owner.name })}</p>
          </footer>
          {analytics && (
            <Island
              name="Analytics"
              props={{ ...analytics, lang: config.site.lang, strings: pickStrings(config.strings, ["island.failed"]) }}
            />
          )}
        </div>
      </div>
    </>
  );
}
