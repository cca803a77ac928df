import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isInside } from "../project/project-files.js";
import { parseHeadersFile, type Embedding } from "../render/cache-headers.js";
import { hostRules, indexOutput, type HostName, type OutputIndex } from "./host-rules.js";
import { vercelHeaders, vercelRedirects } from "./host-files.js";
import {
  ask,
  missingSecurityHeaders,
  notFoundFiles,
  readPublishedSite,
  sendsKnownHeaders,
  type PublishedSite,
} from "./emulate-host.js";
import { siteFolder } from "../render/published-layout.js";
import { filesOfPage, otherSlash, pageAddresses, type Reached } from "./reach-address.js";

/** What `portfolio check --host` reads: the site's folder, its output, and where the host serves it. */
export interface DeployCheck {
  root: string;
  outDir: string;
  host: HostName;
  /** The path the host serves the site under (`/portfolio/`). */
  base: string;
  embedding: Embedding;
}

/**
 * The hosts that build the site on their own machines, from package.json: a dependency they cannot reach fails there.
 */
const buildingHosts = new Set<HostName>(["github", "netlify", "cloudflare", "vercel"]);

/**
 * Reads the built output as `host` serves it and answers every problem found, each naming the
 * address or file, apart by what fixes them: a page that does not answer at its address or with a
 * slash added or removed, a link of a page that leads nowhere (a wrong base path), a headers file
 * the host would misread; and a dependency the host cannot install.
 */
export async function checkDeploy(check: DeployCheck): Promise<DeployProblems> {
  const site = await readPublishedSite(check.host, check);
  const pages = sitePages(site);
  const served = [
    ...layoutProblems(check),
    ...addressProblems(check, site, pages),
    ...(await linkProblems(check, site, pages)),
    ...(await headerProblems(check, site.output)),
    ...sentHeaderProblems(check, site, pages),
  ];
  const dependencies = buildingHosts.has(check.host) ? await dependencyProblems(check.root) : [];
  return { served, dependencies };
}

/**
 * What `check --host` found: in how the host serves the output, and in what it installs to build
 * it (each wants its own fix).
 */
export interface DeployProblems {
  served: string[];
  dependencies: string[];
}

/** The site's pages in the published folder (inside the base's folder on a host that serves it at the root). */
function sitePages(site: PublishedSite): Array<{ file: string; address: string }> {
  const folder = siteFolder(site.host, site.base);
  if (folder === "") return pageAddresses(site.output, site.base);
  const prefix = `${folder}/`;
  const inside = [...site.output.files]
    .filter((file) => file.startsWith(prefix))
    .map((file) => file.slice(prefix.length));
  return pageAddresses(indexOutput(inside), site.base).map(({ file, address }) => ({
    file: `${prefix}${file}`,
    address,
  }));
}

/** A host that serves the published folder at the domain's root finds the site only in the base's folder. */
function layoutProblems({ host, base, outDir }: DeployCheck): string[] {
  const folder = siteFolder(host, base);
  if (folder === "" || existsSync(path.join(outDir, folder, "index.html"))) return [];
  const out = path.basename(outDir);
  return [
    `${out}/${folder}/index.html is missing: ${hostRules[host].label} serves ${out}/ at the domain's root, ` +
      `so a site under ${base} must be in ${out}/${folder}/. Build it with portfolio build --host ${host}`,
  ];
}

function describe(reached: Reached): string {
  const way = reached.hops.join(" → ");
  if (reached.kind === "loop") return `redirects in a loop (${way})`;
  if (reached.kind === "outside") return `is outside the base path the host serves the site under (${way})`;
  if (reached.status === 404 && reached.file === "")
    return `answers with the host's own 404 page, not the site's, which it looks for elsewhere (${way})`;
  return reached.status === 404 ? `answers with the 404 page (${way})` : `shows ${reached.file} (${way})`;
}

/**
 * Each page at its address and with a slash added or removed; an address the site does not have
 * answers with the site's 404 page; on a host that serves the domain's root, `/` leads to the site.
 */
function addressProblems({ base }: DeployCheck, site: PublishedSite, pages: Array<{ file: string; address: string }>) {
  const problems: string[] = [];
  const missing = `${base}no-such-page-${Date.now().toString(36)}`;
  const notFound = ask(site, missing).reached;
  if (notFound.kind !== "page" || notFound.status !== 404 || !notFoundFiles(site).includes(notFound.file))
    problems.push(
      `${missing}, an address the site does not have, ${describe(notFound)} instead of the site's 404 page`,
    );
  const home = pages.find(({ address }) => address === base);
  if (siteFolder(site.host, base) !== "" && home) {
    const root = ask(site, "/").reached;
    if (root.kind !== "page" || root.status !== 200 || !filesOfPage(home.file).includes(root.file))
      problems.push(`/, the domain's root, ${describe(root)} instead of leading to the site's home page at ${base}`);
  }
  for (const { file, address } of pages) {
    for (const asked of [address, otherSlash(address)]) {
      const { reached } = ask(site, asked);
      const right = reached.kind === "page" && reached.status === 200 && filesOfPage(file).includes(reached.file);
      if (!right) problems.push(`${asked}: the page ${file} ${describe(reached)}`);
    }
  }
  return problems;
}

/**
 * Every address a page links to inside the site (a path starting
 * with one `/`), once, with the first page that links to it.
 */
