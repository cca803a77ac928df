import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sanitizeHtml from "sanitize-html";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { noCache } from "../src/cache/build-cache.js";
import { cleanDrawing, cleaningVersion } from "../src/content/clean-drawing.js";
import { loadConfig } from "../src/config/load-config.js";
import { drawDiagrams, drawingEngine } from "../src/content/draw-diagrams.js";
import { mermaidThemes } from "../src/content/mermaid-themes.js";
import { drawingsFolder, keptDrawings } from "../src/content/kept-drawings.js";
import { loadContent } from "../src/content/load-content.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { git } from "./helpers/run-portfolio.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

/**
 * A site's drawings travel with it: drawn once where a browser was, kept in drawings/ (committed),
 * and shown by a build on a host with no browser (Netlify, Cloudflare Pages, Vercel). One site is
 * drawn in Chromium for the whole file (a launch costs seconds); each case builds a clone of what
 * the owner commits.
 */

/** No browser can be found: `CHROMIUM_PATH` names nothing, as on a host's build image. */
const noBrowser = { CHROMIUM_PATH: "/nonexistent/chromium" };

const post = (title: string, body: string) => `---\ntitle: ${title}\ndate: 2025-01-01\ncategory: AI\n---\n\n${body}`;
const flowchart = "```mermaid\nflowchart LR\n  Draft --> Published\n```\n";
const mermaidWarnings = (warnings: readonly string[]) => warnings.filter((warning) => /Mermaid/.test(warning));

let drawn: SiteCopy;
let drawnPage: string;
const clones: string[] = [];

beforeAll(async () => {
  drawn = await copySampleSite({ warmCache: true });
  await drawn.write("content/blog/drawn.md", post("Drawn", `Before.\n\n${flowchart}`));
  const built = await buildSite({ cwd: drawn.root, env: {} });
  expect(mermaidWarnings(built.warnings)).toEqual([]);
  drawnPage = await readFile(path.join(built.outDir, "blogs", "drawn.html"), "utf8");
}, 180_000);

afterAll(async () => {
  await drawn?.remove();
  for (const clone of clones) await rm(clone, { recursive: true, force: true });
});

/** What a clone of the owner's repository has: the committed files, no build cache and no output. */
async function cloneOfDrawnSite(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "portfolio-clone-"));
  clones.push(root);
  for (const entry of ["content", "public", "portfolio.config.ts", drawingsFolder])
    await cp(path.join(drawn.root, entry), path.join(root, entry), { recursive: true });
  return root;
}

async function contentOf(root: string, env: Record<string, string>, keep = false) {
  const { config } = await loadConfig({ cwd: root, env: {} });
  return loadContent({ root, config, env, keepDrawings: keep });
}

const keptFiles = async (root: string) => (await readdir(path.join(root, drawingsFolder))).sort();
const bodyOf = (content: Awaited<ReturnType<typeof contentOf>>, slug: string) =>
  content.blogPosts.find((entry) => entry.slug === slug)!.contentHtml;

