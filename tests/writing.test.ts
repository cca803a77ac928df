import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { englishWritingLabels } from "../src/content/markdown-extensions.js";
import { mathStyleRules } from "../src/content/math.js";
import { withHeadingLinks } from "../src/content/table-of-contents.js";
import { mathAssets, mathStyle } from "../src/pipeline/math-assets.js";
import { fitTitle } from "../src/theme/share-card-svg.js";
import { addWritingPosts } from "./fixtures/writing-post.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

const libraries = await loadMarkdownLibraries();
const render = (markdown: string, options: Parameters<typeof renderMarkdown>[3] = {}) => {
  const rendered = renderMarkdown(libraries, markdown, "/", options);
  if ("problem" in rendered) throw new Error(rendered.problem.problem);
  return rendered.html;
};

/** Every id an HTML text gives its elements. */
const idsOf = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);

describe("callouts", () => {
  it("are GitHub's five alerts, each with its icon and its title in the file's language", () => {
    const html = render("> [!WARNING]\n> Mind the *gap*.", {
      labels: { ...englishWritingLabels, warning: "Aviso" },
    });
    expect(html).toMatch(
      /^<div class="callout callout-warning">\s*<p class="callout-title"><svg class="callout-icon"[^>]*aria-hidden="true"[^>]*>.*<\/svg>Aviso<\/p>\s*<p>Mind the <em>gap<\/em>\.<\/p>\s*<\/div>$/s,
    );
    for (const kind of ["NOTE", "TIP", "IMPORTANT", "CAUTION"])
      expect(render(`> [!${kind}]\n> Text.`)).toContain(`class="callout callout-${kind.toLowerCase()}"`);
    // A quote that is not an alert stays a quote.
    expect(render("> [!NOPE]\n> Text.")).toMatch(/^<blockquote>/);
  });

  it("cannot be forged with an icon of the author's own: content brings in no SVG", () => {
    const html = render('<div class="callout callout-note"><svg onload="alert(1)"></svg></div>');
    expect(html).not.toContain("onload");
    expect(html).not.toContain("<svg onload");
  });
});

describe("footnotes", () => {
  const text = "A claim[^1] and another[^two], the first again[^1].\n\n[^1]: The source.\n[^two]: Another.";

  it("link from the text to the note and back, with the body's prefix on every id", () => {
    const html = render(text, { idPrefix: "post-" });
    expect(html).toContain('<a href="#post-fn-1" id="post-fn-ref-1" aria-describedby="post-fn-label">1</a>');
    expect(html).toContain('<a href="#post-fn-1" id="post-fn-ref-1-2" aria-describedby="post-fn-label">1</a>');
    expect(html).toContain('<li id="post-fn-1">');
    expect(html).toContain('<a href="#post-fn-ref-two" aria-label="Back to reference 2">↩</a>');
    expect(html).toContain('<a href="#post-fn-ref-1" aria-label="Back to reference 1">↩</a>');
    expect(html).toContain('<a href="#post-fn-ref-1-2" aria-label="Back to reference 1 (2)">↩</a><sup>2</sup>');
    // Every link to an id leads to one the text has.
    const ids = new Set(idsOf(html));
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(ids, target).toContain(target);
  });

  it("keep their section heading out of the table of contents, and a hand-written id is still dropped", () => {
    const html = render(`## Intro\n\n${text}\n\n<p id="main">x</p>`, { headingIds: true, idPrefix: "post-" });
    expect(html).toContain('<h2 class="visually-hidden" id="post-fn-label">Footnotes</h2>');
    expect(html).not.toContain('id="main"');
  });

  it("of two posts on one page never share an id", async () => {
    const site = await copySampleSite();
    try {
      await site.write("content/blog/one.md", `---\ntitle: One\ndate: 2025-01-01\ncategory: AI\n---\n${text}\n`);
      await site.write("content/blog/two.md", `---\ntitle: Two\ndate: 2025-01-02\ncategory: AI\n---\n${text}\n`);
      const content = await loadSiteContent(site);
      const [one, two] = ["one", "two"].map((slug) => content.blogPosts.find((post) => post.slug === slug)!);
      const shared = idsOf(one!.contentHtml).filter((id) => idsOf(two!.contentHtml).includes(id));
      expect(idsOf(one!.contentHtml).length).toBeGreaterThan(0);
      expect(shared).toEqual([]);
    } finally {
      await site.remove();
    }
  });
});

