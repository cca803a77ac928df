import { lstat } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { parseFrontMatter } from "../content/front-matter.js";
import { listFolder, projectFolder, readTextFile } from "../project/project-files.js";
import { currentFormat, overrideOf, readSiteRecord, sha256, type SiteRecord } from "../project/site-record.js";
import { checkOverrides, type OverrideReport } from "./check-overrides.js";
import { type Migration, type MigrationLibraries, migrations, pendingMigrations } from "./migrations.js";

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
  record: SiteRecord & { written: Record<string, string>; found: boolean };
  pending: Migration[];
  changes: FileChange[];
  leftAlone: LeftAlone[];
  overrides: OverrideReport[];
}

/**
 * Everything `portfolio upgrade` would do to the site at `root`, worked out in memory: each file
 * a migration reads goes through every migration it needs, in order (the record's format names
 * the migrations still pending, but a file is asked too: one pasted from an older site needs them
 * whatever the record says), and the site's copies of engine defaults are compared with the
 * defaults of today. Nothing is written; applyUpgrade does that.
 */
export async function planUpgrade(root: string, config: ResolvedConfig): Promise<UpgradePlan> {
  const record = await readSiteRecord(root);
  const recorded = pendingMigrations(record.format);
  const { changes, leftAlone, needed } = await runMigrations(root, config, recorded);
  const pending = migrations.filter((migration) => recorded.includes(migration) || needed.has(migration));
  return { record, pending, changes, leftAlone, overrides: await checkOverrides(root, record) };
}

type MigrationsRun = Pick<UpgradePlan, "changes" | "leftAlone"> & { needed: Set<Migration> };

async function runMigrations(root: string, config: ResolvedConfig, recorded: Migration[]): Promise<MigrationsRun> {
  const run: MigrationsRun = { changes: [], leftAlone: [], needed: new Set() };
  const content = await projectFolder(root, "content");
  if (!content) return run;
  /**
   * What no migration could look at: the record's first pending one waits for it (nothing waits when none is pending).
   */
  const blame = (file: string, problem: string) => {
    if (recorded.length > 0) run.leftAlone.push({ file, problem, migration: recorded[0]!.id });
  };
  if ("problem" in content) {
    blame("content/", content.problem);
    return run;
  }
  const libraries: MigrationLibraries = { yaml: await import("yaml") };
  const folders = [...new Set(migrations.flatMap((migration) => migration.contentFolders(config)))];
  for (const folder of folders) {
    const listed = await listFolder(content, folder);
    if ("problem" in listed) {
      blame(`content/${folder}`, listed.problem);
      continue;
    }
    for (const name of listed.names.filter((name) => name.endsWith(".md"))) {
      const file = `content/${folder}/${name}`;
      const read = await readTextFile(content, `${folder}/${name}`);
      if (!read) continue;
      if ("problem" in read) {
        blame(file, read.problem);
        continue;
      }
      let text = read.text;
      let firstChange: Migration | undefined;
      for (const migration of migrations.filter((row) => row.contentFolders(config).includes(folder))) {
        if (!fileNeeds(migration, text, libraries, recorded)) continue;
        run.needed.add(migration);
        const result = migration.migrate(text, libraries);
        if (result.text !== text) firstChange ??= migration;
        text = result.text;
        for (const { line, problem } of result.notUnderstood)
          run.leftAlone.push({ file, line, problem, migration: migration.id });
      }
      if (!firstChange) continue;
      if ((await lstat(path.join(root, file))).isSymbolicLink()) {
        run.leftAlone.push({
          file,
          problem:
            "is a symbolic link: upgrade never writes through one. Change the file it leads to, or put the file in its place",
          migration: firstChange.id,
        });
        continue;
      }
      run.changes.push({ file, before: read.text, after: text });
    }
  }
  return run;
}

/**
 * Whether a migration has work in a file: what the build reads of its front matter says so. When
 * the front matter cannot be read (the build refuses the file and says why), the migrations the
 * record names still look, so that upgrade can say what it left.
 */
function fileNeeds(migration: Migration, text: string, libraries: MigrationLibraries, recorded: Migration[]): boolean {
  const parsed = parseFrontMatter(libraries.yaml, text);
  return "ok" in parsed ? migration.needs(parsed.ok.data) : recorded.includes(migration);
}

/**
 * The record once the plan is written: format `currentFormat` when
 * every migration did all it had to, and the merged overrides.
 */
export function upgradedRecord(
  plan: UpgradePlan,
  version: string,
  mergedOverrides: Record<string, string>,
): SiteRecord {
  const stuck = plan.pending.find((migration) => plan.leftAlone.some((left) => left.migration === migration.id));
  const overrides = { ...plan.record.overrides };
  for (const report of plan.overrides) if (report.kind === "copy-gone") delete overrides[report.file];
  for (const [file, text] of Object.entries(mergedOverrides)) overrides[file] = overrideOf(text, version);
  // A file portfolio wrote and the owner left alone stays portfolio's once migrated: import --force may replace it.
  const written = { ...plan.record.written };
  for (const change of plan.changes)
    if (written[change.file] === sha256(change.before)) written[change.file] = sha256(change.after);
  // What the record holds besides (a later engine's fields) is kept as it was.
  return { ...plan.record, format: stuck ? stuck.from : currentFormat, overrides, written };
}
