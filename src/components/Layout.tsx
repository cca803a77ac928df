import type { ReactNode } from "react";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { Route } from "../routes/make-routes.js";
import type { MenuItem } from "./Navbar.js";
import { PageAnalytics, PageMain, PageMenu, PageTools, SkipLink } from "./page-parts.js";
import { SidebarFrame } from "./Sidebar.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

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

/** The vCard-style frame of every page (the `sidebar` layout): the owner's sidebar, then the header, menu and the screen. */
export function Layout({ config, sidebarHtml, menu, route, t, children }: LayoutProps) {
  return (
    <>
      <SkipLink t={t} />
      <div className="page">
        <SidebarFrame html={sidebarHtml} label={t("layout.profile")} />
        <div className="main-content">
          <div className="main-bar">
            <PageMenu config={config} route={route} t={t} menu={menu} />
            <PageTools config={config} route={route} t={t} />
          </div>
          <PageMain route={route}>{children}</PageMain>
          <footer className="site-footer">
            <p>{t("layout.copyright", { owner: config.owner.name })}</p>
          </footer>
          <PageAnalytics config={config} route={route} />
        </div>
      </div>
    </>
  );
}
