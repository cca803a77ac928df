import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { create as createFont, type Font } from "fontkitten";
import { parseFragment } from "parse5";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadMarkdownLibraries, renderMarkdown } from "../src/content/markdown.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { mathAssets, mathStyle } from "../src/pipeline/math-assets.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

// subset-font itself, watched: how many fonts a build cut.
const cuts = vi.hoisted(() => ({ count: 0 }));
vi.mock("subset-font", async (importOriginal) => {
  const real = (await importOriginal<typeof import("subset-font")>()).default;
  return {
    default: (...args: Parameters<typeof real>) => {
      cuts.count++;
      return real(...args);
    },
  };
});

const libraries = await loadMarkdownLibraries();
const render = (markdown: string) => {
  const rendered = renderMarkdown(libraries, markdown, "/", {});
  if ("problem" in rendered) throw new Error(rendered.problem.problem);
  return rendered.html;
};
const fontsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve("katex/package.json")),
  "dist",
  "fonts",
);
/** A font file read back (a WOFF2 file holds one font, never a collection). */
const create = (bytes: Uint8Array) => createFont(Buffer.from(bytes)) as Font;
/** A font of KaTeX as it ships. */
const fullFont = async (name: string) => create(await readFile(path.join(fontsFolder, `${name}.woff2`)));

/** Formulas of every kind of glyph KaTeX draws: letters of each family, big operators, delimiters, accents, a phantom, text, a numbered equation. */
const showcase = [
  "$\\sqrt{x^2+1} \\left( \\frac{a}{b} \\right) \\hat{x} \\widehat{xy} \\vec{v} \\vphantom{Q} \\not= \\le \\infty$",
  "$\\mathcal{L} \\mathbb{R} \\mathfrak{g} \\mathscr{S} \\mathsf{A} \\mathtt{t} \\mathbf{v} \\boldsymbol{\\beta} \\text{if } \\alpha$",
  "$$\n\\sum_{k} \\prod_j \\int_0^1 \\bigl[ \\Bigg\\{ \\biggl( x \\biggr) \\Bigg\\} \\bigr] \\oint \\coprod \\bigcup\n$$",
  "$$\n\\begin{equation} e^{i\\pi} + 1 = 0 \\end{equation}\n$$",
].join("\n\n");

/** The characters of every text node a formula shows (its HTML, not its MathML), read with an HTML parser. */
function shownText(html: string): Set<string> {
  const shown = new Set<string>();
  type Node = { nodeName: string; value?: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };
  const walk = (node: Node, inFormula: boolean) => {
    const here =
      inFormula ||
      (node.attrs ?? []).some(({ name, value }) => name === "class" && value.split(" ").includes("katex-html"));
    if (here && node.nodeName === "#text") for (const character of node.value ?? "") shown.add(character);
    for (const child of node.childNodes ?? []) walk(child, here);
  };
  walk(parseFragment(html) as unknown as Node, false);
  return shown;
}

