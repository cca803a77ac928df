import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { suggestedCv } from "../src/cv/suggested-cv.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { chromiumPath } from "./helpers/browser.js";
import { portfolio } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/** `cv` is optional: a new site has no CV yet, and must not ship a made-up one. */
let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

/** The sample's config without its `cv` field, and public/ without the sample's PDF. */
async function removeCv(): Promise<void> {
  const config = await site.read("portfolio.config.ts");
  const without = config.replace(/\n {2}cv: \{[^}]*\},/, "");
  expect(without).not.toBe(config);
  await site.write("portfolio.config.ts", without);
  await rm(path.join(site.root, "public", "cv"), { recursive: true });
}

describe("a config without cv", () => {
  it("is valid, and its site builds with no CV button and no CV file", async () => {
    await removeCv();
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    expect(config.cv).toBeUndefined();
    await buildSite({ cwd: site.root, env: {}, precompress: false });
    const html = await readFile(path.join(site.root, "dist", "index.html"), "utf8");
    expect(html).toContain("Maya Okafor");
    expect(html).not.toContain("cv-button");
    expect(html).not.toContain("Download CV");
    expect(existsSync(path.join(site.root, "dist", "cv"))).toBe(false);
  });

  it("leaves a config with cv as it was: the button is there and a missing PDF is still an error", async () => {
    await buildSite({ cwd: site.root, env: {}, precompress: false });
    const html = await readFile(path.join(site.root, "dist", "index.html"), "utf8");
    expect(html).toMatch(/class="cv-button" href="\/cv\/maya-okafor-cv\.pdf" download="Maya-Okafor-CV\.pdf"/);
    await rm(path.join(site.root, "public", "cv"), { recursive: true });
    const run = await portfolio(["check"], site.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("cv.file: public/cv/maya-okafor-cv.pdf does not exist");
  });

  it("portfolio cv --if-configured prints nothing and succeeds", async () => {
    await removeCv();
    const run = await portfolio(["cv", "--if-configured"], site.root, { CHROMIUM_PATH: "/nonexistent/chromium" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No CV printed: portfolio.config.ts has no cv");
    expect(existsSync(path.join(site.root, "public", "cv"))).toBe(false);
  });

  it("portfolio cv still prints one, and says what to add to the config", async () => {
    await removeCv();
    const run = await portfolio(["cv"], site.root, { CHROMIUM_PATH: chromiumPath });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^✓ Wrote public\/cv\/maya-okafor-cv\.pdf /);
    expect(run.stdout).toContain("portfolio.config.ts has no cv");
    expect(run.stdout).toContain('cv: { file: "cv/maya-okafor-cv.pdf", downloadAs: "Maya-Okafor-CV.pdf" },');
    const pdf = await readFile(path.join(site.root, "public", "cv", "maya-okafor-cv.pdf"));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("suggestedCv", () => {
  it("names the file and the download after the owner, in any script", () => {
    expect(suggestedCv("Ada Lovelace")).toEqual({ file: "cv/ada-lovelace-cv.pdf", downloadAs: "Ada-Lovelace-CV.pdf" });
    expect(suggestedCv("José  María O'Neil")).toEqual({
      file: "cv/josé-maría-o-neil-cv.pdf",
      downloadAs: "José-María-O-Neil-CV.pdf",
    });
    expect(suggestedCv("!!!")).toEqual({ file: "cv/cv.pdf", downloadAs: "CV.pdf" });
  });
});
