/**
 * Makes the sample CV (public/cv/…pdf) from the resume content: builds the site, opens /resume in
 * Chromium and prints it with the site's print stylesheet. Run it after editing content/resume:
 *   npm run cv
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildSite } from "../src/build/build-site.js";
import { startServer } from "../src/serve/start-server.js";
import { launchChromium } from "../tests/helpers/browser.js";

const root = process.cwd();
const outDir = path.join(root, ".portfolio", "cv-build");
const build = await buildSite({ cwd: root, outDir });
const server = await startServer({ root: outDir, base: build.config.site.base, port: 0, host: "127.0.0.1" });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}resume`, { waitUntil: "networkidle" });
  const pdf = await page.pdf({ format: "A4", printBackground: true, tagged: true, outline: true });
  const target = path.join(root, "public", build.config.cv.file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, pdf);
  console.log(`Wrote ${path.relative(root, target)} (${(pdf.byteLength / 1000).toFixed(1)} kB)`);
} finally {
  await browser.close();
  await server.close();
}
