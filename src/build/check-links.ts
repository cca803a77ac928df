import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PortfolioError } from "../errors.js";
import { listFiles } from "./list-files.js";

const origin = "http://site.invalid";

/**
 * Reads every page, stylesheet and script in the written site and checks that each reference to
 * the site itself (links, assets, chunks, the CV) resolves to a file. Throws one error listing every
 * broken reference, so the build fails before the new output replaces the old.
 */
export async function checkLinks(siteDir: string, base: string): Promise<void> {
  const files = await listFiles(siteDir);
  const broken: string[] = [];
  for (const file of files.filter((name) => /\.(html|css|js)$/.test(name))) {
    const text = await readFile(path.join(siteDir, file), "utf8");
    const pageUrl = new URL(base + urlPathOf(file), origin);
    for (const reference of referencesIn(file, text)) {
      const problem = checkReference(siteDir, base, pageUrl, reference);
      if (problem) broken.push(`${file}: ${reference} (${problem})`);
    }
  }
  if (broken.length > 0) {
    const unique = [...new Set(broken)];
    throw new PortfolioError("BrokenLinks", `The built site has ${unique.length} broken reference${unique.length === 1 ? "" : "s"}:\n${unique.map((line) => `  - ${line}`).join("\n")}`, {
      hint: "Put the missing files into public/, or correct the paths in content/ or the config.",
    });
  }
}

/** The URL path a file is served at: `works/index.html` at `works/`, `works.html` at `works`. */
function urlPathOf(file: string): string {
  if (file === "index.html") return "";
  if (file.endsWith("/index.html")) return file.slice(0, -"index.html".length);
  return file.endsWith(".html") ? file.slice(0, -".html".length) : file;
}

function referencesIn(file: string, text: string): string[] {
  if (file.endsWith(".css")) return [...text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((match) => match[1]!);
  if (file.endsWith(".js")) return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!);
  // Islands carry HTML in their props (project descriptions, blog posts): check the links in it too.
  const islandHtml = [...text.matchAll(/<script type="application\/json" data-island-props="[^"]*">(.*?)<\/script>/g)]
    .flatMap((match) => stringsIn(JSON.parse(match[1]!)))
    .filter((value) => value.includes("<"))
    .flatMap((html) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((found) => decodeEntities(found[1]!)));
  const attributes = [...text.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
  const sourceSets = [...text.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((match) =>
    decodeEntities(match[1]!).split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!));
  const speculation = [...text.matchAll(/<script type="speculationrules">(.*?)<\/script>/g)].flatMap((match) =>
    (JSON.parse(match[1]!) as { prefetch?: Array<{ urls?: string[] }> }).prefetch?.flatMap((rule) => rule.urls ?? []) ?? []);
  return [...attributes, ...sourceSets, ...speculation, ...islandHtml];
}

function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

function checkReference(siteDir: string, base: string, pageUrl: URL, reference: string): string | undefined {
  if (!reference || reference.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith("//")) return undefined;
  const url = new URL(reference, pageUrl);
  if (url.origin !== origin) return undefined;
  if (!url.pathname.startsWith(base)) return `outside the base path ${base}`;
  const sitePath = decodeURIComponent(url.pathname.slice(base.length));
  const candidates = sitePath === "" || sitePath.endsWith("/")
    ? [`${sitePath}index.html`]
    : [sitePath, `${sitePath}.html`];
  return candidates.some((candidate) => existsSync(path.join(siteDir, candidate))) ? undefined : "no such file";
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}