describe("figures", () => {
  it("are an image alone in its paragraph with a title, the title its caption", () => {
    expect(render('![A chart](images/chart.png "Sales <by> month")')).toBe(
      '<figure><img src="/images/chart.png" alt="A chart" /><figcaption>Sales &lt;by&gt; month</figcaption></figure>',
    );
    // Without a title, or beside text, an image stays in its paragraph.
    expect(render("![A chart](images/chart.png)")).toMatch(/^<p><img/);
    expect(render('Look: ![A chart](images/chart.png "Sales")')).toMatch(/^<p>Look: <img[^>]*title="Sales"/);
  });
});

describe("headings, lists and tables as a text writes them", () => {
  it("puts a text that uses # under the page's title, its outline kept, the footnotes' own heading untouched", () => {
    const html = render("# Top\n\nText[^1].\n\n## Sub\n\n<h1>Written as HTML</h1>\n\n[^1]: A note.", {
      idPrefix: "post-",
    });
    expect(html.match(/<h\d[^>]*>[^<]*/g)).toEqual([
      "<h2>Top",
      "<h3>Sub",
      "<h2>Written as HTML",
      '<h2 class="visually-hidden" id="post-fn-label">Footnotes',
    ]);
    // A text that starts from ## is left as it is.
    expect(render("## Sub\n\n### Deeper")).toBe("<h2>Sub</h2>\n<h3>Deeper</h3>");
  });

  it("keeps the number a list starts at, and makes a task's box a checkbox named by its words", () => {
    expect(render("3. three\n4. four")).toBe('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>');
    expect(render("- [x] Done *well*\n- [ ] To do\n  - inner")).toBe(
      '<ul>\n<li class="task"><label><input type="checkbox" disabled checked> Done <em>well</em></label></li>\n' +
        '<li class="task"><label><input type="checkbox" disabled> To do</label><ul>\n<li>inner</li>\n</ul>\n</li>\n</ul>',
    );
    // A box the text writes itself is still removed, as any form field.
    expect(render('- <input type="checkbox" checked> Mine')).toBe("<ul>\n<li> Mine</li>\n</ul>");
  });

  it("puts a table in a box of its own, which scrolls across and the keyboard reaches", () => {
    expect(render("| a | b |\n|---|--:|\n| 1 | 2 |")).toMatch(
      /^<div class="table-scroll" tabindex="0"><table>[\s\S]*<td align="right">2<\/td>[\s\S]*<\/table><\/div>$/,
    );
  });
});

describe("a heading's link to itself", () => {
  it("sits beside the heading, named after it, leaving the heading's text alone", () => {
    const html = withHeadingLinks(
      '<h2 id="why-this">Why <em>"this"</em></h2><p>x</p>',
      (heading) => `Link: ${heading}`,
    );
    expect(html).toBe(
      '<div class="heading-anchored"><h2 id="why-this">Why <em>"this"</em></h2><a class="heading-link" href="#why-this" aria-label="Link: Why &quot;this&quot;">#</a></div><p>x</p>',
    );
    // Headings without an id (the text has no page of its own) get none.
    expect(withHeadingLinks("<h2>Plain</h2>", () => "")).toBe("<h2>Plain</h2>");
  });
});

describe("a post's author", () => {
  let site: SiteCopy;
  beforeEach(async () => {
    site = await copySampleSite();
  });
  afterEach(async () => {
    await site.remove();
  });

  it("is the owner when the post names none, and the post's own otherwise", async () => {
    await addWritingPosts(site);
    await site.write(
      "content/blog/guest.md",
      "---\ntitle: A guest post\nauthor: Ada Lovelace\ndate: 2025-01-01\ncategory: AI\n---\nHi.\n",
    );
    const content = await loadSiteContent(site);
    const authorOf = (slug: string) => content.blogPosts.find((post) => post.slug === slug)?.author;
    expect(authorOf("writing")).toBe("Maya Okafor");
    expect(authorOf("guest")).toBe("Ada Lovelace");
  });
});

