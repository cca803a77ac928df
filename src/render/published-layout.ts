/**
 * Where the site's files go in the folder a host publishes. GitHub Pages serves that folder at the
 * site's base (a project site at `/<repository>/`), and so do the nginx and Caddy blocks; Netlify,
 * Cloudflare Pages and Vercel serve it at the domain's root whatever the base. For those, a site
 * built for `/portfolio/` is written into `portfolio/` inside the output (`portfolio build --host
 * netlify`), and the files the host itself reads stay at the top: `_headers`, `_redirects` (which
 * sends `/` to the base), and a copy of `404.html`, the only one Netlify and Vercel look for.
 */

/** The hosts that serve the folder they publish at the domain's root, whatever the site's base. */
export const hostsServingAtRoot: ReadonlySet<string> = new Set(["netlify", "cloudflare", "vercel"]);

/** The folder inside the published one that holds the site: "" at the top, `portfolio` for `/portfolio/`. */
export function siteFolder(host: string | undefined, base: string): string {
  return host !== undefined && hostsServingAtRoot.has(host) ? base.replace(/^\/+|\/+$/g, "") : "";
}

/** Files the host reads from the top of the published folder, whatever the base. */
const hostFiles = new Set(["_headers", "_redirects"]);

/** `_redirects` for Netlify and Cloudflare Pages: the domain's root sends visitors to the site's base. */
export function redirectsFile(base: string): string {
  return `# Written by portfolio build: the site is served under ${base}.\n/ ${base} 302\n`;
}

/**
 * The build's files laid out as `host` publishes them under `base`: each file of the site moved into
 * its folder, the host's own files left at the top, and `404.html` copied to the top too.
 * Unchanged when the host serves the output at the base, or the base is `/`.
 */
export function publishedLayout<Entry extends { file: string }>(
  host: string | undefined,
  base: string,
  entries: readonly Entry[],
): Entry[] {
  const folder = siteFolder(host, base);
  if (folder === "") return [...entries];
  return entries.flatMap((entry) => {
    if (hostFiles.has(entry.file)) return [entry];
    const moved = { ...entry, file: `${folder}/${entry.file}` };
    return entry.file === "404.html" ? [moved, entry] : [moved];
  });
}

/**
 * What the build adds at the top for `host`: `_redirects`, sending `/` to the base, for Netlify and
 * Cloudflare Pages (Vercel's is in vercel.json), unless public/ has a `_redirects` of its own.
 */
export function addedHostFiles(
  host: string | undefined,
  base: string,
  files: ReadonlySet<string>,
): Array<{ file: string; contents: string }> {
  if (siteFolder(host, base) === "" || host === "vercel" || files.has("_redirects")) return [];
  return [{ file: "_redirects", contents: redirectsFile(base) }];
}
