import { describe, expect, it } from "vitest";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { stylesAsClasses } from "../src/content/math.js";
import { copySampleSite, loadSiteContent } from "./helpers/sample-site.js";

/**
 * Issue 49, finding 2: what one formula may cost is bounded by its length. Macros that expand to far
 * more than they are written as (`\def\a{xxxx…}\def\b{\a\a…}`), however they are defined, fail the
 * build in about a second, naming the limit; sizes are capped; ordinary formulas draw as before.
 */

const libraries = await loadMarkdownLibraries();
const katex = libraries.katex!;

/** The problem a body's formula gives, and how long finding it took. */
function problemOf(markdown: string): { problem: string | undefined; line: number | undefined; ms: number } {
  const started = performance.now();
  const rendered = renderMarkdown(libraries, markdown, "/");
  const ms = performance.now() - started;
  return "problem" in rendered
    ? { problem: rendered.problem.problem, line: rendered.problem.line, ms }
    : { problem: undefined, line: undefined, ms };
}

const x50 = "x".repeat(50);
const ten = (name: string) => name.repeat(10);

/**
 * Each is a few hundred characters that expand, in fewer than KaTeX's 1,000 expansions, to 25,000
 * glyphs or more (the 492 characters took KaTeX 69 s).
 */
const bombs: Record<string, string> = {
  "nested \\def": `\\def\\a{${x50}}\\def\\b{${ten("\\a")}}\\def\\c{${ten("\\b")}}${"\\c".repeat(5)}`,
  // \c is KaTeX's own (a cedilla): \newcommand would refuse to define it again.
  "nested \\newcommand": `\\newcommand{\\fooa}{${x50}}\\newcommand{\\foob}{${ten("\\fooa")}}\\newcommand{\\fooc}{${ten("\\foob")}}${"\\fooc".repeat(5)}`,
  "nested \\gdef": `\\gdef\\a{${x50}}\\gdef\\b{${ten("\\a")}}\\gdef\\c{${ten("\\b")}}${"\\c".repeat(5)}`,
  "\\let aliases": `\\def\\a{${x50}}\\let\\p\\a\\def\\b{${ten("\\p")}}\\let\\q\\b\\def\\c{${ten("\\q")}}\\let\\r\\c${"\\r".repeat(5)}`,
  "an argument pasted ten times": `\\def\\a#1{${ten("#1")}}\\a{\\a{${x50}${x50}}}\\a{\\a{${x50}${x50}}}`,
  "a wide \\underbrace": `\\def\\a{${x50}}\\def\\b{${ten("\\a")}}\\def\\c{${ten("\\b")}}\\underbrace{${"\\c".repeat(5)}}_{n}`,
  "a thousand \\rule": `\\def\\a{${ten("\\rule{9999em}{9999em}")}}\\def\\b{${ten("\\a")}}\\def\\c{${ten("\\b")}}\\c`,
};

