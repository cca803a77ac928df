import { repeatedIds } from "../src/render/repeated-ids.js";
import { existsSync } from "node:fs";
import { lstat, mkdir, readFile, readdir, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { outputMarker } from "../src/pipeline/write-site.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { addHeadingIds } from "../src/content/markdown-extensions.js";
import { findDeepNesting } from "../src/content/markdown-limits.js";
import { parseFrontMatter as parseWith } from "../src/content/front-matter.js";
import * as yaml from "yaml";

const parseFrontMatter = (source: string) => parseWith(yaml, source);
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

const buildError = () =>
  buildSite({ cwd: site.root, env: {} }).then(
    () => {
      throw new Error("expected the build to fail");
    },
    (error: Error & { hint?: string }) => error,
  );

const post = (front: string, body = "The post.") =>
  `---\ntitle: A post\nauthor: Maya Okafor\n${front}category: Programming\n---\n\n${body}\n`;

describe("content is data, never code", () => {
  it.each(["js", "javascript", "coffee", "json", " JS ", "toml"])(
    "refuses ---%s front matter without running it",
    async (language) => {
      const marker = path.join(tmpdir(), `portfolio-ran-${process.pid}-${language.trim()}`);
      await site.write(
        "content/blog/evil.md",
        `---${language}\n{ title: require("fs").writeFileSync(${JSON.stringify(marker)}, "ran") }\n---\nBody\n`,
      );
      const error = await buildError();
      expect(error.name).toBe("ContentInvalid");
      expect(error.message).toContain("content/blog/evil.md");
      expect(error.message).toContain(
        `front matter: is marked as "${language.trim()}", but only YAML front matter is read`,
      );
      expect(existsSync(marker)).toBe(false);
    },
  );

  it("reads YAML 1.2 data only: no custom tags, and dates stay text to be checked", () => {
    const tagged = parseFrontMatter("---\nx: !!js/function 'function () { return 1 }'\n---\n");
    expect(tagged).toEqual({
      problem: { field: "x", problem: expect.stringContaining("the YAML tag !!js/function is not allowed") },
    });
    expect(parseFrontMatter("---\ndate: 2025-02-30\n---\n")).toEqual({
      ok: { data: { date: "2025-02-30" }, body: "", bodyLine: 4 },
    });
  });

  it("stops aliases that expand without end (a billion laughs)", () => {
    const laughs = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
    for (let level = 1; level < 9; level++)
      laughs.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(", ")}]`,
      );
    const parsed = parseFrontMatter(`---\n${laughs.join("\n")}\n---\n`);
    expect(parsed).toHaveProperty("problem");
  });
});

describe("nothing outside the project is published", () => {
  it("refuses a symbolic link in public/ that leads outside it, naming it", async () => {
    await symlink("/etc/passwd", path.join(site.root, "public", "passwd"));
    const error = await buildError();
    expect(error.name).toBe("UnsafeFile");
    expect(error.message).toContain("public/passwd is not valid");
    expect(error.message).toContain("is a symbolic link to /etc/passwd, outside public/");
  });

  it("refuses a content file that is a symbolic link to a file outside content/", async () => {
    await symlink(path.join(site.root, "portfolio.config.ts"), path.join(site.root, "content", "blog", "config.md"));
    const error = await buildError();
    expect(error.message).toContain("content/blog/config.md is not valid");
    expect(error.message).toContain("outside content/");
  });

  it("copies a link that stays inside public/ as a regular file: the output never holds a link", async () => {
    await symlink("favicon.svg", path.join(site.root, "public", "icon-copy.svg"));
    const { outDir } = await buildSite({ cwd: site.root, env: {} });
    expect((await lstat(path.join(outDir, "icon-copy.svg"))).isFile()).toBe(true);
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    expect(entries.filter((entry) => entry.isSymbolicLink())).toEqual([]);
  });

  it("refuses --out when it names a folder that is neither empty nor a previous build", async () => {
    const other = path.join(site.root, "photos");
    await mkdir(other);
    await writeFile(path.join(other, "holiday.jpg"), "not really a photo");
    const error = await buildSite({ cwd: site.root, env: {}, outDir: "photos" }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.name).toBe("OutputNotOurs");
    expect(error?.message).toContain("holds no .portfolio-output mark");
    expect(await readFile(path.join(other, "holiday.jpg"), "utf8")).toBe("not really a photo");
  });

  it("builds into an empty folder and over its own previous output, which it marks", async () => {
    await mkdir(path.join(site.root, "empty"));
    const { outDir } = await buildSite({ cwd: site.root, env: {}, outDir: "empty" });
    expect(existsSync(path.join(outDir, outputMarker))).toBe(true);
    await buildSite({ cwd: site.root, env: {}, outDir: "empty" });
    expect(existsSync(path.join(outDir, "index.html"))).toBe(true);
  });
});

describe("every bad input gets a clear error instead of a crash", () => {
  it("names the file and line of Markdown nested past the limit, and renders deep-enough nesting", async () => {
    expect(findDeepNesting(`${"> ".repeat(40)}x`)).toEqual({ line: 1, depth: 40 });
    expect(
      findDeepNesting(Array.from({ length: 10 }, (_, level) => `${"  ".repeat(level)}- item`).join("\n")),
    ).toBeUndefined();
    expect(findDeepNesting(`\`\`\`\n${" ".repeat(200)}- not a list: code\n\`\`\``)).toBeUndefined();
    await site.write("content/blog/deep.md", post("date: 2025-01-31\n", `Intro\n\n${"> ".repeat(3000)}quote`));
    const error = await buildError();
    expect(error.message).toContain(
      "content/blog/deep.md is not valid:\n  - body (line 10): is nested 3000 levels deep (quotes and lists): expected at most 32",
    );
  });

  it("refuses impossible dates instead of rolling them over", async () => {
    for (const date of ["2025-02-30", "2025-13-01", "2023-02-29"]) {
      await site.write("content/blog/post.md", post(`date: ${date}\n`));
      const error = await buildError();
      expect(error.message).toContain(`date: expected a real date as YYYY-MM-DD, e.g. 2025-01-31, got "${date}"`);
    }
  });

  it("shows a post's date as written, in the text and in datetime alike", async () => {
    await site.write("content/blog/leap.md", post("date: 2024-02-29\n"));
    const { outDir } = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(outDir, "blogs.html"), "utf8");
    expect(html).toContain('<time dateTime="2024-02-29">Feb 29, 2024</time>');
  });

  it("refuses soft-skill groups whose titles would share an id", async () => {
    await site.write(
      "content/resume/soft-skills.md",
      "---\ngroups:\n  - { title: Team work, skills: [Pairing] }\n  - { title: Team-Work, skills: [Reviews] }\n---\n",
    );
    const error = await buildError();
    expect(error.message).toContain(
      'content/resume/soft-skills.md is not valid:\n  - groups[1].title: "Team-Work" would give its heading the same id as "Team work"',
    );
  });

  it("refuses a base path that is not a URL path, from the config or from --base", async () => {
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", config.replace('base: "/",', 'base: "/my site/",'));
    expect((await buildError()).message).toContain(
      'site.base: expected a URL path such as /portfolio/ (letters, digits, "-", "_", "." and "~" between slashes), got "/my site/"',
    );
    await site.write("portfolio.config.ts", config);
    const error = await buildSite({ cwd: site.root, env: {}, base: "/a/../b/" }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.name).toBe("OptionInvalid");
    expect(error?.message).toContain(
      '--base: expected a URL path such as /portfolio/, got "/a/../b/" ("." and ".." are not allowed)',
    );
  });

  it("says what a config threw, even when it is not an Error", async () => {
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", `${config}\nthrow undefined;\n`);
    const error = await buildError();
    expect(error.name).toBe("ConfigLoadFailed");
    expect(error.message).toBe("portfolio.config.ts cannot be loaded: it threw undefined (a throw without a value)");
  });

  it("names an unknown marker of templates/page.html", async () => {
    const template = await readFile(path.join(repoRoot, "templates", "page.html"), "utf8");
    await site.write("templates/page.html", `${template}\n{{footer}}\n`);
    const error = await buildError();
    expect(error.name).toBe("TemplateInvalid");
    expect(error.message).toBe(
      "templates/page.html: {{footer}} is not a marker: expected only {{lang}}, {{head}}, {{body}}",
    );
  });

  it("reads text with < in an island's plain-text props as text, not as HTML to check", async () => {
    const project = await site.read("content/projects/sitelog.md");
    await site.write("content/projects/sitelog.md", project.replace(/^client: .*$/m, "client: '<img src=cv/x.pdf>'"));
    const { outDir } = await buildSite({ cwd: site.root, env: {} });
    // Shown as text in the project's dialog, drawn on the server (and a broken link to cv/x.pdf is not reported).
    expect(await readFile(path.join(outDir, "works.html"), "utf8")).toContain("<dd>&lt;img src=cv/x.pdf&gt;</dd>");
  });

  it("gives no two elements of any page the same id, a dialog's template counted with the page it opens on", async () => {
    const { outDir } = await buildSite({ cwd: site.root, env: {} });
    for (const file of (await readdir(outDir)).filter((name) => name.endsWith(".html"))) {
      const html = await readFile(path.join(outDir, file), "utf8");
      expect(html.match(/\sid="([^"]*)"/g)?.length, file).toBeGreaterThan(0);
      expect(repeatedIds(html), file).toEqual([]);
    }
  });
});

