import type { LayoutProps } from "./site-components.js";
import { PageAnalytics, PageMain, PageMenu, PageTools, SkipLink } from "./page-parts.js";
import { SidebarFrame } from "./Sidebar.js";

/**
 * The vCard-style frame of every page (the `sidebar` layout): the owner's sidebar, then the header, menu and the
 * screen.
 */
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
