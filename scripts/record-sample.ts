/**
 * The repository is the sample site: its portfolio-site.json records the sample's content files as
 * `portfolio init --sample` records them in a new site, so that `portfolio import --force` in a fork
 * replaces the sample's files until the owner changes them.  npm run record-sample
 * (tests/sample-record.test.ts fails when the record and content/ differ).
 */
import path from "node:path";
import { contentWrittenOf, readSiteRecord, writeSiteRecord } from "../src/project/site-record.js";
import { readSample } from "../src/init/sample-files.js";

const repoRoot = path.resolve(import.meta.dirname, "..");

/** The record's `written` for the repository's sample as it is now. */
export async function sampleWritten(): Promise<Record<string, string>> {
  const sample = await readSample({ kind: "own" }, { cwd: repoRoot, env: {} });
  return contentWrittenOf(sample.files);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { found: _found, ...record } = await readSiteRecord(repoRoot);
  await writeSiteRecord(repoRoot, { ...record, written: await sampleWritten() });
  console.log("wrote portfolio-site.json");
}
