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
/**
 * Whether the menu's labels are too long for a 320 px phone at the usual size: four English labels
 * fit (26 letters); five links, or Portuguese or Arabic words, are set a little smaller there.
 */
function isLongMenu(menu: readonly MenuItem[]): boolean {
  return menu.length >= 5 || menu.reduce((letters, item) => letters + [...item.label].length, 0) > 28;
}

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
      <ul className={isLongMenu(menu) ? "navbar-list navbar-long" : "navbar-list"}>
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
