import { toHex, parseColour, type Rgb } from "../colour.js";
import type { ThemeColours } from "../theme/theme-colours.js";
import type { DiagramThemeName } from "./diagrams.js";

/** Mermaid's settings for one theme: its `base` theme, its colours from the site's tokens. */
export type MermaidTheme = Record<string, string | boolean>;

/**
 * The tokens of tokens.css a diagram is drawn with, per theme; the accent is the site's own
 * (`theme.accent` in the config). Mermaid derives the rest (a second and third fill, the gantt's
 * bars, the arrows' heads) from these, which is why a diagram is drawn once per theme rather than
 * once with colours swapped afterwards.
 */
const tokenColours: Record<DiagramThemeName, Record<string, string>> = {
  light: {
    background: "hsl(0 0% 100%)",
    fill: "hsl(222 30% 97%)",
    fill2: "hsl(222 24% 92%)",
    fill3: "hsl(222 30% 95%)",
    border: "hsl(222 18% 86%)",
    text: "hsl(224 24% 18%)",
    muted: "hsl(222 12% 38%)",
  },
  dark: {
    background: "hsl(240 4% 11%)",
    fill: "hsl(240 3% 15%)",
    fill2: "hsl(240 3% 19%)",
    fill3: "hsl(240 6% 7%)",
    border: "hsl(240 3% 22%)",
    text: "hsl(0 0% 96%)",
    muted: "hsl(240 5% 72%)",
  },
};

/** The site's text font, as tokens.css names it: the text is measured with it as the page shows it. */
const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Ubuntu, sans-serif';

/** Mermaid's theme variables for each theme of the site. */
export function mermaidThemes(colours: Pick<ThemeColours, "accents">): Record<DiagramThemeName, MermaidTheme> {
  const themeOf = (theme: DiagramThemeName): MermaidTheme => {
    const hex = (name: string) => toHex(parseColour(tokenColours[theme][name]!)!);
    const accent = toHex(colours.accents[theme] as Rgb);
    return {
      darkMode: theme === "dark",
      background: hex("background"),
      mainBkg: hex("fill"),
      primaryColor: hex("fill"),
      primaryTextColor: hex("text"),
      primaryBorderColor: accent,
      secondaryColor: hex("fill2"),
      secondaryTextColor: hex("text"),
      secondaryBorderColor: hex("muted"),
      tertiaryColor: hex("fill3"),
      tertiaryTextColor: hex("text"),
      tertiaryBorderColor: hex("border"),
      lineColor: hex("muted"),
      textColor: hex("text"),
      titleColor: hex("text"),
      noteBkgColor: hex("fill2"),
      noteTextColor: hex("text"),
      noteBorderColor: accent,
      // A label on a line is read on the page's own surface.
      edgeLabelBackground: hex("background"),
      // The gantt's rows and bars, which Mermaid would otherwise derive in greys of its own.
      sectionBkgColor: hex("fill"),
      altSectionBkgColor: hex("background"),
      sectionBkgColor2: hex("fill"),
      taskBkgColor: hex("fill2"),
      taskBorderColor: accent,
      taskTextColor: hex("text"),
      taskTextDarkColor: hex("text"),
      taskTextOutsideColor: hex("text"),
      gridColor: hex("border"),
      todayLineColor: accent,
      fontFamily,
    };
  };
  return { light: themeOf("light"), dark: themeOf("dark") };
}
