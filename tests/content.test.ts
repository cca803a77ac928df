import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localiseGuide } from "../src/terminal/report-error.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

const load = () => loadSiteContent(site);

async function loadError() {
  return load().then(
    () => {
      throw new Error("expected loadContent to fail");
    },
    (error: Error) => error,
  );
}

const validProject = `---
title: Tide Tables
projectType: Web Application
client: Harbour Office
languages: [TypeScript, React]
year: "04/2024"
for: Freelance
category: Web
---
Shows the tides of the week.
`;

describe("the sample content", () => {
  it("has every part the spec asks for", async () => {
    const content = await load();
    expect(content.services.map((service) => service.title)).toEqual([
      "Full-Stack Development",
      "Mobile App Development",
      "AI/ML Development",
      "Desktop Development",
      "Embedded Systems",
      "DevOps & Deployment",
      "UI/UX Design",
    ]);
    expect(content.projects).toHaveLength(9);
    expect(content.otherProjects).toHaveLength(11);
    expect(content.blogPosts).toHaveLength(0);
    expect(content.education.length).toBeGreaterThan(0);
    expect(content.experience.length).toBeGreaterThan(0);
    expect(content.softSkills).toHaveLength(3);
    expect(Object.fromEntries(content.skills.map((skill) => [skill.name, skill.percent]))).toEqual({
      "JavaScript/React": 90,
      "Node.js/Express": 85,
      "React Native": 88,
      "Mobile UI/UX": 82,
      "TensorFlow/PyTorch": 80,
      "Data Science": 85,
      JavaFX: 75,
      Arduino: 70,
    });
    expect(
      content.projects.some(
        (project) =>
          /general director/i.test(project.descriptionHtml) &&
          /project manager/i.test(project.descriptionHtml) &&
          /admin/i.test(project.descriptionHtml),
      ),
    ).toBe(true);
  });

  it("lists projects newest first", async () => {
    const { projects } = await load();
    const months = projects.map(({ year }) => {
      const [m, y] = year!.split("/").map(Number);
      return y! * 12 + m!;
    });
    expect(months).toEqual([...months].sort((a, b) => b - a));
  });
});

