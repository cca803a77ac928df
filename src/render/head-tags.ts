import { createHash } from "node:crypto";
import { scholarlyArticleData, scholarMetaTags } from "./scholar-tags.js";
import type { BundledAssets } from "./bundled-assets.js";
import { themeBootScript } from "../client/theme-storage.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { Alternate, Route } from "../routes/make-routes.js";
import { absoluteUrl, withBase } from "../site-paths.js";
import { escapeAttribute, escapeHtml, jsonForScript } from "../escape.js";
import { shareCardSize } from "../images/image-uses.js";
import type { SharedImages } from "../images/prepare-images.js";
import type { MenuItem } from "../components/Navbar.js";
import { islandsStartingAtIdle, type IslandName } from "../islands/registry.js";
import type { IslandStart } from "../client/island-loader.js";
import { projectStart } from "../content/project-dates.js";
import { siteTranslator } from "../i18n/site-translator.js";
import { alternateLanguages, untranslatedLang } from "../routes/languages.js";
import { pageIntegrations, type ForeignSources } from "../integrations/page-integrations.js";
import { cspOrigin, type CspOrigin } from "../config/csp-origin.js";
import { serviceOrigin } from "../contact/contact-services.js";
import { fediverseCreator } from "./fediverse-creator.js";
import type { MainFace } from "../theme/prepare-theme.js";

/** The host the contact form is sent to by default, and without a service: EmailJS's. */
export const emailjsOrigin = cspOrigin("https://api.emailjs.com");

/**
 * The one host a page may send to for the site's own sake: where the contact form is sent (none
 * when Netlify takes it on the site itself).
 */
export function contactOrigin(config: ResolvedConfig): CspOrigin | undefined {
  if (!config.contact) return emailjsOrigin;
  const origin = serviceOrigin(config.contact);
  return origin === undefined ? undefined : cspOrigin(origin);
}

/** Page backgrounds of the two themes (tokens.css): the manifest's splash screen, and the share card's ground. */
export const pageBackgrounds = { light: "#eef1f6", dark: "#111113" } as const;

/** What the theme puts in every page's head: the browser's colour for its own chrome, and the fonts' stylesheet. */
export interface PageTheme {
  /** `theme-color` in each colour scheme: the theme's accent. */
  colors: { light: string; dark: string };
  /** Site path (without the base) of the fonts' stylesheet, when the theme has fonts. */
  fontFaces?: string | undefined;
  /** The text font's main face, loaded before the stylesheet on a page that draws it (client/font-faces.ts). */
  mainFace?: MainFace | undefined;
}

/** Files of public/ (or generated) that the head links to when they exist. */
export interface SiteIcons {
  favicon?: string | undefined;
  appleTouchIcon?: string | undefined;
  manifest?: string | undefined;
}

export interface HeadOptions {
  route: Route;
  config: ResolvedConfig;
  assets: BundledAssets;
  islands: IslandName[];
  hints: string[];
  icons: SiteIcons;
  /** The menu's pages, prefetched on intent. */
  menu: MenuItem[];
  /** Autodiscovery links of the feeds. */
  alternates: string[];
  /** The share cards (1200×630) and plain copies made of the images of public/. */
  images: SharedImages;
  theme: PageTheme;
  /** The rules of KaTeX's stylesheet a page that shows math uses, in its head: none on a page without. */
  mathStyle?: string | undefined;
  /** The `<style>` elements of the page's body (a diagram's rules), allowed by their hashes. */
  bodyStyles?: string[] | undefined;
  /** The origins of the players the page's body embeds once the visitor asks (`::youtube`): its `frame-src`. */
  bodyFrames?: string[] | undefined;
  /** The shapes of the page's videos (render/body-images.ts), in its head: none on a page without. */
  videoStyle?: string | undefined;
}

