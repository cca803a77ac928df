// The owner's own fields (issue 51): declared once in the config's `fields` with `field`, written in
// any content file of that folder, checked with the engine's messages, and given to every view of the
// item under `fields`; a site without them builds as before.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { startDevServer } from "../src/dev/dev-server.js";
import { loadContent, loadContentInLanguages } from "../src/content/load-content.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";

let site: SiteCopy | undefined;

afterEach(async () => {
  await site?.remove();
  site = undefined;
});

/** The copy's config with `fields` (and anything else) added at its top. */
async function withConfig(copy: SiteCopy, addition: string): Promise<void> {
  const config = await copy.read("portfolio.config.ts");
  await copy.write(
    "portfolio.config.ts",
    config
      .replace('import { defineConfig } from "portfolio-ssg";', 'import { defineConfig, field } from "portfolio-ssg";')
      .replace("defineConfig({", `defineConfig({\n  ${addition},`),
  );
}

/** A front-matter line added after a file's opening `---`. */
async function withFrontMatter(copy: SiteCopy, file: string, lines: string): Promise<void> {
  const text = await copy.read(file);
  await copy.write(file, text.replace(/^---\n/, `---\n${lines}\n`));
}

async function contentOf(copy: SiteCopy) {
  const { config } = await loadConfig({ cwd: copy.root, env: {} });
  return loadContent({ root: copy.root, config });
}

