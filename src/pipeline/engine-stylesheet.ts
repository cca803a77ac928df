import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "esbuild";

/**
 * The engine's stylesheets are written in parts: src/styles/site.css imports site/base.css,
 * site/sidebar.css and the rest, in the cascade's order. Bundled as they are, esbuild would give
 * each imported file a cascade layer block of its own; read into the file that imports them, they
 * are one stylesheet again, which bundles to the same bytes as when it was one file, and whose text
 * the theme reads whole (the font weights the rules set).
 */

/** `@import "./site/base.css";` on a line of its own: a part, imported with no layer or media condition. */
const partImport = /^@import "(\.{1,2}\/[^"]+\.css)";$/gm;

/** A stylesheet's text with each part it imports (and theirs) in place of the line importing it. */
export async function readStylesheet(file: string): Promise<string> {
  const text = await readFile(file, "utf8");
  const imported = [...text.matchAll(partImport)].map((match) => path.resolve(path.dirname(file), match[1]!));
  const parts = await Promise.all(imported.map(readStylesheet));
  let next = 0;
  return text.replace(partImport, () => parts[next++]!);
}

/**
 * An esbuild plugin that loads each stylesheet of `folder` with its parts read in. The parts use no
 * relative `url()`, which would otherwise be resolved from the importing file's folder.
 */
export function stylesheetParts(folder: string): Plugin {
  return {
    name: "portfolio-stylesheet-parts",
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, async ({ path: file }) =>
        file.startsWith(`${folder}${path.sep}`)
          ? { contents: await readStylesheet(file), loader: "css", resolveDir: path.dirname(file) }
          : undefined,
      );
    },
  };
}
