import { readFileSync } from "node:fs";
import path from "node:path";
import { cacheRules, securityHeaders, type Embedding } from "../render/cache-headers.js";
import { starterFolder } from "../package-root.js";

/** The hosts `portfolio init --host` and `portfolio host` write settings for; `static` is nginx and Caddy. */
export const presetNames = ["github", "netlify", "cloudflare", "vercel", "static"] as const;
export type PresetName = (typeof presetNames)[number];

/** What a preset's files are made from: the config as the site has it. */
export interface PresetValues {
  base: string;
  embedding: Embedding;
  /** The site's folder name, for Cloudflare Pages' project name. */
  name: string;
}

/** A file a preset writes into the site; `readmeSection` is added to the site's README instead. */
export interface PresetFile {
  path: string;
  contents: string;
}

/** The GitHub Pages workflow, as the starter has it. */
export const workflowPath = ".github/workflows/deploy.yml";

/** The heading of the README section the `static` preset adds: its presence means the section is there. */
export const staticReadmeHeading = "## Serving it yourself (nginx, Caddy)";

/**
 * How each host builds and checks the site: the build, then `check --host`, which fails the deploy before it publishes.
 */
const buildCommand = (host: string) =>
  `npx portfolio build${["netlify", "cloudflare", "vercel"].includes(host) ? ` --host ${host}` : ""} && npx portfolio check --host ${host}`;

/** The files each preset writes (the README section for `static`), with a line for README's Deploy table. */
export const presets: Record<PresetName, { writes: string; files: (values: PresetValues) => PresetFile[] }> = {
  github: {
    writes: `${workflowPath}: builds, runs check --host github and publishes on every push to main`,
    files: () => [{ path: workflowPath, contents: readFileSync(path.join(starterFolder(), workflowPath), "utf8") }],
  },
  netlify: {
    writes: "netlify.toml: the build command (with check --host netlify), dist/ and Node 20; the build writes _headers",
    files: () => [{ path: "netlify.toml", contents: netlifyToml() }],
  },
  cloudflare: {
    writes: "wrangler.toml: the Pages project and dist/ as its output; the build writes _headers",
    files: (values) => [{ path: "wrangler.toml", contents: wranglerToml(values) }],
  },
  vercel: {
    writes:
      "vercel.json: the build command (with check --host vercel), dist/, clean addresses without a slash, the headers",
    files: (values) => [{ path: "vercel.json", contents: vercelJson(values) }],
  },
  static: {
    writes: "README.md: an nginx and a Caddy block that answer every address and send the headers",
    files: (values) => [{ path: "README.md", contents: staticReadmeSection(values) }],
  },
};

function netlifyToml(): string {
  return [
    "# Netlify builds the site with these settings (https://docs.netlify.com/configure-builds/file-based-configuration/).",
    "# The build writes dist/_headers, which Netlify reads: the security headers and the cache rules.",
    "# Netlify serves dist/ at the domain's root: with a base path, `build --host netlify` puts the site in",
    "# dist/<base>/ and writes dist/_redirects, which sends / there.",
    "[build]",
    `  command = ${JSON.stringify(buildCommand("netlify"))}`,
    '  publish = "dist"',
    "",
    "[build.environment]",
    '  NODE_VERSION = "20"',
    "",
  ].join("\n");
}

function wranglerToml({ name }: PresetValues): string {
  const project =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "portfolio";
  return [
    "# Cloudflare Pages reads this (https://developers.cloudflare.com/pages/functions/wrangler-configuration/).",
    `# In the dashboard: build command ${JSON.stringify(buildCommand("cloudflare"))}, and NODE_VERSION=20.`,
    "# The build writes dist/_headers, which Cloudflare Pages reads: the security headers and the cache rules.",
    "# Cloudflare Pages serves dist/ at the domain's root: with a base path, `build --host cloudflare` puts the",
    "# site in dist/<base>/ and writes dist/_redirects, which sends / there.",
    `name = ${JSON.stringify(project)}`,
    'pages_build_output_dir = "./dist"',
    'compatibility_date = "2025-01-01"',
    "",
  ].join("\n");
}

/**
 * Vercel's headers, from the same rules as `_headers`: the security headers for every address, long
 * caching for the hashed assets. Vercel serves the published folder at the domain's root, and with
 * `"trailingSlash": false` the home page of a site under `/portfolio/` is at `/portfolio`, which
 * `/portfolio/(.*)` does not match: it gets a rule of its own.
 */