describe("a formula's cost", () => {
  for (const [name, tex] of Object.entries(bombs))
    it(`is refused in about a second when its macros expand past its budget: ${name}`, () => {
      const { problem, line, ms } = problemOf(`A text.\n\n$$\n${tex}\n$$\n`);
      expect(problem).toMatch(
        /has a formula \(".+"\) whose macros expand to more than [\d,]+ tokens beyond its [\d,]+ characters: at most 10 for each/,
      );
      expect(line).toBe(4);
      expect(ms).toBeLessThan(1500);
    });

  it("is refused at the issue's 500-character nested \\def, which KaTeX took minutes to draw", () => {
    const tex = `\\def\\a{${"x".repeat(350)}}\\def\\b{${"\\a".repeat(30)}}\\def\\c{${"\\b".repeat(30)}}\\c`;
    const { problem, ms } = problemOf(`$${tex}$`);
    expect(problem).toMatch(/whose macros expand to more than 4,960 tokens beyond its 496 characters/);
    expect(ms).toBeLessThan(1500);
  });

  it("is refused when the formula alone is longer than 10,000 characters", () => {
    const { problem, ms } = problemOf(`$$\n${"x+".repeat(5001)}x\n$$`);
    expect(problem).toMatch(/has a formula of 10,003 characters \("x\+x\+.*"\): at most 10,000/);
    expect(ms).toBeLessThan(1500);
  });

  it("caps a size written in the formula at 50 em", () => {
    const rendered = renderMarkdown(libraries, "$\\rule{100000em}{100000em}\\kern{100000em}$", "/");
    if ("problem" in rendered) throw new Error(rendered.problem.problem);
    const sizes = [...rendered.html.matchAll(/kx-([\w-]+)/g)].map((match) =>
      Buffer.from(match[1]!, "base64url").toString("utf8"),
    );
    const ems = sizes.flatMap((style) =>
      [...style.matchAll(/(-?[\d.]+)em/g)].map((match) => Math.abs(Number(match[1]))),
    );
    expect(Math.max(...ems)).toBeLessThanOrEqual(50);
  });

  it("fails the build naming the file, the line and the limit, with a hint at the page on math", async () => {
    const site = await copySampleSite();
    try {
      await site.write(
        "content/blog/bomb.md",
        `---\ntitle: Bomb\ndate: 2025-01-01\ncategory: AI\n---\n\nFine $x$ here.\n\n$$\n${bombs["nested \\def"]}\n$$\n`,
      );
      const failure = await loadSiteContent(site).then(
        () => undefined,
        (error: unknown) => error as { name?: string; message?: string; hint?: string },
      );
      expect(failure?.name).toBe("ContentInvalid");
      expect(failure?.message).toMatch(
        /content\/blog\/bomb\.md[\s\S]*body \(line 10\): has a formula \(".+"\) whose macros expand to more than [\d,]+ tokens/,
      );
      expect(failure?.hint).toMatch(/writing\.md/);
    } finally {
      await site.remove();
    }
  });
});

describe("ordinary formulas", () => {
  /** The sample post's formulas, and some that use KaTeX's own macros and the owner's. */
  const formulas = [
    { tex: "E = mc^2", display: false },
    { tex: "\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}", display: true },
    { tex: "\\int_0^1 x^2 \\, dx = \\frac{1}{3}", display: true },
    { tex: "\\LaTeX \\text{ and } \\KaTeX, a \\implies b \\iff c, \\dots \\pmod{m}", display: false },
    { tex: "\\def\\norm#1{\\left\\lVert#1\\right\\rVert} \\norm{x} + \\norm{y} \\ge \\norm{x+y}", display: true },
    { tex: "\\newcommand{\\RR}{\\mathbb{R}} f \\colon \\RR^n \\to \\RR^m", display: false },
    { tex: "\\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}", display: true },
    {
      tex: `\\begin{pmatrix}${Array.from({ length: 20 }, () => Array.from({ length: 20 }, (_, i) => `a_{${i}}`).join("&")).join("\\\\")}\\end{pmatrix}`,
      display: true,
    },
  ];

  it("draw exactly as KaTeX draws them without limits", () => {
    for (const { tex, display } of formulas) {
      const rendered = renderMarkdown(libraries, display ? `$$\n${tex}\n$$` : `A $${tex}$ b`, "/");
      if ("problem" in rendered) throw new Error(`${tex}: ${rendered.problem.problem}`);
      const unlimited = stylesAsClasses(
        katex.renderToString(tex, { displayMode: display, output: "htmlAndMathml", throwOnError: true, strict: false }),
      );
      expect(rendered.html, tex).toContain(unlimited);
    }
  });

  it("keep KaTeX's refusals: links, HTML and images are not drawn, a macro that calls itself fails", () => {
    for (const tex of [
      "\\href{https://evil.example}{x}",
      "\\url{https://evil.example}",
      "\\htmlClass{a}{b}",
      "\\includegraphics{a.png}",
    ]) {
      const rendered = renderMarkdown(libraries, `$${tex}$`, "/");
      const html = "problem" in rendered ? "" : rendered.html;
      expect(html, tex).not.toMatch(/<a\b|<img\b|class="a"/);
    }
    expect(problemOf("$\\def\\a{\\a}\\a$").problem).toMatch(/Too many expansions|whose macros expand/);
  });
});
