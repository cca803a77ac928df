import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readVideoSize } from "../src/images/video-size.js";
import { mp4Bytes, webmBytes } from "./fixtures/videos.js";
import { LineFinder, readAttributes, readContainer } from "../src/content/directive-syntax.js";
import { withDirectiveFallbacks } from "../src/content/directive-fallbacks.js";
import { embedFrameOrigins, embedIsland } from "../src/content/embeds.js";
import { bodyIslands, plainClients } from "../src/islands/registry.js";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { markdownToFullText } from "../src/content/markdown-full-text.js";
import { markdownToText } from "../src/content/markdown-text.js";

/**
 * Issue 52: directives in Markdown (`::leaf{…}`, `:::container{…}` … `:::`, `:inline[text]{…}`), read
 * as literal text and checked against their component's props. Unit tests of the reading, the
 * checking and the rendering; tests/directives-site.test.ts builds one post with them.
 */

describe("attributes", () => {
  it("are literal text, whatever they look like: no number, boolean, JSON or expression is made of them", () => {
    const read = readAttributes('{title="[draft] {a}" n=0x10 t=true list=[1,2] code="{{1+1}}" single=\'say "hi"\'}');
    expect(read).toEqual({
      attributes: [
        { key: "title", value: "[draft] {a}" },
        { key: "n", value: "0x10" },
        { key: "t", value: "true" },
        { key: "list", value: "[1,2]" },
        { key: "code", value: "{{1+1}}" },
        { key: "single", value: 'say "hi"' },
      ],
      end: read.end,
    });
  });

  it("take flags, and a `}` inside quotes does not end them", () => {
    const text = '{loop title="a}b"} after';
    const read = readAttributes(text);
    expect(read.attributes).toEqual([
      { key: "loop", value: undefined },
      { key: "title", value: "a}b" },
    ]);
    expect(text.slice(read.end!)).toBe(" after");
  });

  it("that cannot be read say where and what was expected", () => {
    expect(readAttributes('{title="open').problem).toBe('has attributes that are not closed: expected a " then }');
    expect(readAttributes('{src="a.mp4"').problem).toBe("has attributes that are not closed: expected }");
    expect(readAttributes('{"src"="a"}').problem).toBe(
      'cannot read its attributes at `"src"="a"}`: expected name="value"',
    );
    expect(readAttributes('{src="a" src="b"}').problem).toBe('gives the attribute "src" twice');
    expect(readAttributes("{src=}").problem).toBe('cannot read its attributes at `src=}`: expected name="value"');
  });
});

describe("containers", () => {
  it("end at the ::: that closes them, past nested containers and fenced code", () => {
    const source = [
      ':::details{summary="Outer"}',
      "Text.",
      ':::details{summary="Inner"}',
      "Inner text.",
      ":::",
      "```md",
      ":::",
      "```",
      ":::",
      "After.",
    ].join("\n");
    const read = readContainer(source);
    expect(read).toMatchObject({ name: "details", attributes: [{ key: "summary", value: "Outer" }] });
    expect(read?.inner).toBe(source.split("\n").slice(1, 8).join("\n"));
    expect(read?.raw).toBe(`${source.split("\n").slice(0, 9).join("\n")}\n`);
  });

  it("left open are a problem, not the rest of the text swallowed", () => {
    const read = readContainer(':::details{summary="A"}\nText.\n\nMore.');
    expect(read?.problem).toBe("is not closed: expected a line of ::: after its content");
    expect(read?.raw).toBe(':::details{summary="A"}\n');
  });
});

describe("lines", () => {
  it("of directives are found in order, fenced code left out", () => {
    const text = [
      "Intro",
      "```",
      "::video{src=x}",
      "```",
      "::video{src=x}",
      "",
      ":::details",
      "::video{src=x}",
      ":::",
    ].join("\n");
    const lines = new LineFinder(text);
    expect(lines.find("::video{src=x}")).toBe(5);
    expect(lines.find(":::details")).toBe(7);
    expect(lines.find("::video{src=x}")).toBe(8);
    // One it cannot find is on the first line of the text rather than nowhere.
    expect(lines.find("::nowhere")).toBe(1);
  });
});

const libraries = await loadMarkdownLibraries();
const beside = { folder: "blog/launch/", images: ["demo.mp4", "demo.vtt", "poster.png"] };
const rendered = (markdown: string) => renderMarkdown(libraries, markdown, "/", { beside });
const render = (markdown: string) => {
  const result = rendered(markdown);
  if ("problem" in result) throw new Error(result.problem.problem);
  return result.html;
};
const problemOf = (markdown: string) => {
  const result = rendered(markdown);
  return "problem" in result ? result.problem : undefined;
};