describe("the drawings a build with a browser made", () => {
  it("are kept in drawings/, one SVG file per theme of each diagram", async () => {
    const files = await keptFiles(drawn.root);
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^[0-9a-f]{32}\.svg$/);
    const svg = await readFile(path.join(drawn.root, drawingsFolder, files[0]!), "utf8");
    expect(svg).toMatch(/^<svg\b[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/<style>[^<]+<\/style>/);
    expect(svg).toContain("Published");
  });

  it("draw a clone's diagram where no browser can be found, as the same page", async () => {
    const clone = await cloneOfDrawnSite();
    const built = await buildSite({ cwd: clone, env: noBrowser });
    expect(mermaidWarnings(built.warnings)).toEqual([]);
    const page = await readFile(path.join(built.outDir, "blogs", "drawn.html"), "utf8");
    expect(page).toMatch(/<div class="diagram" id="drawn-diagram-1-figure"[^>]*><style>[^<]*<\/style><svg\b/);
    expect(page).not.toContain('data-language="mermaid"');
    expect(page).toBe(drawnPage);
    // A build without a browser writes and removes nothing there.
    expect(await keptFiles(clone)).toEqual(await keptFiles(drawn.root));
  });

  it("leave a diagram that is new since then as its source, naming its file and line and how to draw it", async () => {
    const clone = await cloneOfDrawnSite();
    await writeFile(
      path.join(clone, "content/blog/new.md"),
      post("New", "Text.\n\n```mermaid\nflowchart LR\n  Idea --> Post\n```\n"),
    );
    const content = await contentOf(clone, noBrowser);
    expect(bodyOf(content, "drawn")).toMatch(/<svg\b/);
    expect(bodyOf(content, "new")).toContain(
      '<pre class="code" tabindex="0" data-language="mermaid"><code>flowchart LR',
    );
    const said = mermaidWarnings(content.warnings);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("content/blog/new.md (line 9)");
    expect(said[0]).not.toContain("drawn.md");
    expect(said[0]).toContain("CHROMIUM_PATH is /nonexistent/chromium, which is not a file");
    expect(said[0]).toMatch(/portfolio build.*portfolio dev|portfolio dev.*portfolio build/);
    expect(said[0]).toContain(`commit ${drawingsFolder}/`);
  });

  it("are cleaned again as they are read: a kept drawing edited to run code runs none", async () => {
    const clone = await cloneOfDrawnSite();
    for (const file of await keptFiles(clone)) {
      const kept = path.join(clone, drawingsFolder, file);
      const text = await readFile(kept, "utf8");
      await writeFile(
        kept,
        text
          .replace(/^<svg\b/, '<svg onload="alert(1)"')
          .replace(
            /<\/style>/,
            "@import url(https://evil.example/a.css);.x{background:url(https://evil.example/p)}</style>",
          )
          .replace(
            /<\/svg>$/,
            '<script>alert(2)</script><a href="javascript:alert(3)"><text>link</text></a><foreignObject><div>html</div></foreignObject><rect onclick="alert(4)" width="1"/></svg>',
          ),
      );
    }
    const body = bodyOf(await contentOf(clone, noBrowser), "drawn");
    expect(body).toMatch(/<svg\b/);
    expect(body).not.toMatch(/<script|onload|onclick|javascript:|<a\b|foreignObject|<div>html|evil\.example|@import/i);
  });

  it("are not read through a symbolic link, which could lead anywhere", async () => {
    const clone = await cloneOfDrawnSite();
    const outside = path.join(clone, "outside.svg");
    for (const file of await keptFiles(clone)) {
      await cp(path.join(clone, drawingsFolder, file), outside);
      await rm(path.join(clone, drawingsFolder, file));
      await symlink(outside, path.join(clone, drawingsFolder, file));
    }
    const content = await contentOf(clone, noBrowser);
    expect(bodyOf(content, "drawn")).toContain('data-language="mermaid"');
    expect(mermaidWarnings(content.warnings)).toEqual([expect.stringContaining("content/blog/drawn.md (line 9)")]);
    expect(content.warnings).toContainEqual(
      expect.stringMatching(/^drawings\/[0-9a-f]{32}\.svg is not read: .*symbolic link/),
    );
    // The folder itself a link: not read (a browser is named, but one that does not start).
    const elsewhere = await cloneOfDrawnSite();
    await rm(path.join(clone, drawingsFolder), { recursive: true });
    await symlink(path.join(elsewhere, drawingsFolder), path.join(clone, drawingsFolder));
    const linked = await contentOf(clone, { CHROMIUM_PATH: "/bin/true" }, true);
    expect(bodyOf(linked, "drawn")).not.toContain("<svg");
    expect(linked.warnings).toContainEqual(expect.stringContaining("drawings is a symbolic link"));
  });

  it("are keyed by the drawing engine's version: another Mermaid, or other cleaning code, draws anew", async () => {
    const clone = await cloneOfDrawnSite();
    const engine = await drawingEngine();
    const { config } = await loadConfig({ cwd: clone, env: {} });
    const drawWith = (with_: typeof engine) =>
      drawDiagrams([{ source: "flowchart LR\n  Draft --> Published", file: "content/blog/drawn.md", line: 9 }], {
        cache: noCache(),
        kept: keptDrawings(clone, { write: false, sanitizeHtml }),
        themes: mermaidThemes(resolveThemeColours(config.theme, "the config")),
        env: noBrowser,
        sanitizeHtml,
        engine: with_,
      });
    const same = await drawWith(engine);
    expect(same.notDrawn).toBeUndefined();
    expect(same.drawn.size).toBe(1);
    for (const other of [
      { ...engine, mermaid: "0.0.1" },
      { ...engine, cleaning: engine.cleaning + 1 },
    ]) {
      const missed = await drawWith(other);
      expect(missed.drawn.size).toBe(0);
      expect(missed.notDrawn?.requests.map(({ file }) => file)).toEqual(["content/blog/drawn.md"]);
    }
  });

  it("keep every drawing the site uses, a post the build cache kept whole included", async () => {
    // The owner deleted drawings/ by mistake; the next build, its post whole from the build cache,
    // keeps them again from that cache: CHROMIUM_PATH names a browser, but one that would not start.
    const files = await keptFiles(drawn.root);
    await rm(path.join(drawn.root, drawingsFolder), { recursive: true });
    const outDir = path.join(drawn.root, "again");
    const built = await buildSite({ cwd: drawn.root, env: { CHROMIUM_PATH: "/bin/true" }, outDir });
    expect(mermaidWarnings(built.warnings)).toEqual([]);
    expect(await keptFiles(drawn.root)).toEqual(files);
    // drawings/ is an input of the build: with nothing else changed, the build is not skipped.
    await rm(path.join(drawn.root, drawingsFolder), { recursive: true });
    await buildSite({ cwd: drawn.root, env: { CHROMIUM_PATH: "/bin/true" }, outDir });
    expect(await keptFiles(drawn.root)).toEqual(files);
  });

  it("are keyed by the theme's colours: a cached post's diagram is drawn again for a new accent", async () => {
    // The drawn site's build cache kept the post whole, as it was drawn in the old colours.
    const config = await drawn.read("portfolio.config.ts");
    const withAccent = config.replace(/defineConfig\(\{/, 'defineConfig({\n  theme: { accent: "#0f766e" },');
    expect(withAccent).not.toBe(config);
    await drawn.write("portfolio.config.ts", withAccent);
    try {
      const built = await buildSite({ cwd: drawn.root, env: noBrowser, outDir: path.join(drawn.root, "accent") });
      const page = await readFile(path.join(built.outDir, "blogs", "drawn.html"), "utf8");
      expect(page).toContain('data-language="mermaid"');
      expect(mermaidWarnings(built.warnings)).toEqual([expect.stringContaining("content/blog/drawn.md (line 9)")]);
    } finally {
      await drawn.write("portfolio.config.ts", config);
    }
  });

  it("no longer used are removed by a build with a browser, never by one without", async () => {
    const clone = await cloneOfDrawnSite();
    const before = await keptFiles(clone);
    await writeFile(path.join(clone, drawingsFolder, "notes.txt"), "the owner's own file");
    await rm(path.join(clone, "content/blog/drawn.md"));
    await contentOf(clone, noBrowser, true);
    expect(await keptFiles(clone)).toEqual([...before, "notes.txt"].sort());
    // A browser can be found (nothing is new, so none is started): what no page uses goes.
    await contentOf(clone, {}, true);
    expect(await keptFiles(clone)).toEqual(["notes.txt"]);
  });

  it("are in a folder the starter's .gitignore does not leave out", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "portfolio-starter-"));
    clones.push(site);
    await cp(path.join(repoRoot, "starter", "site", "gitignore"), path.join(site, ".gitignore"));
    git(site, "init", "--quiet");
    // git check-ignore exits with 1 when no pattern leaves the path out.
    expect(() =>
      git(site, "check-ignore", "--quiet", `${drawingsFolder}/0123456789abcdef0123456789abcdef.svg`),
    ).toThrow();
    expect(git(site, "check-ignore", "dist/index.html").trim()).toBe("dist/index.html");
  });

  it("are keyed by a cleaning version that pins what cleaning makes of a drawing", () => {
    // Changed what cleanDrawing makes of this drawing? Raise cleaningVersion (clean-drawing.ts) and write the new
    // digest here: every site's kept drawings are then drawn again, never shown as the old code cleaned them.
    const drawing = `<svg id="mermaid" width="100%" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" style="max-width: 200px;" role="graphics-document document"><style>#mermaid{font-family:sans-serif}#mermaid .node rect{fill:#fff;background:url(https://x.example/a.png)}#mermaid text.actor &gt; tspan{fill:#111}#mermaid .unused{fill:red}@import url(https://x.example/a.css);</style><title>Flow</title><g onclick="alert(1)"><rect class="node" style="fill: #f00 !important" x="1" rx="3"/><text class="actor" text-anchor="middle"><tspan x="4" dy="1em">A &amp; B</tspan></text><foreignObject><div>html</div></foreignObject><path marker-end="url(#mermaid_arrow)" d="M0 0L1 1" stroke-dasharray="3"/></g><defs><marker id="mermaid_arrow" refX="5" orient="auto"><path d="M0 0"/></marker><marker id="mermaid_unused"/><linearGradient id="g"><stop offset="0%" stop-color="#fff"/></linearGradient></defs><script>alert(2)</script></svg>`;
    const digest = createHash("sha256")
      .update(JSON.stringify(cleanDrawing(drawing, sanitizeHtml)))
      .digest("hex");
    expect({ cleaningVersion, digest: digest.slice(0, 16) }).toEqual({
      cleaningVersion: 1,
      digest: "a38ab53ee110e9ff",
    });
  });
});