describe("KaTeX's fonts, as the site serves them", () => {
  it("hold every character the formulas show, and little else", async () => {
    const html = render(showcase);
    const assets = (await mathAssets([html]))!;
    const shown = shownText(html);
    expect(assets.files.length).toBeGreaterThanOrEqual(8);
    for (const { file, contents } of assets.files) {
      const name = /(KaTeX_\w+-\w+)-\w{8}\.woff2$/.exec(file)![1]!;
      const [full, subset] = [await fullFont(name), create(contents)];
      expect(subset.familyName, file).toBe(full.familyName);
      for (const character of shown) {
        const codePoint = character.codePointAt(0)!;
        if (full.hasGlyphForCodePoint(codePoint))
          expect(subset.hasGlyphForCodePoint(codePoint), `${file} ${character}`).toBe(true);
      }
      // Cut down: a glyph of the font that no formula shows is not in it.
      expect(subset.numGlyphs, file).toBeLessThan(full.numGlyphs);
      if (name === "KaTeX_Main-Regular") expect(subset.hasGlyphForCodePoint("~".codePointAt(0)!)).toBe(false);
    }
  });

  it("hold the number of a numbered equation, which KaTeX's stylesheet writes, and the space its stacks need", async () => {
    const html = render("$$\n\\begin{equation} x \\end{equation}\n$$");
    expect(html).toContain('class="eqn-num"');
    expect(shownText(html)).toEqual(new Set(["x", "\u200b"]));
    const assets = (await mathAssets([html]))!;
    const main = create(assets.files.find(({ file }) => file.includes("KaTeX_Main-Regular-"))!.contents);
    for (const character of "(1)") expect(main.hasGlyphForCodePoint(character.codePointAt(0)!), character).toBe(true);
    // The zero-width space of KaTeX's stacks is drawn with the font's space, as with KaTeX's whole font.
    expect(main.hasGlyphForCodePoint(" ".codePointAt(0)!)).toBe(true);
  });

  it("are named by the page's faces under the base path, each named after its bytes", async () => {
    const fraction = render("$\\frac{a}{b}$");
    const assets = (await mathAssets([fraction]))!;
    const style = mathStyle(assets.stylesheet, fraction, "/site/");
    const named = [...style.matchAll(/src:url\(([^)]+)\) format\("woff2"\)/g)].map((match) => match[1]);
    const served = assets.files.map(({ file }) => `/site/${file}`);
    expect(named).toContain(served.find((file) => file.includes("KaTeX_Math-Italic-")));
    for (const font of named) expect(served).toContain(font);
    // Other characters, other bytes, other names; the same characters, the same files.
    const other = (await mathAssets([render("$\\frac{c}{d}$")]))!;
    const nameOf = (files: typeof assets.files) => files.find(({ file }) => file.includes("KaTeX_Math-Italic-"))!.file;
    expect(nameOf(other.files)).not.toBe(nameOf(assets.files));
    const again = (await mathAssets([fraction]))!;
    expect(again.files.map(({ file }) => file)).toEqual(assets.files.map(({ file }) => file));
    expect(again.stylesheet).toBe(assets.stylesheet);
  });
});

describe("the cut fonts, in the build cache", () => {
  let site: SiteCopy;
  const post = (body: string) => `---\ntitle: Formulas\ndate: 2025-01-01\ncategory: AI\n---\n\n${body}\n`;
  const fontFiles = async (outDir: string) => {
    const html = await readFile(path.join(outDir, "blogs", "formulas.html"), "utf8");
    const files = [...html.matchAll(/src:url\(\/(assets\/katex-[^)]+)\)/g)].map((match) => match[1]!);
    return new Map(
      await Promise.all(files.map(async (file) => [file, await readFile(path.join(outDir, file))] as const)),
    );
  };
  beforeAll(async () => {
    site = await copySampleSite();
  });
  afterAll(async () => {
    await site.remove();
  });

  it("are cut once: a rebuild whose formulas show nothing new cuts none, and gives the same files", async () => {
    await site.write("content/blog/formulas.md", post("Einstein's $E = mc^2$ and $\\sum_k k$.\n\nA closing line."));
    cuts.count = 0;
    const first = await buildSite({ cwd: site.root, env: {} });
    expect(cuts.count).toBeGreaterThan(0);
    const before = await fontFiles(first.outDir);
    expect(before.size).toBeGreaterThan(0);
    // The text around the formulas changes, and a formula of characters already shown is added.
    await site.write("content/blog/formulas.md", post("Einstein's $E = mc^2$ and $\\sum_k k$.\n\n$m = E$, closing."));
    cuts.count = 0;
    const second = await buildSite({ cwd: site.root, env: {} });
    expect(cuts.count).toBe(0);
    expect(await fontFiles(second.outDir)).toEqual(before);
    // A character no formula showed: the fonts are cut again, under other names.
    await site.write("content/blog/formulas.md", post("Einstein's $E = mc^2$ and $\\sum_k k$, with $z$."));
    const third = await buildSite({ cwd: site.root, env: {} });
    expect(cuts.count).toBeGreaterThan(0);
    const after = await fontFiles(third.outDir);
    expect([...after.keys()].find((file) => file.includes("KaTeX_Math-Italic-"))).not.toBe(
      [...before.keys()].find((file) => file.includes("KaTeX_Math-Italic-")),
    );
  });
});
