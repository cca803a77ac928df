import { Moon, Sun } from "lucide-react";

/**
 * The header with the theme toggle. The page is light until told otherwise; the tiny theme script
 * flips `light-mode` on `<body>` and keeps `aria-pressed` true while the dark theme is on.
 */
export function TopBar() {
  return (
    <header className="topbar">
      <button type="button" className="theme-toggle" data-theme-toggle aria-pressed="false" title="Dark theme">
        <span className="visually-hidden">Dark theme</span>
        <Moon className="theme-icon theme-icon-moon" aria-hidden="true" focusable="false" size={20} />
        <Sun className="theme-icon theme-icon-sun" aria-hidden="true" focusable="false" size={20} />
      </button>
    </header>
  );
}
