import { readFile } from "node:fs/promises";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import { decodeText } from "../content/markdown-text.js";

/** Where the part of a formula that is seen starts: KaTeX's HTML, after its MathML (read aloud, never shown). */
const shownPart = '<span class="katex-html" aria-hidden="true">';

/** What KaTeX's stylesheet writes itself, in KaTeX_Main: an equation's number, `(` counter `)`. */
const equationNumber = "()0123456789";

/**
 * The zero-width space KaTeX puts in its stacks (`vlist-s`) is in none of its fonts: the browser
 * draws it with the font's space (HarfBuzz does so for every invisible character), as it did
 * with the whole font.
 */
const zeroWidthSpace = "\u200b";

/**
 * Every character the formulas of these pages show, once each, in code point order: the text of
 * KaTeX's HTML, the digits and brackets of an equation's number, which its stylesheet writes, and
 * the space that stands for a zero-width space.
 * Its MathML is left out, as it is never shown. KaTeX draws roots' signs, tall delimiters and wide
 * accents as SVG, not text, and lays formulas out from metrics of its own, so no glyph is needed
 * for those.
 */
export function shownCharacters(pages: readonly string[]): string {
  const shown = new Set<string>();
  for (const page of pages)
    for (const formula of shownFormulas(page)) {
      for (const character of decodeText(formula.replace(/<[^>]*>/g, ""))) shown.add(character);
      if (/\sclass="[^"]*\beqn-num\b/.test(formula)) for (const character of equationNumber) shown.add(character);
    }
  if (shown.has(zeroWidthSpace)) shown.add(" ");
  return [...shown].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join("");
}

/** The HTML of the part of each formula of a page that is seen. */
function shownFormulas(page: string): string[] {
  const formulas: string[] = [];
  for (let start = page.indexOf(shownPart); start !== -1; start = page.indexOf(shownPart, start + 1)) {
    const from = start + shownPart.length;
    const tags = /<span\b|<\/span>/g;
    tags.lastIndex = from;
    let depth = 1;
    let end = page.length;
    for (let tag = tags.exec(page); tag && depth > 0; tag = depth > 0 ? tags.exec(page) : null) {
      depth += tag[0] === "</span>" ? -1 : 1;
      if (depth === 0) end = tag.index;
    }
    formulas.push(page.slice(from, end));
  }
  return formulas;
}

/** One of KaTeX's fonts: its name (`KaTeX_Main-Regular`) and its WOFF2 file. */
export interface MathFont {
  name: string;
  file: string;
}

/**
 * Each font cut down to `characters` (those it has; the others are left out), as WOFF2, by name.
 * The same characters go into every font, rather than each font's own: which font shows a
 * character is for the stylesheet's rules to say (a class, a size, bold), and a font only keeps
 * the characters it has, so a few glyphs too many is all it costs. Kept in the build cache by the
 * font, KaTeX's version and the characters: a rebuild whose formulas show nothing new cuts nothing.
 * subset-font (harfbuzz's hb-subset) is loaded only when a font has to be cut.
 */
export async function subsetMathFonts(
  fonts: readonly MathFont[],
  characters: string,
  katexVersion: string,
  store: CacheStore | undefined,
): Promise<Map<string, Uint8Array>> {
  const cache = await openCache<Uint8Array>(store, "math-fonts", await codeFingerprint(["pipeline"]));
  let subsetFont: Promise<typeof import("subset-font").default> | undefined;
  const cut = async ({ name, file }: MathFont): Promise<[string, Uint8Array]> => {
    const key = hashOf(name, katexVersion, characters);
    let contents = cache.get(key);
    if (!contents) {
      subsetFont ??= import("subset-font").then((module) => module.default);
      contents = new Uint8Array(await (await subsetFont)(await readFile(file), characters, { targetFormat: "woff2" }));
    }
    cache.set(key, contents);
    return [name, contents];
  };
  const subsets = new Map(await Promise.all(fonts.map(cut)));
  await cache.save();
  return subsets;
}
