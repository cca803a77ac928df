import type { ResolvedConfig } from "../config/config-schema.js";
import { ProblemList, portfolioError } from "../errors.js";
import { alternateLanguages } from "../routes/languages.js";
import type { Route } from "../routes/make-routes.js";
import { headersFile, publicDocumentPatterns } from "./cache-headers.js";
import { absoluteUrl, withBase } from "../site-paths.js";
import { faviconFiles } from "../theme/favicon.js";
import { pageBackgrounds, type SiteIcons } from "./head-tags.js";
import { element, xmlDocument } from "./xml.js";
import { robotsTxt } from "./robots-txt.js";

export interface SiteFile {
  file: string;
  contents: string;
}

/**
 * sitemap.xml (when the site's URL is known: a sitemap needs absolute addresses), robots.txt and the
 * web manifest, whose theme colour is the light theme's accent. A file of the same name in public/
 * wins: it is the owner's choice. `publicFiles` holds the favicon the theme made, if it made one.
 */
export function renderSiteFiles(
  config: ResolvedConfig,
  routes: Route[],
  publicFiles: Set<string>,
  buildDate: string,
  themeColor: string,
): SiteFile[] {
  const { site, owner } = config;
  const files: SiteFile[] = [];
  const pages = routes.filter((route) => route.indexable && route.canonicalPath === route.sitePath);
  const sitemapUrl = absoluteUrl(site.url, site.base, "sitemap.xml");
  if (site.url) {
    const url = (sitePath: string) => absoluteUrl(site.url, site.base, sitePath)!;
    // Each page lists its translations, itself and the default language's (x-default) among them, as its head does.
    const alternates = (route: Route) => {
      const translations = alternateLanguages(route);
      const byDefault = translations.find((translation) => translation.lang === site.languages[0]);
      return [
        ...translations.map(({ lang, sitePath }) => ({ hreflang: lang, href: url(sitePath) })),
        ...(byDefault ? [{ hreflang: "x-default", href: url(byDefault.sitePath) }] : []),
      ].map((link) => element("xhtml:link", { rel: "alternate", ...link }));
    };
    const entries = pages.map((route) =>
      element(
        "url",
        {},
        element("loc", {}, url(route.sitePath)),
        element("lastmod", {}, route.updated ?? buildDate),
        ...alternates(route),
      ),
    );
    const namespaces = {
      xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9",
      ...(site.languages.length > 1 ? { "xmlns:xhtml": "http://www.w3.org/1999/xhtml" } : {}),
    };
    files.push({ file: "sitemap.xml", contents: xmlDocument(element("urlset", namespaces, ...entries)) });
  }
  files.push({
    file: "robots.txt",
    contents: robotsTxt(config.robots.ai, sitemapUrl),
  });
  const icons = [
    ["icons/icon-192.png", "192x192", "image/png"],
    ["icons/icon-512.png", "512x512", "image/png"],
    ["favicon.svg", "any", "image/svg+xml"],
  ].filter(([file]) => publicFiles.has(file!));
  files.push({
    file: "manifest.webmanifest",
    contents: `${JSON.stringify(
      {
        name: site.title,
        short_name: owner.name,
        description: site.description,
        lang: site.lang,
        start_url: site.base,
        scope: site.base,
        display: "browser",
        background_color: pageBackgrounds.light,
        theme_color: themeColor,
        icons: icons.map(([file, sizes, type]) => ({ src: withBase(site.base, file!), sizes, type })),
      },
      null,
      2,
    )}\n`,
  });
  const documents = publicDocumentPatterns(
    publicFiles,
    routes.map((route) => route.file),
  );
  if (documents.uncovered.length > 0) {
    const problems = new ProblemList();
    for (const { file, problem } of documents.uncovered)
      problems.add(file.startsWith("public/") ? file : `public/${file}`, { field: "", problem });
    throw portfolioError("HeadersUncovered", [problems.report()]);
  }
  files.push({ file: "_headers", contents: headersFile(site.base, documents.patterns, site.embedding) });
  return files.filter((file) => !publicFiles.has(file.file));
}

/** The icons the head links to, among the files the site will have (public/ and generated). */
export function siteIcons(available: ReadonlySet<string>): SiteIcons {
  const pick = (...candidates: string[]) => candidates.find((file) => available.has(file));
  return {
    favicon: pick(...faviconFiles),
    appleTouchIcon: pick("apple-touch-icon.png"),
    manifest: pick("manifest.webmanifest"),
  };
}
