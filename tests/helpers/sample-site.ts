import { existsSync } from "node:fs";
import { copyFile, cp, mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config/load-config.js";
import { loadContent } from "../../src/content/load-content.js";
import { addWarmCache } from "./warm-cache.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface SiteCopy {
  root: string;
  /** Writes a file inside the copy (creating folders). */
  write: (relative: string, text: string) => Promise<void>;
  read: (relative: string) => Promise<string>;
  remove: () => Promise<void>;
}

/**
 * A copy of the sample portfolio in a temporary folder, to build or break without touching the
 * repository. The config's import of defineConfig is pointed back at this repository's source.
 * With `warmCache`, it starts with the build cache of the sample (warm-cache.ts): for tests of the
 * built site rather than of building. With `fixture`, it is the site of tests/fixtures/sites/<fixture>/
 * instead (a site in Portuguese, one in Arabic), built cold.
 */
export async function copySampleSite({
  warmCache = false,
  fixture,
  asFork = false,
}: {
  warmCache?: boolean;
  fixture?: string;
  /**
   * With the repository's portfolio-site.json, as a fork has it: its record names the sample's
   * content files as written by portfolio, so `import --force` replaces them.
   */
  asFork?: boolean;
} = {}): Promise<SiteCopy> {
  const root = await mkdtemp(path.join(tmpdir(), "portfolio-site-"));
  const from = fixture ? path.join(repoRoot, "tests", "fixtures", "sites", fixture) : repoRoot;
  if (warmCache && !fixture) await addWarmCache(root);
  await cp(path.join(from, "content"), path.join(root, "content"), { recursive: true });
  await cp(path.join(from, "public"), path.join(root, "public"), { recursive: true });
  const config = await readFile(path.join(from, "portfolio.config.ts"), "utf8");
  await writeFile(path.join(root, "portfolio.config.ts"), pointConfigAtRepo(config));
  if (asFork) await cp(path.join(repoRoot, "portfolio-site.json"), path.join(root, "portfolio-site.json"));
  return {
    root,
    write: async (relative, text) => {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await writeFile(path.join(root, relative), text);
    },
    read: (relative) => readFile(path.join(root, relative), "utf8"),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export function pointConfigAtRepo(config: string): string {
  const defineConfig = path.join(repoRoot, "src", "config", "define-config.ts");
  return config.replace(/from "\.\/src\/config\/define-config(\.js|\.ts)?"/, `from ${JSON.stringify(defineConfig)}`);
}

/**
 * A config (the text of portfolio.config.ts) with `theme.layout` set: added to its `theme`, or as a
 * `theme` of its own when it has none.
 */
export function withLayout(config: string, layout: string): string {
  return /\n {2}theme: \{/.test(config)
    ? config.replace(/\n {2}theme: \{/, `\n  theme: {\n    layout: ${JSON.stringify(layout)},`)
    : config.replace("defineConfig({", `defineConfig({\n  theme: { layout: ${JSON.stringify(layout)} },`);
}

/** A copy's content as the build loads it, with no environment variables. */
export async function loadSiteContent(site: SiteCopy) {
  const { config } = await loadConfig({ cwd: site.root, env: {} });
  return loadContent({ root: site.root, config });
}

/** Empties a copy's Resume and projects and gives it the sample's About: a new owner's site before `portfolio import`. */
export async function clearResumeContent(root: string): Promise<void> {
  for (const part of ["education", "experience", "volunteer", "awards", "publications"])
    await rm(path.join(root, "content/resume", part), { recursive: true, force: true });
  await rm(path.join(root, "content/projects"), { recursive: true, force: true });
  for (const file of ["certificates.md", "languages.md", "interests.md", "references.md", "skills.md"])
    await rm(path.join(root, "content/resume", file), { force: true });
  await copyFile(path.join(repoRoot, "content/about.md"), path.join(root, "content/about.md"));
  // The sample's about.md again, and the record that names it as the sample's, not as the last import's.
  if (existsSync(path.join(root, "portfolio-site.json")))
    await copyFile(path.join(repoRoot, "portfolio-site.json"), path.join(root, "portfolio-site.json"));
}
