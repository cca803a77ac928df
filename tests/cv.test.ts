import { chmod, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findChromium } from "../src/chromium/find-chromium.js";
import { chromiumPath } from "./helpers/browser.js";
import { fingerprint, portfolio } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

const cvFile = path.join("public", "cv", "maya-okafor-cv.pdf");
const withChromium = { CHROMIUM_PATH: chromiumPath };

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

/** The PDF's bytes as text: Chromium writes its metadata and outline uncompressed. */
async function readPdf(file: string): Promise<string> {
  return (await readFile(path.join(site.root, file))).toString("latin1");
}

/** Nothing of the CV's making is left behind: no half-written PDF, no private build. */
async function expectNoLeftovers(): Promise<void> {
  expect((await readdir(path.join(site.root, "public", "cv"))).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  expect(existsSync(path.join(site.root, ".portfolio", "cv-build"))).toBe(false);
}

describe("portfolio cv", () => {
  it("prints the Resume page as the content says it now, A4 and tagged, without touching dist/", async () => {
    expect((await portfolio(["build"], site.root)).code).toBe(0);
    const dist = await fingerprint(path.join(site.root, "dist"));
    const job = await site.read("content/resume/experience/01-nordlys.md");
    await site.write(
      "content/resume/experience/01-nordlys.md",
      job.replace("title: Senior Full-Stack Developer", "title: Principal Lighthouse Keeper"),
    );

    const run = await portfolio(["cv"], site.root, withChromium);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(
      /^✓ Wrote public\/cv\/maya-okafor-cv\.pdf \(\d+\.\d kB, \d+ pages?\) from \/resume in [\d.]+ m?s$/,
    );
    const pdf = await readPdf(cvFile);
    expect(pdf.startsWith("%PDF-")).toBe(true);
    // The document's title is the page's: another page printed would say "About | Maya Okafor".
    expect(pdf).toContain("/Title (Resume | Maya Okafor)");
    // The outline lists the page's headings, from the content as it is now.
    expect(pdf).toContain("/Title (Principal Lighthouse Keeper)");
    expect(pdf).not.toContain("Senior Full-Stack Developer");
    expect(pdf).toContain("/Type /StructTreeRoot");
    expect(pdf).toMatch(/\/MediaBox \[0 0 595\.9\d* 841\.9\d*\]/);
    expect(await fingerprint(path.join(site.root, "dist"))).toBe(dist);
    await expectNoLeftovers();
  });

  it("makes the first CV of a site under a base path, and writes elsewhere with --out", async () => {
    await rm(path.join(site.root, cvFile));
    const config = await site.read("portfolio.config.ts");
    expect(config).toContain('base: "/"');
    await site.write("portfolio.config.ts", config.replace('base: "/"', 'base: "/portfolio/"'));

    const run = await portfolio(["cv"], site.root, withChromium);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("from /portfolio/resume");
    expect(await readPdf(cvFile)).toContain("/Title (Resume | Maya Okafor)");

    const elsewhere = await portfolio(["cv", "--out", "cv-copy.pdf"], site.root, withChromium);
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stdout).toContain("Wrote cv-copy.pdf");
    expect(await readPdf("cv-copy.pdf")).toContain("/Title (Resume | Maya Okafor)");
    expect((await readdir(site.root)).sort()).toEqual([
      ".portfolio",
      "content",
      "cv-copy.pdf",
      "portfolio.config.ts",
      "public",
    ]);
  }, 90_000); // Two builds and two prints in Chromium: more than the default 30 s on a busy machine.

  it("says what to do when CHROMIUM_PATH leads nowhere, and keeps the previous CV", async () => {
    const before = await readFile(path.join(site.root, cvFile));
    const run = await portfolio(["cv"], site.root, { CHROMIUM_PATH: path.join(site.root, "no-such-chromium") });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      "✗ ChromiumNotFound: Cannot find Chromium or Google Chrome to print the CV: CHROMIUM_PATH is",
    );
    expect(run.stderr).toContain("Hint: Install Chromium");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect((await readFile(path.join(site.root, cvFile))).equals(before)).toBe(true);
  });

  it("keeps the previous CV when Chromium fails, with what it said", async () => {
    const before = await readFile(path.join(site.root, cvFile));
    const broken = path.join(site.root, "broken-chromium");
    await writeFile(broken, "#!/bin/sh\necho 'error while loading shared libraries: libnss3.so' >&2\nexit 127\n");
    await chmod(broken, 0o755);
    const run = await portfolio(["cv"], site.root, { CHROMIUM_PATH: broken });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("✗ ChromiumFailed: Printing the Resume page to PDF failed:");
    expect(run.stderr).toContain("exit code 127");
    expect(run.stderr).toContain("libnss3.so");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect((await readFile(path.join(site.root, cvFile))).equals(before)).toBe(true);
    await expectNoLeftovers();
  });

  it("reports broken content as build does, and keeps the previous CV", async () => {
    const before = await readFile(path.join(site.root, cvFile));
    const skills = await site.read("content/resume/skills.md");
    await site.write("content/resume/skills.md", skills.replace(/(percent:\s*)90\b/, "$1ninety"));
    const run = await portfolio(["cv"], site.root, withChromium);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("✗ ContentInvalid: content/resume/skills.md is not valid:");
    expect(run.stderr).toMatch(/skills\[\d\]\.percent: expected a number from 0 to 100/);
    expect((await readFile(path.join(site.root, cvFile))).equals(before)).toBe(true);
    await expectNoLeftovers();
  });
});

describe("findChromium", () => {
  it("takes the first of the usual names on the PATH", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "portfolio-path-"));
    try {
      await writeFile(path.join(folder, "google-chrome"), "");
      expect(findChromium({ PATH: folder }, "linux")).toBe(path.join(folder, "google-chrome"));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("names what it looked for when there is none", () => {
    expect(() => findChromium({ PATH: "" }, "win32")).toThrow(
      /Cannot find Chromium or Google Chrome to print the CV: none of chromium, chromium-browser, google-chrome, google-chrome-stable/,
    );
  });
});
