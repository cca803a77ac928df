import { readFile } from "node:fs/promises";
import path from "node:path";
import sanitizeHtml from "sanitize-html";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { mermaidFenceLines, placeDiagrams, type DrawnThemes } from "../src/content/diagrams.js";
import { cleanDrawing } from "../src/content/clean-drawing.js";
import { drawDiagrams } from "../src/content/draw-diagrams.js";
import { mermaidThemes } from "../src/content/mermaid-themes.js";
import { loadContent } from "../src/content/load-content.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { markdownToText } from "../src/content/markdown-text.js";
import { noCache } from "../src/cache/build-cache.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { addWritingPosts, writingPost } from "./fixtures/writing-post.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/** What `CHROMIUM_PATH` names when there is no browser: the lookup `portfolio cv` does reports it missing. */
const noBrowser = { CHROMIUM_PATH: "/nonexistent/chromium" };

const post = (body: string) => `---\ntitle: Diagrams\ndate: 2025-01-01\ncategory: AI\n---\n\n${body}`;

describe("a ```mermaid block in Markdown", () => {
  it("leaves a slot for its drawing and keeps its source and the line of its fence, inside a quote too", async () => {
    const libraries = await loadMarkdownLibraries({ math: false });
    const markdown = 'Intro.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\n> ```mermaid\n> pie\n>   "a": 1\n> ```\n';
    const rendered = renderMarkdown(libraries, markdown);
    if ("problem" in rendered) throw new Error(rendered.problem.problem);
    expect(rendered.diagrams).toEqual([
      { source: "flowchart LR\n  A --> B", line: 3, idPrefix: "diagram-1-" },
      { source: 'pie\n  "a": 1', line: 8, idPrefix: "diagram-2-" },
    ]);
    expect(rendered.html.match(/<div class="diagram">\uE002\d\uE003<\/div>/g)).toHaveLength(2);
    // Another language's block and a fence inside another fence are code.
    expect(mermaidFenceLines("````md\n```mermaid\nx\n```\n````\n\n```js\nx\n```\n")).toEqual([]);
  });
});