/** Everything in a page's `<head>` after the charset and viewport: policy, SEO, sharing, assets. */
export function headTags({
  route,
  config,
  assets,
  islands,
  hints,
  icons,
  menu,
  alternates,
  images,
  theme,
  mathStyle,
  bodyStyles = [],
  bodyFrames = [],
  videoStyle,
}: HeadOptions): string[] {
  const { site, owner } = config;
  const asset = (file: string) => withBase(site.base, file);
  const pageUrl = absoluteUrl(site.url, site.base, route.canonicalPath);
  // A post first published elsewhere (its `canonical`) names that address as the original.
  const canonicalUrl = (route.entry?.kind === "post" ? route.entry.post.canonical : undefined) ?? pageUrl;
  const t = siteTranslator(config);
  const title = t("page.title", { page: route.title, owner: owner.name });
  const image = route.image ?? site.image ?? owner.photo;
  // A post without an image of its own, and a publication, shares the card drawn of its title.
  const itemCard = drawnCard(route, images);
  const imageUrl = absoluteUrl(site.url, site.base, itemCard ?? images.shareCard(image));
  const imageAlt =
    route.image || itemCard
      ? route.title
      : t("description.ownerImage", { owner: owner.name, jobTitle: owner.jobTitle });
  const speculation = speculationRules(site.pagesBase, menu);
  // Islands' code is not in the head: the theme script fetches it once the page has painted, and runs
  // it at idle or at the visitor's first reach for the island (island-loader.ts).
  const islandScripts = Object.fromEntries(
    islands.map((name) => {
      const script = assets.islandScripts[name]!;
      const start: IslandStart = islandsStartingAtIdle.has(name) ? "idle" : "intent";
      return [name, { entry: asset(script.entry), chunks: script.imports.map(asset), start }];
    }),
  );

  const integrations = pageIntegrations(config, route);
  const creator = fediverseCreator(config.social);
  const bootScript = themeBootScript(config.theme.initial);

  return [
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(
      [bootScript, speculation],
      [viewTransitionStyle, ...(mathStyle ? [mathStyle] : []), ...(videoStyle ? [videoStyle] : []), ...bodyStyles],
      {
        webAssembly: route.screen === "search",
        foreign: withFrames(integrations.sources, bodyFrames.map(cspOrigin)),
        contact: contactOrigin(config),
      },
    )}">`,
    `<script>${bootScript}</script>`,
    `<style>${viewTransitionStyle}</style>`,
    // Chromium paints a page it is still parsing when a slow phone's parser pauses: the sidebar
    // alone, then the rest, a layout shift. Painting waits for the main region instead.
    `<link rel="expect" href="#main" blocking="render">`,
    `<title>${escapeHtml(title)}</title>`,
    meta("description", route.description),
    route.indexable ? "" : meta("robots", "noindex"),
    route.indexable && canonicalUrl ? `<link rel="canonical" href="${escapeAttribute(canonicalUrl)}">` : "",
    property("og:type", route.kind),
    property("og:site_name", site.title),
    property("og:title", title),
    property("og:description", route.description),
    pageUrl ? property("og:url", pageUrl) : "",
    ...localeTags(route, config),
    imageUrl ? property("og:image", imageUrl) : "",
    imageUrl ? property("og:image:width", String(shareCardSize.width)) : "",
    imageUrl ? property("og:image:height", String(shareCardSize.height)) : "",
    imageUrl ? property("og:image:alt", imageAlt) : "",
    route.entry?.kind === "post" ? property("article:published_time", route.entry.post.date) : "",
    route.entry?.kind === "post" ? property("article:author", route.entry.post.author) : "",
    ...(route.entry?.kind === "post" ? (route.entry.post.tags ?? []).map((tag) => property("article:tag", tag)) : []),
    ...(route.entry?.kind === "publication" ? scholarMetaTags(route.entry.work, site) : []),
    meta("twitter:card", (route.image ?? site.image ?? itemCard) ? "summary_large_image" : "summary"),
    meta("twitter:title", title),
    meta("twitter:description", route.description),
    imageUrl ? meta("twitter:image", imageUrl) : "",
    creator ? meta("fediverse:creator", creator) : "",
    `<meta name="theme-color" content="${theme.colors.light}" media="(prefers-color-scheme: light)">`,
    `<meta name="theme-color" content="${theme.colors.dark}" media="(prefers-color-scheme: dark)">`,
    meta("color-scheme", "light dark"),
    icons.favicon
      ? `<link rel="icon" href="${asset(icons.favicon)}"${icons.favicon.endsWith(".svg") ? ' type="image/svg+xml"' : ""}>`
      : "",
    icons.appleTouchIcon ? `<link rel="apple-touch-icon" href="${asset(icons.appleTouchIcon)}">` : "",
    icons.manifest ? `<link rel="manifest" href="${asset(icons.manifest)}">` : "",
    ...alternates,
    ...(route.alternates ?? []).map((alternate) => alternateTag(site.pagesBase, alternate)),
    ...(route.indexable ? languageAlternateTags(route, config) : []),
    `<link rel="stylesheet" href="${asset(assets.stylesheet)}">`,
    mathStyle ? `<style>${mathStyle}</style>` : "",
    videoStyle ? `<style>${videoStyle}</style>` : "",
    // The fonts come after the first paint (client/font-faces.ts); without JavaScript, as a stylesheet.
    theme.fontFaces ? fontFacesTag(asset(theme.fontFaces), theme.mainFace && asset(theme.mainFace.file)) : "",
    ...hints,
    `<script type="module" src="${asset(assets.themeScript)}"></script>`,
    islands.length
      ? `<script type="application/json" data-island-scripts>${jsonForScript(islandScripts)}</script>`
      : "",
    `<script type="speculationrules">${speculation}</script>`,
    `<script type="application/ld+json">${jsonForScript(structuredData(route, config, canonicalUrl, imageUrl, images))}</script>`,
  ].filter(Boolean);
}

