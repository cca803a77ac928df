/// <reference lib="dom" />
import { darkThemeClass, followsSystemAttribute, themeStorageKey } from "./theme-storage.js";
import { watchStaticImages } from "./static-images.js";
import { loadIslandsWhenNeeded } from "./island-loader.js";
import { loadFontFaces } from "./font-faces.js";
import { setUpSearchKeys } from "./search-keys.js";

/**
 * The theme toggle on every page: flips `light-mode` on `<body>` and remembers the choice. On a page
 * that follows the device (`theme.initial: "system"`), the theme turns with the device's colour
 * scheme while the page is open, until the visitor chooses.
 */
function setUpThemeToggle(): void {
  const body = document.body;
  const root = document.documentElement;
  const buttons = document.querySelectorAll<HTMLButtonElement>("[data-theme-toggle]");
  const apply = (dark: boolean) => {
    body.classList.toggle("light-mode", !dark);
    root.classList.toggle(darkThemeClass, dark);
  };
  const sync = () => {
    const dark = !body.classList.contains("light-mode");
    for (const button of buttons) button.setAttribute("aria-pressed", String(dark));
  };
  // Set once the visitor chooses on this page, even where storage is off and the choice cannot be kept.
  let chosen = false;
  for (const button of buttons) {
    button.addEventListener("click", () => {
      const light = !body.classList.contains("light-mode");
      chosen = true;
      apply(!light);
      try {
        localStorage.setItem(themeStorageKey, light ? "light" : "dark");
      } catch {
        // Storage can be off (private windows); the toggle still works for this page.
      }
      sync();
    });
  }
  apply(root.classList.contains(darkThemeClass));
  sync();
  if (root.hasAttribute(followsSystemAttribute))
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (event) => {
      // A choice from the toggle, on this page or an earlier one, wins over the device.
      if (chosen || savedChoice() !== null) return;
      apply(event.matches);
      sync();
    });
}

function savedChoice(): string | null {
  try {
    return localStorage.getItem(themeStorageKey);
  } catch {
    return null; // Storage is off (private windows): nothing was kept.
  }
}

setUpThemeToggle();
setUpSearchKeys();
watchStaticImages();
loadFontFaces(loadIslandsWhenNeeded());
