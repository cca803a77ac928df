import { contrastRatio, formatRatio, fromOklch, parseColour, rounded, toHex, toOklch, type Rgb } from "../colour.js";

/**
 * The accent of each theme and the companions made from it, checked for contrast where the site
 * draws them: accent text on every background of the theme, and button text on the accent.
 */

export type ThemeName = "light" | "dark";

/** WCAG AA for text of normal size. */
export const minimumContrast = 4.5;

/** The accent and what the stylesheet draws with it (tokens.css names them). */
export interface AccentTokens {
  accent: Rgb;
  /** The darker end of the buttons' gradient and of the title underline. */
  strong: Rgb;
  /**
   * The text of a button filled with the accent: the theme's usual one, or black or white where that lacks contrast.
   */
  onAccent: Rgb;
  /** A faint wash of the accent (focus rings, the draft note's background). */
  soft: string;
}

/** A pair of colours the site draws one on the other, and what the owner would call it. */
export interface ContrastFailure {
  pair: string;
  ratio: number;
}

interface Palette {
  /** Every background accent text is drawn on, as tokens.css sets it for the theme. */
  backgrounds: Array<{ token: string; what: string; colour: Rgb }>;
  /** Text on accent buttons, first choice first. */
  onAccent: Rgb[];
  softAlpha: number;
}

const colour = (css: string) => rounded(parseColour(css)!);
const white = colour("#fff");
const black = colour("#000");
const nearBlack = colour("hsl(240 10% 8%)");

/** The themes' backgrounds and button texts; tests/theme.test.ts checks them against tokens.css. */
export const palettes: Record<ThemeName, Palette> = {
  light: {
    backgrounds: [
      { token: "--bg", what: "the page background", colour: colour("hsl(222 30% 95%)") },
      { token: "--surface", what: "cards", colour: colour("hsl(0 0% 100%)") },
      { token: "--surface-2", what: "raised parts", colour: colour("hsl(222 30% 97%)") },
      { token: "--surface-3", what: "chips and pressed buttons", colour: colour("hsl(222 24% 92%)") },
    ],
    onAccent: [white, nearBlack, black],
    softAlpha: 0.1,
  },
  dark: {
    backgrounds: [
      { token: "--bg", what: "the page background", colour: colour("hsl(240 6% 7%)") },
      { token: "--surface", what: "cards", colour: colour("hsl(240 4% 11%)") },
      { token: "--surface-2", what: "raised parts", colour: colour("hsl(240 3% 15%)") },
      { token: "--surface-3", what: "chips and pressed buttons", colour: colour("hsl(240 3% 19%)") },
    ],
    onAccent: [nearBlack, white, black],
    softAlpha: 0.12,
  },
};

/** The accents of the sample's themes (tokens.css), for what follows the accent when `theme` sets none. */
export const defaultAccents: Record<ThemeName, Rgb> = {
  light: colour("hsl(24 88% 36%)"),
  dark: colour("hsl(42 100% 68%)"),
};

/** How much darker (in OKLCH lightness) the companions are, as the sample's own are near enough. */
const strongStep = 0.05;
const printStep = 0.04;

/** The companions of an accent in one theme, each rounded to what the stylesheet will write. */
export function deriveAccentTokens(accent: Rgb, theme: ThemeName): AccentTokens {
  const strong = shifted(accent, -strongStep);
  const worstContrast = (text: Rgb) => Math.min(contrastRatio(text, accent), contrastRatio(text, strong));
  const candidates = palettes[theme].onAccent;
  const onAccent =
    candidates.find((text) => worstContrast(text) >= minimumContrast) ??
    [...candidates].sort((a, b) => worstContrast(b) - worstContrast(a))[0]!;
  const { r, g, b } = accent;
  const soft = `rgb(${[r, g, b].map((channel) => Math.round(channel * 255)).join(" ")} / ${palettes[theme].softAlpha})`;
  return { accent, strong, onAccent, soft };
}

/** Paper is white: the light accent, a shade darker for ink, as the sample's print tokens are. */
export function printAccentTokens(lightAccent: Rgb): Pick<AccentTokens, "accent" | "strong"> {
  return { accent: shifted(lightAccent, -printStep), strong: shifted(lightAccent, -printStep - strongStep) };
}

/** Each pair of the theme the accent leaves below 4.5:1, worst first. */
export function contrastFailures(tokens: AccentTokens, theme: ThemeName): ContrastFailure[] {
  const hex = toHex;
  const pairs: ContrastFailure[] = [
    ...palettes[theme].backgrounds.map(({ token, what, colour: background }) => ({
      pair: `accent text on ${what} (${token}, ${hex(background)})`,
      ratio: contrastRatio(tokens.accent, background),
    })),
    {
      pair: `button text on the accent (${hex(tokens.onAccent)} on ${hex(tokens.accent)})`,
      ratio: contrastRatio(tokens.onAccent, tokens.accent),
    },
    {
      pair: `button text on the accent's darker end, --accent-strong (${hex(tokens.onAccent)} on ${hex(tokens.strong)})`,
      ratio: contrastRatio(tokens.onAccent, tokens.strong),
    },
  ];
  return pairs.filter((pair) => pair.ratio < minimumContrast).sort((a, b) => a.ratio - b.ratio);
}

/** One line per failing pair: what is drawn on what, and its ratio against the minimum. */
export function formatFailures(failures: ContrastFailure[]): string {
  return failures.map(({ pair, ratio }) => `  - ${pair}: ${formatRatio(ratio)}, under ${minimumContrast}:1`).join("\n");
}

/**
 * The shade of `accent` nearest to it that passes every pair of the theme: the same hue and chroma
 * (as far as sRGB allows), at the closest OKLCH lightness. Undefined when no lightness passes.
 */
export function nearestPassingShade(
  accent: Rgb,
  theme: ThemeName,
  passes = (candidate: Rgb) => contrastFailures(deriveAccentTokens(candidate, theme), theme).length === 0,
  directions: Array<1 | -1> = [-1, 1],
): Rgb | undefined {
  const { l } = toOklch(accent);
  for (let step = 0; step <= 1000; step++) {
    for (const direction of directions) {
      const lightness = l + direction * step * 0.001;
      if (lightness < 0 || lightness > 1) continue;
      const candidate = step === 0 ? accent : shifted(accent, lightness - l);
      if (passes(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The dark theme's accent when the config gives only the light one: the same hue, lightened until
 * it stands out on the dark page (7:1, as the sample's does at 12.8:1) and passes every pair.
 */
export function derivedDarkAccent(lightAccent: Rgb): Rgb {
  const standsOut = (candidate: Rgb) =>
    contrastRatio(candidate, palettes.dark.backgrounds[0]!.colour) >= 7 &&
    contrastFailures(deriveAccentTokens(candidate, "dark"), "dark").length === 0;
  return nearestPassingShade(lightAccent, "dark", standsOut, [1]) ?? defaultAccents.dark;
}

/** The colour with its OKLCH lightness moved by `change`, hue and chroma kept, rounded to 8 bits. */
export function shifted(colour: Rgb, change: number): Rgb {
  const { l, c, h } = toOklch(colour);
  return rounded(fromOklch({ l: l + change, c, h }));
}
