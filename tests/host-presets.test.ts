import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { portfolioInProcess } from "./helpers/run-portfolio.js";

const answers = ["--name", "Ada Lovelace", "--job-title", "Analytical Engineer", "--email", "ada@example.com", "--yes"];
const validatorCli = createRequire(import.meta.url).resolve("@action-validator/cli/cli.mjs");

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "portfolio-hosts-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A new site made by `init --host <preset>`, in its own folder. */
async function initSite(folder: string, preset?: string): Promise<string> {
  const run = await portfolioInProcess(work, ["init", folder, ...answers, ...(preset ? ["--host", preset] : [])]);
  expect(run.code, run.stderr).toBe(0);
  return path.join(work, folder);
}

const read = (site: string, file: string) => readFile(path.join(site, file), "utf8");

/** Builds the site, then checks it as `host` serves it; answers the check's run. */
async function buildAndCheck(site: string, host: string, buildArgs: string[] = [], checkArgs: string[] = []) {
  const build = await portfolioInProcess(site, ["build", ...buildArgs]);
  expect(build.code, build.stderr).toBe(0);
  return portfolioInProcess(site, ["check", "--host", host, ...checkArgs]);
}

describe("init --host: each preset writes its host's settings, which parse as the host reads them", () => {
  it("github (the default): the deploy workflow, which the validator accepts and which runs check --host github", async () => {
    const site = await initSite("github-default");
    const file = path.join(site, ".github/workflows/deploy.yml");
    const run = spawnSync(process.execPath, [validatorCli, file], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(run.stderr + run.stdout).toBe("");
    expect(run.status).toBe(0);
    const workflow = parseYaml(await readFile(file, "utf8")) as { jobs: { build: { steps: Array<{ run?: string }> } } };
    const runs = workflow.jobs.build.steps.flatMap((step) => (step.run ? [step.run] : []));
    const build = runs.findIndex((line) => line.startsWith("npx portfolio build"));
    const check = runs.findIndex((line) => line.startsWith("npx portfolio check --host github"));
    expect(check).toBeGreaterThan(build);
    const pagesBase = ["$", "{{ steps.pages.outputs.base_path }}"].join("");
    expect(runs[check]).toContain(`--base "${pagesBase}/"`);
    for (const other of ["netlify.toml", "wrangler.toml", "vercel.json"])
      expect(existsSync(path.join(site, other))).toBe(false);
  });

  it("netlify: netlify.toml with the build, the check and dist/, and no GitHub workflow", async () => {
    const site = await initSite("netlify", "netlify");
    const settings = parseToml(await read(site, "netlify.toml")) as {
      build: { command: string; publish: string; environment: Record<string, string> };
    };
    expect(settings.build).toMatchObject({ publish: "dist", environment: { NODE_VERSION: "20" } });
    expect(settings.build.command).toBe("npx portfolio build --host netlify && npx portfolio check --host netlify");
    expect(existsSync(path.join(site, ".github"))).toBe(false);
  });

  it("cloudflare: wrangler.toml naming dist/ as the Pages output", async () => {
    const site = await initSite("Ada Site", "cloudflare");
    const settings = parseToml(await read(site, "wrangler.toml")) as Record<string, string>;
    expect(settings).toMatchObject({ name: "ada-site", pages_build_output_dir: "./dist" });
    expect(settings.compatibility_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(existsSync(path.join(site, ".github"))).toBe(false);
  });

  it("vercel: vercel.json with clean addresses without a slash and the site's headers", async () => {
    const site = await initSite("vercel", "vercel");
    const settings = JSON.parse(await read(site, "vercel.json")) as {
      buildCommand: string;
      outputDirectory: string;
      cleanUrls: boolean;
      trailingSlash: boolean;
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
    };
    expect(settings).toMatchObject({ outputDirectory: "dist", cleanUrls: true, trailingSlash: false });
    expect(settings.buildCommand).toBe("npx portfolio build --host vercel && npx portfolio check --host vercel");
    const every = settings.headers.find((rule) => rule.source === "/(.*)")!;
    expect(Object.fromEntries(every.headers.map(({ key, value }) => [key, value]))).toEqual({
      "Content-Security-Policy": "frame-ancestors 'none'",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
      "X-Content-Type-Options": "nosniff",
    });
    expect(settings.headers.find((rule) => rule.source === "/assets/(.*)")?.headers).toEqual([
      { key: "Cache-Control", value: "public, max-age=31536000, immutable" },
    ]);
  });

  it("static: the site's README gains an nginx and a Caddy block with the same headers", async () => {
    const site = await initSite("static", "static");
    const readme = await read(site, "README.md");
    expect(readme).toContain("# Ada Lovelace");
    const nginx = /```nginx\n([\s\S]*?)```/.exec(readme)![1]!;
    const caddy = /```caddy\n([\s\S]*?)```/.exec(readme)![1]!;
    // Braces balance, each directive ends its line as the server's syntax asks.
    for (const block of [nginx, caddy]) expect(block.split("{").length).toBe(block.split("}").length);
    for (const line of nginx.split("\n").map((text) => text.trim()))
      if (line && !line.startsWith("#") && !line.endsWith("{") && line !== "}") expect(line, line).toMatch(/;$/);
    expect(nginx).toContain("rewrite ^(/.+)/$ $1 permanent;");
    expect(nginx).toContain("try_files $uri $uri.html $uri/index.html @slash;");
    expect(nginx).toContain(`add_header Content-Security-Policy "frame-ancestors 'none'" always;`);
    expect(caddy).toContain("redir @slash {re.slash.1} 308");
    expect(caddy).toContain(`Content-Security-Policy "frame-ancestors 'none'"`);
    expect(existsSync(path.join(site, ".github"))).toBe(false);
  });

  it("refuses a host it does not know, naming the choices", async () => {
    const run = await portfolioInProcess(work, ["init", "nowhere", ...answers, "--host", "geocities"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("github, netlify, cloudflare, vercel, static");
    expect(existsSync(path.join(work, "nowhere"))).toBe(false);
  });
});

describe("each preset's site builds and passes check --host", () => {
  it.each([
    ["github", ["github"]],
    ["netlify", ["netlify"]],
    ["cloudflare", ["cloudflare"]],
    ["vercel", ["vercel"]],
    ["static", ["nginx", "caddy", "http-server"]],
  ])(
    "%s",
    async (preset, hosts) => {
      const site = await initSite(`built-${preset}`, preset);
      for (const host of hosts) {
        const check = await buildAndCheck(site, host);
        expect(check.code, check.stderr).toBe(0);
        expect(check.stdout).toMatch(/✓ .* answers every page of dist under \/, with and without a slash at its end/);
      }
    },
    120_000,
  );
});

describe("check --host fails before anything is published", () => {
  it("for a site built for another base path than the host serves it under, naming an address", async () => {
    const site = await initSite("wrong-base", "github");
    const check = await buildAndCheck(site, "github", ["--base", "/wrong/"], ["--base", "/ada-site/"]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("As GitHub Pages serves dist/:");
    expect(check.stderr).toMatch(/\/wrong\/works, linked from \S+\.html, is outside the base path/);
    // Built for the base the host serves, it passes.
    const right = await buildAndCheck(site, "github", ["--base", "/ada-site/"], ["--base", "/ada-site/"]);
    expect(right.code, right.stderr).toBe(0);
  }, 60_000);

  it("for a dependency on a tarball outside the site, which the host's machine does not have", async () => {
    const site = await initSite("tarball", "netlify");
    const manifest = JSON.parse(await read(site, "package.json")) as { dependencies: Record<string, string> };
    manifest.dependencies["portfolio-ssg"] = "file:../portfolio/portfolio-ssg-0.2.0.tgz";
    await writeFile(path.join(site, "package.json"), JSON.stringify(manifest, null, 2));
    const check = await buildAndCheck(site, "netlify");
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      'package.json, dependencies.portfolio-ssg: "file:../portfolio/portfolio-ssg-0.2.0.tgz" is outside the site',
    );
    // Its own hint, about the dependency: not the base path's.
    expect(check.stderr).toContain("Hint: The host installs the site's dependencies from the registry");
    expect(check.stderr).not.toContain("base path");
    // Served from the owner's own machine, the dependency is no concern.
    expect((await portfolioInProcess(site, ["check", "--host", "nginx"])).code).toBe(0);
  }, 60_000);

  it("reads the base path the site was built for, so --base need not be given again", async () => {
    const site = await initSite("built-base", "github");
    const check = await buildAndCheck(site, "github", ["--base", "/ada-site/"]);
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
    expect(check.stdout).toContain("under /ada-site/ (the base path dist was built for)");
    // A base given still wins: the host serves the site where the owner says.
    const other = await portfolioInProcess(site, ["check", "--host", "github", "--base", "/elsewhere/"]);
    expect(other.code).toBe(1);
  }, 60_000);

  it("without a built site, saying to build first", async () => {
    const site = await initSite("unbuilt", "github");
    const check = await portfolioInProcess(site, ["check", "--host", "github"]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("dist does not exist");
  });
});

describe("portfolio host <name> in an existing site", () => {
  it("adds the preset made from the config, leaves an equal file alone, and replaces a changed one only with --force", async () => {
    const site = await initSite("later", "github");
    const config = await read(site, "portfolio.config.ts");
    await writeFile(
      path.join(site, "portfolio.config.ts"),
      config.replace(/(\n {2}site: \{)/, '$1\n    embedding: ["https://blog.example"],'),
    );
    const first = await portfolioInProcess(site, ["host", "vercel"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("Wrote vercel.json");
    const vercel = await read(site, "vercel.json");
    expect(vercel).toContain(`"value": "frame-ancestors 'self' https://blog.example"`);
    expect((await portfolioInProcess(site, ["host", "vercel"])).stdout).toContain("nothing to write");

    await writeFile(path.join(site, "vercel.json"), vercel.replace('"cleanUrls": true', '"cleanUrls": false'));
    const check = await buildAndCheck(site, "vercel");
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('vercel.json, field "cleanUrls": expected true, found false');
    const refused = await portfolioInProcess(site, ["host", "vercel"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("vercel.json exists already and differs from what portfolio host vercel writes");
    expect((await portfolioInProcess(site, ["host", "vercel", "--force"])).code).toBe(0);
    expect((await portfolioInProcess(site, ["check", "--host", "vercel"])).code).toBe(0);
    // The build's _headers carries the same embedding.
    expect(await read(site, "dist/_headers")).toContain(
      "Content-Security-Policy: frame-ancestors 'self' https://blog.example",
    );

    expect((await portfolioInProcess(site, ["host", "static"])).code).toBe(0);
    expect((await portfolioInProcess(site, ["host", "static"])).stdout).toContain("nothing to write");
    expect((await read(site, "README.md")).match(/## Serving it yourself/g)).toHaveLength(1);
  }, 60_000);

  it("refuses an embedding that is not an https origin, naming the field", async () => {
    const site = await initSite("bad-embedding", "github");
    const config = await read(site, "portfolio.config.ts");
    await writeFile(
      path.join(site, "portfolio.config.ts"),
      config.replace(/(\n {2}site: \{)/, '$1\n    embedding: ["http://blog.example/path"],'),
    );
    const build = await portfolioInProcess(site, ["build"]);
    expect(build.code).toBe(1);
    expect(build.stderr).toContain("site.embedding");
    expect(build.stderr).toContain('expected an https origin such as "https://blog.example"');
  });
});
