/**
 * How long a browser may keep each kind of file: the same rules for `portfolio serve`, for the
 * `_headers` file Netlify and Cloudflare Pages read, and in README for nginx.
 * - `assets/` holds content-hashed names: a changed file gets a new name, so keep it for a year.
 * - Pages, feeds, the sitemap and the manifest: always ask again (a 304 costs a round trip, not a
 *   download), so a new build is seen at once.
 * - Images, fonts and other files of public/ keep their names when they change: a day.
 */
export const cacheRules = {
  hashed: "public, max-age=31536000, immutable",
  revalidate: "no-cache",
  media: "public, max-age=86400",
  other: "public, max-age=3600",
} as const;

/** The Cache-Control value for a file, by its path inside the output folder ("/assets/site-X.css"). */
export function cacheControlFor(sitePath: string): string {
  const file = sitePath.replace(/^\/+/, "").replace(/\.(br|gz)$/, "");
  if (file.startsWith("assets/")) return cacheRules.hashed;
  if (file === "" || file.endsWith("/") || /\.(html|xml|json|webmanifest|txt)$/.test(file) || !/\.[a-z0-9]+$/i.test(file)) return cacheRules.revalidate;
  if (/\.(png|jpe?g|webp|avif|gif|svg|ico|woff2?|mp4|webm)$/i.test(file)) return cacheRules.media;
  return cacheRules.other;
}

/**
 * The same in `portfolio dev`, except that files of public/ are asked for again each time: the owner
 * replaces a photo under the same name and expects to see it on the next reload.
 */
export function devCacheControlFor(sitePath: string): string {
  const rule = cacheControlFor(sitePath);
  return rule === cacheRules.hashed ? rule : cacheRules.revalidate;
}

/** `_headers` for Netlify and Cloudflare Pages, under the site's base path. */
export function headersFile(base: string): string {
  return [
    `${base}assets/*`,
    `  Cache-Control: ${cacheRules.hashed}`,
    `${base}images/*`,
    `  Cache-Control: ${cacheRules.media}`,
    "",
  ].join("\n");
}
