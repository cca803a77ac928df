/**
 * How each host answers a request for a path of the site, given the files it was given: one table,
 * each rule with where the host says so. `portfolio check --host` and the tests read the built
 * output through it, so an address a host cannot answer is found before anything is published.
 */

/** The hosts whose address rules are known; the presets of `init --host` are among them. */
export const hostNames = [
  "github",
  "netlify",
  "cloudflare",
  "vercel",
  "nginx",
  "caddy",
  "serve",
  "http-server",
] as const;
export type HostName = (typeof hostNames)[number];

/** What a host sends for one request. */
export type HostAnswer =
  | { kind: "file"; status: 200 | 404; file: string }
  | { kind: "redirect"; status: 301 | 302 | 307 | 308; to: string };

/** What a rule sees: the path asked for below the site's base ("/works/", "/"), and the files of the output. */
export interface Request {
  path: string;
  has: (file: string) => boolean;
  /** Whether a folder of that name holds anything (`works` for works/atlas.html). */
  hasFolder: (folder: string) => boolean;
}

/** One rule of a host: what it does, where that is written, and the rule itself (undefined: the next rule decides). */
export interface AddressRule {
  says: string;
  source: string;
  answer: (request: Request) => HostAnswer | undefined;
}

export interface HostRules {
  label: string;
  /** Tried in order; when none answers, the host sends `404.html` with status 404. */
  rules: AddressRule[];
  /** Where the 404 page's rule is written. */
  notFoundSource: string;
  /**
   * The site's base without its `/` (`/portfolio`) is served as the site's home; other hosts send it to `/portfolio/`.
   */
  servesBareBase?: true;
  /**
   * Which `404.html` answers an address the site does not have: the one at the top of the published
   * folder (the default), or the nearest one up the address's folders (Cloudflare Pages).
   */
  notFound?: "top" | "nearest";
}

/** `/works/` → `works`; `/` → "". */
const inside = (path: string) => path.replace(/^\/+/, "").replace(/\/+$/, "");
const endsWithSlash = (path: string) => path.length > 1 && path.endsWith("/");
const hasExtension = (path: string) => /\.[^/]*$/.test(path);

/** The path names a file as it is: `/assets/site.css`, `/works.html`. */
const exactFile = (says: string, source: string): AddressRule => ({
  says,
  source,
  answer: ({ path, has }) =>
    !path.endsWith("/") && has(inside(path)) ? { kind: "file", status: 200, file: inside(path) } : undefined,
});

/** `/works` answers with `works.html`. */
const htmlExtension = (says: string, source: string): AddressRule => ({
  says,
  source,
  answer: ({ path, has }) =>
    !path.endsWith("/") && !hasExtension(path) && path !== "/" && has(`${inside(path)}.html`)
      ? { kind: "file", status: 200, file: `${inside(path)}.html` }
      : undefined,
});

/** `/works/` (and `/`) answers with `works/index.html`. */
const folderIndex = (says: string, source: string): AddressRule => ({
  says,
  source,
  answer: ({ path, has }) => {
    if (!path.endsWith("/")) return undefined;
    const file = path === "/" ? "index.html" : `${inside(path)}/index.html`;
    return has(file) ? { kind: "file", status: 200, file } : undefined;
  },
});

/** `/pt` (no slash) answers with `pt/index.html`. */
const folderIndexWithoutSlash = (says: string, source: string): AddressRule => ({
  says,
  source,
  answer: ({ path, has }) =>
    !path.endsWith("/") && !hasExtension(path) && has(`${inside(path)}/index.html`)
      ? { kind: "file", status: 200, file: `${inside(path)}/index.html` }
      : undefined,
});

/** `/works` is sent to `/works/` when the folder exists (`withIndex`: only when it has an index.html). */
const folderSlash = (says: string, source: string, status: 301 | 302 | 307 | 308, withIndex: boolean): AddressRule => ({
  says,
  source,
  answer: ({ path, has, hasFolder }) => {
    if (path.endsWith("/") || path === "") return undefined;
    const folder = inside(path);
    const found = withIndex ? has(`${folder}/index.html`) : hasFolder(folder);
    return found ? { kind: "redirect", status, to: `${path}/` } : undefined;
  },
});

/** `/works/` is sent to `/works` when `works.html` exists (`always`: whatever exists). */
const dropSlash = (says: string, source: string, status: 301 | 308, always = false): AddressRule => ({
  says,
  source,
  answer: ({ path, has }) =>
    endsWithSlash(path) && (always || has(`${inside(path)}.html`))
      ? { kind: "redirect", status, to: path.replace(/\/+$/, "") }
      : undefined,
});

