/**
 * Screenshots of every screen in both themes, on a phone and a desktop, and as printed, into
 * .portfolio/screenshots/, to look at the site as a visitor does:  npm run screenshots
 *
 * `npm run screenshots -- --layout column` takes the site in another layout (theme.layout): a copy
 * of it built with that layout, its shots named after it, plus a project's dialog and the Arabic
 * fixture site (right to left) on a phone. With `--readme`, also README's pictures of the layout:
 * About on a 1280×800 desktop, light and dark, as optimised PNGs in
 * docs/screenshots/layout-<name>.png and layout-<name>-dark.png.
 * Other arguments: the routes, comma-separated.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "playwright-core";
import { layoutNames, type LayoutName } from "../src/config/layout-names.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { startServer } from "../src/serve/start-server.js";
import { launchChromium, quitChromium } from "../tests/helpers/browser.js";
import { withLayout } from "../tests/helpers/sample-site.js";

const root = process.cwd();
const { values, positionals } = parseArgs({
  options: { layout: { type: "string" }, readme: { type: "boolean" } },
  allowPositionals: true,
});
const layout = values.layout as LayoutName | undefined;
if (layout !== undefined && !layoutNames.includes(layout))
  throw new Error(`--layout: expected one of ${layoutNames.join(", ")}, got ${layout}`);
const shots = path.join(root, ".portfolio", "screenshots");
const routes = (positionals[0] ?? "about,resume,works,blogs,contact").split(",");
const prefix = layout ? `${layout}-` : "";

/** The site at `from` (the project, or a fixture site), as is or copied with `theme.layout` set, built and served. */
async function serveSite(from: string, name: string) {
  let site = from;
  if (layout) {
    site = await mkdtemp(path.join(tmpdir(), "portfolio-screenshots-"));
    for (const folder of ["content", "public"])
      await cp(path.join(from, folder), path.join(site, folder), { recursive: true });
    const config = await readFile(path.join(from, "portfolio.config.ts"), "utf8");
    await writeFile(path.join(site, "portfolio.config.ts"), withLayout(config, layout));
  }
  const outDir = path.join(root, ".portfolio", `screenshot-build${layout ? `-${layout}` : ""}${name}`);
  const build = await buildSite({ cwd: site, outDir });
  const server = await startServer({ root: outDir, base: build.config.site.base, port: 0, host: "127.0.0.1" });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      if (site !== from) await rm(site, { recursive: true, force: true });
    },
  };
}

async function shootScreens(browser: Browser, url: string) {
  for (const [device, viewport] of [
    ["phone", { width: 320, height: 720 }],
    ["desktop", { width: 1440, height: 1000 }],
  ] as const) {
    for (const theme of ["light", "dark"]) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript((dark) => {
        if (dark) localStorage.setItem("portfolio-theme", "dark");
      }, theme === "dark");
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${url}${route}`, { waitUntil: "networkidle" });
        await page.screenshot({
          path: path.join(shots, `${prefix}${route.replace(/\//g, "_")}-${device}-${theme}.png`),
          fullPage: true,
        });
      }
      // A project's dialog, over the list.
      if (layout && routes.includes("works")) {
        await page.goto(`${url}works`, { waitUntil: "networkidle" });
        await page.locator(".project-open").first().click();
        await page.locator("dialog[open]").waitFor();
        await page.screenshot({ path: path.join(shots, `${prefix}works-dialog-${device}-${theme}.png`) });
      }
      await context.close();
    }
  }
  // Each screen as it prints (the Resume is the one people print), on A4.
  const printing = await browser.newContext({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: 1 });
  const page = await printing.newPage();
  for (const route of routes) {
    await page.goto(`${url}${route}`, { waitUntil: "networkidle" });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({
      path: path.join(shots, `${prefix}${route.replace(/\//g, "_")}-print.png`),
      fullPage: true,
    });
  }
  await printing.close();
}

/** The Arabic fixture site on a phone, both themes: the layout mirrored right to left. */
async function shootRightToLeft(browser: Browser) {
  const site = await serveSite(path.join(root, "tests", "fixtures", "sites", "ar"), "-ar");
  try {
    for (const theme of ["light", "dark"]) {
      const context = await browser.newContext({ viewport: { width: 320, height: 720 }, deviceScaleFactor: 1 });
      await context.addInitScript((dark) => {
        if (dark) localStorage.setItem("portfolio-theme", "dark");
      }, theme === "dark");
      const page = await context.newPage();
      for (const route of ["", "works"]) {
        await page.goto(`${site.url}${route}`, { waitUntil: "networkidle" });
        await page.screenshot({
          path: path.join(shots, `${prefix}rtl-${route || "about"}-phone-${theme}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  } finally {
    await site.close();
  }
}

/** README's pictures of the layout: About on a desktop, in each theme, small enough to keep in the repository. */
async function shootForReadme(browser: Browser, url: string) {
  const { default: sharp } = await import("sharp");
  for (const theme of ["light", "dark"]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await context.addInitScript((dark) => {
      if (dark) localStorage.setItem("portfolio-theme", "dark");
    }, theme === "dark");
    const page = await context.newPage();
    await page.goto(`${url}about`, { waitUntil: "networkidle" });
    const png = await page.screenshot();
    await context.close();
    const suffix = theme === "dark" ? "-dark" : "";
    const file = path.join(root, "docs", "screenshots", `layout-${layout ?? "sidebar"}${suffix}.png`);
    await mkdir(path.dirname(file), { recursive: true });
    await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(file);
    console.log(`README's picture: ${path.relative(root, file)}`);
  }
}

const site = await serveSite(root, "");
const browser = await launchChromium();
await mkdir(shots, { recursive: true });
try {
  if (values.readme) await shootForReadme(browser, site.url);
  await shootScreens(browser, site.url);
  if (layout) await shootRightToLeft(browser);
  console.log(`Screenshots in ${path.relative(root, shots)}/`);
} finally {
  // The shared Chromium is quit, not only closed (tests/helpers/browser.ts): the script would wait for it forever.
  await quitChromium();
  await site.close();
}