/** The fonts' stylesheet for the theme script to ask for, with the face it fetches first; a link without JavaScript. */
function fontFacesTag(href: string, mainFace: string | undefined): string {
  const main = mainFace ? ` data-font-main="${escapeAttribute(mainFace)}"` : "";
  return `<noscript data-font-faces="${href}"${main}><link rel="stylesheet" href="${href}"></noscript>`;
}

/**
 * Scripts and styles from the site itself only; inline scripts only by their hash; connections only
 * to the contact form's service (EmailJS unless the owner names another). A meta tag, so that it holds on
 * any static host without header configuration. The integrations the owner turned on add their hosts to the
 * directives they need, on the pages that carry them (integrations/page-integrations.ts), and nowhere else.
 */
export function contentSecurityPolicy(
  inlineScripts: string[],
  inlineStyles: string[] = [],
  {
    webAssembly = false,
    foreign,
    contact,
  }: { webAssembly?: boolean; foreign?: ForeignSources; contact?: CspOrigin | undefined } = {},
): string {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const hashes = inlineScripts.map(hash);
  const more = (sources: CspOrigin[] | undefined) => (sources?.length ? ` ${sources.join(" ")}` : "");
  return [
    "default-src 'self'",
    // The search page runs Pagefind's WebAssembly (its own file of the site); no other page may compile any.
    `script-src 'self'${webAssembly ? " 'wasm-unsafe-eval'" : ""}${more(foreign?.script)} ${hashes.join(" ")}`,
    ["style-src 'self'", ...inlineStyles.map(hash)].join(" "),
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${more(contact ? [contact] : [])}${more(foreign?.connect)}`,
    // Only a page with an embedded document names frames at all; the others keep default-src's 'self'.
    ...(foreign?.frame.length ? [`frame-src ${foreign.frame.join(" ")}`] : []),
    "form-action 'self' mailto:",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

/** A page's foreign sources with the players its body embeds added to its `frame-src`, each once. */
function withFrames(sources: ForeignSources, frames: CspOrigin[]): ForeignSources {
  return frames.length ? { ...sources, frame: [...new Set([...sources.frame, ...frames])] } : sources;
}

/**
 * The opt-in to view transitions between pages, in the head itself: Chromium decides whether the
 * next page takes part as it reveals it, and a rule that arrives with the stylesheet can be too
 * late (the transition is then aborted with an InvalidStateError). None for reduced motion.
 */
export const viewTransitionStyle =
  "@view-transition{navigation:auto}@media (prefers-reduced-motion:reduce){@view-transition{navigation:none}}";

/** Menu pages are fetched as soon as the visitor shows intent (hover, touch), so they open at once. */
function speculationRules(base: string, menu: MenuItem[]): string {
  const urls = menu.map((item) => withBase(base, item.path));
  return jsonForScript({ prefetch: [{ source: "list", urls, eagerness: "moderate" }] });
}

/** The card drawn for the page's post (one without an image of its own) or publication, if any. */
function drawnCard(route: Route, images: SharedImages): string | undefined {
  if (route.image) return undefined;
  if (route.entry?.kind === "post") return images.postCard?.(route.entry.post.slug);
  if (route.entry?.kind === "publication") return images.publicationCard?.(route.entry.work.slug);
  return undefined;
}

/** The owner as a schema.org `Person` on every page; on an item page, the item, written by them. */
function structuredData(
  route: Route,
  config: ResolvedConfig,
  pageUrl: string | undefined,
  imageUrl: string | undefined,
  images: SharedImages,
) {
  const person = personData(config, images);
  const entry = route.entry;
  if (!entry) return person;
  const ownImage = Boolean(route.image) || drawnCard(route, images) !== undefined;
  const common = {
    "@context": "https://schema.org",
    name: route.title,
    headline: route.title,
    description: route.description,
    ...(pageUrl ? { url: pageUrl, mainEntityOfPage: pageUrl } : {}),
    ...(ownImage && imageUrl ? { image: imageUrl } : {}),
    inLanguage: untranslatedLang(route) ?? config.site.lang,
  };
  if (entry.kind === "post") {
    const { post } = entry;
    return {
      ...common,
      "@type": "BlogPosting",
      datePublished: post.date,
      articleSection: post.category,
      ...(post.tags?.length ? { keywords: post.tags.join(", ") } : {}),
      author: { "@type": "Person", name: post.author },
      publisher: withoutContext(person),
    };
  }
  if (entry.kind === "page") return { ...common, "@type": "WebPage", author: withoutContext(person) };
  if (entry.kind === "tag" || entry.kind === "series") {
    return { ...common, "@type": "CollectionPage", author: withoutContext(person) };
  }
  if (entry.kind === "publication") return { ...common, ...scholarlyArticleData(entry.work) };
  const { project } = entry;
  return {
    ...common,
    "@type": "CreativeWork",
    ...(project.projectType ? { genre: project.projectType } : {}),
    ...(project.languages ? { keywords: project.languages.join(", ") } : {}),
    ...(projectStart(project) ? { dateCreated: projectStart(project) } : {}),
    creator: withoutContext(person),
    ...(project.github || project.preview ? { sameAs: [project.github, project.preview].filter(Boolean) } : {}),
  };
}

function withoutContext<T extends { "@context"?: string }>(value: T): Omit<T, "@context"> {
  const { "@context": _context, ...rest } = value;
  return rest;
}

function personData(config: ResolvedConfig, images: SharedImages) {
  const { owner, site, social } = config;
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: owner.name,
    jobTitle: owner.jobTitle,
    email: `mailto:${owner.email}`,
    ...(owner.phone ? { telephone: owner.phone } : {}),
    ...(site.url ? { url: absoluteUrl(site.url, site.base, "") } : {}),
    ...(site.url ? { image: absoluteUrl(site.url, site.base, images.file(owner.photo, "avatar")) } : {}),
    ...(owner.location ? { address: { "@type": "PostalAddress", addressLocality: owner.location } } : {}),
    sameAs: social.filter((link) => /^https?:/.test(link.url)).map((link) => link.url),
  };
}

/**
 * The page's locale for Open Graph (`pt_PT`). A site in one language names it when its tag has a
 * region; a site in several always does, its region the likeliest for the language where the tag
 * has none (`pt` → `pt_BR`: write `pt-PT` for Portugal), and the other languages the page is in.
 */
function localeTags(route: Route, config: ResolvedConfig): string[] {
  const { lang, languages } = config.site;
  if (languages.length === 1) return lang.includes("-") ? [property("og:locale", lang.replace("-", "_"))] : [];
  return [
    property("og:locale", openGraphLocale(lang)),
    ...alternateLanguages(route)
      .filter((translation) => translation.lang !== lang)
      .map((translation) => property("og:locale:alternate", openGraphLocale(translation.lang))),
  ];
}

function openGraphLocale(lang: string): string {
  try {
    const locale = new Intl.Locale(lang).maximize();
    return locale.region ? `${locale.language}_${locale.region}` : locale.language;
  } catch {
    return lang.replace("-", "_");
  }
}

/**
 * `<link rel="alternate" hreflang>` to each translation of the page, itself included, and
 * `x-default` to the default language's: absolute addresses, so only with `site.url`.
 */
function languageAlternateTags(route: Route, config: ResolvedConfig): string[] {
  const { url, base, languages } = config.site;
  const translations = alternateLanguages(route);
  if (!url || translations.length === 0) return [];
  const link = (hreflang: string, sitePath: string) =>
    `<link rel="alternate" hreflang="${escapeAttribute(hreflang)}" href="${escapeAttribute(absoluteUrl(url, base, sitePath)!)}">`;
  const byDefault = translations.find((translation) => translation.lang === languages[0]);
  return [
    ...translations.map((translation) => link(translation.lang, translation.sitePath)),
    ...(byDefault ? [link("x-default", byDefault.sitePath)] : []),
  ];
}

/** `<link rel="alternate">` to another form of the page (a feed, the résumé as JSON) under the base path. */
export function alternateTag(base: string, { file, type, title }: Alternate): string {
  return `<link rel="alternate" type="${type}" title="${escapeAttribute(title)}" href="${withBase(base, file)}">`;
}

function meta(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeAttribute(content)}">`;
}

function property(name: string, content: string): string {
  return `<meta property="${name}" content="${escapeAttribute(content)}">`;
}
