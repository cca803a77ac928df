import { readdir } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { portfolioError, type FieldProblem } from "../errors.js";
import { checkContentTargets, contentFolderToWrite, writeContentFile } from "../project/content-writer.js";
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
  /** Replace files that exist. @default false */
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
}

/**
 * `portfolio import`: validates a JSON Resume file, plans the content files it becomes, and writes
 * them, all or none: an invalid file or a file that exists (without `force`) stops it before
 * anything is written.
 */
export async function importResume({
  cwd,
  file,
  root,
  config,
  force = false,
  strict = false,
}: ImportOptions): Promise<ImportResult> {
  const { resume, changes, decisions } = await readResumeFile(cwd, file, { strict });
  const plan = planImport(resume, {
    skillCategories: config.skillCategories,
    projectCategories: config.projectCategories,
    source: file,
  });
  const inContent = (relative: string) => relative.slice("content/".length);
  const exists = await checkContentTargets(
    await contentFolderToWrite(root),
    plan.files.map(({ file: relative }) => inContent(relative)),
  );
  const existing = plan.files
    .map(({ file: relative }) => relative)
    .filter((relative) => exists.get(inContent(relative)));
  if (existing.length && !force) {
    throw portfolioError("ImportWouldOverwrite", [
      `Importing ${file} would replace ${existing.length} file${existing.length === 1 ? "" : "s"}:\n${existing.map((relative) => `  - ${relative}`).join("\n")}`,
    ]);
  }
  for (const { file: relative, contents } of plan.files) {
    // Without --force, a file that appeared since the check is not replaced.
    await writeContentFile(root, inContent(relative), contents, { replace: force });
  }
  return {
    ...plan,
    changes,
    decisions,
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
    .filter((file) => !written.includes(file))
    .sort();
}