async function problemOf(load: Promise<unknown>): Promise<string> {
  try {
    await load;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the load to fail");
}

const everyKind = `fields: {
    projects: {
      featured: field.boolean().default(false).describe("Shown first, with a badge"),
      demo: field.url().optional(),
      status: field.choice(["maintained", "archived"]).optional(),
      stars: field.number().optional(),
      launched: field.date().optional(),
      note: field.text().optional(),
      shot: field.image().optional(),
      stack: field.list("text").optional(),
      mirrors: field.list(field.url()).default(["https://mirror.example"]),
    },
  }`;

describe("owner fields", () => {
  it("reads every kind of field, with its default or left out when optional", async () => {
    site = await copySampleSite();
    await withConfig(site, everyKind);
    await withFrontMatter(
      site,
      "content/projects/fleetwise.md",
      [
        "featured: true",
        "demo: https://demo.fleetwise.example",
        "status: maintained",
        "stars: 42",
        "launched: 2024-09-01",
        "note: Built in six weeks",
        "shot: images/projects/fleetwise.svg",
        "stack: [Go, Rust]",
        "mirrors: [https://a.example]",
      ].join("\n"),
    );
    const content = await contentOf(site);
    const fleetwise = content.projects.find((project) => project.slug === "fleetwise")!;
    expect(fleetwise.fields).toEqual({
      featured: true,
      demo: "https://demo.fleetwise.example",
      status: "maintained",
      stars: 42,
      launched: "2024-09-01",
      note: "Built in six weeks",
      shot: "images/projects/fleetwise.svg",
      stack: ["Go", "Rust"],
      mirrors: ["https://a.example"],
    });
    // The owner's fields stay under `fields`, apart from the engine's own.
    expect(fleetwise).not.toHaveProperty("featured");
    const other = content.projects.find((project) => project.slug === "turma")!;
    expect(other.fields).toEqual({ featured: false, mirrors: ["https://mirror.example"] });
    // A folder without fields of the owner gives each entry an empty object.
    expect(content.services[0]!.fields).toEqual({});
  }, 60_000);

  it("takes fields in every folder of one file per entry, a custom résumé section's included", async () => {
    site = await copySampleSite();
    const folders = [
      "about",
      "services",
      "education",
      "experience",
      "volunteer",
      "awards",
      "publications",
      "patents",
      "projects",
      "other-projects",
      "blog",
      "pages",
    ];
    await withConfig(
      site,
      `fields: { ${folders.map((folder) => `${JSON.stringify(folder)}: { note: field.text().optional() }`).join(", ")} },
  resume: { customSections: [{ id: "patents", title: "Patents", layout: "cards" }] }`,
    );
    const files: Record<string, string> = {
      "content/about/now.md": "---\ntitle: Now\n---\nBuilding things.\n",
      "content/resume/volunteer/code-club.md":
        "---\ntitle: Mentor\norganisation: Code Club\nstart: 2021-03\n---\nTaught.\n",
      "content/resume/awards/prize.md": "---\ntitle: Prize\nawarder: Web Summit\ndate: 2023-11\n---\nWon.\n",
      "content/resume/publications/talk.md": "---\ntitle: A talk\nevent: Lisbon JS\ndate: 2024-05\n---\nSaid.\n",
      "content/resume/patents/lock.md": "---\ntitle: A lock\nsubtitle: EPO\ndate: 2022-01\n---\nLocks.\n",
      "content/pages/uses.md": "---\ntitle: Uses\n---\nA laptop.\n",
      "content/blog/hello.md": "---\ntitle: Hello\ndate: 2025-01-31\ncategory: Programming\n---\nHello.\n",
    };
    for (const [file, text] of Object.entries(files)) await site.write(file, text);
    for (const file of [
      ...Object.keys(files),
      "content/services/01-full-stack.md",
      "content/resume/education/01-msc-data-science.md",
      "content/resume/experience/01-nordlys.md",
      "content/projects/turma.md",
      "content/other-projects/conjuga.md",
    ])
      await withFrontMatter(site, file, `note: from ${file}`);
    const content = await contentOf(site);
    const notes = [
      content.aboutSections[0],
      content.services.find((service) => service.slug === "01-full-stack"),
      content.education.find((entry) => entry.slug === "01-msc-data-science"),
      content.experience.find((entry) => entry.slug === "01-nordlys"),
      content.volunteer[0],
      content.awards[0],
      content.publications[0],
      content.customSections.patents!.entries[0],
      content.projects.find((project) => project.slug === "turma"),
      content.otherProjects.find((project) => project.slug === "conjuga"),
      content.blogPosts[0],
      content.pages[0],
    ].map((entry) => entry?.fields.note);
    expect(notes).toEqual([
      "from content/about/now.md",
      "from content/services/01-full-stack.md",
      "from content/resume/education/01-msc-data-science.md",
      "from content/resume/experience/01-nordlys.md",
      "from content/resume/volunteer/code-club.md",
      "from content/resume/awards/prize.md",
      "from content/resume/publications/talk.md",
      "from content/resume/patents/lock.md",
      "from content/projects/turma.md",
      "from content/other-projects/conjuga.md",
      "from content/blog/hello.md",
      "from content/pages/uses.md",
    ]);
  }, 60_000);

  it("gives every item an empty `fields` when the config declares none", async () => {
    site = await copySampleSite();
    const content = await contentOf(site);
    for (const project of content.projects) expect(project.fields).toEqual({});
    for (const entry of content.experience) expect(entry.fields).toEqual({});
  }, 60_000);

  it("refuses a field that shadows a built-in one, naming both", async () => {
    site = await copySampleSite();
    await withConfig(site, "fields: { projects: { title: field.text() } }");
    const message = await problemOf(contentOf(site));
    expect(message).toContain("fields.projects.title");
    expect(message).toContain("the engine's own field `title` of content/projects/*.md");
  });

  it("refuses an unknown folder, suggesting the nearest", async () => {
    site = await copySampleSite();
    await withConfig(site, "fields: { project: { featured: field.boolean() } }");
    const message = await problemOf(contentOf(site));
    expect(message).toContain("fields.project: is not a content folder that takes fields: did you mean `projects`?");
  });

  it("refuses a default its own kind refuses", async () => {
    site = await copySampleSite();
    await withConfig(
      site,
      'fields: { blog: { level: field.choice(["introduction", "deep dive"]).default("expert" as never) } }',
    );
    const message = await problemOf(loadConfig({ cwd: site.root, env: {} }));
    expect(message).toContain("fields.blog.level.default");
    expect(message).toContain('expected one of "introduction", "deep dive"');
  });

  it("suggests the owner's field for a misspelt one", async () => {
    site = await copySampleSite();
    await withConfig(site, everyKind);
    await withFrontMatter(site, "content/projects/fleetwise.md", "featurd: true");
    const message = await problemOf(contentOf(site));
    expect(message).toContain("content/projects/fleetwise.md");
    expect(message).toContain("featurd: is not a known field: did you mean `featured`?");
  }, 60_000);

  it("names the file, the line, the field and what it expects for a wrong value", async () => {
    site = await copySampleSite();
    await withConfig(site, everyKind);
    await withFrontMatter(site, "content/projects/fleetwise.md", 'featured: "yes"');
    const message = await problemOf(contentOf(site));
    expect(message).toContain("content/projects/fleetwise.md is not valid");
    expect(message).toContain('featured (line 2): expected true or false, got string "yes"');
  }, 60_000);

  it("lists the choices for a value outside a choice, and says what a required field expects", async () => {
    site = await copySampleSite();
    await withConfig(site, 'fields: { projects: { status: field.choice(["maintained", "archived"]) } }');
    await withFrontMatter(site, "content/projects/fleetwise.md", "status: abandoned");
    const message = await problemOf(contentOf(site));
    expect(message).toContain('status (line 2): expected one of "maintained", "archived", got string "abandoned"');
    expect(message).toContain("content/projects/turma.md");
    expect(message).toContain('status: is missing: expected one of "maintained", "archived"');
  }, 60_000);

  it("reads a translation's own values", async () => {
    site = await copySampleSite({ fixture: "bilingual" });
    await withConfig(site, "fields: { projects: { featured: field.boolean().default(false) } }");
    await withFrontMatter(site, "content/projects/horta-viva.pt.md", "featured: true");
    const { config, languages } = await loadConfig({ cwd: site.root, env: {} });
    const [english, portuguese] = await loadContentInLanguages({ root: site.root, config, languages });
    expect(english!.projects.find((project) => project.slug === "horta-viva")!.fields).toEqual({ featured: false });
    expect(portuguese!.projects.find((project) => project.slug === "horta-viva")!.fields).toEqual({ featured: true });
  }, 60_000);

  it("gives a component override the values, as project.fields", async () => {
    site = await copySampleSite({ warmCache: true });
    await withConfig(site, "fields: { projects: { featured: field.boolean().default(false) } }");
    await withFrontMatter(site, "content/projects/turma.md", "featured: true");
    await site.write(
      "components/ProjectCard.tsx",
      `import { ProjectCard as Original, type ProjectCardProps } from "portfolio-ssg/components";

export function ProjectCard(props: ProjectCardProps) {
  return (
    <div>
      {props.project.fields.featured === true && <span className="featured">Featured: {props.project.title}</span>}
      <Original {...props} />
    </div>
  );
}
`,
    );
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const works = await readFile(path.join(site.root, "dist", "works.html"), "utf8");
    expect(works.match(/class="featured"/g)).toHaveLength(1);
    expect(works).toContain("Featured: <!-- -->Turma");
  }, 120_000);
});

/** The titles of a built list page's project cards, in their order. */
async function cardTitles(copy: SiteCopy, page: string): Promise<string[]> {
  const html = await readFile(path.join(copy.root, "dist", page), "utf8");
  return [...html.matchAll(/<h3 class="project-title"><a[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]!);
}

describe("sort", () => {
  it("puts the owner's featured project first on the list, its pages and its category, the rest in the default order", async () => {
    site = await copySampleSite({ warmCache: true });
    const before = await (async () => {
      await portfolioInProcess(site!.root, ["build"]);
      return cardTitles(site!, "works.html");
    })();
    await withConfig(
      site,
      'fields: { projects: { featured: field.boolean().default(false) } },\n  sort: { projects: ["-featured"] },\n  projectsPerPage: 4',
    );
    await withFrontMatter(site, "content/projects/turma.md", "featured: true");
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.stderr).toBe("");
    const first = await cardTitles(site, "works.html");
    expect(first).toEqual(["Turma", ...before.filter((title) => title !== "Turma")].slice(0, 4));
    const second = await cardTitles(site, "works/page/2.html");
    expect(second).toEqual(before.filter((title) => title !== "Turma").slice(3, 7));
    const category = await cardTitles(site, "works/category/mobile-web.html");
    expect(category[0]).toBe("Turma");
  }, 180_000);

  it("orders the blog's list by title and leaves the feeds newest first", async () => {
    site = await copySampleSite({ fixture: "bilingual" });
    await withConfig(site, 'sort: { blog: ["title"] }');
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(0);
    const blogs = await readFile(path.join(site.root, "dist", "blogs.html"), "utf8");
    const listed = [...blogs.matchAll(/<a href="\/blogs\/([^"]+)" class="blog-open"/g)].map((match) => match[1]);
    // Offline apps 1 and 2, Three slow queries, Two years, Uma palestra (a post in Portuguese alone).
    expect(listed).toEqual([
      "sem-rede-parte-1",
      "sem-rede-parte-2",
      "consultas-lentas",
      "dois-anos-por-conta-propria",
      "feira-do-livro",
    ]);
    const feed = await readFile(path.join(site.root, "dist", "feed.xml"), "utf8");
    const fed = [...feed.matchAll(/<link>https:\/\/ines\.example\/blogs\/([^<]+)<\/link>/g)].map((match) => match[1]);
    expect(fed).toEqual([
      "feira-do-livro",
      "sem-rede-parte-2",
      "sem-rede-parte-1",
      "consultas-lentas",
      "dois-anos-por-conta-propria",
    ]);
  }, 180_000);

  it("refuses a sort by a field the folder does not have, suggesting the nearest", async () => {
    site = await copySampleSite();
    await withConfig(site, 'fields: { projects: { featured: field.boolean() } },\n  sort: { projects: ["-featurd"] }');
    const message = await problemOf(contentOf(site));
    expect(message).toContain(
      'sort.projects[0]: "featurd" is not a field of content/projects/*.md: did you mean `featured`?',
    );
  });
});

describe("a post's canonical address", () => {
  it("points the page's canonical link, its JSON-LD and the feeds' link at the original", async () => {
    site = await copySampleSite({ fixture: "bilingual" });
    await withFrontMatter(site, "content/blog/consultas-lentas.md", "canonical: https://dev.example/ines/slow-queries");
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(0);
    const page = await readFile(path.join(site.root, "dist", "blogs", "consultas-lentas.html"), "utf8");
    expect(page).toContain('<link rel="canonical" href="https://dev.example/ines/slow-queries">');
    expect(page).toContain('"url":"https://dev.example/ines/slow-queries"');
    const other = await readFile(path.join(site.root, "dist", "blogs", "dois-anos-por-conta-propria.html"), "utf8");
    expect(other).toContain('<link rel="canonical" href="https://ines.example/blogs/dois-anos-por-conta-propria">');
    const rss = await readFile(path.join(site.root, "dist", "feed.xml"), "utf8");
    expect(rss).toContain("<link>https://dev.example/ines/slow-queries</link>");
    const json = JSON.parse(await readFile(path.join(site.root, "dist", "feed.json"), "utf8")) as {
      items: Array<{ url: string }>;
    };
    expect(json.items.map((item) => item.url)).toContain("https://dev.example/ines/slow-queries");
  }, 180_000);

  it("refuses a canonical that is not an http(s) URL", async () => {
    site = await copySampleSite({ fixture: "bilingual" });
    await withFrontMatter(site, "content/blog/consultas-lentas.md", "canonical: dev.example/post");
    const message = await problemOf(contentOf(site));
    expect(message).toContain("canonical: expected an http(s) URL such as https://example.com");
  }, 60_000);
});

describe("portfolio check", () => {
  it("lists the site's own fields with their kinds", async () => {
    site = await copySampleSite({ warmCache: true });
    await withConfig(
      site,
      'fields: { projects: { featured: field.boolean().default(false).describe("Shown first, with a badge") }, blog: { level: field.choice(["introduction", "deep dive"]).optional() } }',
    );
    const run = await portfolioInProcess(site.root, ["check"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("projects.featured: true or false, default false — Shown first, with a badge");
    expect(run.stdout).toContain('blog.level: one of "introduction", "deep dive", optional');
  }, 180_000);
});

describe("an image field", () => {
  it("names a file of public/, checked like the engine's images", async () => {
    site = await copySampleSite({ warmCache: true });
    await withConfig(site, "fields: { projects: { shot: field.image().optional() } }");
    await withFrontMatter(site, "content/projects/turma.md", "shot: images/projects/turma-demo.webp");
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("content/projects/turma.md");
    expect(run.stderr).toMatch(/shot: .*images\/projects\/turma-demo\.webp/);
    await withFrontMatter(site, "content/projects/turma.md", "shot: images/projects/fleetwise.svg");
    const fixed = await site.read("content/projects/turma.md");
    await site.write("content/projects/turma.md", fixed.replace("shot: images/projects/turma-demo.webp\n", ""));
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
  }, 180_000);
});

describe("the owner's editor", () => {
  it("types project.fields from the config: a site's component type-checks, a misspelt field does not", async () => {
    site = await copySampleSite({ warmCache: true });
    await withConfig(
      site,
      'fields: { projects: { featured: field.boolean().default(false), status: field.choice(["maintained", "archived"]).optional() } }',
    );
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(0);
    const declaration = await site.read("portfolio-fields.d.ts");
    expect(declaration).toContain('"featured": boolean;');
    expect(declaration).toContain('"status"?: "maintained" | "archived" | undefined;');
    await site.write(
      "components/ProjectCard.tsx",
      `import { ProjectCard as Original, type ProjectCardProps } from "portfolio-ssg/components";

export function ProjectCard(props: ProjectCardProps) {
  const featured: boolean = props.project.fields.featured;
  const status: "maintained" | "archived" | undefined = props.project.fields.status;
  // @ts-expect-error: a misspelt field is a type error in the owner's editor.
  props.project.fields.featurd;
  return (
    <div data-status={status}>
      {props.project.fields.featured && <span className="featured">Featured</span>}
      {featured}
      <Original {...props} />
    </div>
  );
}
`,
    );
    const { default: ts } = await import("typescript");
    const program = ts.createProgram(
      [path.join(site.root, "components/ProjectCard.tsx"), path.join(site.root, "portfolio-fields.d.ts")],
      {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        jsx: ts.JsxEmit.ReactJSX,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        types: [],
        paths: {
          "portfolio-ssg/components": [path.join(repoRoot, "src/overrides/public-components.ts")],
          "*": [path.join(repoRoot, "node_modules/@types/*"), path.join(repoRoot, "node_modules/*")],
        },
      },
    );
    // The site's own files are checked, not the whole engine they import (tsc checks it in npm test;
    // checking all of it again here was most of this test's time).
    const problems = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program
        .getSourceFiles()
        .filter((source) => source.fileName.startsWith(site!.root))
        .flatMap((source) => [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]),
    ].map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
    // Without fields in the config, the declaration is removed.
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", config.replace(/\n {2}fields: \{.*\},\n/, "\n"));
    await site.write("components/ProjectCard.tsx", 'export { ProjectCard } from "portfolio-ssg/components";\n');
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    await expect(site.read("portfolio-fields.d.ts")).rejects.toThrow();
  }, 240_000);
});

describe("portfolio dev", () => {
  it("shows an owner field's problem over the page, as the terminal says it", async () => {
    site = await copySampleSite({ warmCache: true });
    await withConfig(site, "fields: { projects: { featured: field.boolean().default(false) } }");
    await withFrontMatter(site, "content/projects/turma.md", 'featured: "yes"');
    const server = await startDevServer({ cwd: site.root, env: {}, port: 0, host: "127.0.0.1", onBuild: () => {} });
    try {
      const overlay = await firstBuildError(new URL("/__portfolio/events", server.url));
      expect(overlay.message).toContain("content/projects/turma.md is not valid");
      expect(overlay.message).toContain('featured (line 2): expected true or false, got string "yes"');
    } finally {
      await server.close();
    }
  }, 120_000);
});

/** The error the dev server sends a page that opens while the build is broken (as tests/first-hour.test.ts reads it). */
async function firstBuildError(events: URL): Promise<{ title: string; message: string }> {
  const abort = new AbortController();
  const response = await fetch(events, { signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  try {
    while (true) {
      const sent = /event: build-error\ndata: (.*)\n\n/.exec(received);
      if (sent) return JSON.parse(sent[1]!) as { title: string; message: string };
      const { value, done } = await reader.read();
      if (done) throw new Error(`The events ended without a build error: ${received}`);
      received += value;
    }
  } finally {
    abort.abort();
  }
}
