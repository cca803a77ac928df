// The config's `menu`: the owner's pages in the owner's order, Blogs and Markdown pages included.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

const built = (file: string) => readFile(path.join(site.root, "dist", file), "utf8");
const menuOf = (html: string) =>
  [
    ...html
      .match(/<nav class="navbar"[\s\S]*?<\/nav>/)![0]
      .matchAll(/<a class="navbar-link" href="([^"]+)"[^>]*>([^<]+)<\/a>/g),
  ].map((match) => `${match[2]} ${match[1]}`);
const withMenu = async (menu: string) => {
  const config = await site.read("portfolio.config.ts");
  await site.write("portfolio.config.ts", config.replace("defineConfig({", `defineConfig({\n  menu: ${menu},`));
};

describe("the config's menu", () => {
  it("without it, the menu is the spec's", async () => {
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    expect(menuOf(await built("about.html"))).toEqual([
      "About /about",
      "Resume /resume",
      "Projects /works",
      "Contact /contact",
    ]);
  });

  it("lists Blogs and a Markdown page in the owner's order, on every page, marking the current one", async () => {
    await site.write(
      "content/pages/uses.md",
      "---\ntitle: What I use\ndescription: My desk and tools.\n---\n\nA keyboard.\n",
    );
    await site.write(
      "content/blog/first.md",
      "---\ntitle: First\ndate: 2025-01-02\ncategory: Other\nauthor: Maya Okafor\n---\n\nHello.\n",
    );
    await withMenu('["about", "projects", "blogs", "uses", "resume", "contact"]');
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.stderr).toBe("");
    const expected = [
      "About /about",
      "Projects /works",
      "Blogs /blogs",
      "What I use /uses",
      "Resume /resume",
      "Contact /contact",
    ];
    for (const page of ["about.html", "blogs.html", "blogs/first.html", "uses.html", "contact.html"])
      expect(menuOf(await built(page)), page).toEqual(expected);
    expect(await built("blogs.html")).toMatch(/href="\/blogs" aria-current="page">Blogs/);
    expect(await built("blogs/first.html")).toMatch(/href="\/blogs" aria-current="true">Blogs/);
  });

  it("refuses a name that is no page, naming the field and what it may be", async () => {
    await withMenu('["about", "blog"]');
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'menu[1]: "blog" is no page of the site: expected one of about, resume, projects, blogs, contact, search',
    );
  });
});
