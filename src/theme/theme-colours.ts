import type { ResolvedConfig } from "../config/config-schema.js";
import { portfolioError } from "../errors.js";
import {
  contrastFailures,
  defaultAccents,
  deriveAccentTokens,
  derivedDarkAccent,
  formatFailures,
  nearestPassingShade,
  printAccentTokens,
  type AccentTokens,
  type ThemeName,
} from "./accent.js";
import { parseColour, rounded, toHex, toOklch, type Rgb } from "../colour.js";

/** The accents the config sets, each with its companions, checked; and the accent each theme shows. */
export interface ThemeColours {
  /** Set by the config; a theme it leaves alone keeps the tokens of tokens.css. */
  light?: AccentTokens | undefined;
  dark?: AccentTokens | undefined;
  print?: Pick<AccentTokens, "accent" | "strong"> | undefined;
  /** The accent each theme shows, configured or not: theme-color, the favicon and the share card follow it. */
  accents: Record<ThemeName, Rgb>;
  /** The text drawn on each accent. */
  onAccents: Record<ThemeName, Rgb>;
}

/**
 * The theme's colours from `theme.accent` and `theme.darkAccent`. An accent that leaves any text
 * of its theme under 4.5:1 is refused with an `AccentContrastTooLow` error naming the field, each
 * pair that fails with its ratio, and the nearest shade that passes.
 */
export function resolveThemeColours(theme: ResolvedConfig["theme"], configLabel: string): ThemeColours {
  const light = theme.accent === undefined ? undefined : rounded(parseColour(theme.accent)!);
  const dark =
    theme.darkAccent === undefined ? light && derivedDarkAccent(light) : rounded(parseColour(theme.darkAccent)!);
  const tokens = {
    light: light && deriveAccentTokens(light, "light"),
    dark: dark && deriveAccentTokens(dark, "dark"),
  };
  const problems = [
    theme.accent !== undefined && tokens.light
      ? accentProblem("theme.accent", theme.accent, tokens.light, "light")
      : undefined,
    theme.darkAccent !== undefined && tokens.dark
      ? accentProblem("theme.darkAccent", theme.darkAccent, tokens.dark, "dark")
      : undefined,
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length)
    throw portfolioError("AccentContrastTooLow", [`${configLabel}: ${problems.join(`\n${configLabel}: `)}`]);
  const shown = {
    light: tokens.light ?? deriveAccentTokens(defaultAccents.light, "light"),
    dark: tokens.dark ?? deriveAccentTokens(defaultAccents.dark, "dark"),
  };
  return {
    ...tokens,
    print: light && printAccentTokens(light),
    accents: { light: shown.light.accent, dark: shown.dark.accent },
    onAccents: { light: shown.light.onAccent, dark: shown.dark.onAccent },
  };
}

/** What is wrong with one configured accent in its theme, if anything, and the shade to use instead. */
function accentProblem(field: string, written: string, tokens: AccentTokens, theme: ThemeName): string | undefined {
  const failures = contrastFailures(tokens, theme);
  if (!failures.length) return undefined;
  const nearest = nearestPassingShade(tokens.accent, theme);
  const lightness = (colour: Rgb) => toOklch(colour).l.toFixed(2);
  const suggestion = nearest
    ? `The nearest shade that passes is ${toHex(nearest)} (OKLCH lightness ${lightness(nearest)} instead of ${lightness(tokens.accent)}, the same hue).`
    : "No shade of this hue passes: choose another colour.";
  return `${field} ${JSON.stringify(written)} does not contrast enough in the ${theme} theme:\n${formatFailures(failures)}\n  ${suggestion}`;
}
