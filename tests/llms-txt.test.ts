import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { aiCrawlers, robotsTxt } from "../src/render/robots-txt.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/** An llms.txt read as llmstxt.org lays it out. */
interface LlmsTxt {
  title: string;
  summary: string;
  /** Free Markdown between the summary and the first H2 (no headings). */
  details: string;
  sections: Array<{ title: string; links: Array<{ name: string; url: string; notes: string | undefined }> }>;
}

/**
 * Parses an llms.txt by the format of https://llmstxt.org: an H1 with the name (the only required
 * part), a blockquote summary, Markdown without headings, then H2 sections each holding a list of
 * `- [name](url)` links, each optionally followed by `: notes`. Throws on anything else.
 */
function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split("\n");
  const title = lines.shift()!.match(/^# (\S.*)$/)?.[1];
  if (!title) throw new Error(`the first line is not an H1: ${text.slice(0, 80)}`);
  while (lines[0] === "") lines.shift();
  const summary = lines[0]?.match(/^> (\S.*)$/)?.[1];
  if (!summary) throw new Error("no blockquote summary after the H1");
  lines.shift();
  const details: string[] = [];
  while (lines.length && !lines[0]!.startsWith("## ")) {
    const next = lines.shift()!;
    if (next.startsWith("#")) throw new Error(`a heading other than an H2 before the sections: ${next}`);
    details.push(next);
  }
  const sections: LlmsTxt["sections"] = [];
  for (const next of lines) {
    if (next === "") continue;
    const heading = next.match(/^## (\S.*)$/)?.[1];
    if (heading) {
      sections.push({ title: heading, links: [] });
      continue;
    }
    const link = next.match(/^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/);
    if (!link || !sections.length) throw new Error(`not a link of a section's list: ${next}`);
    sections.at(-1)!.links.push({ name: link[1]!, url: link[2]!, notes: link[3] });
  }
  return { title, summary, details: details.join("\n").trim(), sections };
}

/** The built file a link of the site points at. */
function builtFile(outDir: string, url: string): string {
  const sitePath = decodeURIComponent(new URL(url, "https://any.example").pathname).replace(/^\//, "");
  const candidates = [sitePath, `${sitePath}.html`, path.join(sitePath, "index.html")];
  return (
    candidates
      .map((candidate) => path.join(outDir, candidate))
      .find((file) => existsSync(file) && !file.endsWith("/")) ?? sitePath
  );
}

describe("llms.txt", () => {
  const built: Record<string, { site: SiteCopy; build: BuildResult }> = {};
  beforeAll(async () => {
    for (const fixture of ["sample", "bilingual"]) {
      const site = await copySampleSite({ warmCache: true, fixture: fixture === "sample" ? undefined : fixture });
      built[fixture] = { site, build: await buildSite({ cwd: site.root, env: {} }) };
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(built).map(({ site }) => site.remove()));
  });
  const read = (fixture: string, file: string) => readFile(path.join(built[fixture]!.build.outDir, file), "utf8");

  it("of the sample names the owner, what they do, and links to each page, project and post with a line each", async () => {
    const llms = parseLlmsTxt(await read("sample", "llms.txt"));
    const { config } = built.sample!.build;
    expect(llms.title).toBe("Maya Okafor");
    expect(llms.summary).toContain("Full-Stack Developer");
    expect(llms.details).toContain("full-stack developer based in Lisbon");
    // The sample has no posts: no empty section for them.
    expect(llms.sections.map((section) => section.title)).toEqual(["Pages", "Projects", "Optional"]);
    const [pages, projects] = llms.sections;
    expect(pages!.links.map((link) => link.name)).toEqual(expect.arrayContaining(["About", "Resume", "Projects"]));
    expect(projects!.links.map((link) => link.name)).toEqual(expect.arrayContaining(["SiteLog", "FleetWise"]));
    for (const link of llms.sections.flatMap((section) => section.links)) {
      expect(link.url.startsWith(`${config.site.url}/`), link.url).toBe(true);
      expect(existsSync(builtFile(built.sample!.build.outDir, link.url)), link.url).toBe(true);
    }
    for (const link of [...pages!.links, ...projects!.links]) expect(link.notes, link.name).toBeTruthy();
  });

  it("of the bilingual fixture is written for each language, each following the format and naming the other", async () => {
    const english = parseLlmsTxt(await read("bilingual", "llms.txt"));
    const portuguese = parseLlmsTxt(await read("bilingual", "pt/llms.txt"));
    expect(english.title).toBe("Inês Carvalho");
    expect(portuguese.title).toBe("Inês Carvalho");
    expect(portuguese.summary).not.toBe(english.summary);
    for (const llms of [english, portuguese])
      expect(llms.sections.map((section) => section.title)).toEqual(["Pages", "Projects", "Posts", "Optional"]);
    const optional = (llms: LlmsTxt) => llms.sections.find((section) => section.title === "Optional")!.links;
    expect(optional(english).map((link) => new URL(link.url).pathname)).toEqual(["/llms-full.txt", "/pt/llms.txt"]);
    expect(optional(portuguese).map((link) => new URL(link.url).pathname)).toEqual(["/pt/llms-full.txt", "/llms.txt"]);
    for (const llms of [english, portuguese])
      for (const link of llms.sections.flatMap((section) => section.links))
        expect(existsSync(builtFile(built.bilingual!.build.outDir, link.url)), link.url).toBe(true);
  });

  it("llms-full.txt holds the text of the pages, each under its title with its address", async () => {
    const full = await read("sample", "llms-full.txt");
    const llms = parseLlmsTxt(await read("sample", "llms.txt"));
    expect(full.startsWith("# Maya Okafor\n\n> ")).toBe(true);
    for (const link of llms.sections.find((section) => section.title === "Projects")!.links)
      expect(full).toContain(`## ${link.name}\n\n${link.url}\n\n`);
    expect(full).toContain("I'm a full-stack developer based in Lisbon");
    expect(full).not.toMatch(/<\/?(p|a|h\d|li)\b/);
  });
});

describe("robots.txt and AI crawlers", () => {
  it("leaves every crawler the site by default, as before", () => {
    expect(robotsTxt("allow", "https://ada.dev/sitemap.xml")).toBe(
      "User-agent: *\nAllow: /\nSitemap: https://ada.dev/sitemap.xml\n",
    );
  });

  it('with ai: "disallow" turns the known AI crawlers away by name and says so in a Content-Signal line', () => {
    const robots = robotsTxt("disallow", "https://ada.dev/sitemap.xml");
    const groups = robots.trim().split("\n\n");
    expect(groups[0]).toBe("User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nAllow: /");
    expect(groups[1]).toBe(`${aiCrawlers.map((agent) => `User-agent: ${agent}`).join("\n")}\nDisallow: /`);
    expect(groups[2]).toBe("Sitemap: https://ada.dev/sitemap.xml");
    expect(aiCrawlers).toEqual(expect.arrayContaining(["GPTBot", "ClaudeBot", "Google-Extended", "CCBot"]));
  });

  it('a site with ai: "disallow" writes that robots.txt and no llms.txt', async () => {
    const site = await copySampleSite({ warmCache: true });
    try {
      const config = await site.read("portfolio.config.ts");
      await site.write(
        "portfolio.config.ts",
        config.replace("  emailjs: {", '  robots: { ai: "disallow" },\n  emailjs: {'),
      );
      const build = await buildSite({ cwd: site.root, env: {} });
      const robots = await readFile(path.join(build.outDir, "robots.txt"), "utf8");
      expect(robots).toContain("User-agent: GPTBot\n");
      expect(robots).toContain("Content-Signal: search=yes, ai-input=no, ai-train=no\n");
      expect(existsSync(path.join(build.outDir, "llms.txt"))).toBe(false);
      expect(existsSync(path.join(build.outDir, "llms-full.txt"))).toBe(false);
    } finally {
      await site.remove();
    }
  });
});