export function vercelHeaders({ base, embedding }: Pick<PresetValues, "base" | "embedding">) {
  const headers = (pairs: Array<[string, string]>) => pairs.map(([key, value]) => ({ key, value }));
  const security = headers(securityHeaders(embedding));
  return [
    ...(base === "/" ? [] : [{ source: base.slice(0, -1), headers: security }]),
    { source: `${base}(.*)`, headers: security },
    { source: `${base}assets/(.*)`, headers: headers([["Cache-Control", cacheRules.hashed]]) },
    { source: `${base}images/(.*)`, headers: headers([["Cache-Control", cacheRules.media]]) },
  ];
}

/** Vercel's redirects: the domain's root sends visitors to the site's base (none when the base is `/`). */
export function vercelRedirects({ base }: Pick<PresetValues, "base">) {
  return base === "/" ? [] : [{ source: "/", destination: base.slice(0, -1), permanent: false }];
}

function vercelJson(values: PresetValues): string {
  const redirects = vercelRedirects(values);
  const settings = {
    $schema: "https://openapi.vercel.sh/vercel.json",
    buildCommand: buildCommand("vercel"),
    outputDirectory: "dist",
    cleanUrls: true,
    trailingSlash: false,
    headers: vercelHeaders(values),
    ...(redirects.length ? { redirects } : {}),
  };
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/** nginx's `add_header` lines: repeated in each location, since a location's own add_header drops the server's. */
function nginxHeaders(embedding: Embedding, cacheControl: string): string[] {
  return [...securityHeaders(embedding), ["Cache-Control", cacheControl] as [string, string]].map(
    ([name, value]) => `    add_header ${name} "${value}" always;`,
  );
}

export function nginxBlock({ base, embedding }: Pick<PresetValues, "base" | "embedding">): string {
  const site = base.slice(0, -1);
  return [
    "server {",
    `  # dist/ copied to /var/www/site${base === "/" ? "" : site}; use your own server_name and TLS lines.`,
    "  root /var/www/site;",
    `  error_page 404 ${base}404.html;`,
    `  location ${base} {`,
    ...nginxHeaders(embedding, cacheRules.revalidate),
    "    try_files $uri $uri.html $uri/index.html @slash;",
    "  }",
    "  # One address per page: any other address ending in / (/about/) is sent to the one without.",
    "  location @slash {",
    `    rewrite ^(${base}.+)/$ $1 permanent;`,
    "    return 404;",
    "  }",
    `  location ^~ ${base}assets/ {`,
    ...nginxHeaders(embedding, cacheRules.hashed),
    "  }",
    `  location ^~ ${base}images/ {`,
    ...nginxHeaders(embedding, cacheRules.media),
    "  }",
    "}",
  ].join("\n");
}

export function caddyBlock({ base, embedding }: Pick<PresetValues, "base" | "embedding">): string {
  return [
    "example.com {",
    `  # dist/ copied to /var/www/site${base === "/" ? "" : base.slice(0, -1)}.`,
    "  root * /var/www/site",
    "  header {",
    ...securityHeaders(embedding).map(([name, value]) => `    ${name} "${value}"`),
    "  }",
    `  @pages not path ${base}assets/* ${base}images/*`,
    `  header @pages Cache-Control "${cacheRules.revalidate}"`,
    `  header ${base}assets/* Cache-Control "${cacheRules.hashed}"`,
    `  header ${base}images/* Cache-Control "${cacheRules.media}"`,
    "  # One address per page: /works/ is sent to /works.",
    `  @slash path_regexp slash ^(${base}.+)/$`,
    "  redir @slash {re.slash.1} 308",
    "  try_files {path} {path}.html {path}/index.html",
    "  file_server",
    "  handle_errors {",
    `    rewrite * ${base}404.html`,
    "    file_server",
    "  }",
    "}",
  ].join("\n");
}

function staticReadmeSection(values: PresetValues): string {
  return [
    staticReadmeHeading,
    "",
    "Build with `npx portfolio build`, check with `npx portfolio check --host nginx` (or `--host caddy`),",
    "then copy `dist/` to the server. Either block answers every page with and without a slash at its",
    "end, sends the site's 404 page for an unknown address, and sends the same headers as `dist/_headers`.",
    "",
    "nginx:",
    "",
    "```nginx",
    nginxBlock(values),
    "```",
    "",
    "Caddy:",
    "",
    "```caddy",
    caddyBlock(values),
    "```",
    "",
  ].join("\n");
}
