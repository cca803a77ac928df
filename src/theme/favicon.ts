import { escapeHtml } from "../escape.js";
import { toHex } from "../colour.js";
import type { ThemeColours } from "./theme-colours.js";

/** Names of the favicon the head links to when public/ has one; without any, the build makes favicon.svg. */
export const faviconFiles = ["favicon.svg", "favicon.ico", "favicon.png"];

/** "Maya Okafor" → "MO"; "Prince" → "P"; "Ana María de la Cruz" → "AC". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word));
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  return [first, last]
    .filter((word): word is string => word !== undefined)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join("");
}

/**
 * A favicon for an owner who has none: their initials on a rounded square in the accent, in the
 * dark theme's accent when the browser is dark. Letters are drawn by the system's font (an icon
 * cannot load a web font), so they stay legible at 16 px.
 */
export function generatedFavicon(ownerName: string, colours: ThemeColours, radius = 14): string {
  const corner = Math.min(32, Math.max(0, radius));
  const initials = escapeHtml(initialsOf(ownerName));
  const size = initials.length > 1 ? 28 : 36;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<style>rect{fill:${toHex(colours.accents.light)}}text{fill:${toHex(colours.onAccents.light)}}` +
      `@media (prefers-color-scheme:dark){rect{fill:${toHex(colours.accents.dark)}}text{fill:${toHex(colours.onAccents.dark)}}}</style>`,
    `<rect width="64" height="64" rx="${corner}"/>`,
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${size}" font-weight="700">${initials}</text>`,
    "</svg>",
    "",
  ].join("\n");
}
