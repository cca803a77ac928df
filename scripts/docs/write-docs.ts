/**
 * The pages of docs/ made from the code itself: the command line, the configuration reference, the
 * content's fields and troubleshooting.  npm run docs   (tests/docs.test.ts fails when one is out of date).
 */
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { cliReference } from "./cli-reference.js";
import { configReference } from "./config-reference.js";
import { contentReference } from "./content-reference.js";
import { errorReference } from "./error-reference.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
export const docsFolder = path.join(repoRoot, "docs");

/** A page as the repository keeps it: formatted by biome, which `npm test` checks every file with. */
export function formattedPage(file: string, text: string): string {
  return execFileSync(
    path.join(repoRoot, "node_modules", ".bin", "biome"),
    ["format", `--stdin-file-path=docs/${file}`],
    {
      cwd: repoRoot,
      input: text,
      encoding: "utf8",
    },
  );
}

/** Each generated page by its file under docs/, with what writes it. */
export const generatedPages: ReadonlyArray<{ file: string; make: () => string }> = [
  { file: "cli.md", make: cliReference },
  { file: "configuration.md", make: () => configReference() },
  { file: "content-fields.md", make: () => contentReference() },
  { file: "troubleshooting.md", make: () => errorReference() },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const page of generatedPages) {
    await writeFile(path.join(docsFolder, page.file), formattedPage(page.file, page.make()));
    console.log(`wrote docs/${page.file}`);
  }
}
