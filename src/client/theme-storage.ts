/** Where the visitor's explicit theme choice is remembered: "dark" or "light". */
export const themeStorageKey = "portfolio-theme";

/**
 * Runs inline as the first thing in `<body>`, before anything is painted, so a visitor who chose the
 * dark theme never sees a flash of the light one. Kept tiny; the CSP allows it by its hash.
 */
export const themeBootScript =
  `try{if(localStorage.getItem(${JSON.stringify(themeStorageKey)})==="dark")document.body.classList.remove("light-mode")}catch(e){}`;
