import { lstat } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { listFolder, projectFolder, readTextFile } from "../project/project-files.js";
import { currentFormat, overrideOf, readSiteRecord, type SiteRecord } from "../project/site-record.js";
import { checkOverrides, type OverrideReport } from "./check-overrides.js";
import { type Migration, type MigrationLibraries, pendingMigrations } from "./migrations.js";

/** A file an upgrade changes: its path from the site's folder (forward slashes), and its text before and after. */
export interface FileChange {
  file: string;
  before: string;
  after: string;
}

/** What a migration could not read, left as it was. `line` is 1-based; absent when the whole file is meant. */
export interface LeftAlone {
  file: string;
  line?: number;
  problem: string;
  migration: string;
}

export interface UpgradePlan {
  record: SiteRecord & { found: boolean };
  pending: Migration[];
  changes: FileChange[];
  leftAlone: LeftAlone[];
  overrides: OverrideReport[];
}

/**
 * Everything `portfolio upgrade` would do to the site at `root`, worked out in memory: the
 * pending migrations run over the files they name (each file through every pending migration, in
 * order), and the site's copies of engine defaults are compared with the defaults of today.
 * Nothing is written; applyUpgrade does that.
 */
export async function planUpgrade(root: string, config: ResolvedConfig): Promise<UpgradePlan> {
  const record = await readSiteRecord(root);
  const pending = pendingMigrations(record.format);
  const { changes, leftAlone } = pending.length ? await runMigrations(root, config, pending) : noFiles();
  return { record, pending, changes, leftAlone, overrides: await checkOverrides(root, record) };
}

function noFiles(): Pick<UpgradePlan, "changes" | "leftAlone"> {
  return { changes: [], leftAlone: [] };
}

async function runMigrations(
  root: string,
  config: ResolvedConfig,
  pending: Migration[],
): Promise<Pick<UpgradePlan, "changes" | "leftAlone">> {
  const libraries: MigrationLibraries = { yaml: await import("yaml") };
  const { changes, leftAlone } = noFiles();
  const content = await projectFolder(root, "content");
  if (!content) return { changes, leftAlone };
  if ("problem" in content) {
    leftAlone.push({ file: "content/", problem: content.problem, migration: pending[0]!.id });
    return { changes, leftAlone };
  }
  const folders = [...new Set(pending.flatMap((migration) => migration.contentFolders(config)))];
  for (const folder of folders) {
    const listed = await listFolder(content, folder);
    const names = "problem" in listed ? [] : listed.names.filter((name) => name.endsWith(".md"));
    if ("problem" in listed)
      leftAlone.push({ file: `content/${folder}`, problem: listed.problem, migration: pending[0]!.id });
    for (const name of names) {
      const file = `content/${folder}/${name}`;
      const read = await readTextFile(content, `${folder}/${name}`);
      if (!read) continue;
      if ("problem" in read) {
        leftAlone.push({ file, problem: read.problem, migration: pending[0]!.id });
        continue;
      }
      let text = read.text;
      for (const migration of pending.filter((row) => row.contentFolders(config).includes(folder))) {
        const result = migration.migrate(text, libraries);
        text = result.text;
        for (const { line, problem } of result.notUnderstood)
          leftAlone.push({ file, line, problem, migration: migration.id });
      }
      if (text === read.text) continue;
      if ((await lstat(path.join(root, file))).isSymbolicLink()) {
        leftAlone.push({
          file,
          problem:
            "is a symbolic link: upgrade never writes through one. Change the file it leads to, or put the file in its place",
          migration: pending[0]!.id,
        });
        continue;
      }
      changes.push({ file, before: read.text, after: text });
    }
  }
  return { changes, leftAlone };
}

/** The record once the plan is written: format `currentFormat` when every migration did all it had to, and the merged overrides. */
export function upgradedRecord(
  plan: UpgradePlan,
  version: string,
  mergedOverrides: Record<string, string>,
): SiteRecord {
  const stuck = plan.pending.find((migration) => plan.leftAlone.some((left) => left.migration === migration.id));
  const overrides = { ...plan.record.overrides };
  for (const report of plan.overrides) if (report.kind === "copy-gone") delete overrides[report.file];
  for (const [file, text] of Object.entries(mergedOverrides)) overrides[file] = overrideOf(text, version);
  return { format: stuck ? stuck.from : currentFormat, overrides };
}
