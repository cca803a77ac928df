import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { themeSite, testFontPackage } from "./fixtures/theme-site.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 16, item 4: the theme is the config only. A site that names an accent and a Fontsource
 * package gets its tokens, only the font files its pages use, a fallback with matched metrics, the
 * faces in a stylesheet of their own that pages ask for after painting, theme-color and a favicon
 * in the accent; a failing accent or a missing font is refused.
 */

/** The fonts' stylesheet a page names in its `<noscript data-font-faces>`, read from the output. */
async function fontFacesCss(outDir: string): Promise<string> {
  const html = await readFile(path.join(outDir, "about.html"), "utf8");
  const href = /<noscript data-font-faces="\/(assets\/font-faces-[A-Z0-9]{8}\.css)"/.exec(html)?.[1];
  expect(href).toBeDefined();
  return readFile(path.join(outDir, href!), "utf8");
}
describe("a themed site", () => {
  let site: SiteCopy;
  let built: BuildResult;
  const output = (file: string) => readFile(path.join(built.outDir, file), "utf8");

  beforeAll(async () => {
    site = await copySampleSite();
    await themeSite(site, `{ accent: "#0f766e", fonts: { text: "${testFontPackage}" }, radius: 6 }`);
    await rm(path.join(site.root, "public", "favicon.svg"));
    // No site.image: the share card is drawn from the photo, in the theme.
    await site.write(
      "portfolio.config.ts",
      (await site.read("portfolio.config.ts")).replace(/\n\s*image: "images\/social-card\.jpg",/, ""),
    );
    built = await buildSite({ cwd: site.root, env: {} });
  }, 120_000);
  afterAll(() => site.remove());

  it("publishes only the faces its pages use: upright and italic, in the Latin and Greek subsets", async () => {
    const fonts = (await readdir(path.join(built.outDir, "assets", "fonts"))).sort();
    expect(fonts.map((file) => file.replace(/-[A-Za-z0-9]{8}\.woff2$/, ""))).toEqual([
      "inter-greek-wght-italic",
      "inter-greek-wght-normal",
      "inter-latin-wght-italic",
      "inter-latin-wght-normal",
    ]);
    const css = await output(built.stylesheet);
    const faces = await fontFacesCss(built.outDir);
    for (const file of fonts) expect(faces).toContain(`url(fonts/${file})`);
    // The faces are not in the stylesheet every page waits for: only their fallback is.
    expect(css).not.toContain("font-family:Inter;");
    expect(faces).toMatch(
      /@font-face\{font-family:Inter;font-style:normal;font-weight:100 900;font-display:swap;src:url\(fonts\/inter-latin-wght-normal-[A-Za-z0-9]{8}\.woff2\) format\("woff2"\);unicode-range:U\+0000-00FF,/,
    );
    expect(css).toMatch(
      /@font-face\{font-family:Inter Fallback;src:local\("Arial"\),local\("Liberation Sans"\),local\("Helvetica"\);size-adjust:\d+\.\d+%;ascent-override:\d+\.\d+%;descent-override:\d+\.\d+%;line-gap-override:0%\}/,
    );
    expect(css).toContain('--font-text:"Inter", "Inter Fallback", system-ui,');
  });

  it("sets the accent of light, dark and print, and the radius, in the tokens' layer and before the owner's CSS", async () => {
    const css = await output(built.stylesheet);
    expect(css.startsWith("@layer portfolio.tokens,portfolio.site;")).toBe(true);
    expect(css).toContain("@layer light{:root:not(.theme-dark){--accent:#0f766e;");
    expect(css).toMatch(/@layer dark\{:root\{--accent:#[0-9a-f]{6};[^}]*--radius:6px\}\}/);
    expect(css).toMatch(/@layer print\{@media print\{:root\{--accent:#[0-9a-f]{6};--accent-strong:#[0-9a-f]{6}\}\}\}/);
  });

  it("names the fonts' stylesheet for after the paint (a link without JavaScript), and gives theme-color, the manifest and the favicon the accent", async () => {
    const html = await output("about.html");
    // Nothing font-related holds back the first paint: no preload, and the faces' stylesheet only in <noscript>,
    // with the text's main face that the script fetches just before it.
    expect(html).not.toContain('rel="preload" href="/assets/fonts/');
    expect(html).toMatch(
      /<noscript data-font-faces="(\/assets\/font-faces-[A-Z0-9]{8}\.css)" data-font-main="\/assets\/fonts\/inter-latin-wght-normal-[A-Za-z0-9]{8}\.woff2"><link rel="stylesheet" href="\1"><\/noscript>/,
    );
    expect(html).toContain('<meta name="theme-color" content="#0f766e" media="(prefers-color-scheme: light)">');
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)">/);
    expect(html).toMatch(/font-src 'self'; /);
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const favicon = await output("favicon.svg");
    expect(favicon).toContain("rect{fill:#0f766e}");
    expect(favicon).toContain(">MO</text>");
    expect(favicon).toContain('rx="6"');
    const manifest = JSON.parse(await output("manifest.webmanifest")) as {
      theme_color: string;
      icons: Array<{ src: string }>;
    };
    expect(manifest.theme_color).toBe("#0f766e");
    expect(manifest.icons.map((icon) => icon.src)).toContain("/favicon.svg");
  });
});

describe("the share card drawn without site.image", () => {
  let site: SiteCopy;
  afterAll(() => site?.remove());

  it("shows the photo on the dark page, lit by the dark accent, in og:image and the feeds", async () => {
    site = await copySampleSite();
    await themeSite(site, `{ accent: "#0f766e", darkAccent: "#5eead4", fonts: { text: "${testFontPackage}" } }`);
    await site.write(
      "portfolio.config.ts",
      (await site.read("portfolio.config.ts")).replace(/\n\s*image: "images\/social-card\.jpg",/, ""),
    );
    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "about.html"), "utf8");
    const card = html.match(
      /<meta property="og:image" content="https:\/\/maya-okafor\.example\/(assets\/images\/avatar-share-[A-Za-z0-9]{8}\.jpg)">/,
    )![1]!;
    const image = sharp(await readFile(path.join(built.outDir, card)));
    expect(await image.metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // The accent's bar along the bottom, the dark page at the bottom left.
    const bar = pixel(600, 625);
    for (const [index, expected] of [0x5e, 0xea, 0xd4].entries())
      expect(Math.abs(bar[index]! - expected)).toBeLessThan(12);
    for (const channel of pixel(20, 560)) expect(channel).toBeLessThan(30);
    expect(await readFile(path.join(built.outDir, "feed.json"), "utf8")).toContain(
      `"icon": "https://maya-okafor.example/${card}"`,
    );
  });
});

describe("a theme's mistakes", () => {
  let site: SiteCopy;
  beforeAll(async () => {
    site = await copySampleSite();
    await themeSite(site, `{ accent: "#0f766e" }`);
  });
  afterAll(() => site.remove());

  const setTheme = async (theme: string) => {
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", config.replace(/\n {2}theme: .*\n/, `\n  theme: ${theme},\n`));
  };

  it("refuses an accent without contrast, with the field, the ratio and the nearest shade, and keeps the old output", async () => {
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    const before = await fingerprint(path.join(site.root, "dist"));
    await setTheme(`{ accent: "#f59e0b" }`);
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'AccentContrastTooLow: portfolio.config.ts: theme.accent "#f59e0b" does not contrast enough in the light theme:',
    );
    expect(run.stderr).toContain("accent text on the page background (--bg, #eef1f6): 1.89:1, under 4.5:1");
    expect(run.stderr).toMatch(
      /The nearest shade that passes is #[0-9a-f]{6} \(OKLCH lightness 0\.\d\d instead of 0\.77, the same hue\)\./,
    );
    expect(run.stderr).toContain("Hint: Use the shade suggested, or another colour.");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(path.join(site.root, "dist"))).toBe(before);

    await setTheme(`{ darkAccent: "#1d4ed8" }`);
    const dark = await portfolioInProcess(site.root, ["build"]);
    expect(dark.code).toBe(1);
    expect(dark.stderr).toContain('theme.darkAccent "#1d4ed8" does not contrast enough in the dark theme:');
  });

  it("reads a static Fontsource package, one file per weight, though its metadata describes the variable font too", async () => {
    const folder = path.join(site.root, "node_modules", "@fontsource", "test-sans");
    const inter = path.join(repoRoot, "node_modules", ...testFontPackage.split("/"));
    await mkdir(path.join(folder, "files"), { recursive: true });
    const metadata = JSON.parse(await readFile(path.join(inter, "metadata.json"), "utf8")) as Record<string, unknown>;
    await writeFile(
      path.join(folder, "metadata.json"),
      JSON.stringify({ ...metadata, id: "test-sans", family: "Test Sans", weights: [400, 700] }),
    );
    await writeFile(path.join(folder, "unicode.json"), JSON.stringify({ latin: "U+0000-00FF" }));
    for (const face of ["400-normal", "700-normal", "400-italic"]) {
      await copyFile(
        path.join(inter, "files", "inter-latin-wght-normal.woff2"),
        path.join(folder, "files", `test-sans-latin-${face}.woff2`),
      );
    }
    await setTheme(`{ fonts: { text: "@fontsource/test-sans" } }`);
    const built = await buildSite({ cwd: site.root, env: {} });
    const fonts = (await readdir(path.join(built.outDir, "assets", "fonts"))).map((file) =>
      file.replace(/-[A-Za-z0-9]{8}\.woff2$/, ""),
    );
    // The stylesheet's 500 is drawn with 400 and its 600 with 700, as CSS matches weights; bold italic with the 400 italic.
    expect(fonts.sort()).toEqual([
      "test-sans-latin-400-italic",
      "test-sans-latin-400-normal",
      "test-sans-latin-700-normal",
    ]);
    const css = await fontFacesCss(built.outDir);
    expect(css).toMatch(
      /@font-face\{font-family:Test Sans;font-style:normal;font-weight:700;font-display:swap;src:url\(fonts\/test-sans-latin-700-normal-[A-Za-z0-9]{8}\.woff2\) format\("woff2"\);unicode-range:U\+0000-00FF\}/,
    );
  });

  it("names a font package that is not installed, and how to install it", async () => {
    await setTheme(`{ fonts: { code: "@fontsource/jetbrains-mono" } }`);
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `FontNotFound: portfolio.config.ts: theme.fonts.code: the font package @fontsource/jetbrains-mono is not installed in ${path.join(site.root, "node_modules")}`,
    );
    expect(run.stderr).toContain("Hint: Install it beside the config: npm install @fontsource/jetbrains-mono");
  });

  it("names a missing font file of public/, and one that is not a font", async () => {
    await setTheme(`{ fonts: { text: "fonts/Missing.woff2" } }`);
    expect((await portfolioInProcess(site.root, ["build"])).stderr).toContain(
      "FontNotFound: portfolio.config.ts: theme.fonts.text: public/fonts/Missing.woff2 does not exist",
    );
    await site.write("public/fonts/Fake.woff2", "not a font");
    await setTheme(`{ fonts: { text: "fonts/Fake.woff2" } }`);
    expect((await portfolioInProcess(site.root, ["build"])).stderr).toContain(
      "FontUnreadable: portfolio.config.ts: theme.fonts.text: public/fonts/Fake.woff2 is not a font file portfolio can read",
    );
  });

  it("takes a font file of public/: its family, weights and style are read from the file", async () => {
    await mkdir(path.join(site.root, "public", "fonts"), { recursive: true });
    await copyFile(
      path.join(repoRoot, "node_modules", ...testFontPackage.split("/"), "files", "inter-latin-wght-normal.woff2"),
      path.join(site.root, "public", "fonts", "Brand.woff2"),
    );
    await setTheme(`{ fonts: { text: "fonts/Brand.woff2" } }`);
    const built = await buildSite({ cwd: site.root, env: {} });
    const css = await readFile(path.join(built.outDir, built.stylesheet), "utf8");
    expect(await fontFacesCss(built.outDir)).toMatch(
      /@font-face\{font-family:Inter;font-style:normal;font-weight:100 900;font-display:swap;src:url\(fonts\/Brand-[A-Za-z0-9]{8}\.woff2\) format\("woff2"\)\}/,
    );
    expect(css).toContain("@font-face{font-family:Inter Fallback;");
  });
});
