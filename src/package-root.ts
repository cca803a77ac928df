import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The generator's own folder (which holds src/islands and templates/), found from wherever this
 * code runs: the TypeScript source under test or the compiled CLI in .portfolio/.
 */
export function packageRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (true) {
    const manifest = path.join(folder, "package.json");
    if (existsSync(manifest) && existsSync(path.join(folder, "src", "islands"))) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "portfolio") return folder;
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error("Cannot find the portfolio package folder");
    folder = parent;
  }
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}
