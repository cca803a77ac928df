import type { Section } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";

export interface MenuItem {
  label: string;
  path: string;
  section: Section;
}

/**
 * The menu, from the pages table (the spec's: About, Resume, Projects and Contact; Blogs has no
 * link). The current page's link is marked as the page; on an item page (a project), its list's link
 * is marked as the current part of the site.
 */
export function Navbar({
  base,
  menu,
  section,
  path,
  label,
}: {
  base: string;
  /** The menu's name for assistive technology. */
  label: string;
  menu: MenuItem[];
  section: Section;
  path: string;
}) {
  return (
    <nav className="navbar" aria-label={label}>
      <ul className="navbar-list">
        {menu.map((item) => (
          <li key={item.path}>
            <a
              className="navbar-link"
              href={withBase(base, item.path)}
              aria-current={
                item.section !== section
                  ? undefined
                  : item.path === path || (section === "about" && !path.includes("/"))
                    ? "page"
                    : "true"
              }
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
