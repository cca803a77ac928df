// The About page's sections are the owner's: ordered, hidden and added by the config's about.sections.
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

const about = () => readFile(path.join(site.root, "dist", "about.html"), "utf8");
const withSections = async (sections: string) => {
  const config = await site.read("portfolio.config.ts");
  await site.write(
    "portfolio.config.ts",
    config.replace("defineConfig({", `defineConfig({\n  about: { sections: ${sections} },`),
  );
};

describe("the About page's sections", () => {
  it("shows the owner's own section where the config puts it, and leaves out what it omits", async () => {
    await site.write("content/about/now.md", "---\ntitle: Now\n---\n\nBuilding a **bakery** forecaster.\n");
    await withSections('["now", "bio"]');
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.stderr).toBe("");
    const html = await about();
    const now = html.indexOf('<section class="about-section" aria-labelledby="about-now">');
    const bio = html.indexOf('<section class="about-text"');
    expect(now).toBeGreaterThan(0);
    expect(bio).toBeGreaterThan(now);
    expect(html).toContain('<h2 id="about-now" class="h3 service-title">Now</h2>');
    expect(html).toContain("<strong>bakery</strong>");
    expect(html).not.toContain('id="what-i-do"');
  });

  it("refuses a section that does not exist, naming the field and what it may be", async () => {
    await site.write("content/about/now.md", "---\ntitle: Now\n---\n\nText.\n");
    await withSections('["bio", "later"]');
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'about.sections[1]: "later" is no section of the About page: expected one of bio, services, now (content/about/now.md)',
    );
  });

  it("refuses an own section without a title, naming its file", async () => {
    await site.write("content/about/now.md", "Just text.\n");
    await withSections('["bio", "now"]');
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("content/about/now.md");
    expect(run.stderr).toContain("title");
  });
});
