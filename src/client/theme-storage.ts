import type { ThemeInitial } from "../config/theme-initials.js";

/** Where the visitor's explicit theme choice is remembered: "dark" or "light". */
export const themeStorageKey = "portfolio-theme";

/** Set on `<html>` while the dark theme is on; the stylesheet keys the light tokens off its absence. */
export const darkThemeClass = "theme-dark";

/**
 * Set on `<html>` by the start script of a site whose `theme.initial` is "system": the theme script
 * then follows the device's turns between light and dark while the page is open, until the visitor
 * chooses with the toggle.
 */
export const followsSystemAttribute = "data-theme-follows-system";

/**
 * Runs inline in `<head>`, before `<body>` exists and so before anything is painted: a visitor who
 * chose the dark theme, or whose system is dark under `theme.initial: "system"`, never sees a flash
 * of the light one. A choice saved by the toggle always wins. The theme script then brings the
 * body's `light-mode` class and the toggle's `aria-pressed` in line. Kept tiny; the CSP allows it
 * by its hash. Unset or "light" is the script sites had before `theme.initial` (same hash); "system"
 * also marks the page as following the device (`followsSystemAttribute`).
 */
export function themeBootScript(initial: ThemeInitial | undefined): string {
  const saved = `localStorage.getItem(${JSON.stringify(themeStorageKey)})`;
  const turnDark = `document.documentElement.classList.add(${JSON.stringify(darkThemeClass)})`;
  // In a function of its own, so that the saved choice's variable is not left on `window`.
  const choosing = (dark: string, before = "") =>
    `!function(){var s;try{s=${saved}}catch(e){}${before}if(${dark})${turnDark}}()`;
  if (initial === "dark") return choosing(`s!=="light"`);
  if (initial === "system")
    return choosing(
      `s==="dark"||s!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches`,
      `document.documentElement.setAttribute(${JSON.stringify(followsSystemAttribute)},"");`,
    );
  return `try{if(${saved}==="dark")${turnDark}}catch(e){}`;
}
