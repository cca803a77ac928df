import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configSchema } from "../src/config/config-schema.js";
import { isPortfolioError } from "../src/errors.js";
import {
  contrastFailures,
  defaultAccents,
  deriveAccentTokens,
  derivedDarkAccent,
  nearestPassingShade,
  palettes,
  shifted,
} from "../src/theme/accent.js";
import {
  contrastRatio,
  formatRatio,
  fromOklch,
  parseColour,
  relativeLuminance,
  toHex,
  toOklch,
} from "../src/colour.js";
import { generatedFavicon, initialsOf } from "../src/theme/favicon.js";
import {
  chooseFaces,
  codeFontUsage,
  cssString,
  drawsTextIn,
  fallbackFaceCss,
  fallbackOverrides,
  matchWeight,
  textFontUsage,
  unicodeRangePattern,
  usedSubsets,
} from "../src/theme/font-faces.js";
import { readFontSources, type AvailableFace } from "../src/theme/font-sources.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { themeTokensCss } from "../src/theme/theme-css.js";
import { fontTextDrawer, shareCardSvg, systemTextDrawer } from "../src/theme/share-card-svg.js";
import { repoRoot } from "./helpers/sample-site.js";
import {
  darkThemeClass,
  followsSystemAttribute,
  themeBootScript,
  themeStorageKey,
} from "../src/client/theme-storage.js";
import { contentSecurityPolicy } from "../src/render/head-tags.js";

const hex = (css: string) => toHex(parseColour(css)!);

describe("colours", () => {
  it("reads the CSS notations the config takes, and refuses the rest", () => {
    expect(hex("#0e7490")).toBe("#0e7490");
    expect(hex("#0E7")).toBe("#00ee77");
    expect(hex("rgb(14 116 144)")).toBe("#0e7490");
    expect(hex("rgb(14, 116, 144)")).toBe("#0e7490");
    expect(hex("rgb(100% 0% 0% / 1)")).toBe("#ff0000");
    expect(hex("hsl(24 88% 36%)")).toBe("#ad4c0b");
    expect(hex("hsl(24deg, 88%, 36%)")).toBe("#ad4c0b");
    expect(hex("oklch(0.52 0.09 223)")).toBe("#18748f");
    expect(hex("oklch(52% 0.09 223)")).toBe("#18748f");
    for (const refused of [
      "teal",
      "#12345",
      "rgb(1 2)",
      "rgb(1 2 3 / 0.5)",
      "#0e749080",
      "hsl(1 2 3 4)",
      "url(x)",
      "",
    ]) {
      expect(parseColour(refused), refused).toBeUndefined();
    }
  });

  it("measures WCAG 2's relative luminance and contrast ratio", () => {
    expect(relativeLuminance(parseColour("#fff")!)).toBeCloseTo(1, 6);
    expect(relativeLuminance(parseColour("#000")!)).toBe(0);
    expect(contrastRatio(parseColour("#000")!, parseColour("#fff")!)).toBeCloseTo(21, 6);
    // Known pairs: #767676 is the lightest grey that passes on white, #777777 the first that fails.
    expect(contrastRatio(parseColour("#767676")!, parseColour("#fff")!)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parseColour("#777777")!, parseColour("#fff")!)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parseColour("#fff")!, parseColour("#777777")!)).toBe(
      contrastRatio(parseColour("#777777")!, parseColour("#fff")!),
    );
    // A ratio is never rounded up past the threshold it misses.
    expect(formatRatio(4.4999)).toBe("4.49:1");
  });

  it("goes to OKLCH and back, and maps a colour out of sRGB's gamut by lowering its chroma", () => {
    for (const colour of ["#0e7490", "#ad4c0b", "#ffce5c", "#123456", "#ffffff", "#000000"]) {
      expect(toHex(fromOklch(toOklch(parseColour(colour)!)))).toBe(colour);
    }
    const vivid = fromOklch({ l: 0.9, c: 0.4, h: 30 });
    expect(Object.values(vivid).every((channel) => channel >= 0 && channel <= 1)).toBe(true);
    expect(toOklch(vivid).l).toBeCloseTo(0.9, 3);
    expect(toOklch(vivid).h).toBeCloseTo(30, 0);
  });
});

