import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { classesOf, cssItems, mayApply } from "../content/css-rules.js";
import { mathStyleRules } from "../content/math.js";
import { withBase } from "../site-paths.js";
import type { BundledFile } from "../render/bundled-assets.js";

/** Whether a page's HTML shows a formula drawn by KaTeX. */
export function showsMath(html: string): boolean {
  return html.includes('class="katex');
}

export interface MathAssets {
  /**
   * KaTeX's stylesheet, its fonts named by their site path (`assets/katex-0.17.0/KaTeX_Main-Regular.woff2`):
   * what `mathStyle` takes each page's rules from.
   */
  stylesheet: string;
  /** KaTeX's fonts. */
  files: BundledFile[];
}

/** Where a font of KaTeX's stylesheet is named, to be put under the site's base path by `mathStyle`. */
const fontSource = /src:url\(([^)]+)\)/g;

/**
 * KaTeX's stylesheet and fonts, the fonts served by the site itself for the pages that show math:
 * its CSS (the `font-display: swap` build, so text shows while a font loads) naming only the WOFF2
 * fonts every browser the site supports reads. The fonts' folder is named after KaTeX's version,
 * as `assets/` is cached for a year. None when no page shows math: a site without formulas gets
 * none of these files.
 */
export async function mathAssets(pages: readonly string[]): Promise<MathAssets | undefined> {
  if (!pages.some(showsMath)) return undefined;
  const require = createRequire(import.meta.url);
  const katexFolder = path.dirname(require.resolve("katex/package.json"));
  const { version } = JSON.parse(await readFile(path.join(katexFolder, "package.json"), "utf8")) as { version: string };
  const fontsFolder = `assets/katex-${version}`;
  const [css, fontNames] = await Promise.all([
    readFile(path.join(katexFolder, "dist", "katex-swap.min.css"), "utf8"),
    readdir(path.join(katexFolder, "dist", "fonts")),
  ]);
  const stylesheet = css.replace(
    /src:url\(fonts\/([\w-]+)\.woff2\) format\("woff2"\)(?:,url\([^)]*\) format\("[^"]*"\))*/g,
    (_src, name: string) => `src:url(${fontsFolder}/${name}.woff2) format("woff2")`,
  );
  const fonts = await Promise.all(
    fontNames
      .filter((name) => name.endsWith(".woff2"))
      .map(async (name) => ({
        file: `${fontsFolder}/${name}`,
        contents: await readFile(path.join(katexFolder, "dist", "fonts", name)),
      })),
  );
  return { stylesheet, files: fonts };
}

/**
 * The math rules one page needs, for a `<style>` in its head (allowed by its hash: head-tags.ts):
 * the rules of KaTeX's stylesheet that can match the page's HTML, the fonts those rules name (at
 * their address under the base path), then the rules of the style classes the page uses (math.ts).
 * In the page rather than a stylesheet of its own, a page with math waits for no second file
 * before it paints.
 */
export function mathStyle(stylesheet: string, html: string, base: string): string {
  const classes = classesOf(html);
  const rules = cssItems(stylesheet);
  const used = rules.filter((rule) => !rule.startsWith("@font-face") && mayApply(rule, classes));
  const families = new Set(used.flatMap((rule) => [...rule.matchAll(/KaTeX_\w+/g)].map((match) => match[0])));
  const fonts = rules
    .filter((rule) => rule.startsWith("@font-face"))
    .filter((rule) => families.has(/font-family:"?(KaTeX_\w+)/.exec(rule)?.[1] ?? ""))
    .map((rule) => rule.replace(fontSource, (_src, file: string) => `src:url(${withBase(base, file)})`));
  return [[...fonts, ...used].join(""), mathStyleRules([html])].filter(Boolean).join("\n");
}
