import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { FontSource } from "../config/config-schema.js";
import { portfolioError } from "../errors.js";
import { packageRoot } from "../package-root.js";
import type { PublicFiles } from "../project/public-folder.js";
import { type FontMetrics, readCheckedFont } from "./font-file.js";

/** What a font is for: the pages' text, or code. */
export type FontRole = "text" | "code";

/** The generic family a fallback is measured against. */
export type FontCategory = "sans-serif" | "serif" | "monospace";

/** One file a font source offers: a style, a weight or range of weights, and the characters it covers. */
export interface AvailableFace {
  /** The real file to read. */
  file: string;
  style: "normal" | "italic";
  /** A static font's weight twice; a variable font's range. */
  weight: [number, number];
  /** The Fontsource subset (`latin`, `cyrillic`), with the characters it covers; none for a file of public/. */
  subset?: { name: string; unicodeRange: string } | undefined;
  format: "woff2" | "woff" | "truetype" | "opentype";
}

/** A font the theme names, as found: its family name and every face it offers. */
export interface FontFamilySource {
  role: FontRole;
  /** The config field that names it, for messages: `theme.fonts.text`. */
  field: string;
  family: string;
  category: FontCategory;
  faces: AvailableFace[];
  /** The subset to preload when the pages use it (Fontsource's `defSubset`). */
  mainSubset?: string | undefined;
  /**
   * The metrics of some of its files, by file name, known beforehand (the default font's): the
   * build then does not decode the file to read them (half a second of a cold build).
   */
  knownMetrics?: Readonly<Record<string, FontMetrics>> | undefined;
}

export interface FontSourceOptions {
  /** The project folder: packages are resolved from its node_modules, not portfolio's. */
  root: string;
  publicFiles: PublicFiles;
  configLabel: string;
}

/**
 * The text font of a site whose config names none: a dependency of portfolio itself, so a site
 * installs nothing for it, and Linux stops drawing pages in whatever sans-serif it has (DejaVu).
 */
export const defaultTextFont = "@fontsource-variable/inter";

/**
 * The default font's metrics, as @capsizecss/unpack reads them from its Latin face (the face the
 * fallback is measured on whenever the pages hold Latin text); tests/theme.test.ts checks them
 * against the installed file.
 */
const defaultTextFontMetrics: Record<string, FontMetrics> = {
  "inter-latin-wght-normal.woff2": { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 },
};

/**
 * Finds the fonts `theme.fonts` names: an installed Fontsource package, or font files of public/;
 * for the text, the default font unless it is `false`. A package that is not installed beside the
 * config, or a file that is missing or is not a font, is an error naming the field.
 */
export async function readFontSources(
  fonts: { text?: FontSource | false | undefined; code?: FontSource | undefined } | undefined,
  options: FontSourceOptions,
): Promise<FontFamilySource[]> {
  const text = fonts?.text;
  const sources = [
    ["text", text === undefined ? { kind: "default" as const } : text],
    ["code", fonts?.code],
  ] as const;
  return Promise.all(
    sources.flatMap(([role, source]) => {
      if (!source) return [];
      const field = `theme.fonts.${role}`;
      if (source.kind === "default")
        return [
          readFontsourcePackage(role, field, defaultTextFont, { ...options, root: packageRoot() }).then((font) => ({
            ...font,
            knownMetrics: defaultTextFontMetrics,
          })),
        ];
      return [
        source.kind === "package"
          ? readFontsourcePackage(role, field, source.name, options)
          : readFontFiles(role, field, source.paths, options),
      ];
    }),
  );
}

interface FontsourceMetadata {
  id: string;
  family: string;
  subsets: string[];
  weights: number[];
  styles: string[];
  defSubset?: string;
  variable?: false | Record<string, { min: string; max: string }>;
  category?: string;
}

