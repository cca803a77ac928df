/** Joins the site's base path ("/" or "/portfolio/") and a path inside the site ("works", "images/a.webp"). */
export function withBase(base: string, sitePath: string): string {
  return `${base}${sitePath.replace(/^\/+/, "")}`;
}

/** The absolute URL of a page or asset, when the site's URL is configured. */
export function absoluteUrl(siteUrl: string | undefined, base: string, sitePath: string): string | undefined {
  return siteUrl ? `${siteUrl}${withBase(base, sitePath)}` : undefined;
}
