import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { portfolioError } from "../errors.js";
import { hashOf } from "../cache/build-cache.js";
import type { OutputFile } from "../output-file.js";
import type { KeptResults } from "../kept-results.js";
import {
  chooseFaces,
  codeFontUsage,
  fallbackFaceCss,
  fontFaceCss,
  fontStack,
  mainFace,
  textFontUsage,
  usedSubsets,
  type FontMetrics,
} from "./font-faces.js";
import type { AvailableFace, FontFamilySource } from "./font-sources.js";
import type { ThemeColours } from "./theme-colours.js";
import { themeTokensCss } from "./theme-css.js";
import { readCheckedFont } from "./font-file.js";

/** What the theme adds to the site: CSS after portfolio's own, the font files and their faces. */
export interface ThemeAssets {
  /**
   * The config's tokens and the fonts' metric-matched fallback faces (theme-css.ts, font-faces.ts); empty without
   * `theme`.
   */
  css: string;
  /**
   * The fonts' own `@font-face` rules, with paths relative to assets/: a stylesheet of their own,
   * which pages ask for once they have painted (client/font-faces.ts); empty without fonts.
   */
  faceCss: string;
  /** The font files, content-hashed, in assets/fonts/. */
  files: OutputFile[];
  /**
   * The text font's main face (regular, upright, in its main subset): a page that draws it loads it
   * before the faces' stylesheet, so that the font's arrival is one layout of the page, not two
   * (client/font-faces.ts). Absent when the theme publishes no text font.
   */
  mainFace?: MainFace | undefined;
}

/** A published face as a page asks for it: its file, and the characters it covers (none: every one). */
export interface MainFace {
  file: string;
  unicodeRange?: string | undefined;
}

/** The stacks the fonts replace, after their fallbacks: the system's own, as tokens.css has them. */
const systemStacks = {
  "sans-serif":
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Ubuntu, Cantarell, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  monospace: "monospace",
} as const;

const fontsFolder = "assets/fonts";

/**
 * The theme's CSS and files: the accent, radius and font tokens, and for each font the faces the
 * site uses (see font-faces.ts) copied into assets/fonts/ under content-hashed names, with a
 * fallback face whose metrics match the font's, read from its regular face.
 */
export async function prepareTheme({
  theme,
  colours,
  fonts,
  stylesheets,
  pages,
  configLabel,
  characters,
}: {
  theme: ResolvedConfig["theme"];
  colours: ThemeColours;
  fonts: FontFamilySource[];
  /** portfolio's stylesheet and the owner's, for the weights and styles they ask for. */
  stylesheets: string[];
  /** Every page's HTML, for the characters (subsets) and elements they hold. */
  pages: string[];
  configLabel: string;
  /** Given by `portfolio dev`: each page's characters beyond ASCII, by its HTML (font-faces.ts). */
  characters?: KeptResults<string, string> | undefined;
}): Promise<ThemeAssets> {
  const published = await Promise.all(
    distinctFamilies(fonts).map(async (font) => {
      const usage = font.role === "text" ? textFontUsage(stylesheets, pages) : codeFontUsage(pages);
      const faces = usage ? chooseFaces(font.faces, usage, usedSubsets(font.faces, pages, characters)) : [];
      // Code fonts of a site without code publish nothing: the stack falls through to monospace.
      if (!faces.length) return { font, faceCss: [], fallbackCss: [], files: [], mainFace: undefined };
      const read = await Promise.all(
        faces.map(async (face) => ({
          face,
          bytes: await readCheckedFont(face.file, face.file, font.field, configLabel),
        })),
      );
      const copies = read.map(({ face, bytes }) => ({ face, file: copyFace(face, bytes) }));
      const main = mainFace(faces, font.mainSubset) ?? faces[0]!;
      const metrics =
        font.knownMetrics?.[path.basename(main.file)] ??
        (await readMetrics(main, read.find(({ face }) => face === main)!.bytes, font, configLabel));
      const mainCopy = copies.find(({ face }) => face === main)!;
      return {
        font,
        faceCss: copies.map(({ face, file }) =>
          fontFaceCss(font.family, face, path.posix.relative("assets", file.file)),
        ),
        fallbackCss: [fallbackFaceCss(font.family, metrics, font.category)],
        files: copies.map(({ file }) => file),
        mainFace: { file: mainCopy.file.file, unicodeRange: main.subset?.unicodeRange },
      };
    }),
  );
  const stackOf = (role: "text" | "code") => {
    const found = published.find(({ font }) => font.role === role)?.font;
    return found && fontStack(found.family, systemStacks[role === "code" ? "monospace" : found.category]);
  };
  const tokens = themeTokensCss({
    colours,
    radius: theme.radius,
    fonts: { text: stackOf("text"), code: stackOf("code") },
  });
  return {
    css: [tokens, ...published.flatMap(({ fallbackCss }) => fallbackCss)].filter(Boolean).join("\n"),
    faceCss: published.flatMap(({ faceCss }) => faceCss).join("\n"),
    files: published.flatMap(({ files }) => files),
    mainFace: published.find(({ font }) => font.role === "text")?.mainFace,
  };
}

/**
 * Two fonts of one family name but from two sources (a package and a file) would mix their faces: the code's is
 * renamed.
 */
function distinctFamilies(fonts: FontFamilySource[]): FontFamilySource[] {
  const text = fonts.find((font) => font.role === "text");
  return fonts.map((font) =>
    font.role === "code" && text && font.family === text.family && font.faces[0]?.file !== text.faces[0]?.file
      ? { ...font, family: `${font.family} Code` }
      : font,
  );
}

/** A face's file under a content-hashed name, so hosts may keep it for a year. */
function copyFace(face: AvailableFace, contents: Buffer): OutputFile {
  const name = path.basename(face.file, path.extname(face.file)).replace(/[^A-Za-z0-9_-]+/g, "-");
  const hash = hashOf(contents)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8);
  return { file: `${fontsFolder}/${name}-${hash}${path.extname(face.file).toLowerCase()}`, contents };
}

async function readMetrics(
  face: AvailableFace,
  bytes: Buffer,
  font: FontFamilySource,
  configLabel: string,
): Promise<FontMetrics> {
  try {
    // Loaded only when the theme names a font.
    const { fromBuffer } = await import("@capsizecss/unpack");
    return await fromBuffer(bytes);
  } catch (cause) {
    throw portfolioError(
      "FontUnreadable",
      [
        configLabel,
        font.field,
        `${face.file} is not a font file portfolio can read (${cause instanceof Error ? cause.message : String(cause)})`,
      ],
      { cause },
    );
  }
}