async function readFontsourcePackage(
  role: FontRole,
  field: string,
  name: string,
  { root, configLabel }: Pick<FontSourceOptions, "root" | "configLabel">,
): Promise<FontFamilySource> {
  let folder: string;
  try {
    // Resolved as the owner's own code would resolve it: from the project folder (the default font: from portfolio's).
    folder = path.dirname(createRequire(path.join(root, "portfolio.config.ts")).resolve(`${name}/metadata.json`));
  } catch {
    throw portfolioError(
      "FontNotFound",
      [configLabel, field, `the font package ${name} is not installed in ${path.join(root, "node_modules")}`],
      {
        hint: `Install it beside the config: npm install ${name}`,
      },
    );
  }
  let metadata: FontsourceMetadata;
  let ranges: Record<string, string>;
  try {
    metadata = JSON.parse(await readFile(path.join(folder, "metadata.json"), "utf8")) as FontsourceMetadata;
    ranges = JSON.parse(await readFile(path.join(folder, "unicode.json"), "utf8")) as Record<string, string>;
  } catch (cause) {
    throw portfolioError(
      "FontNotFound",
      [
        configLabel,
        field,
        `${name} is not a Fontsource font package (its metadata.json or unicode.json cannot be read)`,
      ],
      { cause },
    );
  }
  const files = new Set(await readdir(path.join(folder, "files")).catch(() => [] as string[]));
  const wght = metadata.variable ? metadata.variable.wght : undefined;
  // The files say which kind the package is: a static one's metadata describes the variable font too.
  const faces: AvailableFace[] = [];
  for (const [subset, unicodeRange] of Object.entries(ranges)) {
    // CJK fonts are sliced into numbered subsets, "[0]" … "[119]", named 0 … 119 in the files.
    const part = subset.replace(/^\[(\d+)\]$/, "$1");
    for (const style of metadata.styles.filter(
      (candidate): candidate is "normal" | "italic" => candidate === "normal" || candidate === "italic",
    )) {
      const axes = ["wght", "standard", "full"].map((axis) => `${metadata.id}-${part}-${axis}-${style}.woff2`);
      const variableFile = axes.find((candidate) => files.has(candidate));
      if (variableFile) {
        const weight: [number, number] = wght ? [Number(wght.min), Number(wght.max)] : [400, 400];
        faces.push({
          file: path.join(folder, "files", variableFile),
          style,
          weight,
          subset: { name: subset, unicodeRange },
          format: "woff2",
        });
        continue;
      }
      for (const weight of metadata.weights) {
        const file = `${metadata.id}-${part}-${weight}-${style}.woff2`;
        if (files.has(file))
          faces.push({
            file: path.join(folder, "files", file),
            style,
            weight: [weight, weight],
            subset: { name: subset, unicodeRange },
            format: "woff2",
          });
      }
    }
  }
  if (!faces.length)
    throw portfolioError("FontNotFound", [
      configLabel,
      field,
      `${name} has no WOFF2 files in ${path.join(folder, "files")}`,
    ]);
  const category: FontCategory =
    metadata.category === "monospace" ? "monospace" : metadata.category === "serif" ? "serif" : "sans-serif";
  return { role, field, family: metadata.family, category, faces, mainSubset: metadata.defSubset ?? "latin" };
}

const formats = { woff2: "woff2", woff: "woff", ttf: "truetype", otf: "opentype" } as const;

async function readFontFiles(
  role: FontRole,
  field: string,
  paths: string[],
  { publicFiles, configLabel }: FontSourceOptions,
): Promise<FontFamilySource> {
  const read = await Promise.all(
    paths.map(async (asset, index) => {
      const fieldOfFile = paths.length > 1 ? `${field}[${index}]` : field;
      const real = publicFiles.files.get(asset);
      if (!real)
        throw portfolioError("FontNotFound", [
          configLabel,
          fieldOfFile,
          `public/${asset} does not exist: expected a font file inside public/`,
        ]);
      // Before any decoder: a small file may unpack to gigabytes.
      const bytes = await readCheckedFont(real, `public/${asset}`, fieldOfFile, configLabel);
      try {
        // Loaded only for a font of public/: a Fontsource package says what it holds in its metadata.
        const { create } = await import("fontkitten");
        const font = create(bytes);
        if (font.isCollection) throw new Error("it is a font collection: name one font file");
        const italic = font["OS/2"].fsSelection.italic || font.italicAngle !== 0;
        const axis = font.variationAxes.wght;
        return {
          family: font.getName("preferredFamily") ?? font.familyName,
          fixedPitch: Boolean((font as unknown as { post?: { isFixedPitch?: number } }).post?.isFixedPitch),
          serif: isSerif(font["OS/2"].panose),
          face: {
            file: real,
            style: italic ? "italic" : "normal",
            weight: axis ? [axis.min, axis.max] : [font["OS/2"].usWeightClass, font["OS/2"].usWeightClass],
            format: formats[path.extname(asset).slice(1).toLowerCase() as keyof typeof formats],
          } satisfies AvailableFace,
        };
      } catch (cause) {
        throw portfolioError(
          "FontUnreadable",
          [
            configLabel,
            fieldOfFile,
            `public/${asset} is not a font file portfolio can read (${cause instanceof Error ? cause.message : String(cause)})`,
          ],
          { cause },
        );
      }
    }),
  );
  const first = read[0]!;
  const category: FontCategory = first.fixedPitch ? "monospace" : first.serif ? "serif" : "sans-serif";
  return { role, field, family: first.family, category, faces: read.map(({ face }) => face) };
}

/** PANOSE: a Latin text face (family kind 2) whose serif style is a serif's (2–10; 11–13 are sans). */
function isSerif(panose: number[] | undefined): boolean {
  return panose?.[0] === 2 && (panose[1] ?? 0) >= 2 && (panose[1] ?? 0) <= 10;
}