/** `/works.html` is sent to `/works`. */
const dropExtension = (says: string, source: string, status: 301 | 308): AddressRule => ({
  says,
  source,
  answer: ({ path, has }) =>
    path.endsWith(".html") && has(inside(path)) && !path.endsWith("/index.html") && path !== "/404.html"
      ? { kind: "redirect", status, to: path.slice(0, -".html".length) }
      : undefined,
});

const sources = {
  jekyllPermalinks: "https://jekyllrb.com/docs/permalinks/#extensionless-permalinks",
  githubNotFound:
    "https://docs.github.com/en/pages/getting-started-with-github-pages/creating-a-custom-404-page-for-your-github-pages-site",
  netlifySlash:
    "https://answers.netlify.com/t/support-guide-how-can-i-alter-trailing-slash-behaviour-in-my-urls-will-enabling-pretty-urls-help/31191",
  netlifyNotFound: "https://docs.netlify.com/routing/redirects/redirect-options/#custom-404-page-handling",
  cloudflareRoutes: "https://developers.cloudflare.com/pages/configuration/serving-pages/#route-matching",
  cloudflareNotFound: "https://developers.cloudflare.com/pages/configuration/serving-pages/#not-found-behavior",
  vercelCleanUrls: "https://vercel.com/docs/project-configuration#cleanurls",
  vercelTrailingSlash: "https://vercel.com/docs/project-configuration#trailingslash",
  vercelNotFound: "https://vercel.com/guides/custom-404-page#static-site",
  nginxTryFiles: "https://nginx.org/en/docs/http/ngx_http_core_module.html#try_files",
  nginxRewrite: "https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#rewrite",
  caddyTryFiles: "https://caddyserver.com/docs/caddyfile/directives/try_files",
  caddyRedir: "https://caddyserver.com/docs/caddyfile/directives/redir",
  serve: "src/serve/start-server.ts (checkRequest), tested in tests/serve.test.ts",
  httpServer:
    "https://github.com/http-party/http-server/blob/v14.1.1/lib/core/index.js (serve: a folder first, then --ext)",
} as const;

/**
 * Each host's address rules. nginx and Caddy follow the snippets `portfolio host static` writes
 * (deploy/host-files.ts); Vercel follows the `vercel.json` its preset writes.
 */