describe("checking", () => {
  it("names a mistyped directive's likely meaning, and its line", () => {
    expect(problemOf('Intro.\n\n```\n::vidoe\n```\n\n::vidoe{src="demo.mp4"}\n')).toEqual({
      field: "body",
      line: 7,
      problem: "the directive ::vidoe does not exist: did you mean ::video?",
    });
    expect(problemOf("::zzzzzzzz")?.problem).toMatch(
      /^the directive ::zzzzzzzz does not exist: expected one of :::details, ::video/,
    );
  });

  it("names a missing, an unknown or a wrong attribute, and a directive written in the wrong form", () => {
    expect(problemOf('::youtube{title="Demo"}')?.problem).toBe(
      'the directive ::youtube is missing its attribute "id": expected id="…" (text)',
    );
    expect(problemOf('::video{scr="demo.mp4"}')?.problem).toBe(
      'the directive ::video has no attribute "scr": did you mean "src"?',
    );
    expect(problemOf('::video{src="demo.mp4" loop="often"}')?.problem).toBe(
      'the directive ::video has loop="often": expected true or false, got string "often"',
    );
    expect(problemOf('::youtube{id="x" title="Demo"}')?.problem).toBe(
      'the directive ::youtube has id="x": expected a YouTube video\'s id, such as id="dQw4w9WgXcQ"',
    );
    expect(problemOf('::details{summary="More"}')?.problem).toBe(
      "the directive ::details is written around its content: :::details{…}, its content on the lines below, then a line of :::",
    );
    expect(problemOf('Text\n\n:::details{summary="A"}\nopen')).toEqual({
      field: "body",
      line: 3,
      problem: "the directive :::details is not closed: expected a line of ::: after its content",
    });
    expect(problemOf('::video{src="https://example.org/a.mp4"}')?.problem).toMatch(/expected a file of the site/);
  });

  it("leaves text that only looks like a directive as it is", () => {
    expect(render("Use std::vector and a:b[c], or `::video`.")).toBe(
      "<p>Use std::vector and a:b[c], or <code>::video</code>.</p>",
    );
    expect(render("```md\n::video{src=x}\n:::\n```")).toContain("::video{src=x}");
    expect(render("Write \\:kbd[Ctrl] for a key.")).toBe("<p>Write :kbd[Ctrl] for a key.</p>");
  });
});

