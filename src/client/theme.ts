/// <reference lib="dom" />
import { darkThemeClass, themeStorageKey } from "./theme-storage.js";
import { watchStaticImages } from "./static-images.js";
import { loadIslandsWhenNeeded } from "./island-loader.js";
import { loadFontFaces } from "./font-faces.js";
import { setUpSearchKeys } from "./search-keys.js";

/** The theme toggle on every page: flips `light-mode` on `<body>` and remembers the choice. */
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
  for (const button of buttons) {
    button.addEventListener("click", () => {
      const light = !body.classList.contains("light-mode");
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
}

setUpThemeToggle();
setUpSearchKeys();
watchStaticImages();
loadFontFaces(loadIslandsWhenNeeded());
