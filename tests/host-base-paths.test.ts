// Issue 49, findings 9, 10 and 12: Netlify, Cloudflare Pages and Vercel serve the published folder at
// the domain's root, so a site under a base path must be published inside that folder and its host
// files written with the base; overlapping `_headers` rules must not depend on how a host combines
// them; and robots.txt rules under a base path reach no crawler.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, missingSecurityHeaders, readPublishedSite } from "../src/deploy/emulate-host.js";
import { hostHeadersForPath, parseHeadersFile } from "../src/render/cache-headers.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";

const answers = ["--name", "Ada Lovelace", "--job-title", "Analytical Engineer", "--email", "ada@example.com", "--yes"];
const base = "/portfolio/";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "portfolio-host-base-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A site made by `init --host <preset>`, its config edited by `edit`. */
async function initSite(folder: string, preset: string, edit: (config: string) => string = (text) => text) {
  const run = await portfolioInProcess(work, ["init", folder, ...answers, "--host", preset]);
  expect(run.code, run.stderr).toBe(0);
  const site = path.join(work, folder);
  const config = path.join(site, "portfolio.config.ts");
  await writeFile(config, edit(await readFile(config, "utf8")));
  return site;
}

const withBase = (config: string) => config.replace(/(\n {2}site: \{)/, `$1\n    base: "${base}",`);

/** The build command the preset writes (netlify.toml, vercel.json, wrangler.toml's comment), as arguments. */
async function presetBuild(site: string, preset: string): Promise<string[]> {
  const file = { netlify: "netlify.toml", cloudflare: "wrangler.toml", vercel: "vercel.json" }[preset]!;
  const text = await readFile(path.join(site, file), "utf8");
  const command = /npx portfolio (build[^"&\\]*?) &&/.exec(text)?.[1];
  expect(command, text).toBeDefined();
  return command!.trim().split(/\s+/);
}

describe("each host preset under a base path (issue 49, finding 9)", () => {
  it.each(["netlify", "cloudflare", "vercel"])(
    "%s answers /portfolio/ and /portfolio/about with every security header, and an unknown address with the site's 404 page",
    async (preset) => {
      const site = await initSite(`based-${preset}`, preset, withBase);
      if (preset === "vercel") expect((await portfolioInProcess(site, ["host", "vercel", "--force"])).code).toBe(0);
      const build = await portfolioInProcess(site, await presetBuild(site, preset));
      expect(build.code, build.stderr).toBe(0);
      const check = await portfolioInProcess(site, ["check", "--host", preset]);
      expect(check.code, check.stderr).toBe(0);

      const outDir = path.join(site, "dist");
      const host = await readPublishedSite(preset as "netlify", { root: site, outDir, base });
      const notFoundPage = await readFile(path.join(outDir, "portfolio/404.html"), "utf8");
      for (const [address, file] of [
        ["/portfolio/", "portfolio/index.html"],
        ["/portfolio", "portfolio/index.html"],
        ["/portfolio/about", "portfolio/about.html"],
      ] as const) {
        const { reached, headers } = ask(host, address);
        expect(reached, address).toMatchObject({ kind: "page", status: 200 });
        expect([file, file.replace(/\.html$/, "/index.html")], address).toContain((reached as { file: string }).file);
        expect(missingSecurityHeaders(headers, "none"), `${address} on ${preset}`).toEqual([]);
      }
      const missing = ask(host, "/portfolio/nothing-here");
      expect(missing.reached).toMatchObject({ kind: "page", status: 404 });
      const sent = await readFile(path.join(outDir, (missing.reached as { file: string }).file), "utf8");
      expect(sent).toBe(notFoundPage);
      expect(missingSecurityHeaders(missing.headers, "none")).toEqual([]);
      // The domain's root leads to the site.
      expect(ask(host, "/").reached).toMatchObject({ kind: "page", status: 200 });
      // Outside the base, the site's pages are not served.
      expect(ask(host, "/about").reached).toMatchObject({ kind: "outside" });
    },
    120_000,
  );

  it.each(["netlify", "cloudflare", "vercel"])(
    "check --host %s fails a site built under a base path for a host that serves it at the base",
    async (preset) => {
      const site = await initSite(`flat-${preset}`, preset, withBase);
      if (preset === "vercel") expect((await portfolioInProcess(site, ["host", "vercel", "--force"])).code).toBe(0);
      const build = await portfolioInProcess(site, ["build"]);
      expect(build.code, build.stderr).toBe(0);
      const check = await portfolioInProcess(site, ["check", "--host", preset]);
      expect(check.code).toBe(1);
      expect(check.stderr).toContain(`dist/portfolio/index.html is missing`);
      expect(check.stderr).toContain(`portfolio build --host ${preset}`);
    },
    120_000,
  );

  it("vercel.json gives the home page at /portfolio the security headers, and sends / to it", async () => {
    const site = await initSite("vercel-rules", "vercel", withBase);
    expect((await portfolioInProcess(site, ["host", "vercel", "--force"])).code).toBe(0);
    const settings = JSON.parse(await readFile(path.join(site, "vercel.json"), "utf8")) as {
      headers: Array<{ source: string }>;
      redirects: Array<{ source: string; destination: string }>;
    };
    const sources = settings.headers.map(({ source }) => source);
    expect(sources).toContain("/portfolio");
    expect(sources).toContain("/portfolio/(.*)");
    expect(settings.redirects).toEqual([{ source: "/", destination: "/portfolio", permanent: false }]);
  }, 60_000);
});

describe("_headers rules that overlap (issue 49, finding 10)", () => {
  it("Netlify sends /images/x.svg and /logo.svg with the sandbox policy and frame-ancestors both", async () => {
    const site = await initSite("overlap", "netlify");
    await mkdir(path.join(site, "public/images"), { recursive: true });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n';
    await writeFile(path.join(site, "public/images/x.svg"), svg);
    await writeFile(path.join(site, "public/logo.svg"), svg);
    const build = await portfolioInProcess(site, ["build", "--host", "netlify"]);
    expect(build.code, build.stderr).toBe(0);
    const rules = parseHeadersFile(await readFile(path.join(site, "dist/_headers"), "utf8"));
    for (const overlap of ["last", "join"] as const)
      for (const address of ["/images/x.svg", "/logo.svg"]) {
        const policy = hostHeadersForPath(rules, address, overlap).get("Content-Security-Policy") ?? "";
        expect(policy, `${address}, ${overlap}`).toContain("frame-ancestors 'none'");
        expect(policy, `${address}, ${overlap}`).toMatch(/default-src 'none';.*sandbox/);
      }
    const check = await portfolioInProcess(site, ["check", "--host", "netlify"]);
    expect(check.code, check.stderr).toBe(0);
  }, 60_000);

  it("check --host netlify fails a _headers whose later rule replaces the site's policy", async () => {
    const site = await initSite("replaced", "netlify");
    expect((await portfolioInProcess(site, ["build", "--host", "netlify"])).code).toBe(0);
    await writeFile(
      path.join(site, "dist/_headers"),
      `${await readFile(path.join(site, "dist/_headers"), "utf8")}/*.svg\n  Content-Security-Policy: sandbox\n`,
    );
    await writeFile(path.join(site, "dist/x.svg"), "<svg/>");
    const check = await portfolioInProcess(site, ["check", "--host", "netlify"]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("/x.svg: sent without Content-Security-Policy");
    // Cloudflare Pages joins the two policies: both are enforced.
    expect((await portfolioInProcess(site, ["check", "--host", "cloudflare"])).code).toBe(0);
  }, 60_000);
});

describe("robots under a base path (issue 49, finding 12)", () => {
  it("the build warns that robots.ai reaches no crawler when the site is under a base path", async () => {
    const site = await initSite("robots", "github", (config) =>
      withBase(config).replace("\n  site: {", '\n  robots: { ai: "disallow" },\n  site: {'),
    );
    const build = await portfolioInProcess(site, ["build"]);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stderr).toContain("robots.ai");
    expect(build.stderr).toContain("/robots.txt");
    // Without a base path, nothing to say.
    const atRoot = await portfolioInProcess(site, ["build", "--base", "/"]);
    expect(atRoot.stderr).not.toContain("robots.ai");
  }, 60_000);
});
