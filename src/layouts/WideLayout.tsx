import Mail from "lucide-react/icons/mail";
import type { LayoutProps } from "../components/site-components.js";
import { PageAnalytics, PageMain, PageMenu, PageTools, SkipLink } from "../components/page-parts.js";
import { CvButton, OwnerPhoto, type SidebarProps, SocialLinks } from "../components/Sidebar.js";
import { withBase } from "../site-paths.js";
import { OwnerFooter } from "./OwnerFooter.js";

/**
 * The `wide` layout's frame: a navigation bar across the top (the owner's name, the menu, the
 * header's buttons) over pages that use the full width, and on About the owner's hero (the
 * `Sidebar` of this layout) above the sections. The contacts are in the footer.
 */
export function WideLayout({ config, sidebarHtml, menu, route, t, children }: LayoutProps) {
  const about = menu.find((item) => item.section === "about");
  return (
    <>
      <SkipLink t={t} />
      <div className="page page-wide">
        <header className="wide-bar">
          <div className="wide-bar-inner">
            {about ? (
              <a className="wide-brand" href={withBase(config.site.pagesBase, about.path)}>
                {config.owner.name}
              </a>
            ) : (
              <p className="wide-brand">{config.owner.name}</p>
            )}
            <PageMenu config={config} route={route} t={t} menu={menu} />
            <PageTools config={config} route={route} t={t} element="div" />
          </div>
        </header>
        {route.screen === "about" && (
          <section
            className="hero"
            aria-label={t("layout.profile")}
            dangerouslySetInnerHTML={{ __html: sidebarHtml }}
          />
        )}
        <PageMain route={route}>{children}</PageMain>
        <OwnerFooter config={config} t={t} />
        <PageAnalytics config={config} route={route} />
      </div>
    </>
  );
}

/**
 * The owner's hero on the `wide` layout's About: a large photo, the name, job title and the
 * site's description, a button to write to them, the CV and the social links. A description the
 * config leaves out is the name and job title again (config-schema.ts), so it is not shown twice.
 */
export function WideHero({ config, photo, t }: SidebarProps) {
  const { owner } = config;
  const ownersWords =
    config.site.description !== t("description.ownerImage", { owner: owner.name, jobTitle: owner.jobTitle });
  return (
    <>
      <OwnerPhoto
        photo={{ ...photo, sizes: "(min-width: 1024px) 200px, 128px" }}
        name={owner.name}
        iconSize={64}
        className="hero-photo"
      />
      <div className="hero-text">
        <p className="name hero-name">{owner.name}</p>
        <p className="job-title">{owner.jobTitle}</p>
        {ownersWords && <p className="hero-lead">{config.site.description}</p>}
        <div className="hero-actions">
          <a className="hero-cta" href={`mailto:${owner.email}`}>
            <Mail aria-hidden="true" focusable="false" size={18} />
            <span>{owner.email}</span>
          </a>
          <CvButton config={config} t={t} />
        </div>
        <SocialLinks config={config} t={t} />
      </div>
    </>
  );
}
