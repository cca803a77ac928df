import { readdir } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { portfolioError, type FieldProblem } from "../errors.js";
import { checkContentTargets, contentFolderToWrite, writeContentFile } from "../project/content-writer.js";
import { importedName, isImportedVersion } from "../project/imported-files.js";
import { readTextFile } from "../project/project-files.js";
import { readSiteRecord, sha256, writeSiteRecord } from "../project/site-record.js";
import { readResumeFile } from "./read-resume-file.js";
import { planImport, type ImportPlan } from "./resume-to-content.js";

export interface ImportOptions {
  /** Folder the file's path is relative to. */
  cwd: string;
  /** The JSON Resume file, as the owner named it. */
  file: string;
  /** The project folder, which holds content/. */
  root: string;
  config: ResolvedConfig;
  /**
   * Replace the files import wrote before and nobody changed since; a file changed since (or one
   * import has no record of writing) is kept, and the new version written beside it. @default false
   */
  force?: boolean;
  /** Refuse the file when a value needs the owner's decision, instead of importing the rest. @default false */
  strict?: boolean;
}

export interface ImportResult extends ImportPlan {
  /** What reading the file changed: older names, dates, addresses (one line per kind). */
  changes: string[];
  /** Values that need the owner's decision, by JSON path; the rest of the file was imported. */
  decisions: FieldProblem[];
  /**
   * Files of the folders written to that this import did not write
   * (the sample's, or earlier ones), relative to the project.
   */
  kept: string[];
  /**
   * Files changed since import wrote them (or that it has no record of writing), kept as they are,
   * each with where the import's new version was written instead (`<name>.imported.md`).
   */
  besides: Array<{ file: string; imported: string }>;
}

/**
 * `portfolio import`: validates a JSON Resume file, plans the content files it becomes, and writes
 * them, all or none: an invalid file or a file that exists (without `force`) stops it before
 * anything is written. What it writes is recorded in portfolio-site.json (path → sha256), so that
 * `--force` replaces a file only while it is still what import wrote: nothing the owner typed is lost.
 */
export async function importResume({
  cwd,
  file,
  root,
  config,
  force = false,
  strict = false,
}: ImportOptions): Promise<ImportResult> {
  // Read first: an unreadable record stops the import before anything is written.
  const record = await readSiteRecord(root);
  const { resume, changes, decisions } = await readResumeFile(cwd, file, { strict });
  const plan = planImport(resume, {
    skillCategories: config.skillCategories,
    projectCategories: config.projectCategories,
    source: file,
  });
  const inContent = (relative: string) => relative.slice("content/".length);
  const content = await contentFolderToWrite(root);
  const targets = plan.files.map(({ file: relative }) => inContent(relative));
  // Where a new version may go beside a kept file is checked too, so nothing is written when one cannot be.
  const exists = await checkContentTargets(content, force ? [...targets, ...targets.map(importedName)] : targets);
  const existing = plan.files
    .map(({ file: relative }) => relative)
    .filter((relative) => exists.get(inContent(relative)));
  if (existing.length && !force) {
    throw portfolioError("ImportWouldOverwrite", [
      `Importing ${file} would replace ${existing.length} file${existing.length === 1 ? "" : "s"}:\n${existing.map((relative) => `  - ${relative}`).join("\n")}`,
    ]);
  }
  const written = { ...record.written };
  const besides: ImportResult["besides"] = [];
  for (const { file: relative, contents } of plan.files) {
    if (exists.get(inContent(relative))) {
      const current = await readTextFile(content, inContent(relative));
      const text = current && "text" in current ? current.text : undefined;
      if (text === contents) {
        written[relative] = sha256(contents);
        continue;
      }
      if (text === undefined || written[relative] !== sha256(text)) {
        const imported = importedName(relative);
        await writeContentFile(root, inContent(imported), contents, { replace: true });
        besides.push({ file: relative, imported });
        continue;
      }
    }
    // Without --force, a file that appeared since the check is not replaced.
    await writeContentFile(root, inContent(relative), contents, { replace: force });
    written[relative] = sha256(contents);
  }
  await writeSiteRecord(root, { ...record, written });
  return {
    ...plan,
    changes,
    decisions,
    besides,
    kept: await otherFiles(
      root,
      plan.files.map((planned) => planned.file),
    ),
  };
}

/** Markdown files in the folders the import wrote entries into, that it did not write. */
async function otherFiles(root: string, written: string[]): Promise<string[]> {
  const folders = [
    ...new Set(written.filter((file) => file.split("/").length > 3).map((file) => path.posix.dirname(file))),
  ];
  const listed = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(path.join(root, folder)).catch(() => [] as string[]))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `${folder}/${name}`),
    ),
  );
  return listed
    .flat()
    .filter((file) => !written.includes(file) && !isImportedVersion(file))
    .sort();
}
