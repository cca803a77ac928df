import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/site-content.js";
import type { FieldProblem } from "../errors.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { searchPaths } from "./route-paths.js";

/** The site's own pages a menu may name, with each one's address and label. */
const ownPages = {
  about: { path: "about", label: "page.about" },
  resume: { path: "resume", label: "page.resume" },
  projects: { path: "works", label: "page.projects" },
  blogs: { path: "blogs", label: "page.blogs" },
  contact: { path: "contact", label: "page.contact" },
  search: { path: searchPaths.page, label: "page.search" },
  publications: { path: "publications", label: "page.publications" },
} as const satisfies Record<string, { path: string; label: StringKey }>;

type OwnPage = keyof typeof ownPages;

const isOwnPage = (name: string): name is OwnPage => Object.hasOwn(ownPages, name);

/** What is wrong with the config's `menu`, given the site's Markdown pages and whether it has search. */
export function menuProblems(config: Pick<ResolvedConfig, "menu" | "search">, content: SiteContent): FieldProblem[] {
  const slugs = new Set(content.pages.map((page) => page.slug));
  return (config.menu ?? []).flatMap((name, index) => {
    if (isOwnPage(name) && (name !== "search" || config.search)) return [];
    if (slugs.has(name)) return [];
    const known = [
      ...Object.keys(ownPages).filter((own) => own !== "search" || config.search),
      ...[...slugs].map((slug) => `${slug} (content/pages/${slug}.md)`),
    ];
    const why = name === "search" ? "the site has no search (search: false)" : `"${name}" is no page of the site`;
    return [{ field: `menu[${index}]`, problem: `${why}: expected one of ${known.join(", ")}` }];
  });
}

/** A route's place in the menu: its label and its order among the links. */
export interface MenuPlace {
  menuLabel: string;
  menuOrder: number;
}

/**
 * The menu places the config's `menu` gives, by route path, in its order: a site's own page under
 * its label in the site's language, a Markdown page under its `menu.label` or its title. Undefined
 * without `menu`: the routes keep the spec's menu.
 */
export function configuredMenu(
  config: Pick<ResolvedConfig, "menu">,
  content: SiteContent,
  t: Translate<StringKey>,
): Map<string, MenuPlace> | undefined {
  if (!config.menu) return undefined;
  const places = new Map<string, MenuPlace>();
  config.menu.forEach((name, index) => {
    if (isOwnPage(name)) {
      places.set(ownPages[name].path, { menuLabel: t(ownPages[name].label), menuOrder: index });
      return;
    }
    const page = content.pages.find((one) => one.slug === name);
    if (page) places.set(page.slug, { menuLabel: page.menu?.label ?? page.title, menuOrder: index });
  });
  return places;
}

/**
 * The About page's own sections (publications: the selected ones of the .bib files); the others
 * are the owner's, from content/about/.
 */
export const aboutOwnSections = ["bio", "services", "publications"] as const;

/** What is wrong with the config's `about.sections`, given the sections of content/about/. */
export function aboutSectionProblems(config: Pick<ResolvedConfig, "about">, content: SiteContent): FieldProblem[] {
  const slugs = new Set(content.aboutSections.map((section) => section.slug));
  return config.about.sections.flatMap((name, index) => {
    if ((aboutOwnSections as readonly string[]).includes(name) || slugs.has(name)) return [];
    // A site without publications is not offered their section.
    const own = aboutOwnSections.filter((section) => section !== "publications" || content.bibliography.length > 0);
    const known = [...own, ...[...slugs].map((slug) => `${slug} (content/about/${slug}.md)`)];
    return [
      {
        field: `about.sections[${index}]`,
        problem: `"${name}" is no section of the About page: expected one of ${known.join(", ")}`,
      },
    ];
  });
}