describe("heading ids", () => {
  it("are made from the heading's text, once per page, never the page's own main", () => {
    expect(
      addHeadingIds(
        "<h2>Why <em>offline</em>-first?</h2><h3>Main</h3><h2>Why offline first</h2><h2>&amp;</h2><p>x</p>",
      ),
    ).toBe(
      '<h2 id="why-offline-first">Why <em>offline</em>-first?</h2><h3 id="main-2">Main</h3><h2 id="why-offline-first-2">Why offline first</h2><h2 id="section">&amp;</h2><p>x</p>',
    );
  });

  it("are given to a post's headings, and an id written in the Markdown is dropped", async () => {
    const rendered = renderMarkdown(await loadMarkdownLibraries(), '## Setup\n\n<h2 id="main">Raw</h2>', "/", {
      headingIds: true,
    });
    expect("html" in rendered && rendered.html).toBe('<h2 id="setup">Setup</h2>\n<h2 id="raw">Raw</h2>');
  });
});

describe("a long post", () => {
  it("of 5 MB renders (measured by the bench, not here)", async () => {
    const paragraph =
      "Some **bold** text with `code` and a [link](https://example.com/x) and more words to fill the line. ".repeat(5);
    const sections: string[] = [];
    for (let length = 0, index = 0; length < 5 * 1024 * 1024; index++) {
      // A code block in every hundredth section: each is highlighted on its own (a linear cost the bench
      // measures), and nine thousand of them took half a minute of the suite.
      const code = index % 100 === 0 ? `\`\`\`ts\nconst x = ${index};\n\`\`\`\n` : "";
      const section = `## Section ${index}\n\n${paragraph}\n\n- one\n- two\n\n${code}`;
      sections.push(section);
      length += section.length;
    }
    const rendered = renderMarkdown(await loadMarkdownLibraries(), sections.join("\n"));
    expect("html" in rendered && rendered.html.length).toBeGreaterThan(5 * 1024 * 1024);
  }, 120_000);
});
