// `theme.layout`: the page's arrangement, a set of components and styles chosen by name. The
// default builds as before; an unknown name is the config's error; the owner's overrides still win.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { layoutNames } from "../src/config/layout-names.js";
import { layouts } from "../src/layouts/layouts.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy, withLayout } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
  // A post, so the feeds' dates are the post's and not the clock's: two builds then match byte for byte.
  await site.write(
    "content/blog/first.md",
    "---\ntitle: First\ndate: 2025-01-02\ncategory: Other\nauthor: Maya Okafor\n---\n\nHello.\n",
  );
});
afterEach(async () => {
  await site.remove();
});

const dist = (file = "") => path.join(site.root, "dist", file);
const setLayout = async (layout: string) =>
  site.write("portfolio.config.ts", withLayout(await site.read("portfolio.config.ts"), layout));
const stylesheetOf = async () => {
  const file = (await readdir(dist("assets"))).find((name) => /^site-\w+\.css$/.test(name))!;
  return readFile(dist(`assets/${file}`), "utf8");
};

describe("theme.layout", () => {
  it('"sidebar", the default, builds every file byte for byte as a config without it, with no layout\'s rules', async () => {
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    const css = await stylesheetOf();
    for (const name of layoutNames) expect(css).not.toContain(`.page-${name}`);
    const without = await fingerprint(dist());
    await setLayout("sidebar");
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    expect(await fingerprint(dist())).toBe(without);
  }, 120_000);

  it("refuses an unknown layout through the config's error, listing the layouts, and leaves the previous output", async () => {
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    const before = await fingerprint(dist());
    await setLayout("grid");
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("ConfigInvalid: portfolio.config.ts is not valid");
    expect(run.stderr).toContain('theme.layout: expected one of "sidebar", "column", "wide", got "grid"');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(dist())).toBe(before);
  }, 120_000);

  it.each(layoutNames.filter((name) => name !== "sidebar"))(
    '"%s" frames every page with its own components and adds its stylesheet after the engine\'s',
    async (name) => {
      await setLayout(name);
      const run = await portfolioInProcess(site.root, ["build"]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      for (const page of ["about.html", "works.html", "blogs/first.html", "search.html", "404.html"])
        expect(await readFile(dist(page), "utf8"), page).toContain(`<div class="page page-${name}">`);
      const css = await stylesheetOf();
      expect(css).toContain(`.page-${name}`);
      // After site.css's own rules (its print rules are its last).
      expect(css.indexOf(`.page-${name}`)).toBeGreaterThan(css.indexOf(".sidebar-more::details-content"));
      expect(layouts[name].stylesheets.length).toBeGreaterThan(0);
    },
    120_000,
  );

  it.each(layoutNames.filter((name) => name !== "sidebar"))(
    '"%s" offers the other language from every page of a site in two, in its header',
    async (name) => {
      const bilingual = await copySampleSite({ fixture: "bilingual" });
      try {
        const config = await bilingual.read("portfolio.config.ts");
        await bilingual.write("portfolio.config.ts", withLayout(config, name));
        const run = await portfolioInProcess(bilingual.root, ["build"]);

        expect(run.code).toBe(0);
        const header = (html: string) =>
          html.match(
            name === "column"
              ? /<div class="column-head">[\s\S]*?<\/header><\/div>/
              : /<header class="wide-bar">[\s\S]*?<\/header>/,
          )![0];
        const english = await readFile(path.join(bilingual.root, "dist", "resume.html"), "utf8");
        const portuguese = await readFile(path.join(bilingual.root, "dist", "pt", "resume.html"), "utf8");
        expect(header(english)).toMatch(/<nav class="language-menu"[^>]*>.*href="\/pt\/resume" hrefLang="pt"/);
        expect(header(portuguese)).toMatch(/<nav class="language-menu"[^>]*>.*href="\/resume" hrefLang="en"/);
      } finally {
        await bilingual.remove();
      }
    },
    180_000,
  );

  it('"wide" shows the owner\'s name and job title once in its hero, and the description only when the owner wrote one', async () => {
    await setLayout("wide");
    const config = await site.read("portfolio.config.ts");
    const withoutDescription = config.replace(/\n\s*description:\s*\n?\s*"[^"]*",/, "");
    expect(withoutDescription).not.toBe(config);
    await site.write("portfolio.config.ts", withoutDescription);
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    const hero = (await readFile(dist("about.html"), "utf8")).match(/<section class="hero"[\s\S]*?<\/section>/)![0];
    const text = hero.replace(/<[^>]+>/g, " ");
    expect(text.match(/Maya Okafor/g)).toHaveLength(1);
    expect(text.match(/Full-Stack Developer/g)).toHaveLength(1);
    expect(hero).not.toContain("hero-lead");
    // The sample's own description is the owner's words, and shows.
    await site.write("portfolio.config.ts", config);
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    expect(await readFile(dist("about.html"), "utf8")).toMatch(
      /<p class="hero-lead">Maya Okafor is a full-stack developer in Lisbon/,
    );
  }, 120_000);

  it("lets the owner's components/Layout.tsx win over the layout's, and the layout use the owner's Navbar", async () => {
    await setLayout("column");
    await site.write(
      "components/Navbar.tsx",
      `import { Navbar as Original, type NavbarProps } from "portfolio-ssg/components";

export function Navbar(props: NavbarProps) {
  return <div className="owners-menu"><Original {...props} /></div>;
}
`,
    );
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    const column = await readFile(dist("about.html"), "utf8");
    expect(column).toContain('<div class="page page-column">');
    expect(column).toContain('<div class="owners-menu"><nav class="navbar"');

    await site.write(
      "components/Layout.tsx",
      `import type { LayoutProps } from "portfolio-ssg/components";

export function Layout({ children }: LayoutProps) {
  return <div className="owners-frame"><main id="main">{children}</main></div>;
}
`,
    );
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const owners = await readFile(dist("about.html"), "utf8");
    expect(owners).toContain('<div class="owners-frame"><main id="main">');
    expect(owners).not.toContain("page-column");
  }, 120_000);
});
