// The package as an owner gets it: `npm pack`, `portfolio init` into an empty folder with flags,
// the tarball installed there, a build and `portfolio dev`. Nothing of this repository is used
// after the pack but the tarball itself (and npm's cache, which the repository's install filled).
import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compilePackage } from "../bin/compile-cli.js";
import { brokenLinks } from "../scripts/docs/check-links.js";
import type { ResolvedConfig } from "../src/config/config-schema.js";
import { cardWorkerFile } from "../src/theme/post-card-thread.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { ejectableFiles } from "../src/upgrade/ejectable-files.js";

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, "..");
const owner = { name: "Ada Quinlan", jobTitle: "Systems Engineer", email: "ada@quinlan.example" };

interface PackedFile {
  path: string;
  size: number;
}

let scratch: string;
let tarball: string;
let packedFiles: PackedFile[];
let site: string;
let installOutput: string;

/** The card of issue 51, which shows a badge from a field of the owner's (`featured`, or a misspelling). */
const featuredCard = (
  name: string,
) => `import { ProjectCard as Original, type ProjectCardProps } from "portfolio-ssg/components";
export function ProjectCard(props: ProjectCardProps) {
  return (<div>{props.project.fields.${name} && <span className="featured">Featured</span>}<Original {...props} /></div>);
}
`;

async function npm(args: string[], cwd: string) {
  return run("npm", args, { cwd, env: { ...process.env, npm_config_update_notifier: "false" }, maxBuffer: 64 << 20 });
}

const names = (files: PackedFile[]) => files.map((file) => file.path);

