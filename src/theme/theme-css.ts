import type { AccentTokens } from "./accent.js";
import { toHex } from "../colour.js";
import type { ThemeColours } from "./theme-colours.js";

/** The tokens `theme` sets beyond the colours: the corner radius and the two font stacks. */
export interface ThemeTokenValues {
  colours: ThemeColours;
  radius?: number | undefined;
  fonts: { text?: string | undefined; code?: string | undefined };
}

/**
 * The config's tokens as CSS, in the same layers as tokens.css and after it, so they replace the
 * sample's values and still lose to any unlayered rule of templates/site.css. Empty without `theme`.
 */
export function themeTokensCss({ colours, radius, fonts }: ThemeTokenValues): string {
  const base = declarations({
    ...(colours.dark ? accentDeclarations(colours.dark) : {}),
    ...(fonts.text ? { "--font-text": fonts.text } : {}),
    ...(fonts.code ? { "--font-code": fonts.code } : {}),
    ...(radius !== undefined ? { "--radius": `${radius}px` } : {}),
  });
  const light = colours.light ? declarations(accentDeclarations(colours.light)) : "";
  const print = colours.print
    ? declarations({ "--accent": toHex(colours.print.accent), "--accent-strong": toHex(colours.print.strong) })
    : "";
  const layers = [
    base && `@layer dark{:root{${base}}}`,
    light && `@layer light{:root:not(.theme-dark){${light}}}`,
    print && `@layer print{@media print{:root{${print}}}}`,
  ].filter(Boolean);
  return layers.length ? `@layer portfolio.tokens{${layers.join("")}}` : "";
}

function accentDeclarations(tokens: AccentTokens): Record<string, string> {
  return {
    "--accent": toHex(tokens.accent),
    "--accent-strong": toHex(tokens.strong),
    "--on-accent": toHex(tokens.onAccent),
    "--accent-soft": tokens.soft,
  };
}

function declarations(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
}