describe("content errors name the file and the field", () => {
  it("malformed front matter", async () => {
    await site.write("content/projects/broken.md", "---\ntitle: [unclosed\n---\nText\n");
    const error = await loadError();
    expect(error.name).toBe("ContentInvalid");
    expect(error.message).toContain("content/projects/broken.md");
    expect(error.message).toContain("front matter: is not valid YAML");
  });

  it("a missing title", async () => {
    await site.write("content/projects/untitled.md", validProject.replace("title: Tide Tables\n", ""));
    const error = await loadError();
    expect(error.message).toContain("content/projects/untitled.md");
    expect(error.message).toContain("title: is missing: expected a title");
  });

  it.each([
    ["ninety", 'expected a number from 0 to 100, got string "ninety"'],
    ["120", "expected a number from 0 to 100"],
    ["-5", "expected a number from 0 to 100"],
  ])("a skill percentage of %s", async (value, expected) => {
    const skills = await site.read("content/resume/skills.md");
    const edited = skills.replace(/(percent:\s*)90\b/, `$1${value}`);
    expect(edited).not.toBe(skills);
    await site.write("content/resume/skills.md", edited);
    const error = await loadError();
    expect(error.message).toContain("content/resume/skills.md");
    expect(error.message).toMatch(/skills\[\d+\]\.percent: /);
    expect(error.message).toContain(expected);
  });

  it("an unknown project category", async () => {
    await site.write("content/projects/tides.md", validProject.replace("category: Web", "category: Games"));
    const error = await loadError();
    expect(error.message).toContain("content/projects/tides.md");
    expect(error.message).toContain(
      'category: "Games" is not a known category: expected one of Mobile & Web, AI/ML, Web, Mobile, Hardware',
    );
  });

  it("an unknown blog category", async () => {
    await site.write(
      "content/blog/hello.md",
      "---\ntitle: Hello\nauthor: Maya\ndate: 2025-01-31\ncategory: Gossip\n---\nHi\n",
    );
    const error = await loadError();
    expect(error.message).toContain("content/blog/hello.md");
    expect(error.message).toContain('category: "Gossip" is not a known category');
  });

  it("a date in the wrong format", async () => {
    await site.write("content/projects/tides.md", validProject.replace('year: "04/2024"', 'year: "2024-04"'));
    const error = await loadError();
    expect(error.message).toContain("year: expected a date as MM/YYYY");
  });

  it("a misspelt field", async () => {
    await site.write("content/projects/tides.md", validProject.replace("client:", "cliente:"));
    const error = await loadError();
    expect(error.message).toContain("content/projects/tides.md");
    expect(error.message).toContain("cliente: is not a known field");
  });

  it.each([
    ["a project", "content/projects/tides.md", validProject.replace("client:", "clinet:"), "clinet", "client"],
    [
      "a résumé entry",
      "content/resume/certificates.md",
      "---\ncertificates:\n  - { name: CKA, issuer: CNCF, dtae: 2022 }\n---\n",
      "certificates[0].dtae",
      "date",
    ],
    ["a page", "content/about.md", "---\ntitel: About\n---\nHello.\n", "titel", "title"],
  ])("a misspelt field of %s, answered with the nearest known one", async (_kind, file, text, field, meant) => {
    await site.write(file, text);
    const error = await loadError();
    expect(error.message).toContain(`${file} is not valid:`);
    expect(error.message).toContain(`  - ${field}: is not a known field: did you mean \`${meant}\`?`);
  });

  it("with a hint naming the guide's page on content, as it is from the site", async () => {
    await site.write("content/projects/tides.md", validProject.replace("year:", "yaer:"));
    const error = (await loadError()) as Error & { hint?: string };
    expect(error.name).toBe("ContentInvalid");
    expect(error.hint).toBe("Field formats are described in node_modules/portfolio-ssg/docs/content.md.");
    const hint = localiseGuide(error.hint ?? "", site.root);
    const guide = /^Field formats are described in (.+)\.$/.exec(hint)?.[1];
    expect(guide, error.hint).toBeDefined();
    expect(existsSync(path.resolve(site.root, guide!)), guide).toBe(true);
    expect(await readFile(path.resolve(site.root, guide!), "utf8")).toMatch(/^# Content guide/);
  });

  it("a field far from every known one, with no suggestion", async () => {
    await site.write("content/projects/tides.md", validProject.replace("client:", "favouriteSandwich:"));
    const error = await loadError();
    expect(error.message).toContain("favouriteSandwich: is not a known field: remove it, or check its spelling");
  });

  it("reports every broken file at once", async () => {
    await site.write("content/projects/a.md", validProject.replace("title: Tide Tables\n", ""));
    await site.write("content/projects/b.md", validProject.replace("category: Web", "category: Games"));
    const error = await loadError();
    expect(error.message).toContain("content/projects/a.md");
    expect(error.message).toContain("content/projects/b.md");
  });
});

describe("blog posts", () => {
  it("a post dropped into content/blog is loaded and its markdown made safe", async () => {
    await site.write(
      "content/blog/first-post.md",
      "---\ntitle: Shipping small\nauthor: Maya Okafor\ndate: 2025-02-03\ncategory: Programming\n---\n**Small** releases win.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1))\n",
    );
    const { blogPosts } = await load();
    expect(blogPosts).toHaveLength(1);
    expect(blogPosts[0]).toMatchObject({
      slug: "first-post",
      title: "Shipping small",
      date: "2025-02-03",
      category: "Programming",
    });
    expect(blogPosts[0]!.contentHtml).toContain("<strong>Small</strong>");
    expect(blogPosts[0]!.contentHtml).not.toContain("<script");
    expect(blogPosts[0]!.contentHtml).not.toContain("javascript:");
  });
});