/** Runs the installed CLI in `site` with a resolve hook that notes each package it imports (not Node's, not files). */
async function packagesImported(site: string, args: string[]): Promise<{ stdout: string; packages: string[] }> {
  const folder = await mkdtemp(path.join(scratch, "imports-"));
  const log = path.join(folder, "imported.txt");
  await writeFile(
    path.join(folder, "hooks.mjs"),
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|node:|file:|data:)/.test(specifier)) appendFileSync(${JSON.stringify(log)}, specifier + "\\n");
  return next(specifier, context);
}
`,
  );
  await writeFile(log, "");
  await writeFile(
    path.join(folder, "register.mjs"),
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(path.join(folder, "hooks.mjs")).href)});\n`,
  );
  const { stdout } = await run(path.join(site, "node_modules", ".bin", "portfolio"), args, {
    cwd: site,
    env: {
      ...process.env,
      NO_COLOR: "1",
      NODE_OPTIONS: `--import ${pathToFileURL(path.join(folder, "register.mjs")).href}`,
    },
  });
  return { stdout, packages: [...new Set((await readFile(log, "utf8")).split("\n").filter(Boolean))] };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "portfolio-package-"));
  // What `npm pack` runs first (prepack), done here without npm's scripts.
  await compilePackage();
  const { stdout } = await npm(["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], repoRoot);
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as [{ filename: string; files: PackedFile[] }];
  tarball = path.join(scratch, packed.filename);
  packedFiles = packed.files;

  site = path.join(scratch, "my-site");
  await run(
    process.execPath,
    [
      path.join(repoRoot, "bin", "portfolio.js"),
      "init",
      site,
      "--name",
      owner.name,
      "--job-title",
      owner.jobTitle,
      "--email",
      owner.email,
      "--url",
      "https://ada-quinlan.example",
      "--yes",
    ],
    { cwd: scratch, env: { ...process.env, NO_COLOR: "1" } },
  );
  const installed = await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], site);
  installOutput = `${installed.stdout}${installed.stderr}`;
}, 300_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the package", () => {
  it("holds the compiled CLI, defineConfig's types, the template and styles, the sample under lib/sample/, and no tests or bench", async () => {
    const names = packedFiles.map((file) => file.path);
    for (const needed of [
      "bin/portfolio.js",
      "lib/cli.js",
      "lib/card-worker.js",
      "lib/index.js",
      "lib/index.d.ts",
      "templates/page.html",
      "lib/sample/portfolio.config.ts",
      "lib/sample/content/about.md",
    ])
      expect(names).toContain(needed);
    expect(names).toContain("src/styles/site.css");
    // The stylesheet is bundled on the owner's machine from site.css and every part it imports.
    const entry = await readFile(path.join(repoRoot, "src", "styles", "site.css"), "utf8");
    const parts = [...entry.matchAll(/^@import "\.\/(site\/[\w-]+\.css)";$/gm)].map(
      (match) => `src/styles/${match[1]}`,
    );
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.filter((part) => !names.includes(part))).toEqual([]);
    expect(names).toContain("CHANGELOG.md");
    const unwanted = names.filter((name) =>
      /^(content|public|tests|scripts|\.github|\.ci)\/|^portfolio\.config\.ts$|^src\/(cli|pipeline|render)\//.test(
        name,
      ),
    );
    expect(unwanted).toEqual([]);
  });

  it("installs into a site made by init without a warning, and the site has npm start", async () => {
    // npm 11 warns about every dependency install script its package.json does not decide on.
    expect(installOutput).not.toMatch(/npm warn/i);
    const manifest = JSON.parse(await readFile(path.join(site, "package.json"), "utf8"));
    expect(manifest.scripts.start).toBe("portfolio dev");
  });

  it("ships every source file the browser bundles are made from", async () => {
    // The islands, the theme script and the dev client are bundled on the owner's machine.
    const islands = (await readdir(path.join(repoRoot, "src", "islands"))).map((name) => `src/islands/${name}`);
    const result = await build({
      entryPoints: [
        ...islands,
        "src/client/hydrate-islands.tsx",
        "src/client/theme.ts",
        "src/dev/dev-client.ts",
        "src/dev/dev-overlay.css",
      ].map((entry) => path.join(repoRoot, entry)),
      absWorkingDir: repoRoot,
      bundle: true,
      write: false,
      metafile: true,
      outdir: path.join(scratch, "bundle-check"),
      format: "esm",
      jsx: "automatic",
      packages: "external",
      logLevel: "silent",
    });
    const needed = Object.keys(result.metafile.inputs).filter((input) => input.startsWith("src/"));
    const shipped = new Set(packedFiles.map((file) => file.path));
    expect(needed.length).toBeGreaterThan(10);
    expect(needed.filter((input) => !shipped.has(input))).toEqual([]);
  });

  it("ships the thread that highlights a long blog's code, which runs from the installed package", async () => {
    const workerFile = path.join(site, "node_modules", "portfolio-ssg", "src", "content", "highlight-worker.mjs");
    const worker = new Worker(workerFile, { workerData: { languages: ["ts"] } });
    try {
      const answer = await new Promise((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage([[0, "const a = 1;", "ts"]]);
      });
      expect(answer).toEqual({
        highlighted: [[0, expect.stringContaining('<span class="tok-keyword">const</span>')]],
      });
    } finally {
      await worker.terminate();
    }
  });

  it("ships the thread that draws a long blog's post cards, found and run from the installed package", async () => {
    const lib = path.join(site, "node_modules", "portfolio-ssg", "lib");
    // Found as the build finds it, from the compiled code that starts it (cardWorkerFile, which names both files).
    const chunks = await readdir(path.join(lib, "cli-chunks"));
    const starters = [];
    for (const chunk of chunks)
      if ((await readFile(path.join(lib, "cli-chunks", chunk), "utf8")).includes("card-worker-source.mjs"))
        starters.push(chunk);
    expect(starters).toHaveLength(1);
    const workerFile = cardWorkerFile(pathToFileURL(path.join(lib, "cli-chunks", starters[0]!)).href);
    expect(fileURLToPath(workerFile)).toBe(path.join(lib, "card-worker.js"));
    const photo = await readFile(path.join(repoRoot, "public", "images", "avatar.svg"));
    const colours = resolveThemeColours({} as ResolvedConfig["theme"], "test");
    const worker = new Worker(workerFile, { workerData: { photo, font: undefined, colours, radius: 14 } });
    try {
      const answer = await new Promise<{ drawn: Array<[number, Uint8Array]>; last: boolean }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage({ cards: [{ id: 0, title: "Shipping a site", author: owner.name }] });
      });
      expect(answer).toEqual({ drawn: [[0, expect.any(Uint8Array)]], last: true });
      const metadata = await sharp(Buffer.from(answer.drawn[0]![1])).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
    } finally {
      await worker.terminate();
    }
  });

  it("builds a site made by portfolio init, with the owner's name and none of the sample's content", async () => {
    const installed = JSON.parse(
      await readFile(path.join(site, "node_modules", "portfolio-ssg", "package.json"), "utf8"),
    );
    expect(installed.version).toBe(JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")).version);
    // The installed package runs its compiled CLI, not a copy of this repository's sources.
    expect(existsSync(path.join(site, "node_modules", "portfolio-ssg", "src", "cli"))).toBe(false);

    // Every package the build imports is noted (by a resolve hook in its process): a site without publications
    // must not load citation-js, which a build loaded for every site before it was imported where a .bib is read.
    const imports = await packagesImported(site, ["build"]);
    expect(imports.stdout).toMatch(/Built \d+ pages/);
    expect(imports.packages).toEqual(expect.arrayContaining(["marked", "sharp"]));
    expect(imports.packages.filter((name) => name.startsWith("@citation-js/"))).toEqual([]);
    const pages = (await filesUnder(path.join(site, "dist"))).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(3);
    const about = await readFile(path.join(site, "dist", "about.html"), "utf8");
    expect(about).toContain(owner.name);
    expect(about).toContain(owner.jobTitle);
    for (const page of pages) {
      const html = await readFile(page, "utf8");
      expect(html, path.relative(site, page)).not.toMatch(/Maya|Okafor|Lisbon/);
    }
    // The default text font comes with the package (a dependency of it): the site installs nothing for it.
    expect(await readdir(path.join(site, "dist", "assets", "fonts"))).toContainEqual(
      expect.stringMatching(/^inter-latin-wght-normal-[A-Za-z0-9]{8}\.woff2$/),
    );
    expect(Object.keys(JSON.parse(await readFile(path.join(site, "package.json"), "utf8")).dependencies)).toEqual([
      "portfolio-ssg",
    ]);
  });

  it("has a front page whose every link and image resolves in the package as published, or is an https address", async () => {
    const installed = path.join(site, "node_modules", "portfolio-ssg");
    const pages = ["README.md", ...names(packedFiles).filter((file) => /^docs\/[^/]+\.md$/.test(file))];
    expect(pages.length).toBeGreaterThan(10);
    // The tarball as npm installed it: what npm's page and an owner's node_modules show.
    expect(brokenLinks(installed, pages)).toEqual([]);
    const addresses = pages.flatMap((page) =>
      [...readFileSync(path.join(installed, page), "utf8").matchAll(/\]\(([a-z]+:[^)\s]*)/gi)].map(
        (match) => match[1]!,
      ),
    );
    expect(addresses.filter((address) => !/^(https|mailto):/.test(address))).toEqual([]);
    // npm's page resolves what is relative against the repository; and it is where the engine's own documents are.
    const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"));
    expect(manifest.repository).toEqual({
      type: "git",
      url: expect.stringMatching(/^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/),
    });
    expect(manifest.homepage).toMatch(/^https:\/\//);
    // The README reads right on npm's page too: nothing that is true only of a clone.
    const readme = readFileSync(path.join(installed, "README.md"), "utf8");
    expect(readme).not.toMatch(/\bthis repository\b/i);
    expect(readme).not.toMatch(/\b\d[\d,]* tests\b/);
  });

  it("starts a site from the sample it carries with init --sample, asking no registry (neither npm nor the network)", async () => {
    const noTools = path.join(scratch, "no-tools");
    await mkdir(noTools, { recursive: true });
    const { stdout } = await run(
      process.execPath,
      [path.join(site, "node_modules", "portfolio-ssg", "bin", "portfolio.js"), "init", "maya", "--sample"],
      // No npm and no git on PATH, and npm told to stay offline were it found anyway.
      { cwd: scratch, env: { ...process.env, PATH: noTools, NO_COLOR: "1", npm_config_offline: "true" } },
    );
    expect(stdout).toContain("Started Maya Okafor's site in maya/");
    const sample = path.join(scratch, "maya");
    for (const file of ["content/about.md", "public/images/social-card.jpg"].filter((file) =>
      existsSync(path.join(repoRoot, file)),
    ))
      expect(await readFile(path.join(sample, file))).toEqual(await readFile(path.join(repoRoot, file)));
    expect((await filesUnder(path.join(sample, "content"))).length).toBe(
      (await filesUnder(path.join(repoRoot, "content"))).length,
    );
    expect((await filesUnder(path.join(sample, "public"))).length).toBe(
      (await filesUnder(path.join(repoRoot, "public"))).length,
    );
    expect((await readFile(path.join(sample, "portfolio.config.ts"), "utf8")).split("\n")[0]).toBe(
      'import { defineConfig } from "portfolio-ssg";',
    );
  });

  it("ships the guide that a content error's hint names, as that site's owner finds it", async () => {
    expect(names(packedFiles)).toContain("docs/content.md");
    const project = path.join(site, "content", "projects", "misspelt.md");
    await writeFile(project, "---\ntitle: Tide tables\nyaer: 2024\n---\nShows the tides.\n");
    try {
      const build = await run(path.join(site, "node_modules", ".bin", "portfolio"), ["build"], {
        cwd: site,
        env: { ...process.env, NO_COLOR: "1" },
      }).then(
        () => ({ stderr: "built without an error" }),
        (error: { stderr: string }) => error,
      );
      expect(build.stderr).toContain("yaer: is not a known field: did you mean `year`?");
      expect(build.stderr).toContain(
        "Hint: Field formats are described in node_modules/portfolio-ssg/docs/content.md.",
      );
      const guide = await readFile(path.join(site, "node_modules", "portfolio-ssg", "docs", "content.md"), "utf8");
      expect(guide).toContain("`year`");
    } finally {
      await rm(project);
    }
  });

  it("lets the owner replace and wrap components in that site, and builds them with the installed engine", async () => {
    const portfolio = (...args: string[]) =>
      run(path.join(site, "node_modules", ".bin", "portfolio"), args, {
        cwd: site,
        env: { ...process.env, NO_COLOR: "1" },
      });
    expect(names(packedFiles)).toContain("lib/types/overrides/public-components.d.ts");
    await portfolio("eject", "components/ProjectCard.tsx");
    const card = await readFile(path.join(site, "components", "ProjectCard.tsx"), "utf8");
    await writeFile(
      path.join(site, "components", "ProjectCard.tsx"),
      card.replace(
        '<article className="project-card">',
        '<article className="project-card">\n      <span className="badge">Case study</span>',
      ),
    );
    await portfolio("eject", "components/Sidebar.tsx", "--wrap");
    const wrapper = await readFile(path.join(site, "components", "Sidebar.tsx"), "utf8");
    await writeFile(
      path.join(site, "components", "Sidebar.tsx"),
      wrapper.replace(
        "<Original {...props} />",
        '<Original {...props} />\n      <p className="status">Open to work</p>',
      ),
    );
    await portfolio("build");
    const works = await readFile(path.join(site, "dist", "works.html"), "utf8");
    const cards = works.match(/<article class="project-card">/g)?.length ?? 0;
    expect(cards).toBeGreaterThan(0);
    expect(works.match(/<span class="badge">Case study<\/span>/g)?.length).toBe(cards);
    for (const page of ["about.html", "works.html", "contact.html"])
      expect(await readFile(path.join(site, "dist", page), "utf8")).toContain('<p class="status">Open to work</p>');
    // The owner's changes stay theirs: a build without them is the default again.
    await rm(path.join(site, "components"), { recursive: true });
    await portfolio("build");
    expect(await readFile(path.join(site, "dist", "works.html"), "utf8")).not.toContain("Case study");
  });

  it("type-checks that site's components with the tsconfig.json init wrote: ejected ones, and a card reading a field of the owner's", async () => {
    const portfolio = (...args: string[]) =>
      run(path.join(site, "node_modules", ".bin", "portfolio"), args, {
        cwd: site,
        env: { ...process.env, NO_COLOR: "1" },
      });
    // The owner's editor, as `tsc -p` runs it on the site: only what the site has (its tsconfig.json
    // and what npm installed there) decides whether it type-checks. Incremental, as an editor is: the
    // second check reads again only the card that changed.
    const buildInfo = path.join(site, "..", "tsc-build-info.json");
    const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    const typeCheck = () =>
      run(process.execPath, [tsc, "-p", site, "--incremental", "--tsBuildInfoFile", buildInfo], {
        cwd: site,
      }).then(
        ({ stdout }) => ({ code: 0, output: stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
      );
    const configFile = path.join(site, "portfolio.config.ts");
    const recordFile = path.join(site, "portfolio-site.json");
    const [config, record] = await Promise.all([readFile(configFile, "utf8"), readFile(recordFile, "utf8")]);
    try {
      await writeFile(
        configFile,
        config
          .replace("import { defineConfig } from", "import { defineConfig, field } from")
          .replace(
            "export default defineConfig({",
            "export default defineConfig({\n  fields: { projects: { featured: field.boolean().default(false) } },",
          ),
      );
      // A copy of every component and screen, a wrapper, and the card as the owner writes it in issue 51.
      const wrapped = "components/PostCard.tsx";
      const written = "components/ProjectCard.tsx";
      await portfolio(
        "eject",
        ...ejectableFiles
          .filter((row) => row.component && row.file !== wrapped && row.file !== written)
          .map((row) => row.file),
      );
      await portfolio("eject", wrapped, "--wrap");
      await writeFile(path.join(site, "components", "ProjectCard.tsx"), featuredCard("featured"));
      await portfolio("build");
      expect(await readFile(path.join(site, "portfolio-fields.d.ts"), "utf8")).toContain('"featured": boolean;');
      expect(await typeCheck()).toEqual({ code: 0, output: "" });

      await writeFile(path.join(site, "components", "ProjectCard.tsx"), featuredCard("featurd"));
      const misspelt = await typeCheck();
      expect(misspelt.code).not.toBe(0);
      expect(misspelt.output).toMatch(
        /components\/ProjectCard\.tsx\(\d+,\d+\): error TS2\d+: Property 'featurd' does not exist/,
      );
      expect(misspelt.output.trim().split("\n")).toHaveLength(1);
    } finally {
      await Promise.all([
        writeFile(configFile, config),
        writeFile(recordFile, record),
        rm(path.join(site, "components"), { recursive: true, force: true }),
        rm(path.join(site, "screens"), { recursive: true, force: true }),
        rm(path.join(site, "portfolio-fields.d.ts"), { force: true }),
      ]);
    }
  }, 180_000);

  it("serves that site with portfolio dev", async () => {
    const child = spawn(path.join(site, "node_modules", ".bin", "portfolio"), ["dev", "--port", "0"], {
      cwd: site,
      env: { ...process.env, NO_COLOR: "1" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", () => {
          const match = /Developing at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.on("close", (code) => reject(new Error(`dev exited with ${code}: ${output}`)));
      });
      const response = await fetch(new URL("about", url));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(owner.name);
    } finally {
      child.kill();
    }
  });
});
