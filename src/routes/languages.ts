import type { ResolvedConfig } from "../config/config-schema.js";
import { languagePrefix } from "../i18n/config-languages.js";
import type { PageTranslation, Route } from "./make-routes.js";

/**
 * A site in several languages has one pages table per language (makeRoutes with that language's
 * config and content): the default language's at the base, each other's in its folder (`pt/`).
 * Here the tables are placed in their folders and tied together: each page learns its versions in
 * the other languages, which make its alternates, the sitemap's and the language menu's links.
 */

/** One language's pages and where they live. */
export interface LanguageRoutes {
  config: ResolvedConfig;
  routes: Route[];
}

/**
 * The folder of a language's pages below the base, with its slash: "" for the default language, "pt/" for Portuguese.
 */
export function languageFolder(config: ResolvedConfig): string {
  return config.site.lang === config.site.languages[0] ? "" : `${languagePrefix(config.site.lang)}/`;
}

/** Every language's routes in its folder, each with its versions in the languages that have it. */
export function linkLanguages(languages: LanguageRoutes[]): Route[][] {
  const placed = languages.map(({ config, routes }) => {
    const folder = languageFolder(config);
    return routes.map((route) => inFolder(route, folder, config.site.lang));
  });
  if (languages.length === 1) return placed.map((routes) => routes.map(({ route }) => route));
  const byKey = new Map<string, PageTranslation[]>();
  for (const routes of placed)
    for (const { route, translation } of routes) {
      const key = route.translationKey ?? route.path;
      byKey.set(key, [...(byKey.get(key) ?? []), translation]);
    }
  return placed.map((routes) =>
    routes.map(({ route }) => {
      const translations = byKey.get(route.translationKey ?? route.path)!;
      // A post shown untranslated is its own language's page: that one is the address search engines keep.
      const shownLang = untranslatedLang(route);
      const original = shownLang && translations.find((translation) => translation.lang === shownLang);
      return { ...route, translations, ...(original ? { canonicalPath: original.sitePath } : {}) };
    }),
  );
}

/** A route placed in its language's folder, and how the other languages link to it. */
function inFolder(route: Route, folder: string, lang: string): { route: Route; translation: PageTranslation } {
  const placed = folder
    ? {
        ...route,
        sitePath: `${folder}${route.path}`,
        canonicalPath: `${folder}${route.canonicalPath}`,
        file: `${folder}${route.file}`,
      }
    : route;
  return {
    route: placed,
    translation: {
      lang,
      sitePath: placed.sitePath,
      translated: untranslatedLang(route) === undefined,
      indexable: route.indexable,
    },
  };
}

/** The language of the post, project or page a route shows, when it has no translation in the route's. */
export function untranslatedLang(route: Route): string | undefined {
  const entry = route.entry;
  if (entry?.kind === "post") return entry.post.lang;
  if (entry?.kind === "project") return entry.project.lang;
  if (entry?.kind === "page") return entry.page.lang;
  return undefined;
}

/**
 * The versions of a page search engines may offer for it (hreflang): those that are translated and
 * indexed (not a draft translation), when the page is one, is its own canonical address (not
 * /about, which repeats /) and has another.
 */
export function alternateLanguages(route: Route): PageTranslation[] {
  if (route.canonicalPath !== route.sitePath) return [];
  const translated = (route.translations ?? []).filter(
    (translation) => translation.translated && translation.indexable,
  );
  const self = translated.some((translation) => translation.sitePath === route.sitePath);
  return self && translated.length > 1 ? translated : [];
}

/**
 * Where the language menu leads for each language: the same page in it, or, when it has none,
 * that language's home.
 */
export function languageLinks(route: Route, config: ResolvedConfig): Array<{ lang: string; sitePath: string }> {
  return config.site.languages.map((lang, index) => {
    const same = route.translations?.find((translation) => translation.lang === lang);
    return { lang, sitePath: same?.sitePath ?? (index === 0 ? "" : `${languagePrefix(lang)}/`) };
  });
}
