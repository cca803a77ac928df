/** Joins the site's base path ("/" or "/portfolio/") and a path inside the site ("works", "images/a.webp"). */
export function withBase(base: string, sitePath: string): string {
  return `${base}${sitePath.replace(/^\/+/, "")}`;
}

/** The absolute URL of a page or asset, when the site's URL is configured. */
export function absoluteUrl(siteUrl: string | undefined, base: string, sitePath: string): string | undefined {
  return siteUrl ? `${siteUrl}${withBase(base, sitePath)}` : undefined;
}

/**
 * An address from a page's text as a reader away from the site needs it (a feed, llms-full.txt): a path of the
 * site (`/base/…`) under the site's URL, a place in the page (`#…`) under the page's address; any other as it is.
 */
export function addressAwayFromSite(href: string, siteUrl: string | undefined, pageUrl: string | undefined): string {
  if (href.startsWith("#")) return pageUrl ? `${pageUrl}${href}` : href;
  return href.startsWith("/") && !href.startsWith("//") && siteUrl ? `${siteUrl}${href}` : href;
}