describe("math", () => {
  const drawn = (markdown: string) => (render(markdown).match(/<math\b/g) ?? []).length;

  it("is $…$ inline, $$…$$ and ```math on a line of their own, as HTML and MathML", () => {
    const html = render("Energy $E = mc^2$.\n\n$$\n\\frac{a}{b}\n$$\n\n```math\nx^2\n```");
    expect(html).toMatch(/^<p>Energy <span class="katex"><span class="katex-mathml"><math /);
    expect(html).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
    expect(html.match(/<div class="math-display" tabindex="0"><span class="katex-display">/g)).toHaveLength(2);
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
  });

  it("leaves a dollar sign as text: before a space, before a number alone, escaped, in code", () => {
    for (const text of [
      "It costs $5 and $10.",
      "Between $ 5 and $ 6.",
      "From $20,000 or $30,000 a year.",
      "Exactly $5$.",
      "An escaped \\$x$ sign.",
      "Code: `$x$`.",
      "A lone $ sign.",
    ])
      expect(drawn(text), text).toBe(0);
    expect(drawn("A price of $5 next to $x^2$ math.")).toBe(1);
    expect(drawn("$2x$ starts with a digit but is not a number alone.")).toBe(1);
  });

  it("needs no inline style, which the page's policy forbids: KaTeX's become classes that name them", () => {
    const html = render("$\\frac{a}{b}$");
    expect(html).not.toContain("style=");
    const rules = mathStyleRules([html]);
    expect(rules).toMatch(/^\.kx-[\w-]+\{height:[\d.]+em !important\}$/m);
    // A class that decodes to anything but plain declarations makes no rule.
    const forged = `kx-${Buffer.from("}body{background:url(//x)").toString("base64url")}`;
    expect(mathStyleRules([`<span class="${forged}">`])).toBe("");
  });

  it("gets, in the page, the rules of KaTeX's stylesheet its formulas use and the fonts those rules name, under the base path", async () => {
    const fraction = render("$\\frac{a}{b}$");
    // A formula on its own line and a calligraphic letter, on another page of the site.
    const more = render("$$\n\\mathcal{L}\n$$");
    const assets = (await mathAssets([fraction, more]))!;
    const style = mathStyle(assets.stylesheet, fraction, "/site/");
    // What a fraction needs, and no rule for what the page does not show.
    expect(style).toContain(".katex .mfrac .frac-line{");
    expect(style).toContain(".katex .mathnormal{font-family:KaTeX_Math");
    expect(style).toMatch(/^\.kx-[\w-]+\{height:[\d.]+em !important\}$/m);
    expect(style).not.toContain(".katex .mathcal");
    expect(style).not.toContain(".katex-display");
    expect(style).not.toContain("</");
    const fonts = [...style.matchAll(/src:url\(([^)]+)\)/g)].map((match) => match[1]);
    const version = (await import("katex")).default.version;
    expect(fonts).toContainEqual(
      expect.stringMatching(`^/site/assets/katex-${version}/KaTeX_Math-Italic-\\w{8}\\.woff2$`),
    );
    expect(
      fonts.every((font) => /^\/site\/assets\/katex-[\d.]+\/KaTeX_(Main|Math)-\w+-\w{8}\.woff2$/.test(font ?? "")),
    ).toBe(true);
    // Each font it names is one of the files the site serves.
    const served = new Set(assets.files.map(({ file }) => `/site/${file}`));
    for (const font of fonts) expect(served).toContain(font);
    // The other page brings its rules and its font.
    const moreStyle = mathStyle(assets.stylesheet, more, "/");
    expect(moreStyle).toContain(".katex-display{");
    expect(moreStyle).toContain(".katex .mathcal{font-family:KaTeX_Caligraphic}");
    expect(moreStyle).toMatch(/src:url\(\/assets\/katex-[\d.]+\/KaTeX_Caligraphic-Regular-\w{8}\.woff2\)/);
  });

  it("that KaTeX cannot read fails the build, naming the file, the line and KaTeX's message", async () => {
    const site = await copySampleSite();
    try {
      await site.write(
        "content/blog/broken.md",
        "---\ntitle: Broken\ndate: 2025-01-01\ncategory: AI\n---\n\nFine $x$ here.\n\nThen $\\frac{a$ there.\n",
      );
      const failure = await loadSiteContent(site).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(failure)).toMatch(
        /content\/blog\/broken\.md[\s\S]*body \(line 9\): has a formula KaTeX cannot read \("\\\\frac\{a"\): .*expected '\}'/,
      );
    } finally {
      await site.remove();
    }
  });
});

describe("a post's share card title", () => {
  // Each character 10 px wide at size 40: a line of the card holds 60 of them at that size.
  const widthOf = (line: string, size: number) => [...line].length * size * 0.25;

  it("is one line at the largest size when it fits, broken between words when not", () => {
    expect(fitTitle("Short", widthOf, 600)).toEqual({ lines: ["Short"], size: 64 });
    const broken = fitTitle("word ".repeat(30).trim(), widthOf, 600);
    expect(broken.lines.length).toBeLessThanOrEqual(3);
    for (const line of broken.lines) expect(widthOf(line, broken.size)).toBeLessThanOrEqual(600);
  });

  it("ends a title too long for three lines with … on a line that still fits", () => {
    const fitted = fitTitle("word ".repeat(200).trim(), widthOf, 600);
    expect(fitted.size).toBe(36);
    expect(fitted.lines).toHaveLength(3);
    expect(fitted.lines[2]).toMatch(/word…$/);
    for (const line of fitted.lines) expect(widthOf(line, 36)).toBeLessThanOrEqual(600);
  });
});
