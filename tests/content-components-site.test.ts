import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { addContentComponents, statComponent } from "./fixtures/content-components.js";
import { addMediaPost } from "./fixtures/media-post.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 52, part 2: one build of the media post with two of the owner's components beside the
 * built-in directives (tests/fixtures/content-components.ts), read for their server HTML, the owner's
 * island's code and the pages that load it; then the same site with a wrong attribute and with a file
 * named like a built-in, each failing with what is wrong and leaving the output as it was; and a
 * changed component, which the next build (as `portfolio dev`'s, from the same cache) draws anew.
 */
let site: SiteCopy;
let build: BuildResult;
const read = (file: string) => readFile(path.join(build.outDir, file), "utf8");
const islandScripts = (html: string) =>
  JSON.parse(/<script type="application\/json" data-island-scripts>([^<]*)</.exec(html)?.[1] ?? "{}");
const policyOf = (html: string) => /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? "";
const post = "content/blog/media-demo/index.md";

beforeAll(async () => {
  site = await copySampleSite({ warmCache: true });
  await addMediaPost(site);
  await addContentComponents(site);
  build = await buildSite({ cwd: site.root, env: {} });
}, 120_000);
afterAll(async () => {
  await site?.remove();
});

describe("the owner's components in a post with the built-in directives", () => {
  it("are drawn on the server beside the video, the details, the keys and the facade", async () => {
    const html = await read("blogs/media-demo.html");
    expect(html).toContain('<p class="stat"><strong>42</strong> <!-- -->services shipped</p>');
    // The island: its root marked for the loader, its values as data, its content sanitised Markdown.
    expect(html).toContain(
      '<div class="island" data-island="content-counter" id="media-demo-content-1" data-island-props="{&quot;label&quot;:&quot;Times pressed&quot;,&quot;start&quot;:3}"><div class="counter"><div data-content-children=""><p>Press the <strong>button</strong> <kbd>Enter</kbd>.</p></div><button type="button">Times pressed<!-- -->: <!-- -->3</button></div></div>',
    );
    expect(html).toContain("<video ");
    expect(html).toContain("<details><summary>How it was recorded</summary>");
    expect(html).toContain('class="embed-play"');
    // The stylesheet a component imports joins the site's.
    const stylesheet = /<link rel="stylesheet" href="\/([^"]+)">/.exec(html)![1]!;
    expect(await read(stylesheet)).toMatch(/\.counter\{border:2px solid/);
  });

  it("load the owner's island's code on the page that has it only, as the engine's islands, under the same policy", async () => {
    const html = await read("blogs/media-demo.html");
    const scripts = islandScripts(html);
    expect(scripts["content-counter"]).toMatchObject({ start: "intent" });
    // The owner's code, with the engine's React in the chunk the engine's islands share.
    const entry = await read(scripts["content-counter"].entry.replace(/^\//, ""));
    expect(entry).toContain("hydrate");
    const chunks = await Promise.all(
      (scripts["content-counter"].chunks as string[]).map((chunk) => read(chunk.replace(/^\//, ""))),
    );
    expect([entry, ...chunks].join("")).toContain("useState");
    for (const page of ["index.html", "blogs.html", "about.html"])
      expect(islandScripts(await read(page))["content-counter"]).toBeUndefined();
    // Scripts of the site itself only, inline ones by their hash: the island adds no inline script.
    const scriptSrc = /script-src [^;]*/.exec(policyOf(html))?.[0];
    expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[^']+')+$/);
    expect(scriptSrc).toBe(/script-src [^;]*/.exec(policyOf(await read("blogs.html")))?.[0]);
  });
});

describe("a wrong use of an owner's component", () => {
  it("fails the build with the file, the line and the prop, and leaves the output as it was", async () => {
    const before = await fingerprint(build.outDir);
    const text = await site.read(post);
    await site.write(post, text.replace('::stat{value="42"', '::stat{valeu="42"'));
    try {
      const run = await portfolioInProcess(site.root, ["build"]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("✗ ContentInvalid: content/blog/media-demo/index.md is not valid:");
      expect(run.stderr).toMatch(
        /- body \(line \d+\): the directive ::stat has no attribute "valeu": did you mean "value"\?/,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(await fingerprint(build.outDir)).toBe(before);
    } finally {
      await site.write(post, text);
    }
  }, 60_000);

  it("named like a built-in directive, fails the build naming both", async () => {
    const before = await fingerprint(build.outDir);
    await site.write("components/content/Video.tsx", statComponent.replace("function Stat", "function Video"));
    try {
      const run = await portfolioInProcess(site.root, ["build"]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        "✗ ContentComponentInvalid: components/content/Video.tsx cannot be used in content: it would be ::video, the name of the built-in directive video: give the file another name, such as MyVideo.tsx",
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(await fingerprint(build.outDir)).toBe(before);
    } finally {
      const { rm } = await import("node:fs/promises");
      await rm(path.join(site.root, "components/content/Video.tsx"));
    }
  }, 60_000);
});

describe("a changed component", () => {
  it("is drawn anew by the next build from the same cache, as `portfolio dev`'s rebuild on save", async () => {
    await site.write("components/content/Stat.tsx", statComponent.replace('className="stat"', 'className="stat big"'));
    build = await buildSite({ cwd: site.root, env: {} });
    expect(build.unchanged).toBe(false);
    expect(await read("blogs/media-demo.html")).toContain('<p class="stat big"><strong>42</strong>');
  }, 60_000);
});
