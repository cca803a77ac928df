/**
 * Makes the raster images a site needs beside its SVGs, from the config and public/favicon.svg (or
 * the favicon the build draws in the accent when there is none):
 * the share card (public/<site.image>, 1200×630), the Apple touch icon and the manifest icons.
 * Run it after changing your photo, name or favicon:  npm run images
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../src/config/load-config.js";
import { pageBackgrounds } from "../src/render/head-tags.js";
import { escapeHtml } from "../src/escape.js";
import { toHex } from "../src/colour.js";
import { generatedFavicon } from "../src/theme/favicon.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { launchChromium } from "../tests/helpers/browser.js";

const root = process.cwd();
const { config, label } = await loadConfig({ cwd: root });
// The card follows the dark theme's accent, as the one the build draws without site.image does.
const accent = toHex(resolveThemeColours(config.theme, label).accents.dark);
const publicDir = path.join(root, "public");
const dataUrl = async (file: string) => {
  const type = file.endsWith(".svg") ? "image/svg+xml" : file.endsWith(".png") ? "image/png" : "image/jpeg";
  return `data:${type};base64,${(await readFile(path.join(publicDir, file))).toString("base64")}`;
};
const photo = await dataUrl(config.owner.photo);
// Without a favicon of the owner's, the icons are made from the one the build draws in the accent.
const favicon = existsSync(path.join(publicDir, "favicon.svg"))
  ? await dataUrl("favicon.svg")
  : `data:image/svg+xml;base64,${Buffer.from(generatedFavicon(config.owner.name, resolveThemeColours(config.theme, label), config.theme.radius)).toString("base64")}`;

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const shoot = async (html: string, width: number, height: number, file: string) => {
    await page.setViewportSize({ width, height });
    await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`, { waitUntil: "load" });
    const target = path.join(publicDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    const jpeg = /\.jpe?g$/.test(file);
    await writeFile(target, await page.screenshot(jpeg ? { type: "jpeg", quality: 88 } : { type: "png" }));
    console.log(`Wrote public/${file}`);
  };

  if (config.site.image && /\.(png|jpe?g)$/.test(config.site.image)) {
    await shoot(
      `
      <div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 96px;display:flex;align-items:center;gap:72px;
        background:radial-gradient(circle at 85% 15%, ${accent}40, transparent 45%), ${pageBackgrounds.dark};
        font-family:system-ui,sans-serif;color:#fff">
        <img src="${photo}" style="width:300px;height:300px;border-radius:64px;background:#2a2a2e;flex:none">
        <div>
          <div style="font-size:76px;font-weight:800;letter-spacing:-1px;line-height:1.05">${escapeHtml(config.owner.name)}</div>
          <div style="margin-top:24px;display:inline-block;padding:10px 24px;border-radius:16px;background:#26262a;font-size:34px;color:${accent}">
            ${escapeHtml(config.owner.jobTitle)}</div>
          <div style="margin-top:28px;font-size:30px;color:#c4c4cc">${escapeHtml(config.owner.location ?? "")}</div>
        </div>
      </div>`,
      1200,
      630,
      config.site.image,
    );
  }
  for (const [file, size] of [
    ["apple-touch-icon.png", 180],
    ["icons/icon-192.png", 192],
    ["icons/icon-512.png", 512],
  ] as const) {
    await shoot(`<img src="${favicon}" style="display:block;width:${size}px;height:${size}px">`, size, size, file);
  }
} finally {
  await browser.close();
}
