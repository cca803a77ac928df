/**
 * Screenshots of every screen in both themes, on a phone and a desktop, and as printed, into
 * .portfolio/screenshots/, to look at the site as a visitor does:  npm run screenshots
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { buildSite } from "../src/pipeline/build-site.js";
import { startServer } from "../src/serve/start-server.js";
import { launchChromium } from "../tests/helpers/browser.js";

const root = process.cwd();
const outDir = path.join(root, ".portfolio", "screenshot-build");
const shots = path.join(root, ".portfolio", "screenshots");
const routes = (process.argv[2] ?? "about,resume,works,blogs,contact").split(",");
const build = await buildSite({ cwd: root, outDir });
const server = await startServer({ root: outDir, base: build.config.site.base, port: 0, host: "127.0.0.1" });
const browser = await launchChromium();
await mkdir(shots, { recursive: true });
try {
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
        await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
        await page.screenshot({
          path: path.join(shots, `${route.replace(/\//g, "_")}-${device}-${theme}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  }
  // Each screen as it prints (the Resume is the one people print), on A4.
  const printing = await browser.newContext({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: 1 });
  const page = await printing.newPage();
  for (const route of routes) {
    await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: path.join(shots, `${route.replace(/\//g, "_")}-print.png`), fullPage: true });
  }
  await printing.close();
  console.log(`Screenshots in ${path.relative(root, shots)}/`);
} finally {
  await browser.close();
  await server.close();
}
