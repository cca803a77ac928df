/**
 * How many JSON Resume files of a folder `portfolio import` takes and builds, and how much of what
 * they say reaches the site's `/resume.json`: the figures of issue 37 for real résumés, which are
 * kept outside the repository (they hold personal data).
 *   npx tsx scripts/measure-resume-import.ts <folder> [--importer <src folder>]
 *
 * Each file is imported (without --strict, with --force) into a fresh copy of the sample site,
 * the site built, and its `/resume.json` compared value by value with the file as this
 * repository's reader reads it (tests/helpers/resume-round-trip.ts, as tests/import-corpus.test.ts
 * does). A file refused, or a site that does not build, keeps none of its values. With
 * `--importer`, the import and build come from another checkout's `src/` (an older commit, for a
 * before-and-after), while the values are still counted by this one's reader, so both runs count
 * the same values.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { normaliseResume } from "../src/import/normalise-resume.js";
import { parseResumeText } from "../src/import/read-resume-file.js";
import {
  compareResumes,
  percentKept,
  summariseDifferences,
  type ValueOutcome,
} from "../tests/helpers/resume-round-trip.js";
import { clearResumeContent, copySampleSite, repoRoot } from "../tests/helpers/sample-site.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { importer: { type: "string" } },
});
const folder = path.resolve(positionals[0] ?? "/tmp/real-resumes");
const source = path.resolve(values.importer ?? path.join(repoRoot, "src"));
const load = (module: string) => import(pathToFileURL(path.join(source, module)).href);
const { importResume } = await load("import/import-resume.ts");
const { loadConfig } = await load("config/load-config.ts");
const { buildSite } = await load("pipeline/build-site.ts");

const site = await copySampleSite();
const files = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort();
const rows: string[] = [];
const all: ValueOutcome[] = [];
let built = 0;

try {
  for (const file of files) {
    const parsed = parseResumeText(await readFile(path.join(folder, file), "utf8"));
    const input =
      "value" in parsed
        ? (normaliseResume(parsed.value).value as Record<string, unknown>)
        : ({} as Record<string, unknown>);
    await clearResumeContent(site.root);
    let output: Record<string, unknown> = {};
    let outcome: string;
    try {
      const { config } = await loadConfig({ cwd: site.root, env: {} });
      const result = await importResume({ cwd: folder, file, root: site.root, config, force: true });
      const whole = await buildSite({ cwd: site.root, env: {}, precompress: false });
      output = JSON.parse(await readFile(path.join(whole.outDir, "resume.json"), "utf8"));
      built++;
      outcome = `built; ${result.decisions.length} decision(s), ${result.leftOut.length} left out`;
    } catch (error) {
      outcome = `REFUSED: ${(error as Error).message.split("\n").slice(0, 4).join(" | ").slice(0, 300)}`;
    }
    const outcomes = compareResumes(input, output);
    all.push(...outcomes);
    rows.push(
      `${percentKept(outcomes).toFixed(1).padStart(5)}% of ${String(outcomes.length).padStart(3)}  ${file}: ${outcome}`,
    );
  }
} finally {
  await site.remove();
}

console.log(
  [
    `Importer: ${path.relative(process.cwd(), source) || "."}`,
    ...rows,
    `${built} of ${files.length} import and build; ${percentKept(all).toFixed(1)}% of ${all.length} values reach /resume.json`,
    "Not kept as they were:",
    ...summariseDifferences(all).map((line) => `  ${line}`),
  ].join("\n"),
);
