import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { hostHeadersForPath, parseHeadersFile, securityHeaders, type Embedding } from "../render/cache-headers.js";
import { hostRules, indexOutput, type HostName, type OutputIndex } from "./host-rules.js";
import { siteFolder } from "../render/published-layout.js";
import { reachAddress, type HostRedirect, type Reached } from "./reach-address.js";

/**
 * A published folder as one host serves it: its files where the host looks them up, the redirects
 * and header rules the host reads from it (or, for Vercel, from the site's vercel.json). What
 * `portfolio check --host` and the tests ask a host for, without the host.
 */
export interface PublishedSite {
  host: HostName;
  base: string;
  output: OutputIndex;
  redirects: HostRedirect[];
  /** The headers the host sends for a request of that path (the address asked, not the file sent). */
  headersFor: (urlPath: string) => Map<string, string>;
}

/** What the host sends for an address: where the visitor ends up, and the headers of that last answer. */
export interface HostResponse {
  reached: Reached;
  headers: Map<string, string>;
}

export async function outputFiles(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/**
 * Reads what `host` reads: `_headers` and `_redirects` at the top of the published folder for
 * Netlify and Cloudflare Pages, the site's vercel.json for Vercel. A file that is missing or does
 * not parse gives no rules (check-deploy.ts says what is wrong with it).
 */
export async function readPublishedSite(
  host: HostName,
  { root, outDir, base }: { root: string; outDir: string; base: string },
): Promise<PublishedSite> {
  const output = indexOutput(await outputFiles(outDir));
  const text = (file: string) => readFile(file, "utf8").catch(() => "");
  if (host === "netlify" || host === "cloudflare") {
    const rules = parseHeadersFile(await text(path.join(outDir, "_headers")));
    return {
      host,
      base,
      output,
      redirects: parseRedirectsFile(await text(path.join(outDir, "_redirects"))),
      headersFor: (urlPath) => hostHeadersForPath(rules, urlPath, host === "netlify" ? "last" : "join"),
    };
  }
  if (host === "vercel") {
    const settings = parseJson(await text(path.join(root, "vercel.json")));
    return {
      host,
      base,
      output,
      redirects: vercelRedirectsOf(settings),
      headersFor: (urlPath) => vercelHeadersFor(settings, urlPath),
    };
  }
  return { host, base, output, redirects: [], headersFor: () => new Map() };
}

/** Asks the host for `address`, following its redirects. */
export function ask(site: PublishedSite, address: string): HostResponse {
  const reached = reachAddress(site.host, address, site.base, site.output, site.redirects);
  return { reached, headers: site.headersFor(reached.hops.at(-1)!) };
}

/** The files of the site's own 404 page in the published folder: the build's, and the copy at the top of it. */
export function notFoundFiles(site: Pick<PublishedSite, "host" | "base">): string[] {
  const folder = siteFolder(site.host, site.base);
  return folder === "" ? ["404.html"] : [`${folder}/404.html`, "404.html"];
}

/**
 * The security headers (`securityHeaders`) missing from `headers`, by name: a header joined from
 * several rules carries its value when one of its parts does, and a policy when one of its policies
 * holds every directive asked for (a browser enforces each policy sent).
 */
export function missingSecurityHeaders(headers: ReadonlyMap<string, string>, embedding: Embedding): string[] {
  const sent = new Map([...headers].map(([name, value]) => [name.toLowerCase(), value]));
  return securityHeaders(embedding)
    .filter(([name, value]) => {
      const got = sent.get(name.toLowerCase());
      if (got === undefined) return true;
      if (name !== "Content-Security-Policy") return !got.includes(value);
      const wanted = directives(value);
      return !got.split(",").some((policy) => {
        const has = new Set(directives(policy));
        return wanted.every((directive) => has.has(directive));
      });
    })
    .map(([name]) => name);
}

const directives = (policy: string) =>
  policy
    .split(";")
    .map((directive) => directive.trim().replace(/\s+/g, " "))
    .filter(Boolean);

/**
 * `_redirects` as both hosts read its plain lines, `from to [status]` (default 301); lines with a
 * splat or placeholder are left out: the presets write none.
 */
export function parseRedirectsFile(text: string): HostRedirect[] {
  const redirects: HostRedirect[] = [];
  for (const line of text.split("\n")) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from?.startsWith("/") || !to || /[*:]/.test(from)) continue;
    const code = Number(status ?? 301);
    if (code === 301 || code === 302 || code === 307 || code === 308) redirects.push({ from, to, status: code });
  }
  return redirects;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A Vercel `source` as a pattern: literal text and `(.*)` groups, the only kind the preset writes. */
function vercelSourceMatches(source: string, urlPath: string): boolean {
  const pattern = source
    .split("(.*)")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${pattern}$`).test(urlPath);
}

/**
 * Vercel sends the headers of every rule whose `source` matches, a later rule's value replacing an
 * earlier one's for the same name (https://vercel.com/docs/project-configuration#headers).
 */
function vercelHeadersFor(settings: Record<string, unknown>, urlPath: string): Map<string, string> {
  const sent = new Map<string, string>();
  const rules = Array.isArray(settings.headers) ? (settings.headers as unknown[]) : [];
  for (const rule of rules) {
    const { source, headers } = (rule ?? {}) as { source?: unknown; headers?: unknown };
    if (typeof source !== "string" || !Array.isArray(headers) || !vercelSourceMatches(source, urlPath)) continue;
    for (const header of headers as Array<{ key?: unknown; value?: unknown }>)
      if (typeof header.key === "string" && typeof header.value === "string") sent.set(header.key, header.value);
  }
  return sent;
}

function vercelRedirectsOf(settings: Record<string, unknown>): HostRedirect[] {
  const redirects = Array.isArray(settings.redirects) ? (settings.redirects as unknown[]) : [];
  return redirects.flatMap((redirect) => {
    const { source, destination, permanent } = (redirect ?? {}) as Record<string, unknown>;
    if (typeof source !== "string" || typeof destination !== "string" || /[(:*]/.test(source)) return [];
    return [{ from: source, to: destination, status: permanent === false ? 307 : 308 } as HostRedirect];
  });
}

/** Whether the host sends headers the check can read (the others' are the owner's server blocks). */
export function sendsKnownHeaders(host: HostName): boolean {
  return host === "netlify" || host === "cloudflare" || host === "vercel";
}

/** The label of the host, for messages. */
export const labelOf = (host: HostName) => hostRules[host].label;
