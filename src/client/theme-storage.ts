/** Where the visitor's explicit theme choice is remembered: "dark" or "light". */
export const themeStorageKey = "portfolio-theme";

/** Set on `<html>` while the dark theme is on; the stylesheet keys the light tokens off its absence. */
export const darkThemeClass = "theme-dark";

/**
 * Runs inline in `<head>`, before `<body>` exists and so before anything is painted: a visitor who
 * chose the dark theme never sees a flash of the light one. The theme script then brings the body's
 * `light-mode` class in line. Kept tiny; the CSP allows it by its hash.
 */
export const themeBootScript = `try{if(localStorage.getItem(${JSON.stringify(themeStorageKey)})==="dark")document.documentElement.classList.add(${JSON.stringify(darkThemeClass)})}catch(e){}`;
