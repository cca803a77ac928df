import type { ResolvedConfig } from "../config/config-schema.js";
import type { Route } from "../routes/make-routes.js";
import type { CommentsProps } from "../islands/Comments.js";
import { withBase } from "../site-paths.js";
import { cspOrigin, type CspOrigin } from "../config/csp-origin.js";
import { turnstile } from "../contact/contact-services.js";

/**
 * What a page asks of hosts other than the site's own, by the policy's directive. Each integration
 * adds exactly the origins it needs, on exactly the pages that carry it, and nothing else: the
 * default site has none.
 */
export interface ForeignSources {
  /** `script-src`: scripts the page loads from another host. */
  script: CspOrigin[];
  /** `connect-src`: where the page's scripts send requests (beside EmailJS, which the site's own form uses). */
  connect: CspOrigin[];
  /** `frame-src`: documents the page embeds. */
  frame: CspOrigin[];
}

/**
 * The analytics service's script, as the page's own code adds it once the page is interactive (client/analytics.ts).
 */
export interface AnalyticsScript {
  src: string;
  /** Its `data-` attributes: the site's id, and where events go, always named so the policy and the script agree. */
  attributes: Record<string, string>;
}

/** giscus's host: its widget is a frame of this origin, and nothing of it runs in the page. */
export const giscusOrigin = cspOrigin("https://giscus.app");

/** Cloudflare Turnstile's host, for the contact form's optional captcha. */
export const turnstileOrigin = cspOrigin(turnstile.origin);

/** The integrations a page carries: its foreign sources, and the analytics script it adds. */
export interface PageIntegrations {
  sources: ForeignSources;
  analytics: AnalyticsScript | undefined;
}

/** What a route's page carries: analytics on every page, comments on post pages. */
export function pageIntegrations(config: ResolvedConfig, route: Pick<Route, "screen">): PageIntegrations {
  const sources: ForeignSources = { script: [], connect: [], frame: [] };
  const analytics = analyticsScript(config.analytics);
  if (analytics) {
    sources.script.push(analytics.scriptOrigin);
    sources.connect.push(analytics.eventsOrigin);
  }
  if (route.screen === "post" && config.comments) sources.frame.push(giscusOrigin);
  // Turnstile's script and its frame, on the page with the form only.
  if (route.screen === "contact" && config.contact?.captcha) {
    sources.script.push(turnstileOrigin);
    sources.frame.push(turnstileOrigin);
  }
  return {
    sources: { script: unique(sources.script), connect: unique(sources.connect), frame: unique(sources.frame) },
    analytics: analytics && { src: analytics.src, attributes: analytics.attributes },
  };
}

/**
 * The script of the configured service and where it sends events. The destination is always given
 * to the script (`data-api`, `data-host-url`, `data-goatcounter`) rather than left to its own
 * default, so a service that moves its endpoint cannot be silently blocked by the policy.
 */
export function analyticsScript(
  analytics: ResolvedConfig["analytics"],
): (AnalyticsScript & { scriptOrigin: CspOrigin; eventsOrigin: CspOrigin }) | undefined {
  if (!analytics) return undefined;
  if (analytics.plausible) {
    const { domain, src } = analytics.plausible;
    const api = analytics.plausible.api ?? `${cspOrigin(src)}/api/event`;
    return {
      src,
      attributes: { "data-domain": domain, "data-api": api },
      scriptOrigin: cspOrigin(src),
      eventsOrigin: cspOrigin(api),
    };
  }
  if (analytics.umami) {
    const { websiteId, src } = analytics.umami;
    // Umami Cloud's script sends to a gateway of its own, not to the script's host.
    const hostUrl = analytics.umami.hostUrl ?? (cspOrigin(src) === umamiCloud ? umamiCloudEvents : cspOrigin(src));
    return {
      src,
      attributes: {
        "data-website-id": websiteId,
        "data-host-url": hostUrl.replace(/\/+$/, ""),
        "data-do-not-track": "true",
      },
      scriptOrigin: cspOrigin(src),
      eventsOrigin: cspOrigin(hostUrl),
    };
  }
  if (analytics.goatcounter) {
    const { endpoint, src } = analytics.goatcounter;
    return {
      src,
      attributes: { "data-goatcounter": endpoint },
      scriptOrigin: cspOrigin(src),
      eventsOrigin: cspOrigin(endpoint),
    };
  }
  return undefined;
}

const umamiCloud = "https://cloud.umami.is";
/** Where Umami Cloud's own script sends events (2026); an owner can name another with `hostUrl`. */
const umamiCloudEvents = "https://gateway.umami.is";

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The languages giscus's widget has (giscus 1.6); it has no fallback of its own, so any other is shown in English. */
const giscusLanguages = [
  "ar",
  "be",
  "bg",
  "ca",
  "cs",
  "da",
  "de",
  "en",
  "eo",
  "es",
  "eu",
  "fa",
  "fr",
  "gr",
  "gsw",
  "hbs",
  "he",
  "hu",
  "id",
  "it",
  "ja",
  "kh",
  "ko",
  "nl",
  "pl",
  "pt",
  "ro",
  "ru",
  "th",
  "tr",
  "vi",
  "uk",
  "uz",
  "zh-CN",
  "zh-Hans",
  "zh-Hant",
  "zh-HK",
  "zh-TW",
];

/** giscus's language for a page's: the same tag, else its language without the region (pt-BR → pt), else English. */
export function giscusLanguage(lang: string): string {
  const exact = giscusLanguages.find((known) => known.toLowerCase() === lang.toLowerCase());
  if (exact) return exact;
  const primary = lang.split("-")[0]!.toLowerCase();
  return giscusLanguages.includes(primary) ? primary : "en";
}

/** A post page's comments (the config's `comments`): what the island needs, its discussion named by the page's path. */
export function commentsOf(
  config: ResolvedConfig,
  route: Pick<Route, "screen" | "sitePath">,
): Omit<CommentsProps, "strings"> | undefined {
  const giscus = config.comments?.giscus;
  if (!giscus || route.screen !== "post") return undefined;
  return {
    repo: giscus.repo,
    repoId: giscus.repoId,
    category: giscus.category,
    categoryId: giscus.categoryId,
    reactions: giscus.reactions,
    // What giscus's "pathname" mapping would take: the address without its leading slash.
    term: withBase(config.site.base, route.sitePath).replace(/^\/+/, ""),
    giscusLang: giscusLanguage(config.site.lang),
    lang: config.site.lang,
  };
}