export const hostRules: Record<HostName, HostRules> = {
  github: {
    label: "GitHub Pages",
    notFoundSource: sources.githubNotFound,
    rules: [
      exactFile("a file is served at its own path", sources.jekyllPermalinks),
      htmlExtension("an address without an extension is served from its .html file", sources.jekyllPermalinks),
      folderIndex("an address ending in / is served from the folder's index.html", sources.jekyllPermalinks),
      folderSlash(
        "a folder's address without its / is sent to the address with it (301)",
        sources.jekyllPermalinks,
        301,
        false,
      ),
    ],
  },
  netlify: {
    label: "Netlify",
    notFoundSource: sources.netlifyNotFound,
    rules: [
      exactFile("a file is served at its own path", sources.netlifySlash),
      htmlExtension("/about is served from about.html", sources.netlifySlash),
      folderIndex("/about/ is served from about/index.html", sources.netlifySlash),
      dropSlash("/about/ is sent to /about when only about.html exists (301)", sources.netlifySlash, 301),
      folderSlash("/about is sent to /about/ when only about/index.html exists (301)", sources.netlifySlash, 301, true),
    ],
  },
  cloudflare: {
    label: "Cloudflare Pages",
    notFoundSource: sources.cloudflareNotFound,
    notFound: "nearest",
    rules: [
      dropExtension("/file.html is sent to /file (308)", sources.cloudflareRoutes, 308),
      exactFile("a file is served at its own path", sources.cloudflareRoutes),
      htmlExtension("/file is served from file.html", sources.cloudflareRoutes),
      folderIndex("/folder/ is served from folder/index.html", sources.cloudflareRoutes),
      dropSlash("/file/ is sent to /file (308)", sources.cloudflareRoutes, 308),
      folderSlash("/folder is sent to /folder/ (308)", sources.cloudflareRoutes, 308, true),
    ],
  },
  vercel: {
    label: "Vercel",
    notFoundSource: sources.vercelNotFound,
    rules: [
      dropSlash(
        'with "trailingSlash": false, every address ending in / is sent to the one without (308)',
        sources.vercelTrailingSlash,
        308,
        true,
      ),
      dropExtension('with "cleanUrls": true, /file.html is sent to /file (308)', sources.vercelCleanUrls, 308),
      exactFile("a file is served at its own path", sources.vercelCleanUrls),
      htmlExtension('with "cleanUrls": true, /file is served from file.html', sources.vercelCleanUrls),
      folderIndex("/ is served from index.html", sources.vercelCleanUrls),
      folderIndexWithoutSlash(
        'with "trailingSlash": false, /folder is served from folder/index.html',
        sources.vercelTrailingSlash,
      ),
    ],
  },
  nginx: {
    label: "nginx",
    notFoundSource: "https://nginx.org/en/docs/http/ngx_http_core_module.html#error_page",
    rules: [
      exactFile("try_files $uri: a file at its own path", sources.nginxTryFiles),
      htmlExtension("try_files $uri.html: /works from works.html", sources.nginxTryFiles),
      folderIndex("try_files $uri/index.html: /works/ and / from the folder's index.html", sources.nginxTryFiles),
      folderIndexWithoutSlash("try_files $uri/index.html: /pt from pt/index.html", sources.nginxTryFiles),
      dropSlash(
        "location @slash, rewrite ^(.+)/$ $1 permanent: any other address ending in / goes to the one without (301)",
        sources.nginxRewrite,
        301,
        true,
      ),
    ],
  },
  caddy: {
    label: "Caddy",
    notFoundSource: "https://caddyserver.com/docs/caddyfile/directives/handle_errors",
    rules: [
      dropSlash(
        "redir @slash {re.slash.1} 308: an address ending in / goes to the one without",
        sources.caddyRedir,
        308,
        true,
      ),
      exactFile("try_files {path}: a file at its own path", sources.caddyTryFiles),
      htmlExtension("try_files {path}.html: /works from works.html", sources.caddyTryFiles),
      folderIndex("file_server: / from index.html", sources.caddyTryFiles),
      folderIndexWithoutSlash("try_files {path}/index.html: /pt from pt/index.html", sources.caddyTryFiles),
    ],
  },
  serve: {
    label: "portfolio serve",
    notFoundSource: sources.serve,
    servesBareBase: true,
    rules: [
      dropSlash("/works/ is sent to /works when works.html exists (308)", sources.serve, 308),
      folderIndex("/pt/ is served from pt/index.html", sources.serve),
      exactFile("a file is served at its own path", sources.serve),
      htmlExtension("/works is served from works.html", sources.serve),
      folderSlash(
        "a folder without a page of its name is sent to its / (302, by http-server beneath)",
        sources.serve,
        302,
        false,
      ),
    ],
  },
  "http-server": {
    label: "http-server (npx http-server dist)",
    notFoundSource: sources.httpServer,
    rules: [
      folderSlash(
        "a folder's address without its / is sent to the address with it (302), before any .html",
        sources.httpServer,
        302,
        false,
      ),
      folderIndex("an address ending in / is served from the folder's index.html", sources.httpServer),
      exactFile("a file is served at its own path", sources.httpServer),
      htmlExtension("an address without an extension is served from its .html file (--ext html)", sources.httpServer),
    ],
  },
};

/** What `host` sends for `path` (below the site's base, starting with "/"), given the output's files. */
export function answerOf(host: HostName, path: string, files: OutputIndex): HostAnswer {
  const request: Request = {
    path,
    has: (file) => files.files.has(file),
    hasFolder: (folder) => files.folders.has(folder),
  };
  for (const rule of hostRules[host].rules) {
    const answer = rule.answer(request);
    if (answer) return answer;
  }
  return { kind: "file", status: 404, file: notFoundPage(host, path, files) };
}

/**
 * The `404.html` the host sends for `path`; "" when the published folder has none where the host
 * looks, and the host sends a page of its own. Cloudflare Pages looks in the address's folder, then
 * each folder above it; the others only at the top.
 */
function notFoundPage(host: HostName, path: string, files: OutputIndex): string {
  if (hostRules[host].notFound !== "nearest") return files.files.has("404.html") ? "404.html" : "";
  const folders = inside(path).split("/").slice(0, -1);
  for (let depth = folders.length; depth >= 0; depth--) {
    const file = [...folders.slice(0, depth), "404.html"].join("/");
    if (files.files.has(file)) return file;
  }
  return "";
}

/** The output's files and the folders that hold them, for the rules to look up. */
export interface OutputIndex {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}

export function indexOutput(files: Iterable<string>): OutputIndex {
  const all = new Set(files);
  const folders = new Set<string>();
  for (const file of all) {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join("/"));
  }
  return { files: all, folders };
}
