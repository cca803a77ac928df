import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { addMediaPost } from "./fixtures/media-post.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 52: one build of a post with every directive, read for its server HTML, its policy, its
 * feeds and llms-full.txt; then the same post with a mistyped directive, which fails the build
 * naming the file, the line and what was meant, and leaves the output as it was.
 */
let site: SiteCopy;
let build: BuildResult;
const read = (file: string) => readFile(path.join(build.outDir, file), "utf8");
const policyOf = (html: string) => /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? "";

beforeAll(async () => {
  site = await copySampleSite({ warmCache: true });
  await addMediaPost(site);
  build = await buildSite({ cwd: site.root, env: {} });
}, 120_000);
afterAll(async () => {
  await site?.remove();
});

describe("a post with directives", () => {
  it("has the video sized from its bytes, the details, the keys and the facade in its server HTML", async () => {
    const html = await read("blogs/media-demo.html");
    expect(html).toContain(
      '<video src="/blog/media-demo/demo.mp4" width="1280" height="720" controls preload="none" playsinline poster="/images/social-card.jpg"',
    );
    expect(html).toContain('<track kind="captions" src="/blog/media-demo/demo.vtt" label="Captions" default>');
    expect(html).not.toMatch(/<video[^>]*autoplay/);
    // Its box keeps the file's shape whatever the poster's: a rule in the head, allowed by its hash.
    expect(html).toContain('<style>video[width="1280"][height="720"]{aspect-ratio:1280/720}</style>');
    expect(html).toContain("<details><summary>How it was recorded</summary>");
    expect(html).toContain("<kbd>Ctrl</kbd>");
    expect(html).toContain('<abbr title="Cascading Style Sheets">CSS</abbr>');
    expect(html).toContain("<dl><dt>Term</dt><dd>Its meaning.</dd></dl>");
    expect(html).toMatch(
      /<button type="button" class="embed-play">.*<span class="visually-hidden">Play: The talk at the meetup<\/span><\/button>/,
    );
    expect(html).not.toContain("<iframe");
    // The facade's plain module is fetched at idle and run on intent, like every island's.
    const scripts = JSON.parse(/<script type="application\/json" data-island-scripts>([^<]*)</.exec(html)![1]!);
    expect(scripts.EmbedFacade).toMatchObject({ start: "intent" });
  });

  it("marks its code block for the copy button and draws its gallery's thumbnails from the images' copies", async () => {
    const html = await read("blogs/media-demo.html");
    expect(html).toMatch(
      /<pre class="code" tabindex="0" data-island="CodeCopy" data-copy-label="Copy code" data-copied-label="Copied"><code>/,
    );
    const scripts = JSON.parse(/<script type="application\/json" data-island-scripts>([^<]*)</.exec(html)![1]!);
    expect(scripts.CodeCopy).toMatchObject({ start: "intent" });
    expect(scripts.Gallery).toMatchObject({ start: "intent" });
    const gallery = /<div class="gallery" data-island="Gallery"[^>]*>[\s\S]*?<\/ul><\/div>/.exec(html)?.[0] ?? "";
    expect(gallery).toContain(
      'data-close-label="Close" data-previous-label="Previous image" data-next-label="Next image"',
    );
    // The photo: a link to its largest copy, a picture of its copies at a thumbnail's width, loaded lazily.
    expect(gallery).toMatch(
      /<li><a href="\/assets\/images\/map-480-[^"]+\.png"><picture><source type="image\/avif" srcset="[^"]+" sizes="\(min-width: 1024px\) 160px, [^"]+"><source type="image\/webp"[^>]*><img loading="lazy" decoding="async" src="\/assets\/images\/map-480-[^"]+\.png" width="480" height="360" alt="The map screen, offline" title="The map, offline"><\/picture><\/a><\/li>/,
    );
    // A drawing is shown as it is, and its link is the file itself.
    expect(gallery).toContain(
      '<a href="/images/projects/fleetwise.svg"><img loading="lazy" decoding="async" src="/images/projects/fleetwise.svg"',
    );
    // No page without code or gallery carries their islands.
    expect(await read("index.html")).not.toMatch(/"(?:CodeCopy|Gallery)"/);
  });

  it("shows a project's video from its front matter at the top of its text, sized from its bytes", async () => {
    const html = await read("works/fleetwise.html");
    expect(html).toMatch(
      /data-item-body=""[^>]*><figure class="video"><video src="\/videos\/fleetwise.mp4" width="640" height="360" controls preload="none" playsinline aria-label="FleetWise in a minute">/,
    );
    // Its title is no part of the project's summary.
    expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).not.toContain("FleetWise in a minute");
  });

  it("names the player's host in its own page's frame-src, and no other page's", async () => {
    expect(policyOf(await read("blogs/media-demo.html"))).toContain("frame-src https://www.youtube-nocookie.com;");
    expect(policyOf(await read("index.html"))).not.toContain("frame-src");
    expect(policyOf(await read("blogs.html"))).not.toContain("youtube");
  });

  it("gives feeds and llms-full.txt links to the videos and the details' text, never a script, frame or button", async () => {
    const rss = await read("feed.xml");
    const item = rss.slice(rss.indexOf("<title>A post with media</title>"));
    const content = item.slice(0, item.indexOf("</item>"));
    expect(content).toContain(
      '&lt;a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"&gt;The talk at the meetup&lt;/a&gt; (YouTube)',
    );
    expect(content).toContain(
      '&lt;a href="https://maya-okafor.example/blog/media-demo/demo.mp4"&gt;The app in a minute&lt;/a&gt;',
    );
    expect(content).toContain("&lt;strong&gt;How it was recorded&lt;/strong&gt;");
    expect(content).not.toMatch(/iframe|button|data-island|&lt;video|&lt;details/);
    const llms = await read("llms-full.txt");
    expect(llms).toContain("[The talk at the meetup](https://www.youtube.com/watch?v=dQw4w9WgXcQ) (YouTube)");
    expect(llms).toContain("[The app in a minute](https://maya-okafor.example/blog/media-demo/demo.mp4)");
    expect(llms).toContain("**How it was recorded**\n\nWith the phone, **upright**.");
    // The gallery: its images in the feed (their copies) and in llms-full.txt.
    expect(content).toMatch(/&lt;img src="https:\/\/maya-okafor.example\/[^"]+" alt="The map screen, offline"/);
    expect(llms).toContain("![Fleetwise's dashboard](https://maya-okafor.example/images/projects/fleetwise.svg)");
  });
});

describe("a mistyped directive", () => {
  it("fails the build with the file, the line and what was meant, and leaves the output as it was", async () => {
    const before = await fingerprint(build.outDir);
    const text = await site.read("content/blog/media-demo/index.md");
    await site.write("content/blog/media-demo/index.md", text.replace("::video{", "::vidoe{"));
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("ContentInvalid");
    expect(run.stderr).toContain("✗ ContentInvalid: content/blog/media-demo/index.md is not valid:");
    expect(run.stderr).toContain("- body (line 9): the directive ::vidoe does not exist: did you mean ::video?");
    expect(run.stderr).toContain("writing.md (Directives)");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(build.outDir)).toBe(before);
  }, 60_000);
});
