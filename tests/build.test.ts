import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
let result: BuildResult;
const page = (file: string) => readFile(path.join(result.outDir, file), "utf8");

beforeAll(async () => {
  site = await copySampleSite();
  result = await buildSite({ cwd: site.root, env: {} });
});
afterAll(async () => {
  await site.remove();
});

describe("the built site", () => {
  it("writes every route as one real file named as its address, so static hosts need no rewrite rule", async () => {
    for (const file of [
      "index.html",
      "about.html",
      "resume.html",
      "works.html",
      "blogs.html",
      "contact.html",
      "404.html",
    ]) {
      expect(existsSync(path.join(result.outDir, file)), file).toBe(true);
    }
    // No second copy of a page without a folder of its name: /about/ is sent to /about by the hosts or the 404 page.
    for (const folder of ["about", "resume", "blogs", "contact"])
      expect(existsSync(path.join(result.outDir, folder, "index.html")), folder).toBe(false);
    // works/ holds the projects' pages: http-server sends /works there, and GitHub Pages answers /works/ from it.
    expect(await page("works/index.html")).toBe(await page("works.html"));
    // Nor compressed copies, which GitHub Pages, Netlify and Cloudflare Pages make on their own.
    const written = await readdir(result.outDir, { recursive: true });
    expect(written.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
  });

  it("gives each page its own title, description and language", async () => {
    const titles = new Set<string>();
    for (const file of ["index.html", "resume.html", "works.html", "blogs.html", "contact.html"]) {
      const html = await page(file);
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      const title = html.match(/<title>(.*?)<\/title>/)?.[1];
      expect(title).toMatch(/\| Maya Okafor$/);
      titles.add(title!);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
    }
    expect(titles.size).toBe(5);
  });

  it("shows the sidebar on every page", async () => {
    for (const file of ["index.html", "resume.html", "works.html", "blogs.html", "contact.html", "404.html"]) {
      const html = await page(file);
      expect(html).toContain('alt="Maya Okafor"');
      expect(html).toContain("Full-Stack Developer");
      expect(html).toContain('href="mailto:hello@maya-okafor.example"');
      expect(html).toContain('href="tel:+351912345678"');
      expect(html).toContain("Lisbon, Portugal");
      for (const label of ["GitHub", "LinkedIn", "WhatsApp", "Instagram"])
        expect(html).toContain(`aria-label="${label}"`);
      expect(html).toMatch(/<a class="cv-button" href="\/cv\/maya-okafor-cv\.pdf" download="Maya-Okafor-CV\.pdf"/);
      expect(html).toContain('data-theme-toggle="true"');
    }
  });

  it("has a menu with About, Resume, Projects and Contact only, marking the current page", async () => {
    const html = await page("resume.html");
    const menu = html.match(/<nav class="navbar"[\s\S]*?<\/nav>/)![0];
    expect([...menu.matchAll(/class="navbar-link"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual([
      "About",
      "Resume",
      "Projects",
      "Contact",
    ]);
    expect(menu).toContain('href="/resume" aria-current="page"');
    expect(menu).not.toContain("/blogs");
  });

  it("About: the bio and the seven What I Do cards", async () => {
    const html = await page("index.html");
    expect(html).toContain("About me");
    expect(html).toContain("What I Do");
    expect(html.match(/class="service-item tone-/g)).toHaveLength(7);
    expect(html).toContain("DevOps &amp; Deployment");
  });

  it("Resume: education, experience, grouped skill bars with their percentages and soft skills", async () => {
    const html = await page("resume.html");
    for (const heading of ["Education", "Experience", "Technical skills", "Soft skills"])
      expect(html).toContain(`>${heading}</h2>`);
    const groups = [...html.matchAll(/class="h4 skill-group-title">([^<]+)</g)].map((match) => match[1]);
    expect(groups).toEqual(["Web", "Mobile", "AI/ML", "Desktop", "Embedded"]);
    expect(html).toMatch(/JavaScript\/React<\/span><data value="90">90%<\/data>/);
    expect(html).toMatch(/Arduino<\/span><data value="70">70%<\/data>/);
    expect(html.match(/class="soft-skill-group content-card"/g)).toHaveLength(3);
  });

  it("Projects: filter, nine cards, other projects and the code-hosting link", async () => {
    const html = await page("works.html");
    const filters = [...html.matchAll(/class="filter-button" aria-pressed="(true|false)">([^<]+)</g)].map((match) => [
      match[2],
      match[1],
    ]);
    expect(filters).toEqual([
      ["All", "true"],
      ["Mobile &amp; Web", "false"],
      ["AI/ML", "false"],
      ["Web", "false"],
      ["Mobile", "false"],
      ["Hardware", "false"],
    ]);
    expect(html.match(/class="project-card"/g)).toHaveLength(9);
    expect(html.match(/class="project-year">\d{2}\/\d{4}</g)).toHaveLength(9);
    expect(html).toContain("image-placeholder");
    expect(html).toContain(">Other Projects</h2>");
    expect(html.match(/class="other-project content-card"/g)).toHaveLength(11);
    expect(html).toMatch(/class="projects-footer-link"[^>]*>.*See more of my work on GitHub/s);
    expect(html).toContain('href="https://github.com/maya-okafor-sample"');
  });

  it("Blogs: the category buttons and the empty message", async () => {
    const html = await page("blogs.html");
    const filters = [...html.matchAll(/class="filter-button" aria-pressed="(?:true|false)">([^<]+)</g)].map(
      (match) => match[1],
    );
    expect(filters).toEqual(["All", "Programming", "AI", "Design", "Other"]);
    expect(html).toContain("No blogs in the selected category.");
  });

  it("Contact: the form with the spec's field names, all required, e-mail typed", async () => {
    const html = await page("contact.html");
    expect(html).toContain(">Contact Us</h2>");
    const inputs = [...html.matchAll(/<(?:input|textarea)\b[^>]*>/g)].map((match) => match[0]);
    const field = (name: string) => inputs.find((tag) => tag.includes(` name="${name}"`));
    for (const name of ["to_name", "from_name", "subject", "message"])
      expect(field(name), name).toMatch(/ required=""/);
    expect(field("to_name")).toContain('type="text"');
    expect(field("from_name")).toContain('type="email"');
    expect(field("message")).toMatch(/^<textarea/);
    // The four fields, and the honeypot: out of reach, hidden from assistive technology, never autofilled, no name
    // (so EmailJS's request is what it always was).
    expect(inputs).toHaveLength(5);
    const trap = inputs.find((tag) => tag.includes('id="contact-trap"'))!;
    expect(trap).toMatch(/ tabindex="-1"/i);
    expect(trap).toMatch(/ autocomplete="off"/i);
    expect(trap).not.toContain(" name=");
    expect(html).toMatch(/<div class="visually-hidden" aria-hidden="true"><input id="contact-trap"/);
    expect(html).toMatch(/<button class="form-btn" type="submit">.*<span>Submit<\/span><\/button>/s);
    expect(html).toContain('action="mailto:hello@maya-okafor.example"');
  });

  it("404.html shows About under a notice, marks no menu link current, and is kept out of search engines", async () => {
    const html = await page("404.html");
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain("What I Do");
    expect(html).toContain("<title>Page not found | Maya Okafor</title>");
    expect(html).toMatch(/<h1 id="not-found-title"[^>]*>Page not found<\/h1>/);
    for (const [href, text] of [
      ["/search", "Search"],
      ["/blogs", "all posts"],
      ["/works", "all projects"],
    ])
      expect(html).toContain(`<a href="${href}">${text}</a>`);
    expect(html).not.toContain("aria-current");
    expect(await page("index.html")).not.toContain("noindex");
  });

  it("copies public/ as is and writes the CSS under a content-hashed name", async () => {
    expect(existsSync(path.join(result.outDir, "cv", "maya-okafor-cv.pdf"))).toBe(true);
    expect(existsSync(path.join(result.outDir, "favicon.svg"))).toBe(true);
    const assets = await readdir(path.join(result.outDir, "assets"));
    expect(assets.some((file) => /^site-[A-Z0-9]{8}\.css$/.test(file))).toBe(true);
    const html = await page("index.html");
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site-[A-Z0-9]{8}\.css">/);
  });

  it("refers to no other host but in links the visitor follows", async () => {
    for (const file of ["index.html", "resume.html", "works.html", "blogs.html", "contact.html"]) {
      const html = await page(file);
      const loaded = [...html.matchAll(/<(?:link|script|img)\b[^>]*?\b(?:href|src)="([^"]+)"/g)]
        .filter((match) => !match[0].includes('rel="canonical"'))
        .map((match) => match[1]!);
      expect(
        loaded.filter((url) => /^(https?:)?\/\//.test(url)),
        file,
      ).toEqual([]);
    }
  });

  it("reports every route's sizes", () => {
    expect(result.routes.map((route) => route.url)).toEqual([
      "/",
      "/about",
      "/resume",
      "/works",
      "/blogs",
      "/contact",
      "/works/*",
      "/search",
      "(404)",
    ]);
    expect(result.routes.find((route) => route.url === "/works/*")?.pages).toBe(9);
    for (const route of result.routes) {
      expect(route.html.raw).toBeGreaterThan(route.html.gzip);
      expect(route.css.gzip).toBeGreaterThan(0);
      expect(route.js.gzip).toBeGreaterThan(0);
    }
  });
});

describe("a build without site.url", () => {
  it("leaves out what needs absolute addresses: canonical links, og:url, share images and the sitemap", async () => {
    const copy = await copySampleSite();
    try {
      const config = await copy.read("portfolio.config.ts");
      await copy.write("portfolio.config.ts", config.replace(/\s*url: "https:\/\/maya-okafor\.example",/, ""));
      const built = await buildSite({ cwd: copy.root, env: {} });
      const html = await readFile(path.join(built.outDir, "works.html"), "utf8");
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain("og:url");
      expect(html).not.toContain("og:image");
      expect(html).toContain('<meta property="og:title" content="Projects | Maya Okafor">');
      expect(existsSync(path.join(built.outDir, "sitemap.xml"))).toBe(false);
      expect(await readFile(path.join(built.outDir, "robots.txt"), "utf8")).toBe("User-agent: *\nAllow: /\n");
    } finally {
      await copy.remove();
    }
  });
});

describe("a build without EmailJS settings", () => {
  it("warns once and offers the owner's address instead of the form", async () => {
    const copy = await copySampleSite();
    try {
      const config = await copy.read("portfolio.config.ts");
      await copy.write("portfolio.config.ts", config.replace(/emailjs: \{[^}]*\},/, ""));
      const built = await buildSite({ cwd: copy.root, env: {} });
      expect(built.warnings).toHaveLength(1);
      expect(built.warnings[0]).toContain("No EmailJS settings");
      const html = await readFile(path.join(built.outDir, "contact.html"), "utf8");
      expect(html).not.toContain("<form");
      expect(html).toContain('href="mailto:hello@maya-okafor.example"');
    } finally {
      await copy.remove();
    }
  });
});

describe("the owner's own CSS, templates/site.css", () => {
  it("comes after portfolio's stylesheet, keeps its site paths, and changes the stylesheet's name", async () => {
    const copy = await copySampleSite();
    try {
      const plain = await buildSite({ cwd: copy.root, env: {} });
      await copy.write(
        "templates/site.css",
        ".sidebar { background-image: url(/images/avatar.svg); }\nbody { --accent: hsl(200 80% 40%); }\n",
      );
      const styled = await buildSite({ cwd: copy.root, env: {} });
      expect(styled.stylesheet).not.toBe(plain.stylesheet);
      const css = await readFile(path.join(styled.outDir, styled.stylesheet), "utf8");
      expect(css).toMatch(
        /\.sidebar\{background-image:url\(\/images\/avatar\.svg\)\}body\{--accent: hsl\(200 80% 40%\)\}\s*$/,
      );
      await copy.write("templates/site.css", ".x { background: url(/images/none.png); }\n");
      const broken = await buildSite({ cwd: copy.root, env: {} }).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(broken?.message).toContain("(no such file)");
      expect(broken?.message).toContain("/images/none.png");
    } finally {
      await copy.remove();
    }
  });

  it("may not ask another host for anything", async () => {
    const copy = await copySampleSite();
    try {
      await copy.write("templates/site.css", '@import url("https://fonts.example.com/inter.css");\n');
      const error = await buildSite({ cwd: copy.root, env: {} }).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.name).toBe("TemplateInvalid");
      expect(error?.message).toContain(
        "templates/site.css: refers to https://fonts.example.com/inter.css, on another host",
      );
    } finally {
      await copy.remove();
    }
  });
});
