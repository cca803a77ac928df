import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import type { ResolvedConfig } from "../src/config/config-schema.js";
import { loadContent } from "../src/content/load-content.js";
import { importResume } from "../src/import/import-resume.js";
import { normaliseResume } from "../src/import/normalise-resume.js";
import { parseResumeText } from "../src/import/read-resume-file.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { checkResumeJson, resumeOf } from "../src/render/render-resume-json.js";
import { compareResumes, percentKept, summariseDifferences, type ValueOutcome } from "./helpers/resume-round-trip.js";
import { clearResumeContent, copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

/**
 * The round trip over the corpus of real-world JSON Resumes (tests/fixtures/json-resumes/, whose
 * README describes each file): every file that is JSON is imported into the sample site without
 * --strict, the site built, and its /resume.json compared field by field with what the file says.
 * The share of schema-defined values kept may not fall below what it reached.
 */

const corpus = path.join(repoRoot, "tests/fixtures/json-resumes");

interface Expectation {
  file: string;
  officialSchemaValid: boolean;
  mustBeRefused: boolean;
  needsOwnerDecision: string[];
  parseError?: { line: number; column: number; cause: string };
}
const expectations: Expectation[] = JSON.parse(await readFile(path.join(corpus, "expectations.json"), "utf8"));

/**
 * The share of schema-defined values the round trip keeps, over the whole corpus: it may only go up
 * for the same files. (It was 99.96 before the shapes of issue 37 were added, among them a
 * volunteer "url" that names a site instead of giving its address, which is left out on purpose,
 * and a summary with HTML in it, shown as text.)
 */
const keptAtLeast = 99.9;

let site: SiteCopy;
let config: ResolvedConfig;
const results = new Map<string, ValueOutcome[]>();

beforeAll(async () => {
  site = await copySampleSite({ asFork: true });
  config = (await loadConfig({ cwd: site.root, env: {} })).config;
});
afterAll(async () => {
  await site.remove();
});

/** A corpus file as the import parses it (a byte order mark, trailing commas and comments read past). */
async function readCorpusFile(file: string): Promise<Record<string, unknown>> {
  const parsed = parseResumeText(await readFile(path.join(corpus, file), "utf8"));
  if (!("value" in parsed)) throw new Error(`${file}: ${parsed.problem.problem}`);
  return parsed.value as Record<string, unknown>;
}

describe("the corpus of real-world JSON Resumes", () => {
  it.each(expectations.filter((expected) => !expected.mustBeRefused).map((expected) => [expected.file, expected]))(
    "imports %s, and its /resume.json keeps what it says",
    async (file, expected) => {
      await clearResumeContent(site.root);
      const result = await importResume({ cwd: corpus, file, root: site.root, config, force: true });
      // What the file leaves to the owner is listed, by JSON path, and the rest is imported.
      // An end before its start is one decision, named by the end.
      const named = (field: string) => field.replace(/^\$\./, "").replace(/\.(startDate|endDate)$/, ".*Date");
      for (const decision of expected.needsOwnerDecision)
        expect(result.decisions.map(({ field }) => named(field))).toContain(named(decision));

      const content = await loadContent({ root: site.root, config });
      const built = resumeOf(config, content);
      checkResumeJson(built);
      const input = normaliseResume(await readCorpusFile(file)).value as Record<string, unknown>;
      results.set(file, compareResumes(input, built as Record<string, unknown>));

      // And the site builds, writing that /resume.json (under a second each, the images cached).
      const whole = await buildSite({ cwd: site.root, env: {}, precompress: false });
      const written = JSON.parse(await readFile(path.join(whole.outDir, "resume.json"), "utf8"));
      expect(written).toEqual(JSON.parse(JSON.stringify(built)));
    },
  );

  it.each(expectations.filter((expected) => expected.mustBeRefused).map((expected) => [expected.file, expected]))(
    "refuses %s, which is not JSON, saying where, and writes nothing",
    async (file, expected) => {
      await clearResumeContent(site.root);
      const error = await importResume({ cwd: corpus, file, root: site.root, config, force: true }).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.name).toBe("ImportInvalid");
      // At the comma of a trailing comma, or at what follows it: the corpus takes either.
      const where = /is not valid JSON \(line (\d+), column (\d+)\)/.exec(error?.message ?? "");
      const { line, column, cause } = expected.parseError!;
      expect([`line ${line}, column ${column}`, /line \d+, column \d+/.exec(cause)?.[0]]).toContain(
        `line ${where?.[1]}, column ${where?.[2]}`,
      );
      expect(error?.message.split("\n")).toHaveLength(2);
    },
  );

  it("keeps at least the share of schema-defined values it reached, and says what it shows differently", () => {
    const all = [...results.values()].flat();
    const lines = [...results].map(([file, outcomes]) => `  ${percentKept(outcomes).toFixed(1).padStart(5)}%  ${file}`);
    const overall = percentKept(all);
    console.log(
      [
        `Round trip over ${results.size} files: ${overall.toFixed(2)}% of ${all.length} schema-defined values kept`,
        ...lines,
        "Not kept as they were:",
        ...summariseDifferences(all).map((line) => `  ${line}`),
      ].join("\n"),
    );
    // Every file the official validator accepts, and every other one that is JSON, was imported and built.
    for (const expected of expectations.filter((one) => one.officialSchemaValid || !one.mustBeRefused))
      expect(results.has(expected.file), expected.file).toBe(true);
    expect(overall).toBeGreaterThanOrEqual(keptAtLeast);
  });
});
