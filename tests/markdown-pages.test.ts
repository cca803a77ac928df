import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatReport } from "../src/cli/format-report.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { addPages, usesPage } from "./fixtures/pages.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

const menuLinks = (html: string) =>
  [
    ...html
      .slice(html.indexOf('<nav class="navbar"'), html.indexOf("</nav>"))
      .matchAll(/<a class="navbar-link" href="([^"]+)"( aria-current="[^"]+")?>([^<]+)<\/a>/g),
  ].map((match) => `${match[3]} ${match[1]}${match[2] ? " (current)" : ""}`);

async function buildError(): Promise<string> {
  return buildSite({ cwd: site.root, env: {}, write: false }).then(
    () => "built without an error",
    (error: Error) => error.message,
  );
}

describe("a page written in Markdown", () => {
  it("is published at /<file name> in the site's layout, with its menu link placed by its order", async () => {
    await addPages(site);
    const built = await buildSite({ cwd: site.root, env: {} });
    const uses = await readFile(path.join(built.outDir, "uses.html"), "utf8");
    expect(existsSync(path.join(built.outDir, "uses", "index.html"))).toBe(false);
    expect(menuLinks(uses)).toEqual([
      "About /about",
      "Resume /resume",
      "Projects /works",
      "Uses /uses (current)",
      "Contact /contact",
    ]);
    expect(uses).toContain("<title>Uses | Maya Okafor</title>");
    expect(uses).toContain(
      '<meta name="description" content="The hardware, software and services I use every day to build apps.">',
    );
    expect(uses).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/uses">/);
    expect(uses).toContain('<h1 class="article-title">Uses</h1>');
    expect(uses).toContain('<h2 id="hardware">Hardware</h2>');
    expect(uses).toContain('<li>Two 27" 4K monitors</li>');
    expect(uses).toContain('<a href="/contact">write to me</a>');
    // The page's own link in every other page's menu.
    expect(menuLinks(await readFile(path.join(built.outDir, "resume.html"), "utf8"))).toContain("Uses /uses");
    const sitemap = await readFile(path.join(built.outDir, "sitemap.xml"), "utf8");
    expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/uses<\/loc>/);
    expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/colophon<\/loc>/);
  });

  it("has a row of its own in the build's size table, where only a family of pages is starred", async () => {
    await addPages(site);
    const built = await buildSite({ cwd: site.root, env: {} });
    const rows = built.routes.map((route) => `${route.url} ${route.pages}`);
    expect(rows).toContain("/uses 1");
    expect(rows).toContain("/colophon 1");
    expect(rows.filter((row) => row.includes("*"))).toEqual(["/works/* 9"]);
    const table = formatReport(built, site.root);
    expect(table).toMatch(/\n {2}\/uses {2,}[\d.]+ k?B/);
    expect(table).not.toContain("/use/*");
  });

  it("without `menu` is published but has no menu link; the sample's menu is the spec's", async () => {
    const plain = await buildSite({ cwd: site.root, env: {} });
    const sampleMenu = menuLinks(await readFile(path.join(plain.outDir, "about.html"), "utf8"));
    expect(sampleMenu).toEqual(["About /about (current)", "Resume /resume", "Projects /works", "Contact /contact"]);
    await addPages(site);
    const built = await buildSite({ cwd: site.root, env: {} });
    const colophon = await readFile(path.join(built.outDir, "colophon.html"), "utf8");
    expect(colophon).toContain('<h1 class="article-title">Colophon</h1>');
    expect(menuLinks(colophon).map((link) => link.replace(" (current)", ""))).toEqual([
      "About /about",
      "Resume /resume",
      "Projects /works",
      "Uses /uses",
      "Contact /contact",
    ]);
    // No description: the page's first words are its description.
    expect(colophon).toContain(
      '<meta name="description" content="This site is built with portfolio, from Markdown files in a Git repository.">',
    );
  });

  it("keeps its links and menu under a base path", async () => {
    await addPages(site);
    const built = await buildSite({ cwd: site.root, env: {}, base: "/portfolio/" });
    const uses = await readFile(path.join(built.outDir, "uses.html"), "utf8");
    expect(menuLinks(uses)).toContain("Uses /portfolio/uses (current)");
    expect(uses).toContain('<a href="/portfolio/contact">write to me</a>');
  });

  it("menu order: lower goes first, and a page without an order goes last", async () => {
    await site.write(
      "content/pages/now.md",
      "---\ntitle: Now\nmenu:\n  label: Now\n  order: 5\n---\nWhat I am doing now.\n",
    );
    await site.write("content/pages/links.md", "---\ntitle: Links\nmenu:\n  label: Links\n---\nSites I like.\n");
    const built = await buildSite({ cwd: site.root, env: {} });
    expect(
      menuLinks(await readFile(path.join(built.outDir, "now.html"), "utf8")).map((link) => link.split(" ")[0]),
    ).toEqual(["Now", "About", "Resume", "Projects", "Contact", "Links"]);
  });

  it.each([
    ["works", "the site's /works pages"],
    ["resume", "the site's /resume pages"],
    ["blogs", "the site's /blogs pages"],
    ["about", "the site's /about pages"],
    ["assets", "a file the build writes (assets)"],
    ["feed.xml", "a file the build writes (feed.xml)"],
    ["resume.json", "a file the build writes (resume.json)"],
    ["index", "a file the build writes (index)"],
    ["404", "the site's /404 pages"],
    ["Contact", "the site's /contact pages"],
  ])("whose address /%s the site already uses is refused, naming the file", async (slug, what) => {
    await site.write(`content/pages/${slug}.md`, usesPage);
    const message = await buildError();
    expect(message).toContain(`content/pages/${slug}.md is not valid:`);
    expect(message).toContain(
      `file name: "${slug}.md" would be published at /${slug}, which ${what} already uses: rename the file`,
    );
  });

  it("whose address a file of public/ has is refused, and so are two pages that differ only in case", async () => {
    await site.write("public/uses.html", "<!doctype html><title>Uses</title><p>Old page</p>");
    await site.write("content/pages/uses.md", usesPage);
    expect(await buildError()).toContain(
      '"uses.md" would be published at /uses, which the file uses.html of the site already uses',
    );
    await site.remove();
    site = await copySampleSite();
    await site.write("content/pages/now.md", "---\ntitle: Now\n---\nNow.\n");
    await site.write("content/pages/Now.md", "---\ntitle: Now\n---\nNow.\n");
    expect(await buildError()).toMatch(/"(now|Now)\.md" and content\/pages\/(now|Now)\.md would share the address/);
  });

  it("may share its name with a folder of public/ that holds its pictures", async () => {
    await site.write("content/pages/uses.md", usesPage);
    await site.write("public/uses/notes.txt", "Desk notes");
    expect(await buildError()).toBe("built without an error");
  });

  it("with front matter the schema refuses names the file and the field", async () => {
    await site.write("content/pages/uses.md", "---\ntitle: Uses\nmenu:\n  label: Uses\n  order: soon\n---\nText.\n");
    await site.write("content/pages/now.md", "---\nheading: Now\n---\nText.\n");
    const message = await buildError();
    expect(message).toContain("content/pages/uses.md is not valid:");
    expect(message).toContain(
      'menu.order: expected a number that places the link among About (10), Resume (20), Projects (30) and Contact (40), got string "soon"',
    );
    expect(message).toContain("content/pages/now.md is not valid:");
    expect(message).toMatch(/title: is missing/);
  });
});
