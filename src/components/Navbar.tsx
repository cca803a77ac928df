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

/** What the menu is drawn from. */
export interface NavbarProps {
  /** The base path of the page's language, which every link starts with: `/` or `/pt/`. */
  base: string;
  /** The menu's name for assistive technology. */
  label: string;
  menu: MenuItem[];
  /** The part of the site the page belongs to, whose link is marked current. */
  section: Section;
  /** The page's own path in the site: `works`, `works/fleetwise`. */
  path: string;
}

/** The menu: one link per item, the current page's marked (an item page marks its list's link as current). */
export function Navbar({ base, menu, section, path, label }: NavbarProps) {
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
