import type { ReactNode } from "react";

/**
 * Lucide's icons that every page draws (the header's search and theme buttons, an item page's way back), as
 * lucide draws them (tests/outbound-link-icon.test.tsx holds each equal to lucide's own), made once: lucide's
 * component builds each icon anew on every page, a tenth of a page's render at 500 publications' pages.
 */
function lucideIcon(name: string, size: number, children: ReactNode, className?: string) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={String(size)}
      height={String(size)}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name}${className ? ` ${className}` : ""}`}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** `<Search aria-hidden="true" focusable="false" size={20} />`. */
export const searchIcon = lucideIcon(
  "search",
  20,
  <>
    <path d="m21 21-4.34-4.34" />
    <circle cx="11" cy="11" r="8" />
  </>,
);

/** `<Moon className="theme-icon theme-icon-moon" aria-hidden="true" focusable="false" size={20} />`. */
export const moonIcon = lucideIcon(
  "moon",
  20,
  <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />,
  "theme-icon theme-icon-moon",
);

/** `<Sun className="theme-icon theme-icon-sun" aria-hidden="true" focusable="false" size={20} />`. */
export const sunIcon = lucideIcon(
  "sun",
  20,
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2" />
    <path d="M12 20v2" />
    <path d="m4.93 4.93 1.41 1.41" />
    <path d="m17.66 17.66 1.41 1.41" />
    <path d="M2 12h2" />
    <path d="M20 12h2" />
    <path d="m6.34 17.66-1.41 1.41" />
    <path d="m19.07 4.93-1.41 1.41" />
  </>,
  "theme-icon theme-icon-sun",
);

/** `<ArrowLeft aria-hidden="true" focusable="false" size={16} />`. */
export const backArrowIcon = lucideIcon(
  "arrow-left",
  16,
  <>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </>,
);

/**
 * `<ExternalLink className="outbound-link-icon" size={14} aria-hidden="true" focusable="false" />`: the Resume draws
 * one per card, and lucide's own work for 500 publications' icons was a third of the page's render.
 */
export const outboundLinkIcon = lucideIcon(
  "external-link",
  14,
  <>
    <path d="M15 3h6v6" />
    <path d="M10 14 21 3" />
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </>,
  "outbound-link-icon",
);
