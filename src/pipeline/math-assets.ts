import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { hashOf } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import { classesOf, cssItems, mayApply } from "../content/css-rules.js";
import { mathStyleRules } from "../content/math.js";
import { type KeptResults, recall } from "../kept-results.js";
import { withBase } from "../site-paths.js";
import type { BundledFile } from "../render/bundled-assets.js";
import { shownCharacters, subsetMathFonts } from "./math-fonts.js";

/** Whether a page's HTML shows a formula drawn by KaTeX. */
export function showsMath(html: string): boolean {
  return html.includes('class="katex');
}

export interface MathAssets {
  /**
   * KaTeX's stylesheet, what `mathStyle` takes each page's rules from, with the faces of the fonts
   * the site's formulas use only, each naming its cut-down font by its site path
   * (`assets/katex-0.17.0/KaTeX_Main-Regular-AbCd1234.woff2`).
   */
  stylesheet: string;
  /** Those fonts, cut down to the characters the site's formulas show (math-fonts.ts). */
  files: BundledFile[];
}

/** A face of KaTeX's stylesheet, with the name of its WOFF2 font (`KaTeX_Main-Regular`). */
const fontFace = /@font-face\{[^}]*src:url\(fonts\/([\w-]+)\.woff2\)[^}]*\}/g;

/** Where a font of KaTeX's stylesheet is named, to be put under the site's base path by `mathStyle`. */
const fontSource = /src:url\(([^)]+)\)/g;

/**
 * KaTeX's stylesheet and fonts, the fonts served by the site itself for the pages that show math:
 * its CSS (the `font-display: swap` build, so text shows while a font loads) naming only WOFF2
 * fonts, which every browser the site supports reads. Only the fonts whose family some page's
 * formulas use, each cut down to the characters the formulas of the whole site show and named
 * after its bytes (a cached page never loads a cut of other characters); in a folder named after
 * KaTeX's version. None when no page shows math: a site without formulas gets none of these files.
 */
export async function mathAssets(
  pages: readonly string[],
  store?: CacheStore,
  known?: KeptResults<string, boolean>,
): Promise<MathAssets | undefined> {
  // `portfolio dev` looks a kept page up by its HTML, the same string from build to build, rather than reading it.
  const withMath = pages.filter((page) => recall(known, page, () => showsMath(page)));
  if (!withMath.length) return undefined;
  const require = createRequire(import.meta.url);
  const katexFolder = path.dirname(require.resolve("katex/package.json"));
  const { version } = JSON.parse(await readFile(path.join(katexFolder, "package.json"), "utf8")) as { version: string };
  const css = await readFile(path.join(katexFolder, "dist", "katex-swap.min.css"), "utf8");
  const rules = cssItems(css);
  const families = new Set(withMath.flatMap((page) => [...familiesOf(rulesFor(rules, page))]));
  const fonts = rules
    .filter((rule) => rule.startsWith("@font-face") && families.has(familyOf(rule)))
    .flatMap((rule) => [...rule.matchAll(fontFace)].map((match) => match[1]!))
    .map((name) => ({ name, file: path.join(katexFolder, "dist", "fonts", `${name}.woff2`) }));
  const subsets = await subsetMathFonts(fonts, shownCharacters(withMath), version, store);
  const files = new Map(
    [...subsets].map(([name, contents]) => {
      const hash = hashOf(contents)
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 8);
      return [name, { file: `assets/katex-${version}/${name}-${hash}.woff2`, contents }] as const;
    }),
  );
  const stylesheet = css.replace(fontFace, (face, name: string) => {
    const file = files.get(name)?.file;
    return file ? face.replace(/src:[^;}]*/, `src:url(${file}) format("woff2")`) : "";
  });
  return { stylesheet, files: [...files.values()] };
}

/** The rules of KaTeX's stylesheet but its faces that may match some element of a page. */
function rulesFor(rules: readonly string[], html: string): string[] {
  const classes = classesOf(html);
  return rules.filter((rule) => !rule.startsWith("@font-face") && mayApply(rule, classes));
}

/** The KaTeX font families some rules name. */
function familiesOf(rules: readonly string[]): Set<string> {
  return new Set(rules.flatMap((rule) => [...rule.matchAll(/KaTeX_\w+/g)].map((match) => match[0])));
}

/** The family a face of KaTeX's stylesheet is of. */
function familyOf(face: string): string {
  return /font-family:"?(KaTeX_\w+)/.exec(face)?.[1] ?? "";
}

/**
 * The math rules one page needs, for a `<style>` in its head (allowed by its hash: head-tags.ts):
 * the rules of KaTeX's stylesheet that can match the page's HTML, the fonts those rules name (at
 * their address under the base path), then the rules of the style classes the page uses (math.ts).
 * In the page rather than a stylesheet of its own, a page with math waits for no second file
 * before it paints.
 */
export function mathStyle(stylesheet: string, html: string, base: string): string {
  const rules = cssItems(stylesheet);
  const used = rulesFor(rules, html);
  const families = familiesOf(used);
  const fonts = rules
    .filter((rule) => rule.startsWith("@font-face") && families.has(familyOf(rule)))
    .map((rule) => rule.replace(fontSource, (_src, file: string) => `src:url(${withBase(base, file)})`));
  return [[...fonts, ...used].join(""), mathStyleRules([html])].filter(Boolean).join("\n");
}
