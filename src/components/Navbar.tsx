import type { ScreenName } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";

/** The menu: About, Resume, Projects and Contact only (Blogs has no menu link, as the spec says). */
export const menu: ReadonlyArray<{ screen: ScreenName; label: string; path: string }> = [
  { screen: "about", label: "About", path: "about" },
  { screen: "resume", label: "Resume", path: "resume" },
  { screen: "projects", label: "Projects", path: "works" },
  { screen: "contact", label: "Contact", path: "contact" },
];

export function Navbar({ base, current }: { base: string; current: ScreenName }) {
  return (
    <nav className="navbar" aria-label="Main">
      <ul className="navbar-list">
        {menu.map((item) => (
          <li key={item.screen}>
            <a className="navbar-link" href={withBase(base, item.path)} aria-current={item.screen === current ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
