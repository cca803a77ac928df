import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The name the engine is published under on npm; its command is `portfolio`. */
export const packageName = "portfolio-ssg";

/**
 * The generator's own folder (which holds src/islands and templates/), found from wherever this
 * code runs: the TypeScript source under test, the compiled CLI in .portfolio/ of a clone, or
 * lib/ of the package installed from npm.
 */
export function packageRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (true) {
    const manifest = path.join(folder, "package.json");
    if (existsSync(manifest) && existsSync(path.join(folder, "src", "islands"))) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === packageName) return folder;
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`Cannot find the ${packageName} package folder`);
    folder = parent;
  }
}

/** The files `portfolio init` starts a site from, as they land in it (`gitignore` aside). */
export function starterFolder(): string {
  return path.join(packageRoot(), "starter", "site");
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Whether this is the package installed from npm (the CLI compiled into lib/, only the sources the
 * browser bundles shipped) rather than a clone of the repository (all of src/).
 */
export function isInstalledPackage(): boolean {
  return !existsSync(path.join(packageRoot(), "src", "cli"));
}

/**
 * The guide (docs/ of the package) as a path from the project, ending in `/`: in the installed
 * package, `node_modules/portfolio-ssg/docs/`; in a clone of the repository, `docs/`. An absolute
 * path when the package is not below the project (a global install).
 */
export function guideFrom(projectRoot: string): string {
  const guide = path.join(packageRoot(), "docs");
  const relative = path.relative(projectRoot, guide);
  const shown = relative.startsWith("..") || path.isAbsolute(relative) ? guide : relative.split(path.sep).join("/");
  return `${shown}/`;
}
