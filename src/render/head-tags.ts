import { createHash } from "node:crypto";
import type { BundledAssets } from "../build/bundle-assets.js";
import { themeBootScript } from "../client/theme-storage.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { Route } from "../routes/make-routes.js";
import { absoluteUrl, withBase } from "../site-paths.js";
import { escapeAttribute, escapeHtml, jsonForScript } from "./escape.js";
import { menu } from "../components/Navbar.js";
import type { IslandName } from "../islands/registry.js";

/** The only host a page may talk to: where the contact form is sent. */
export const emailjsOrigin = "https://api.emailjs.com";

/** Page backgrounds of the two themes (site.css), for the browser's own chrome. */
export const themeColors = { light: "#eef1f6", dark: "#111113" } as const;

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
}

/** Everything in a page's `<head>` after the charset and viewport: policy, SEO, sharing, assets. */
export function headTags({ route, config, assets, islands, hints, icons }: HeadOptions): string[] {
  const { site, owner } = config;
  const asset = (file: string) => withBase(site.base, file);
  const pageUrl = absoluteUrl(site.url, site.base, route.screen === "about" ? "" : route.path);
  const title = `${route.title} | ${owner.name}`;
  const image = site.image ?? owner.photo;
  const imageUrl = absoluteUrl(site.url, site.base, image);
  const speculation = speculationRules(site.base);
  const islandScripts = islands.map((name) => assets.islandScripts[name]!);
  const preloads = [...new Set(islandScripts.flatMap((script) => script.imports))];

  return [
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy([themeBootScript, speculation])}">`,
    `<script>${themeBootScript}</script>`,
    `<title>${escapeHtml(title)}</title>`,
    meta("description", route.description),
    route.indexable ? "" : meta("robots", "noindex"),
    route.indexable && pageUrl ? `<link rel="canonical" href="${escapeAttribute(pageUrl)}">` : "",
    property("og:type", "website"),
    property("og:site_name", site.title),
    property("og:title", title),
    property("og:description", route.description),
    pageUrl ? property("og:url", pageUrl) : "",
    site.lang.includes("-") ? property("og:locale", site.lang.replace("-", "_")) : "",
    imageUrl ? property("og:image", imageUrl) : "",
    imageUrl ? property("og:image:alt", `${owner.name}, ${owner.jobTitle}`) : "",
    meta("twitter:card", site.image ? "summary_large_image" : "summary"),
    meta("twitter:title", title),
    meta("twitter:description", route.description),
    imageUrl ? meta("twitter:image", imageUrl) : "",
    `<meta name="theme-color" content="${themeColors.light}" media="(prefers-color-scheme: light)">`,
    `<meta name="theme-color" content="${themeColors.dark}" media="(prefers-color-scheme: dark)">`,
    meta("color-scheme", "light dark"),
    icons.favicon ? `<link rel="icon" href="${asset(icons.favicon)}"${icons.favicon.endsWith(".svg") ? ' type="image/svg+xml"' : ""}>` : "",
    icons.appleTouchIcon ? `<link rel="apple-touch-icon" href="${asset(icons.appleTouchIcon)}">` : "",
    icons.manifest ? `<link rel="manifest" href="${asset(icons.manifest)}">` : "",
    `<link rel="stylesheet" href="${asset(assets.stylesheet)}">`,
    ...hints,
    ...preloads.map((chunk) => `<link rel="modulepreload" href="${asset(chunk)}">`),
    `<script type="module" src="${asset(assets.themeScript)}"></script>`,
    ...islandScripts.map((script) => `<script type="module" src="${asset(script.entry)}"></script>`),
    `<script type="speculationrules">${speculation}</script>`,
    `<script type="application/ld+json">${jsonForScript(personData(config))}</script>`,
  ].filter(Boolean);
}

/**
 * Scripts and styles from the site itself only; inline scripts only by their hash; connections only
 * to EmailJS. A meta tag, so that it holds on any static host without header configuration.
 */
export function contentSecurityPolicy(inlineScripts: string[]): string {
  const hashes = inlineScripts.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}`,
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ${emailjsOrigin}`,
    "form-action 'self' mailto:",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

/** Menu pages are fetched as soon as the visitor shows intent (hover, touch), so they open at once. */
function speculationRules(base: string): string {
  const urls = menu.map((item) => withBase(base, item.path));
  return jsonForScript({ prefetch: [{ source: "list", urls, eagerness: "moderate" }] });
}

function personData(config: ResolvedConfig) {
  const { owner, site, social } = config;
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: owner.name,
    jobTitle: owner.jobTitle,
    email: `mailto:${owner.email}`,
    ...(owner.phone ? { telephone: owner.phone } : {}),
    ...(site.url ? { url: absoluteUrl(site.url, site.base, "") } : {}),
    ...(site.url ? { image: absoluteUrl(site.url, site.base, owner.photo) } : {}),
    ...(owner.location ? { address: { "@type": "PostalAddress", addressLocality: owner.location } } : {}),
    sameAs: social.filter((link) => /^https?:/.test(link.url)).map((link) => link.url),
  };
}

function meta(name: string, content: string): string {
  return `<meta name="${name}" content="${escapeAttribute(content)}">`;
}

function property(name: string, content: string): string {
  return `<meta property="${name}" content="${escapeAttribute(content)}">`;
}
