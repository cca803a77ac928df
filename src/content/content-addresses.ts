// Where an address in a text leads: into the site, beside its entry, or to another host.

/** A link or image in a Markdown body that points into the site (or an image of another host), with its body line. */
export interface SiteLink {
  /** As written in the Markdown: `files/talk.pdf`, `/resume`, `images/a.png#x`. */
  written: string;
  /** The URL path it resolves to under the base path: `/files/talk.pdf`. */
  href: string;
  /** Line of the body, 1-based. */
  line: number;
  /** An image the body shows (`![alt](…)`), not a link to one. */
  shown?: true;
  /** For an image a post folder's text shows: the images that folder holds (what a bare name may mean). */
  folderImages?: readonly string[];
  /** An image of another host, left out for its alt text (remote-images.ts): the build warns of it. */
  remote?: true;
}

/**
 * An image written as a bare name (`chart.png`, `./chart.png`) that the entry's folder holds is that
 * file, copied to the same path under the site (`blog/offline-sync/chart.png`); any other address is kept.
 */
export function besideEntry(
  written: string,
  beside: { folder: string; images: readonly string[] } | undefined,
): string {
  const name = written.replace(/^\.\//, "");
  return beside?.images.includes(name) ? `${beside.folder}${name}` : written;
}

/** A link without a scheme, that is not only a fragment: a path inside the site. */
export function isSiteLink(url: string): boolean {
  return url !== "" && !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url.trim());
}

/**
 * Where a page of the site leads with an address from content, read as a browser reads it (WHATWG
 * URL: backslashes are slashes, tabs and newlines are dropped, `//host` and `/\host` name a host;
 * `https:host` is a host too on an http page): still the site, or another host or scheme.
 */
const pagesOfTheSite = ["https://site.invalid/base/page", "http://site.invalid/base/page"].map((page) => new URL(page));

/** An address that stays on the site from any of its pages, whatever their scheme. */
export function isOnSite(url: string): boolean {
  return pagesOfTheSite.every((page) => URL.canParse(url, page) && new URL(url, page).origin === page.origin);
}

/**
 * A relative link in content (`images/a.webp`, `resume`) means a path inside the site: it is made
 * absolute under the base path, so it works from every page and under any sub-path.
 */
export function siteRelative(url: string, base: string): string {
  if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url)) return url;
  return url.startsWith("/") ? url : `${base}${url.replace(/^\.\//, "")}`;
}

export function escapeForAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

/** An address of another host, as an image's source is written to be fetched from it. */
export function isRemoteAddress(url: string): boolean {
  return /^(?:https?:)?\/\/[^/\\]/i.test(url.trim());
}