async function linkProblems(
  { outDir }: DeployCheck,
  site: PublishedSite,
  pages: Array<{ file: string; address: string }>,
): Promise<string[]> {
  const linked = new Map<string, string>();
  for (const { file } of pages) {
    const html = await readFile(path.join(outDir, file), "utf8");
    for (const [, address] of html.matchAll(/\s(?:href|src)="(\/(?!\/)[^"#?]*)/g))
      if (!linked.has(address!)) linked.set(address!, file);
  }
  const problems: string[] = [];
  for (const [address, file] of linked) {
    const { reached } = ask(site, decodeURI(address));
    if (reached.kind !== "page" || reached.status !== 200)
      problems.push(`${address}, linked from ${file}, ${describe(reached)}`);
  }
  return problems;
}

/**
 * `_headers` as Netlify and Cloudflare Pages read it; `vercel.json`
 * as Vercel reads it, with the headers the config asks for.
 */
async function headerProblems(
  { host, root, outDir, base, embedding }: DeployCheck,
  output: OutputIndex,
): Promise<string[]> {
  const problems: string[] = [];
  if (host === "netlify" || host === "cloudflare") {
    if (!output.files.has("_headers")) return ["dist/_headers is missing: build again with portfolio build"];
    const text = await readFile(path.join(outDir, "_headers"), "utf8").catch(() => "");
    text.split("\n").forEach((line, index) => {
      if (line.trim() === "" || line.trimStart().startsWith("#") || line.startsWith("/")) return;
      if (!/^\s+[A-Za-z0-9-]+:\s*\S/.test(line))
        problems.push(`dist/_headers, line ${index + 1}: expected a path starting with / or an indented "Name: value"`);
    });
    const rules = parseHeadersFile(text);
    if (host === "cloudflare" && rules.length > 100)
      problems.push(`dist/_headers has ${rules.length} rules: Cloudflare Pages reads only the first 100`);
  }
  if (host === "vercel") {
    const file = path.join(root, "vercel.json");
    if (!existsSync(file)) return ["vercel.json is missing: run portfolio host vercel"];
    let settings: Record<string, unknown>;
    try {
      settings = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    } catch (error) {
      return [`vercel.json is not valid JSON: ${(error as Error).message}`];
    }
    // The address rules of the table hold for these settings only.
    for (const [field, expected] of [
      ["outputDirectory", "dist"],
      ["cleanUrls", true],
      ["trailingSlash", false],
    ] as const)
      if (settings[field] !== expected)
        problems.push(
          `vercel.json, field "${field}": expected ${JSON.stringify(expected)}, found ${JSON.stringify(settings[field])}`,
        );
    if (JSON.stringify(settings.redirects ?? []) !== JSON.stringify(vercelRedirects({ base })))
      problems.push(
        `vercel.json, field "redirects": not the redirect of / to the site's base ${base}: run portfolio host vercel --force`,
      );
    if (JSON.stringify(settings.headers) !== JSON.stringify(vercelHeaders({ base, embedding })))
      problems.push(
        `vercel.json, field "headers": not the headers the config asks for (site.base ${base}, site.embedding ${JSON.stringify(embedding)}): run portfolio host vercel --force`,
      );
  }
  return problems;
}

/**
 * The security headers of every page, of the 404 page and of every file of the site, as the host
 * combines the rules that match each address: a rule that replaces another's policy, or an address
 * no rule reaches (the home page at `/portfolio` on Vercel), is found here.
 */
function sentHeaderProblems(
  { base, embedding }: DeployCheck,
  site: PublishedSite,
  pages: Array<{ file: string; address: string }>,
): string[] {
  if (!sendsKnownHeaders(site.host)) return [];
  const folder = siteFolder(site.host, base);
  const files = [...site.output.files].filter(
    (file) =>
      !/(^|\/)(_headers|_redirects|\.portfolio-output|\.portfolio-manifest\.json)$/.test(file) &&
      (folder === "" || file.startsWith(`${folder}/`)),
  );
  const asked = new Set<string>([`${base}no-such-page`]);
  for (const { address } of pages) for (const each of [address, otherSlash(address)]) asked.add(each);
  for (const file of files) asked.add(folder === "" ? `${base}${file}` : `/${file}`);
  const problems: string[] = [];
  for (const address of asked) {
    const { reached, headers } = ask(site, address);
    if (reached.kind !== "page") continue;
    const missing = missingSecurityHeaders(headers, embedding);
    if (missing.length)
      problems.push(
        `${reached.hops.at(-1)}: sent without ${missing.join(", ")} (the headers every address of the site gets)`,
      );
  }
  return problems;
}

/** A `file:` (or `link:`) dependency outside the site: the host's machine has only the site's repository. */
async function dependencyProblems(root: string): Promise<string[]> {
  const text = await readFile(path.join(root, "package.json"), "utf8").catch(() => undefined);
  if (text === undefined) return [];
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return ["package.json is not valid JSON"];
  }
  const problems: string[] = [];
  for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
    const listed = manifest[field];
    if (typeof listed !== "object" || listed === null) continue;
    for (const [name, spec] of Object.entries(listed as Record<string, unknown>)) {
      const local = typeof spec === "string" ? /^(?:file|link):(.*)$/.exec(spec)?.[1] : undefined;
      if (local === undefined) continue;
      const target = path.resolve(root, local);
      if (!isInside(target, root) || target === path.resolve(root))
        problems.push(
          `package.json, ${field}.${name}: "${spec}" is outside the site, so the host cannot install it. Depend on the published version ("npm install ${name}"), or put the tarball inside the site and point to it there`,
        );
    }
  }
  return problems;
}

/** The host's name as the report says it. */
export function hostLabel(host: HostName): string {
  return hostRules[host].label;
}
