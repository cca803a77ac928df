import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { mathStyleRules } from "../content/math.js";
import { hashOf } from "../cache/build-cache.js";
import type { BundledFile } from "../render/bundled-assets.js";

/** Whether a page's HTML shows a formula drawn by KaTeX. */
export function showsMath(html: string): boolean {
  return html.includes('class="katex');
}

export interface MathAssets {
  /** Output path of the stylesheet the pages with math link to. */
  stylesheet: string;
  files: BundledFile[];
}

/**
 * KaTeX's stylesheet and fonts, served by the site itself, for the pages that show math: its CSS
 * (the `font-display: swap` build, so text shows while a font loads) naming only the WOFF2 fonts
 * every browser the site supports reads, then the rules of the style classes the pages use
 * (math.ts). The fonts' folder is named after KaTeX's version, as `assets/` is cached for a year.
 * None when no page shows math: a site without formulas gets none of these files.
 */
export async function mathAssets(pages: readonly string[]): Promise<MathAssets | undefined> {
  const withMath = pages.filter(showsMath);
  if (!withMath.length) return undefined;
  const require = createRequire(import.meta.url);
  const katexFolder = path.dirname(require.resolve("katex/package.json"));
  const { version } = JSON.parse(await readFile(path.join(katexFolder, "package.json"), "utf8")) as { version: string };
  const fontsFolder = `katex-${version}`;
  const [css, fontNames] = await Promise.all([
    readFile(path.join(katexFolder, "dist", "katex-swap.min.css"), "utf8"),
    readdir(path.join(katexFolder, "dist", "fonts")),
  ]);
  const woff2Only = css.replace(
    /src:url\(fonts\/([\w-]+)\.woff2\) format\("woff2"\)(?:,url\([^)]*\) format\("[^"]*"\))*/g,
    (_src, name: string) => `src:url(${fontsFolder}/${name}.woff2) format("woff2")`,
  );
  const stylesheet = `${woff2Only}\n${mathStyleRules(withMath)}\n`;
  const fonts = await Promise.all(
    fontNames
      .filter((name) => name.endsWith(".woff2"))
      .map(async (name) => ({
        file: `assets/${fontsFolder}/${name}`,
        contents: await readFile(path.join(katexFolder, "dist", "fonts", name)),
      })),
  );
  const file = `assets/math-${hashOf(stylesheet).slice(0, 10)}.css`;
  return { stylesheet: file, files: [{ file, contents: Buffer.from(stylesheet) }, ...fonts] };
}