describe("built-in components", () => {
  it("details: a container of Markdown, nested, its summary as text", () => {
    const html = render(
      ':::details{summary="Why <not>?"}\nBecause **so**.\n\n:::details{summary="Inner" open}\n- a\n:::\n:::\n\nAfter.',
    );
    expect(html).toBe(
      "<details><summary>Why &lt;not&gt;?</summary>\n<p>Because <strong>so</strong>.</p>\n<details open><summary>Inner</summary>\n<ul>\n<li>a</li>\n</ul>\n</details>\n</details>\n<p>After.</p>",
    );
  });

  it("video: a local file beside the post, never autoplaying, with its poster and captions", () => {
    const result = rendered('::video{src="demo.mp4" poster="poster.png" captions="demo.vtt" title="The demo"}');
    if ("problem" in result) throw new Error(result.problem.problem);
    expect(result.html).toBe(
      '<figure class="video"><video src="/blog/launch/demo.mp4" controls preload="none" playsinline poster="/blog/launch/poster.png" aria-label="The demo"><track kind="captions" src="/blog/launch/demo.vtt" label="Captions" default><a href="/blog/launch/demo.mp4">The demo</a></video><figcaption>The demo</figcaption></figure>',
    );
    // Each file is checked against the site's files, on its line.
    expect(result.links.map((link) => link.href)).toEqual([
      "/blog/launch/demo.mp4",
      "/blog/launch/poster.png",
      "/blog/launch/demo.vtt",
    ]);
    expect(problemOf('::video{src="demo.mov"}')?.problem).toBe(
      'the directive ::video has src="demo.mov": expected an .mp4 or .webm file',
    );
  });

  it("youtube: a facade with a real button and a link, asking YouTube for nothing", () => {
    const html = render('::youtube{id="dQw4w9WgXcQ" title="A <talk> & more"}');
    expect(html).toContain('<button type="button" class="embed-play">');
    expect(html).toContain('<span class="visually-hidden">Play: A &lt;talk&gt; &amp; more</span>');
    expect(html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">A &lt;talk&gt; &amp; more</a>');
    expect(html).not.toMatch(/<iframe|<img|<script/);
  });

  it("vimeo: the same facade, Vimeo's player with Do Not Track, its page as the link", () => {
    const html = render('::vimeo{id="76979871" title="The app"}');
    expect(html).toContain('data-embed-src="https://player.vimeo.com/video/76979871?dnt=1&amp;autoplay=1"');
    expect(html).toContain('<a href="https://vimeo.com/76979871">The app</a> (Vimeo)');
    expect(embedFrameOrigins(html)).toEqual(["https://player.vimeo.com"]);
    expect(problemOf('::vimeo{id="abc" title="T"}')?.problem).toBe(
      'the directive ::vimeo has id="abc": expected a Vimeo video\'s id, such as id="76979871"',
    );
  });

  it("abbr and kbd: inline, their text Markdown", () => {
    expect(render(`Press :kbd[Ctrl+C] in :abbr[*CSS*]{title='Cascading "Style" Sheets'}.`)).toBe(
      '<p>Press <kbd>Ctrl+C</kbd> in <abbr title="Cascading &quot;Style&quot; Sheets"><em>CSS</em></abbr>.</p>',
    );
  });
});

describe("raw HTML", () => {
  it("keeps the writer's phrasing and structure elements, and none of their behaviour", () => {
    const html = render(
      '<kbd>K</kbd> <mark>m</mark> <abbr title="t" onclick="x()">a</abbr> H<sub>2</sub>O x<sup>2</sup>\n\n<dl><dt>T</dt><dd>D</dd></dl>\n\n<details open ontoggle="x()"><summary onclick="x()">S</summary>Body</details>',
    );
    expect(html).toBe(
      '<p><kbd>K</kbd> <mark>m</mark> <abbr title="t">a</abbr> H<sub>2</sub>O x<sup>2</sup></p>\n<dl><dt>T</dt><dd>D</dd></dl><details open><summary>S</summary>Body</details>',
    );
    // Still no frame, button or island of content's own.
    expect(render('<iframe src="https://example.org"></iframe><button data-island="EmbedFacade">x</button>')).toBe("x");
  });

  it("the facade's island is one the registry knows, with its plain module", () => {
    expect(bodyIslands).toContain(embedIsland);
    expect(plainClients[embedIsland]).toBe("embed-facade.ts");
  });

  it("cannot write a directive's slot: only the build's own mark fills one", () => {
    const html = render('\uE002AAAAAAAAAAAAAAAA:0\uE003 and \uE002:0\uE003\n\n::youtube{id="dQw4w9WgXcQ" title="T"}');
    expect(html.match(/<figure class="embed"/g)).toHaveLength(1);
  });
});

describe("a video's size", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "video-size-"));
  const file = (name: string, bytes: Buffer) => {
    const written = path.join(folder, name);
    writeFileSync(written, bytes);
    return written;
  };

  it("is read from an MP4's track header, wherever its moov is, turned for a portrait recording", async () => {
    expect(await readVideoSize(file("a.mp4", mp4Bytes(1280, 720)))).toEqual({ width: 1280, height: 720 });
    expect(await readVideoSize(file("b.mp4", mp4Bytes(1920, 1080, { portrait: true })))).toEqual({
      width: 1080,
      height: 1920,
    });
  });

  it("is read from a WebM's video track, its segment's size unknown", async () => {
    expect(await readVideoSize(file("c.webm", webmBytes(640, 360)))).toEqual({ width: 640, height: 360 });
  });

  it("is refused for a file that is no video, whatever its name says", async () => {
    expect(await readVideoSize(file("d.mp4", Buffer.from("<html><script>alert(1)</script></html>")))).toEqual({
      problem: "is not a video its bytes show: expected an MP4 or WebM file",
    });
    expect(await readVideoSize(file("e.mp4", mp4Bytes(1280, 720).subarray(0, 40)))).toEqual({
      problem: "is an MP4 file without a picture's width and height: expected a video track",
    });
  });
});

describe("where no script runs", () => {
  const body = render(
    [
      '::youtube{id="dQw4w9WgXcQ" title="The talk"}',
      '::video{src="demo.mp4" title="The demo"}',
      ':::details{summary="Why"}\nBecause.\n\n:::details{summary="Inner"}\nDeep.\n:::\n:::',
    ].join("\n\n"),
  );

  it("feeds and search get links to the videos and the details' text, open", () => {
    expect(withDirectiveFallbacks(body, "link")).toBe(
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">The talk</a> (YouTube)</p><p><a href="/blog/launch/demo.mp4">The demo</a></p><p><strong>Why</strong></p>\n<p>Because.</p>\n<p><strong>Inner</strong></p>\n<p>Deep.</p>\n\n',
    );
  });

  it("excerpts the titles, llms-full.txt the links to the videos and the details' text", () => {
    expect(markdownToText(body)).toBe("The talk The demo Why Because. Inner Deep.");
    expect(markdownToFullText(body)).toBe(
      "[The talk](https://www.youtube.com/watch?v=dQw4w9WgXcQ) (YouTube)\n\n[The demo](/blog/launch/demo.mp4)\n\n**Why**\n\nBecause.\n\n**Inner**\n\nDeep.",
    );
    expect(markdownToFullText(body, { siteUrl: "https://maya.example" })).toContain(
      "[The demo](https://maya.example/blog/launch/demo.mp4)",
    );
  });
});
