import { OwnerIdentity, type SidebarProps, SidebarFrame } from "../components/Sidebar.js";
import type { LayoutProps } from "../components/site-components.js";
import { PageAnalytics, PageMain, PageMenu, PageTools, SkipLink } from "../components/page-parts.js";
import { OwnerFooter } from "./OwnerFooter.js";

/**
 * The `column` layout's frame: one centred reading column under a compact header (the owner's
 * photo, name and job title, the menu, then the header's buttons), the contacts in the footer.
 */
export function ColumnLayout({ config, sidebarHtml, menu, route, t, children }: LayoutProps) {
  return (
    <>
      <SkipLink t={t} />
      <div className="page page-column">
        <div className="column-head">
          <SidebarFrame html={sidebarHtml} label={t("layout.profile")} className="owner-badge" />
          <PageMenu config={config} route={route} t={t} menu={menu} />
          <PageTools config={config} route={route} t={t} />
        </div>
        <PageMain route={route}>{children}</PageMain>
        <OwnerFooter config={config} t={t} />
        <PageAnalytics config={config} route={route} />
      </div>
    </>
  );
}

/** The column header's owner: the photo (small and round), name and job title; the contacts are in the footer. */
export function ColumnOwner({ config, photo }: SidebarProps) {
  return <OwnerIdentity config={config} photo={{ ...photo, sizes: "(min-width: 580px) 64px, 48px" }} />;
}
