import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/content-types.js";

export type ScreenName = "about" | "resume" | "projects" | "blogs" | "contact";

export interface Route {
  /** URL path below the base, without leading slash: "" for the home page, "works" for Projects. */
  path: string;
  /** Files this route is written to, so that `/works` and `/works/` both answer on a static host. */
  files: string[];
  screen: ScreenName;
  /** The screen's name, first in `<title>`. */
  title: string;
  description: string;
  /** False for the 404 page, which search engines must not index. */
  indexable: boolean;
}

/** Every page the site has: the spec's routes, each as real files, plus 404.html showing About. */
export function makeRoutes(config: ResolvedConfig, content: SiteContent): Route[] {
  const owner = config.owner.name;
  const about = { screen: "about" as const, title: "About", description: config.site.description };
  const screens: Array<Omit<Route, "files" | "indexable">> = [
    { path: "", ...about },
    { path: "about", ...about },
    { path: "resume", screen: "resume", title: "Resume", description: `Education, experience and skills of ${owner}, ${config.owner.jobTitle}.` },
    { path: "works", screen: "projects", title: "Projects", description: `Selected projects by ${owner}: ${content.projects.slice(0, 3).map((project) => project.title).join(", ")} and more.` },
    { path: "blogs", screen: "blogs", title: "Blogs", description: `Writing by ${owner} on ${config.blogCategories.join(", ")}.` },
    { path: "contact", screen: "contact", title: "Contact", description: `Write to ${owner}, ${config.owner.jobTitle}${config.owner.location ? ` in ${config.owner.location}` : ""}, about a project, a role or a question.` },
  ];
  const routes: Route[] = screens.map((screen) => ({
    ...screen,
    files: screen.path ? [`${screen.path}.html`, `${screen.path}/index.html`] : ["index.html"],
    indexable: true,
  }));
  routes.push({ path: "404", ...about, files: ["404.html"], indexable: false });
  return routes;
}