describe("a drawing Mermaid gave", () => {
  const hostile = `<svg id="mermaid" width="100%" viewBox="0 0 200 100" style="max-width: 200px;" role="graphics-document document" aria-roledescription="flowchart-v2"><style>#mermaid .node rect{fill:#fff;background:url(https://tracker.example/x.png)}@import url(https://evil.example/a.css);#mermaid .a{fill:red}#mermaid .b{font-weight:bold}#mermaid .tooltip{fill:green}</style><script>alert(1)</script><g onclick="alert(2)"><rect class="a" style="fill: #f00; stroke: url(https://evil.example/p)" x="1"/><foreignObject><div onmouseover="alert(3)">html</div></foreignObject><a href="javascript:alert(4)"><text class="b">label</text></a><path marker-end="url(#mermaid_arrow)" d="M0 0"/></g><marker id="mermaid_arrow"/><marker id="mermaid_unused"><path d="M0 0"/></marker></svg>`;

  it("keeps shapes and text and drops scripts, handlers, HTML, links and requests to other hosts", () => {
    const { svg, css } = cleanDrawing(hostile, sanitizeHtml);
    expect(svg).not.toMatch(/<script|onclick|onmouseover|foreignObject|<div|javascript:|<a\b|https:/i);
    expect(svg).toContain('<text class="b">label</text>');
    expect(svg).toContain('marker-end="url(#mermaid_arrow)"');
    expect(css).not.toMatch(/@import|https:/);
    expect(css).toContain("#mermaid .b{font-weight:bold}");
  });

  it("keeps its stylesheet's child combinators, which the SVG's markup writes as &gt;, and refuses what is encoded", () => {
    // As Mermaid gives a sequence diagram: its <style> is serialised as markup, its `>` as `&gt;`.
    const sequence = `<svg id="mermaid"><style>#mermaid .actor{fill:#eee}#mermaid text.actor &gt; tspan{fill:#111;stroke:none}#mermaid .x{content:"a&amp;b&nbsp;c"}&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;#mermaid .y{fill:red}&#64;import url(https://evil.example/a.css);#mermaid .actor{background:u&#114;l(https://evil.example/p)}</style><rect class="actor"/><text class="actor x y"><tspan>Phone</tspan></text></svg>`;
    const { css } = cleanDrawing(sequence, sanitizeHtml);
    expect(css).toContain("#mermaid text.actor > tspan{fill:#111;stroke:none}");
    expect(css).not.toContain("&gt;");
    expect(css).toContain('#mermaid .x{content:"a&b\u00a0c"}');
    expect(css).not.toMatch(/<|@import|evil\.example|&#/);
  });

  it("keeps only the rules and arrowheads the drawing uses", () => {
    const { svg, css } = cleanDrawing(hostile, sanitizeHtml);
    expect(css).not.toContain(".tooltip");
    expect(svg).toContain('<marker id="mermaid_arrow">');
    expect(svg).not.toContain("mermaid_unused");
  });

  const drawn = (): DrawnThemes => {
    const one = cleanDrawing(
      hostile.replace(/<rect[^>]*\/>/, '<rect class="a" style="fill: #f00" x="1"/>'),
      sanitizeHtml,
    );
    return { light: one, dark: { ...one, css: one.css.replace("fill:red", "fill:blue") } };
  };
  const placed = (sources: string[]) =>
    placeDiagrams(
      sources.map((_source, index) => `<div class="diagram">\uE002${index}\uE003</div>`).join("\n"),
      sources.map((source, index) => ({
        source,
        drawn: drawn(),
        idPrefix: `post-diagram-${index + 1}-`,
        label: "Diagramme",
      })),
    );

  it("is an image named by its title and described by its source, in each theme, with no id shared", () => {
    const html = placed(["flowchart LR\n  A --> B", "flowchart LR\n  C --> D"]);
    const svgs = [...html.matchAll(/<svg\b[^>]*>/g)].map((match) => match[0]);
    expect(svgs).toHaveLength(4);
    for (const svg of svgs) expect(svg).toMatch(/ role="img" aria-labelledby="[^"]+" aria-describedby="[^"]+"/);
    expect(html).toContain('<title id="post-diagram-1-light-title">Diagramme</title>');
    expect(html).toContain('<desc id="post-diagram-2-dark-description">flowchart LR\n  C --&gt; D</desc>');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // References follow their ids: the arrow's marker, the stylesheet's rules.
    expect(html).toContain('marker-end="url(#post-diagram-2-dark-mermaid_arrow)"');
    expect(html).toContain("#post-diagram-2-dark-mermaid .a{fill:blue}");
    expect(html).not.toContain("aria-roledescription");
  });

  it("needs no style attribute, which the page's policy forbids: each becomes a class with a rule", () => {
    const html = placed(["flowchart LR\n  A --> B"]);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).toMatch(/<rect class="a post-diagram-1-light-s\d"/);
    expect(html).toMatch(/\.post-diagram-1-light-s\d\{fill:#f00 !important\}/);
    // One theme's drawing is shown at a time, by the class the theme switch sets on <html>.
    expect(html).toContain(
      "html.theme-dark #post-diagram-1-light-mermaid,html:not(.theme-dark) #post-diagram-1-dark-mermaid{display:none}",
    );
  });

  it("is one drawing for both themes when Mermaid drew them alike but for their colours", () => {
    // As Mermaid draws a sequence diagram's two themes one after the other: its actors' ids counted on.
    const drawing = (fill: string, stop: string, actor: number) =>
      cleanDrawing(
        `<svg id="mermaid" viewBox="0 0 200 100"><style>#mermaid .a{fill:${fill};stroke:#555}#mermaid .b{font-weight:bold}</style><defs><linearGradient id="mermaid-g"><stop offset="0%" stop-color="${stop}"/></linearGradient></defs><rect id="actor${actor}" class="a" style="fill: ${fill}" x="1"/><path class="b" stroke="url(#mermaid-g)" d="M0 0"/></svg>`,
        sanitizeHtml,
      );
    const html = placeDiagrams('<div class="diagram">\uE0020\uE003</div>', [
      {
        source: "sequenceDiagram\n  A->>B: Hi",
        drawn: { light: drawing("#ffffff", "#ad4c0b", 0), dark: drawing("#252527", "#ffce5c", 2) },
        idPrefix: "post-diagram-1-",
        label: "Diagram",
      },
    ]);
    expect(html.match(/<svg\b/g)).toHaveLength(1);
    expect(html).toMatch(/<svg [^>]*class="[^"]*diagram-themes"[^>]*role="img"/);
    expect(html).toContain('id="post-diagram-1-actor0"');
    expect(html).not.toMatch(/actor2|-light-|-dark-/);
    // Each colour that differs is a property of the drawing, the light theme's, and the dark one's under .theme-dark.
    const root = "#post-diagram-1-mermaid";
    expect(html).toContain(
      `${root}{--post-diagram-1-mermaid-c0:#ad4c0b;--post-diagram-1-mermaid-c1:#ffffff}html.theme-dark ${root}{--post-diagram-1-mermaid-c0:#ffce5c;--post-diagram-1-mermaid-c1:#252527}`,
    );
    expect(html).toContain(`${root} .a{fill:var(--post-diagram-1-mermaid-c1);stroke:#555}`);
    expect(html).toContain(".post-diagram-1-s0{fill:var(--post-diagram-1-mermaid-c1) !important}");
    // A colour attribute that differs becomes a rule as weak as the attribute was.
    expect(html).toContain('<stop class="post-diagram-1-mermaid-a0" offset="0%">');
    expect(html).toContain(":where(.post-diagram-1-mermaid-a0){stop-color:var(--post-diagram-1-mermaid-c0)}");
    expect(html).not.toMatch(/#ffce5c"|#ad4c0b"/);
  });

  it("is both themes' drawings when they differ in more than colours", () => {
    const drawing = (width: number) =>
      cleanDrawing(
        `<svg id="mermaid"><style>#mermaid .a{fill:#fff}</style><rect class="a" width="${width}"/></svg>`,
        sanitizeHtml,
      );
    const html = placeDiagrams('<div class="diagram">\uE0020\uE003</div>', [
      {
        source: "flowchart LR\n  A",
        drawn: { light: drawing(10), dark: drawing(12) },
        idPrefix: "p-",
        label: "Diagram",
      },
    ]);
    expect(html.match(/<svg\b/g)).toHaveLength(2);
    expect(html).toContain("html.theme-dark #p-light-mermaid,html:not(.theme-dark) #p-dark-mermaid{display:none}");
  });

  it("is left out of the post's text (its excerpt, its reading time)", () => {
    expect(markdownToText(`<p>Before.</p>${placed(["flowchart LR\n  A --> B"])}<p>After.</p>`)).toBe("Before. After.");
  });
});

describe("a diagram's own settings", () => {
  it("cannot change the site's theme, add CSS, or turn its labels into HTML", async () => {
    const source = `%%{init: {"theme": "forest", "themeCSS": ".node rect{fill:#ff0000}", "htmlLabels": true}}%%\nflowchart LR\n  A[Hi] --> B`;
    const { drawn, problems } = await drawDiagrams([{ source, file: "content/blog/x.md", line: 7 }], {
      cache: noCache(),
      themes: mermaidThemes(resolveThemeColours({} as Parameters<typeof resolveThemeColours>[0], "config")),
      env: {},
      sanitizeHtml,
    });
    expect(problems).toEqual([]);
    const { light, dark } = drawn.get(source)!;
    expect(light.css + dark.css).not.toContain("#ff0000");
    // The nodes' fill is the theme's --surface-2, in each theme.
    expect(light.css).toMatch(/\.node rect[^{]*\{fill:#f5f6fa/);
    expect(dark.css).toMatch(/\.node rect[^{]*\{fill:#252527/);
    expect(light.svg).not.toContain("foreignObject");
    expect(light.svg).toMatch(/<tspan[^>]*>Hi<\/tspan>/);
  });
});

describe("diagrams in a build", () => {
  let site: SiteCopy;
  beforeEach(async () => {
    site = await copySampleSite();
  });
  afterEach(async () => {
    await site.remove();
  });

  const loadWith = async (env: Record<string, string>) => {
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    return loadContent({ root: site.root, config, env });
  };

  it("without a browser: shown as their source, one warning naming each by its file and line, no failure", async () => {
    await addWritingPosts(site);
    await site.write("content/blog/second.md", post("```mermaid\nflowchart LR\n  X --> Y\n```\n"));
    const content = await loadWith(noBrowser);
    const body = content.blogPosts.find((entry) => entry.slug === "writing")!.contentHtml;
    expect(body).not.toContain('<div class="diagram"');
    expect(body).toContain('<pre class="code" tabindex="0" data-language="mermaid"><code>sequenceDiagram\n');
    const said = content.warnings.filter((warning) => /Mermaid/.test(warning));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /at content\/blog\/second\.md \(line 7\), content\/blog\/writing\/index\.md \(lines \d+(, \d+){5}\) are shown as their source/,
    );
    expect(said[0]).toContain("CHROMIUM_PATH is /nonexistent/chromium, which is not a file");

    // A browser that does not start is no browser either.
    const notStarting = await loadWith({ CHROMIUM_PATH: "/bin/true" });
    expect(notStarting.warnings.filter((warning) => /Mermaid/.test(warning))).toEqual([
      expect.stringContaining("/bin/true stopped"),
    ]);
  });

  it("that Mermaid cannot read fails the build, naming the file, the fence's line and Mermaid's message", async () => {
    const built = await portfolioInProcess(site.root, ["build"]);
    expect(built.code).toBe(0);
    const before = await fingerprint(path.join(site.root, "dist"));
    await site.write(
      "content/blog/broken.md",
      post("Fine.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\nThen:\n\n```mermaid\nflowchart LR\n  A -->\n```\n"),
    );
    const failed = await portfolioInProcess(site.root, ["build"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /content\/blog\/broken\.md[\s\S]*body \(line 16\): has a Mermaid diagram that does not parse: Parse error on line \d+:[\s\S]*got 'EOF'/,
    );
    expect(failed.stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(path.join(site.root, "dist"))).toBe(before);
  });

  it("shown as code for want of a browser are drawn by the next build that has one", async () => {
    await site.write("content/blog/one.md", post("```mermaid\nflowchart LR\n  X --> Y\n```\n"));
    const without = await buildSite({ cwd: site.root, env: noBrowser });
    const page = () => readFile(path.join(without.outDir, "blogs", "one.html"), "utf8");
    expect(await page()).toContain('data-language="mermaid"');
    const withBrowser = await buildSite({ cwd: site.root, env: {} });
    expect(withBrowser.warnings.filter((warning) => /Mermaid/.test(warning))).toEqual([]);
    expect(await page()).toMatch(/<div class="diagram" id="one-diagram-1-figure"/);
  });

  it("are kept in the build cache: a rebuild, even of a changed post, draws none of them again", async () => {
    await addWritingPosts(site);
    const first = await buildSite({ cwd: site.root, env: {} });
    expect(first.warnings.filter((warning) => /Mermaid/.test(warning))).toEqual([]);
    const page = () => readFile(path.join(first.outDir, "blogs", "writing.html"), "utf8");
    const svgsOf = (html: string) => html.match(/<svg\b[^>]*role="img"/g)?.length ?? 0;
    // Six diagrams of the six common kinds, each one drawing for both themes (their colours apart, Mermaid drew them alike).
    expect(svgsOf(await page())).toBe(6);
    expect((await page()).match(/<svg\b[^>]*class="[^"]*diagram-themes"/g)).toHaveLength(6);
    // No browser now: whatever had to be drawn again would be shown as code, with a warning.
    await site.write("content/blog/writing/index.md", writingPost.replace("A closing line.", "A new closing line."));
    const second = await buildSite({ cwd: site.root, env: noBrowser });
    expect(second.warnings.filter((warning) => /Mermaid/.test(warning))).toEqual([]);
    const html = await page();
    expect(html).toContain("A new closing line.");
    expect(svgsOf(html)).toBe(6);
  });
});
