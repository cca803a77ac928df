import type { ResolvedConfig } from "../config/config-schema.js";
import { themeBootScript } from "../client/theme-storage.js";
import type { BundledAssets } from "../build/bundle-assets.js";
import { absoluteUrl, withBase } from "../site-paths.js";
import type { RenderedPage } from "./render-page.js";

export interface DocumentOptions {
  page: RenderedPage;
  config: ResolvedConfig;
  assets: BundledAssets;
  /** The HTML shell from templates/page.html. */
  template: string;
}

/** Puts a rendered page into the HTML shell, with its head tags and only the scripts it uses. */
export function renderDocument({ page, config, assets, template }: DocumentOptions): string {
  const { route } = page;
  const { site, owner } = config;
  const base = site.base;
  const asset = (file: string) => withBase(base, file);
  const canonicalPath = route.screen === "about" ? "" : route.path;
  const canonical = route.indexable ? absoluteUrl(site.url, base, canonicalPath) : undefined;

  const islandScripts = page.islands.map((name) => assets.islandScripts[name]!);
  const preloads = [...new Set(islandScripts.flatMap((script) => script.imports))];

  const head = [
    `<script>${themeBootScript}</script>`,
    `<title>${escapeHtml(`${route.title} | ${owner.name}`)}</title>`,
    `<meta name="description" content="${escapeAttribute(route.description)}">`,
    route.indexable ? "" : `<meta name="robots" content="noindex">`,
    canonical ? `<link rel="canonical" href="${escapeAttribute(canonical)}">` : "",
    `<meta name="color-scheme" content="light dark">`,
    `<link rel="icon" href="${asset("favicon.svg")}" type="image/svg+xml">`,
    `<link rel="stylesheet" href="${asset(assets.stylesheet)}">`,
    `<script type="module" src="${asset(assets.themeScript)}"></script>`,
    ...islandScripts.map((script) => `<script type="module" src="${asset(script.entry)}"></script>`),
    ...preloads.map((chunk) => `<link rel="modulepreload" href="${asset(chunk)}">`),
  ].filter(Boolean);

  return fill(template, { lang: escapeAttribute(site.lang), head: head.join("\n    "), body: page.body });
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (marker, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`templates/page.html has an unknown marker ${marker}`);
    return value;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, "&quot;");
}
