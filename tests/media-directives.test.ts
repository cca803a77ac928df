import { describe, expect, it } from "vitest";
import { withDirectiveFallbacks } from "../src/content/directive-fallbacks.js";
import { embedFrameOrigins } from "../src/content/embeds.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { markdownToFullText } from "../src/content/markdown-full-text.js";
import { markdownToText } from "../src/content/markdown-text.js";
import { projectVideoSchema, videoDirective, videoProblem, withoutProjectVideo } from "../src/content/project-video.js";
import { withCodeCopy } from "../src/render/code-copy.js";
import { galleryPictures, gallerySizes, responsiveBodyImages } from "../src/render/body-images.js";
import type { SiteImage } from "../src/images/prepare-images.js";

/**
 * Issue 52, the built-in media: the copy button's marks on code blocks, the gallery's HTML and its
 * pictures, a project's video, raw `<video>`, the code playground's facade. Pure functions only;
 * tests/directives-site.test.ts builds them once, tests/browser/directives.test.ts visits them.
 */
const labels = { copy: "Copy code", copied: "Copied" };

describe("the copy button's marks", () => {
  it("are put on every pre > code, a body's or a component's, with the words in the page's language", () => {
    const html = [
      '<pre class="code" tabindex="0" data-language="ts"><code>const a = 1;</code></pre>',
      "<details><summary>BibTeX</summary><pre>\n<code>@article{a}</code></pre></details>",
    ].join("");
    expect(withCodeCopy(html, { copy: "Copier le code", copied: "Copié" })).toBe(
      [
        '<pre class="code" tabindex="0" data-language="ts" data-island="CodeCopy" data-copy-label="Copier le code" data-copied-label="Copié"><code>const a = 1;</code></pre>',
        '<details><summary>BibTeX</summary><pre tabindex="0" data-island="CodeCopy" data-copy-label="Copier le code" data-copied-label="Copié">\n<code>@article{a}</code></pre></details>',
      ].join(""),
    );
  });

  it("leave a pre without code, a code without pre, and escaped text alone", () => {
    const html = "<pre>ascii art</pre><p><code>inline</code></p><pre><code>&lt;pre&gt;&lt;code&gt;</code></pre>";
    const marked = withCodeCopy(html, labels);
    expect(marked.match(/data-island/g)).toHaveLength(1);
    expect(marked).toContain("<pre>ascii art</pre><p><code>inline</code></p>");
    expect(marked).toContain("<code>&lt;pre&gt;&lt;code&gt;</code>");
  });
});

const libraries = await loadMarkdownLibraries();
const beside = { folder: "blog/trip/", images: ["map.png", "road.jpg", "clip.mp4"] };
const rendered = (markdown: string) => renderMarkdown(libraries, markdown, "/", { beside });
const render = (markdown: string) => {
  const result = rendered(markdown);
  if ("problem" in result) throw new Error(result.problem.problem);
  return result.html;
};
const problemOf = (markdown: string) => {
  const result = rendered(markdown);
  return "problem" in result ? result.problem.problem : undefined;
};

describe(":::gallery", () => {
  it("is a list of thumbnails, each a link to its image, its title the caption; the lightbox's words on it", () => {
    const result = rendered(':::gallery\n![The map](map.png)\n![The road & sky](road.jpg "Day two")\n:::\n');
    if ("problem" in result) throw new Error(result.problem.problem);
    expect(result.html).toBe(
      '<div class="gallery" data-island="Gallery" data-close-label="Close" data-previous-label="Previous image" data-next-label="Next image">' +
        '<ul><li><a href="/blog/trip/map.png"><img src="/blog/trip/map.png" alt="The map" /></a></li>' +
        '<li><a href="/blog/trip/road.jpg"><img src="/blog/trip/road.jpg" alt="The road &amp; sky" title="Day two" /></a></li></ul></div>',
    );
    // Each image is shown (made into sizes) and checked on its line.
    expect(result.links.filter((link) => link.shown).map((link) => [link.href, link.line])).toContainEqual([
      "/blog/trip/road.jpg",
      3,
    ]);
  });

  it("takes images one a paragraph too, a figure's caption as the title", () => {
    const html = render(':::gallery\n![The map](map.png "Where")\n\n![The road](road.jpg)\n:::');
    expect(html).toContain('<img src="/blog/trip/map.png" alt="The map" title="Where"');
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).not.toContain("<figure");
  });

  it("refuses text, an image of another host or one without alt text, and an empty gallery", () => {
    expect(problemOf(":::gallery\n![The map](map.png)\nSome words.\n:::")).toBe(
      "the directive :::gallery holds something other than images: expected only Markdown images, ![what it shows](file), one a line",
    );
    expect(problemOf(":::gallery\n![A](https://example.org/a.png)\n:::")).toMatch(
      /^the directive :::gallery shows https:\/\/example.org\/a.png: expected an image of the site/,
    );
    expect(problemOf(":::gallery\n![](map.png)\n:::")).toBe(
      "the directive :::gallery shows map.png without its alt text: expected ![what it shows](map.png)",
    );
    expect(problemOf(":::gallery\n:::")).toBe(
      "the directive :::gallery holds no image: expected Markdown images, ![what it shows](file), one a line",
    );
  });
});