describe("the accent's contrast", () => {
  it("passes for the sample's own accents, whose companions are near the sample's", () => {
    for (const theme of ["light", "dark"] as const) {
      const tokens = deriveAccentTokens(defaultAccents[theme], theme);
      expect(contrastFailures(tokens, theme), theme).toEqual([]);
    }
    expect(toHex(deriveAccentTokens(defaultAccents.light, "light").onAccent)).toBe("#ffffff");
    expect(toHex(deriveAccentTokens(defaultAccents.dark, "dark").onAccent)).toBe("#121216");
  });

  it("names each pair that fails, worst first", () => {
    const failures = contrastFailures(deriveAccentTokens(parseColour("#777777")!, "light"), "light");
    expect(failures.map((failure) => failure.pair)).toEqual([
      "accent text on chips and pressed buttons (--surface-3, #e6e9ef)",
      "accent text on the page background (--bg, #eef1f6)",
      "accent text on raised parts (--surface-2, #f5f6fa)",
      "accent text on cards (--surface, #ffffff)",
      "button text on the accent (#ffffff on #777777)",
    ]);
    expect(failures[0]!.ratio).toBeCloseTo(3.68, 2);
  });

  it("finds the nearest shade that passes: it passes, and one step nearer does not", () => {
    for (const [colour, theme] of [
      ["#f59e0b", "light"],
      ["#0e7490", "light"],
      ["#1d4ed8", "dark"],
      ["#7c3aed", "dark"],
      ["#777777", "light"],
    ] as const) {
      const accent = parseColour(colour)!;
      const nearest = nearestPassingShade(accent, theme)!;
      expect(contrastFailures(deriveAccentTokens(nearest, theme), theme), `${colour} → ${toHex(nearest)}`).toEqual([]);
      const change = toOklch(nearest).l - toOklch(accent).l;
      const oneStepNearer = shifted(accent, change - Math.sign(change) * 0.002);
      expect(contrastFailures(deriveAccentTokens(oneStepNearer, theme), theme).length, colour).toBeGreaterThan(0);
      expect(Math.abs(toOklch(nearest).h - toOklch(accent).h), colour).toBeLessThan(2);
    }
    // Too light for the light theme: darker. Too dark for the dark theme: lighter.
    expect(toOklch(nearestPassingShade(parseColour("#f59e0b")!, "light")!).l).toBeLessThan(
      toOklch(parseColour("#f59e0b")!).l,
    );
    expect(toOklch(nearestPassingShade(parseColour("#1d4ed8")!, "dark")!).l).toBeGreaterThan(
      toOklch(parseColour("#1d4ed8")!).l,
    );
  });

  it("makes the dark theme's accent from the light one: the same hue, standing out on the dark page", () => {
    const light = parseColour("#0e7490")!;
    const dark = derivedDarkAccent(light);
    expect(contrastRatio(dark, palettes.dark.backgrounds[0]!.colour)).toBeGreaterThanOrEqual(7);
    expect(contrastFailures(deriveAccentTokens(dark, "dark"), "dark")).toEqual([]);
    // The same hue, to within what 8-bit channels can hold.
    expect(Math.abs(toOklch(dark).h - toOklch(light).h)).toBeLessThan(2);
  });

  it("refuses a failing accent with the field, the pair, the ratio and the nearest passing shade", () => {
    let thrown: unknown;
    try {
      resolveThemeColours({ accent: "#f59e0b", darkAccent: "#1d4ed8" }, "portfolio.config.ts");
    } catch (error) {
      thrown = error;
    }
    expect(isPortfolioError(thrown) && thrown.name).toBe("AccentContrastTooLow");
    const message = (thrown as Error).message;
    expect(message).toContain(
      'portfolio.config.ts: theme.accent "#f59e0b" does not contrast enough in the light theme:',
    );
    expect(message).toContain("  - accent text on the page background (--bg, #eef1f6): 1.89:1, under 4.5:1");
    expect(message).toMatch(
      /The nearest shade that passes is #[0-9a-f]{6} \(OKLCH lightness 0\.\d\d instead of 0\.77, the same hue\)\./,
    );
    expect(message).toContain(
      'portfolio.config.ts: theme.darkAccent "#1d4ed8" does not contrast enough in the dark theme:',
    );
    expect(message).toContain("  - accent text on the page background (--bg, #111113): 2.81:1, under 4.5:1");
  });

  it("leaves tokens.css alone without theme, and otherwise sets the accents of light, dark and print", () => {
    expect(themeTokensCss({ colours: resolveThemeColours({}, "c"), fonts: {} })).toBe("");
    const css = themeTokensCss({
      colours: resolveThemeColours({ accent: "#0f766e" }, "c"),
      radius: 6,
      fonts: { text: '"Inter", "Inter Fallback", sans-serif' },
    });
    expect(css).toMatch(
      /^@layer portfolio\.tokens\{@layer dark\{:root\{--accent:#[0-9a-f]{6};--accent-strong:#[0-9a-f]{6};--on-accent:#121216;--accent-soft:rgb\(\d+ \d+ \d+ \/ 0\.12\);--font-text:"Inter", "Inter Fallback", sans-serif;--radius:6px\}\}/,
    );
    expect(css).toContain(
      "@layer light{:root:not(.theme-dark){--accent:#0f766e;--accent-strong:#00675f;--on-accent:#ffffff;--accent-soft:rgb(15 118 110 / 0.1)}}",
    );
    expect(css).toMatch(
      /@layer print\{@media print\{:root\{--accent:#[0-9a-f]{6};--accent-strong:#[0-9a-f]{6}\}\}\}\}$/,
    );
  });

  it("keeps its palettes equal to tokens.css, the one place the themes' colours are set", async () => {
    const css = await readFile(path.join(repoRoot, "src/styles/tokens.css"), "utf8");
    const block = (selector: string, after: string) => {
      const start = css.indexOf(selector, css.indexOf(after));
      return css.slice(start, css.indexOf("}", start));
    };
    const value = (text: string, token: string) => hex(new RegExp(`${token}: ([^;]+);`).exec(text)![1]!);
    for (const [theme, text] of [
      ["dark", block(":root {", "@layer dark {")],
      ["light", block(":root:not(.theme-dark) {", "@layer light {")],
    ] as const) {
      for (const background of palettes[theme].backgrounds)
        expect(toHex(background.colour), `${theme} ${background.token}`).toBe(value(text, background.token));
      expect(toHex(defaultAccents[theme]), theme).toBe(value(text, "--accent"));
      expect(toHex(palettes[theme].onAccent[0]!), theme).toBe(value(text, "--on-accent"));
    }
  });
});

const face = (weight: [number, number], style: "normal" | "italic", subset?: string): AvailableFace => ({
  file: `/f/${subset ?? "all"}-${weight.join("-")}-${style}.woff2`,
  style,
  weight,
  format: "woff2",
  subset: subset
    ? { name: subset, unicodeRange: subset === "latin" ? "U+0000-00FF,U+2000-206F" : "U+0370-03FF" }
    : undefined,
});

describe("the fonts the site publishes", () => {
  it("matches a weight as CSS does", () => {
    const statics: Array<[number, number]> = [
      [300, 300],
      [400, 400],
      [600, 600],
      [800, 800],
    ];
    expect(matchWeight(400, statics)).toEqual([400, 400]);
    expect(matchWeight(500, statics)).toEqual([400, 400]);
    expect(
      matchWeight(500, [
        [300, 300],
        [500, 500],
      ]),
    ).toEqual([500, 500]);
    expect(
      matchWeight(450, [
        [300, 300],
        [500, 500],
      ]),
    ).toEqual([500, 500]);
    expect(matchWeight(700, statics)).toEqual([800, 800]);
    expect(matchWeight(900, statics)).toEqual([800, 800]);
    expect(matchWeight(200, statics)).toEqual([300, 300]);
    expect(matchWeight(350, statics)).toEqual([300, 300]);
    expect(matchWeight(650, [[100, 900]])).toEqual([100, 900]);
    expect(matchWeight(400, [])).toBeUndefined();
  });

  it("takes the weights and styles the stylesheets ask for, regular and bold always", () => {
    expect(textFontUsage([".a{font-weight:600}.b{font-weight: bold}.c{font-weight:normal}"], ["<p>x</p>"])).toEqual({
      weights: [400, 600, 700],
      italic: false,
    });
    expect(textFontUsage(["q{font-style:italic}"], []).italic).toBe(true);
    expect(textFontUsage([""], ["<p><em>x</em></p>"]).italic).toBe(true);
    expect(codeFontUsage(["<p>no code</p>"])).toBeUndefined();
    expect(codeFontUsage(["<p><code>x</code></p>"])).toEqual({ weights: [400, 700], italic: true });
  });

  it("publishes the subsets whose characters the pages hold, and only the faces used", () => {
    const faces = [
      face([400, 400], "normal", "latin"),
      face([700, 700], "normal", "latin"),
      face([900, 900], "normal", "latin"),
      face([400, 400], "italic", "latin"),
      face([400, 400], "normal", "greek"),
      face([700, 700], "normal", "greek"),
    ];
    expect(usedSubsets(faces, ["<p>Hello</p>"])).toEqual(new Set(["latin"]));
    expect(usedSubsets(faces, ["<p>Hello καλημέρα</p>"])).toEqual(new Set(["latin", "greek"]));
    const chosen = chooseFaces(faces, { weights: [400, 700], italic: false }, new Set(["latin"]));
    expect(chosen.map((chosenFace) => path.basename(chosenFace.file))).toEqual([
      "latin-400-400-normal.woff2",
      "latin-700-700-normal.woff2",
    ]);
    // Italic asked for and offered only at 400: bold italic is drawn from it, as a browser would.
    expect(
      chooseFaces(faces, { weights: [400, 700], italic: true }, new Set(["latin"])).filter(
        (chosenFace) => chosenFace.style === "italic",
      ),
    ).toHaveLength(1);
    expect(unicodeRangePattern("U+0000-00FF,U+0131")!.test("ı")).toBe(true);
    expect(unicodeRangePattern("U+04??")!.test("Ж")).toBe(true);
  });

  it("loads the main face first on a page whose text it draws, not for markup, scripts, styles, entities or spaces", () => {
    const latin = "U+0000-00FF,U+0131";
    expect(drawsTextIn('<main class="x"><p>Hello</p></main>', latin)).toBe(true);
    expect(drawsTextIn("<p>Привет 42</p>", latin)).toBe(true);
    const cyrillicOnly =
      '<main class="page"><p>Привет\u00a0мир</p><script type="application/ld+json">{"a":1}</script>' +
      "<style>p{color:red}</style><p>&nbsp;&#8212;</p></main>";
    expect(drawsTextIn(cyrillicOnly, latin)).toBe(false);
    expect(drawsTextIn(cyrillicOnly, "U+0400-045F")).toBe(true);
    // A comma is Latin: the face draws it.
    expect(drawsTextIn("<p>Привет, мир</p>", latin)).toBe(true);
    // A face of public/ has no range: any text at all.
    expect(drawsTextIn("<p>Привет</p>", undefined)).toBe(true);
    expect(drawsTextIn('<div class="empty"> </div>', undefined)).toBe(false);
  });

  it("publishes Inter from portfolio's own package when theme.fonts.text is unset, and no text font with text: false", async () => {
    // A folder with no node_modules: the default font is portfolio's, not the site's to install.
    const options = {
      root: tmpdir(),
      publicFiles: { folder: undefined, files: new Map<string, string>(), refused: [] },
      configLabel: "portfolio.config.ts",
    };
    for (const fonts of [undefined, {}, { code: undefined }]) {
      const found = await readFontSources(fonts, options);
      expect(found.map(({ role, family, category, mainSubset }) => ({ role, family, category, mainSubset }))).toEqual([
        { role: "text", family: "Inter", category: "sans-serif", mainSubset: "latin" },
      ]);
      const installed = path.join(repoRoot, "node_modules", "@fontsource-variable", "inter", "files");
      for (const { file } of found[0]!.faces) expect(path.dirname(file)).toBe(installed);
    }
    expect(await readFontSources({ text: false }, options)).toEqual([]);
  });

  it("knows the default font's metrics for its fallback without reading the file, as the file gives them", async () => {
    const [inter] = await readFontSources(undefined, {
      root: tmpdir(),
      publicFiles: { folder: undefined, files: new Map<string, string>(), refused: [] },
      configLabel: "portfolio.config.ts",
    });
    const known = Object.entries(inter!.knownMetrics ?? {});
    expect(known.map(([file]) => file)).toEqual(["inter-latin-wght-normal.woff2"]);
    const { fromBuffer } = await import("@capsizecss/unpack");
    for (const [file, metrics] of known) {
      const face = inter!.faces.find((candidate) => path.basename(candidate.file) === file)!;
      const read = await fromBuffer(await readFile(face.file));
      expect(metrics).toEqual({
        ascent: read.ascent,
        descent: read.descent,
        lineGap: read.lineGap,
        unitsPerEm: read.unitsPerEm,
        xWidthAvg: read.xWidthAvg,
      });
    }
  });

  it("sizes the fallback so it takes the font's room (Capsize's and Next.js's formula)", () => {
    const inter = { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 };
    const overrides = fallbackOverrides(inter, "sans-serif");
    // Inter's average width over Arial's (913/2048), then Inter's vertical metrics divided by that.
    expect(overrides["size-adjust"]).toBe("107.1194%");
    expect(parseFloat(overrides["ascent-override"])).toBeCloseTo((1984 / 2048 / 1.071194) * 100, 2);
    expect(parseFloat(overrides["descent-override"])).toBeCloseTo((494 / 2048 / 1.071194) * 100, 2);
    expect(overrides["line-gap-override"]).toBe("0%");
    expect(fallbackFaceCss("Inter", inter, "sans-serif")).toBe(
      '@font-face{font-family:"Inter Fallback";src:local("Arial"),local("Liberation Sans"),local("Helvetica");size-adjust:107.1194%;ascent-override:90.4365%;descent-override:22.518%;line-gap-override:0%}',
    );
  });

  it("writes a family name read from a font file as a CSS string that cannot end the rule", () => {
    expect(cssString('Evil"}body{display:none}\\')).toBe('"Evil\\"}body{display:none}\\\\"');
    expect(cssString("Line\nbreak")).toBe('"Linebreak"');
  });
});

describe("theme in the config", () => {
  const base = {
    site: { title: "t", description: "d" },
    owner: { name: "n", jobTitle: "j", photo: "a.png", email: "a@b.co" },
    social: [],
    cv: { file: "cv.pdf", downloadAs: "x.pdf" },
  };

  it("takes an accent, fonts as a package or files of public/, and a radius", () => {
    const parsed = configSchema.parse({
      ...base,
      theme: {
        accent: "#0e7490",
        darkAccent: "oklch(0.8 0.1 200)",
        fonts: { text: "@fontsource-variable/inter", code: ["fonts/Mono.woff2", "/fonts/Mono-Bold.woff2"] },
        radius: 0,
      },
    });
    expect(parsed.theme).toEqual({
      accent: "#0e7490",
      darkAccent: "oklch(0.8 0.1 200)",
      radius: 0,
      fonts: {
        text: { kind: "package", name: "@fontsource-variable/inter" },
        code: { kind: "files", paths: ["fonts/Mono.woff2", "fonts/Mono-Bold.woff2"] },
      },
    });
    expect(configSchema.parse(base).theme).toEqual({});
  });

  it("takes fonts.text: false, the system's own font instead of the default one, and names false in its message", () => {
    expect(configSchema.parse({ ...base, theme: { fonts: { text: false } } }).theme).toEqual({
      fonts: { text: false },
    });
    const result = configSchema.safeParse({ ...base, theme: { fonts: { text: true } } });
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      'theme.fonts.text: expected a Fontsource package such as "@fontsource/inter", font files of public/ such as "fonts/Lora.woff2", or false for the system\'s own font, got boolean true',
    ]);
  });

  it("takes the theme a first visit starts in, and leaves it unset by default (light)", () => {
    for (const initial of ["light", "dark", "system"] as const)
      expect(configSchema.parse({ ...base, theme: { initial } }).theme).toEqual({ initial });
    const result = configSchema.safeParse({ ...base, theme: { initial: "auto" } });
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      'theme.initial: expected one of "light", "dark", "system", got "auto"',
    ]);
  });

  it("names each wrong field and what it expects", () => {
    const result = configSchema.safeParse({
      ...base,
      theme: {
        accent: "teal",
        fonts: { text: "@fontsource/Inter", code: ["../x.woff2", "fonts/a.txt"] },
        radius: 99,
        colour: "red",
      },
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'theme.accent: expected an opaque colour such as #0e7490, rgb(14 116 144), hsl(192 82% 31%) or oklch(0.52 0.09 223), got "teal"',
        'theme.fonts.text: expected a Fontsource package such as "@fontsource/inter" or "@fontsource-variable/inter", got "@fontsource/Inter"',
        'theme.fonts.code.0: expected a font file\'s path inside public/ (a relative path such as fonts/Lora.woff2), got "../x.woff2"',
        'theme.fonts.code.1: expected a .woff2, .woff, .ttf or .otf file, got "fonts/a.txt"',
        "theme.radius: expected a corner radius in CSS pixels, from 0 to 40",
      ]),
    );
  });
});

describe("the theme's start script", () => {
  /** Whether the script, run as the head runs it, turns the dark theme on for this visitor. */
  function startsDark(script: string, saved: string | null | "throws", systemDark: boolean): boolean {
    const classes = new Set<string>();
    const localStorage = {
      getItem: (key: string) => {
        if (saved === "throws") throw new Error("storage is off");
        return key === themeStorageKey ? saved : null;
      },
    };
    const matchMedia = (query: string) => ({ matches: systemDark && query === "(prefers-color-scheme: dark)" });
    const document = {
      documentElement: {
        classList: { add: (name: string) => classes.add(name) },
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    };
    new Function("localStorage", "matchMedia", "document", script)(localStorage, matchMedia, document);
    return classes.has(darkThemeClass);
  }
  const attributes = new Map<string, string>();
  const visitors = [
    [null, false],
    [null, true],
    ["light", true],
    ["dark", false],
    ["throws", true],
    ["throws", false],
  ] as const;

  it.each([
    ["light", [false, false, false, true, false, false]],
    ["dark", [true, true, false, true, true, true]],
    ["system", [false, true, false, true, true, false]],
  ] as const)("with theme.initial %s, starts dark only where it should; a saved choice wins", (initial, expected) => {
    const script = themeBootScript(initial);
    expect(visitors.map(([saved, systemDark]) => startsDark(script, saved, systemDark))).toEqual(expected);
  });

  it('marks the page that follows the device (theme.initial "system") for the theme script, and no other', () => {
    for (const initial of [undefined, "light", "dark", "system"] as const) {
      attributes.clear();
      startsDark(themeBootScript(initial), null, false);
      expect(Object.fromEntries(attributes), String(initial)).toEqual(
        initial === "system" ? { [followsSystemAttribute]: "" } : {},
      );
    }
  });

  it("is today's script when theme.initial is unset, and the page's policy allows each by its hash", () => {
    expect(themeBootScript(undefined)).toBe(
      'try{if(localStorage.getItem("portfolio-theme")==="dark")document.documentElement.classList.add("theme-dark")}catch(e){}',
    );
    for (const initial of ["light", "dark", "system"] as const) {
      const script = themeBootScript(initial);
      const hash = createHash("sha256").update(script).digest("base64");
      expect(contentSecurityPolicy([script])).toContain(`'sha256-${hash}'`);
    }
  });
});

describe("the generated favicon", () => {
  it("shows the owner's initials in the accent of each colour scheme", () => {
    expect(initialsOf("Maya Okafor")).toBe("MO");
    expect(initialsOf("Prince")).toBe("P");
    expect(initialsOf("Ana María de la Cruz")).toBe("AC");
    expect(initialsOf("  élodie  ñúñez ")).toBe("ÉÑ");
    const svg = generatedFavicon("Maya <Okafor>", resolveThemeColours({ accent: "#0f766e" }, "c"));
    expect(svg).toContain("rect{fill:#0f766e}text{fill:#ffffff}@media (prefers-color-scheme:dark){rect{fill:#");
    expect(svg).toContain(">M</text>");
  });
});

describe("the share card drawn without site.image", () => {
  const colours = resolveThemeColours({ accent: "#0f766e", darkAccent: "#5eead4" }, "c");

  it("draws the name, job title and location beside the photo, in the dark accent, escaped", () => {
    const svg = shareCardSvg({
      text: { name: "Ada <Lovelace>", jobTitle: "Analyst & Engineer", location: "London" },
      photo: "data:image/png;base64,AAAA",
      colours,
      radius: 14,
      draw: systemTextDrawer,
    });
    expect(svg).toContain('<rect x="0" y="618" width="100%" height="12" fill="#5eead4"/>');
    expect(svg).toContain(">Ada &lt;Lovelace&gt;</text>");
    expect(svg).toContain(">Analyst &amp; Engineer</text>");
    expect(svg).toContain('rx="64"');
    expect(svg).not.toContain("<Lovelace>");
  });

  it("shrinks a long name until it fits beside the photo", () => {
    const svg = shareCardSvg({
      text: { name: "Maximiliana Wilhelmina Bartholomew-Featherstonehaugh", jobTitle: "Developer" },
      photo: "data:,",
      colours,
      radius: 0,
      draw: systemTextDrawer,
    });
    const size = Number(svg.match(/font-size="(\d+)" font-weight="700"/)![1]);
    expect(size).toBeLessThan(76);
    expect(size).toBeGreaterThanOrEqual(40);
  });

  it("draws text as the outlines of the theme's font, its width from the glyphs' advances", () => {
    const font = {
      unitsPerEm: 1000,
      glyphsForString: (text: string) =>
        [...text].map((character) => ({
          id: character === "?" ? 0 : 1,
          advanceWidth: 500,
          path: { toSVG: () => "M0 0L10 10Z" },
          cbox: { minX: 0, minY: 0, maxX: 10, maxY: 10 },
        })),
    };
    const drawn = fontTextDrawer(font)("Ab", 40, { fill: "#fff" });
    expect(drawn.width).toBe(40);
    expect(drawn.svg).toBe(
      '<g transform="scale(0.04 -0.04)" fill="#fff"><path transform="translate(0.0 0)" d="M0 0L10 10Z"/><path transform="translate(500.0 0)" d="M0 0L10 10Z"/></g>',
    );
    // A character the font lacks: the system's font draws the line instead.
    expect(fontTextDrawer(font)("A?", 40, { fill: "#fff" }).svg).toContain("<text");
  });
});