describe("a gallery's pictures", () => {
  const pictures = new Map<string, SiteImage>([
    [
      "/blog/trip/map.png",
      {
        src: "/assets/images/map-1600-abc.png",
        width: 1600,
        height: 1200,
        sizes: "(min-width: 1024px) 760px, calc(100vw - 50px)",
        sources: [
          { type: "image/avif", srcset: "/assets/images/map-320-a.avif 320w, /assets/images/map-1600-b.avif 1600w" },
        ],
      },
    ],
  ]);

  it("link each thumbnail to its largest copy and size it as a thumbnail, lazily; other pictures stay as they were", () => {
    const html =
      '<div class="gallery" data-island="Gallery" data-close-label="Close"><ul><li><a href="/blog/trip/map.png"><img src="/blog/trip/map.png" alt="The map" title="Where" /></a></li></ul></div>' +
      '<p><img src="/blog/trip/map.png" alt="Again" /></p>';
    const drawn = responsiveBodyImages(galleryPictures(html, pictures), pictures);
    expect(drawn).toBe(
      '<div class="gallery" data-island="Gallery" data-close-label="Close"><ul><li><a href="/assets/images/map-1600-abc.png">' +
        `<picture><source type="image/avif" srcset="/assets/images/map-320-a.avif 320w, /assets/images/map-1600-b.avif 1600w" sizes="${gallerySizes}">` +
        '<img loading="lazy" decoding="async" src="/assets/images/map-1600-abc.png" width="1600" height="1200" alt="The map" title="Where"></picture></a></li></ul></div>' +
        '<p><picture><source type="image/avif" srcset="/assets/images/map-320-a.avif 320w, /assets/images/map-1600-b.avif 1600w" sizes="(min-width: 1024px) 760px, calc(100vw - 50px)">' +
        '<img src="/assets/images/map-1600-abc.png" width="1600" height="1200" alt="Again"></picture></p>',
    );
  });
});

describe("a gallery where no script runs", () => {
  const html = render('Before.\n\n:::gallery\n![The map](map.png)\n![The road](road.jpg "Day two")\n:::\n\nAfter.');

  it("is its images in feeds, search and llms-full.txt, nothing in an excerpt", () => {
    expect(withDirectiveFallbacks(html, "link")).toBe(
      '<p>Before.</p>\n<p><img src="/blog/trip/map.png" alt="The map"></p><p><img src="/blog/trip/road.jpg" alt="The road"></p><p>After.</p>',
    );
    expect(markdownToFullText(html)).toBe(
      "Before.\n\n![The map](/blog/trip/map.png)\n\n![The road](/blog/trip/road.jpg)\n\nAfter.",
    );
    expect(markdownToText(html)).toBe("Before. After.");
  });
});

describe("a project's video", () => {
  it("is a file, or its file and details, read as the ::video line it stands for", () => {
    expect(projectVideoSchema.parse("demo.mp4")).toEqual({ src: "demo.mp4" });
    const video = projectVideoSchema.parse({ src: "demo.webm", poster: "demo.jpg", title: `The "app"` });
    expect(videoDirective(video)).toBe(`::video{src="demo.webm" poster="demo.jpg" title='The "app"'}`);
    expect(videoDirective({ src: "a.mp4", title: `Both " and '` })).toEqual({
      problem: `has title with both kinds of quote: expected " or ' only`,
    });
    expect(projectVideoSchema.safeParse({ scr: "demo.mp4" }).error?.issues[0]?.message).toMatch(
      /^expected a video file \(video: demo.mp4\), or its file and details/,
    );
    const drawn = render('::video{src="demo.mp4" title="The app"}');
    expect(withoutProjectVideo(`${drawn}<p>The text.</p>`)).toBe("<p>The text.</p>");
    expect(videoProblem('the directive ::video has src="a.mov": expected an .mp4 or .webm file')).toBe(
      'has src="a.mov": expected an .mp4 or .webm file',
    );
  });
});

describe("a <video> written in HTML", () => {
  it("is kept with local files only, its controls on, nothing loaded before play and never playing by itself", () => {
    const result = rendered(
      [
        '<video src="clip.mp4" autoplay muted loop width="1" onplay="x()" poster="https://example.org/p.jpg" preload="auto" style="color:red">',
        '<source src="clip.webm" type="video/webm"><source src="//example.org/a.mp4" type="video/mp4">',
        '<track kind="captions" src="clip.vtt" srclang="en" label="English" default>',
        "</video>",
      ].join(""),
    );
    if ("problem" in result) throw new Error(result.problem.problem);
    expect(result.html).toBe(
      '<p><video src="/blog/trip/clip.mp4" muted loop controls preload="none">' +
        '<source src="/clip.webm" type="video/webm" /><source type="video/mp4" />' +
        '<track src="/clip.vtt" kind="captions" srclang="en" label="English" default /></video></p>',
    );
    // Each local file is checked, on its line.
    expect(result.links.map((link) => link.href)).toEqual(["/blog/trip/clip.mp4", "/clip.webm", "/clip.vtt"]);
  });
});

describe("code playgrounds", () => {
  it("codepen: the facade, CodePen's embed only after the click, the pen's page as the link", () => {
    const html = render('::codepen{id="PwYqJzM" user="maya-okafor" title="A CSS spinner"}');
    expect(html).toContain('data-embed-src="https://codepen.io/maya-okafor/embed/PwYqJzM?default-tab=result"');
    expect(html).toContain('<span class="visually-hidden">Play: A CSS spinner</span>');
    expect(html).toContain('<a href="https://codepen.io/maya-okafor/pen/PwYqJzM">A CSS spinner</a> (CodePen)');
    expect(embedFrameOrigins(html)).toEqual(["https://codepen.io"]);
    expect(html).not.toMatch(/<iframe|<img|<script/);
    expect(problemOf('::codepen{id="PwYqJzM" user="a b" title="T"}')).toBe(
      'the directive ::codepen has user="a b": expected a CodePen user name, such as user="maya-okafor"',
    );
    expect(problemOf('::codepen{id="x/../y" user="maya" title="T"}')).toBe(
      'the directive ::codepen has id="x/../y": expected a CodePen pen\'s id, such as id="PwYqJzM"',
    );
  });

  it("stackblitz: the same facade, StackBlitz's embed of the project", () => {
    const html = render('::stackblitz{id="vitejs-vite-k2xq7d" title="The offline queue"}');
    expect(html).toContain('data-embed-src="https://stackblitz.com/edit/vitejs-vite-k2xq7d?embed=1&amp;view=preview"');
    expect(html).toContain(
      '<a href="https://stackblitz.com/edit/vitejs-vite-k2xq7d">The offline queue</a> (StackBlitz)',
    );
    expect(embedFrameOrigins(html)).toEqual(["https://stackblitz.com"]);
    expect(withDirectiveFallbacks(html, "link")).toBe(
      '<p><a href="https://stackblitz.com/edit/vitejs-vite-k2xq7d">The offline queue</a> (StackBlitz)</p>',
    );
    expect(problemOf('::stackblitz{id="../x" title="T"}')).toBe(
      'the directive ::stackblitz has id="../x": expected a StackBlitz project\'s id, such as id="vitejs-vite-k2xq7d"',
    );
    expect(problemOf('::codepen{id="x" user="maya" title="T"}')).toMatch(/has id="x": expected a CodePen pen's id/);
  });
});
