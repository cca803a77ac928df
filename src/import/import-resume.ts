import { lstat, mkdir, open, readdir } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { describeThrown, portfolioError } from "../errors.js";
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
}

export interface ImportResult extends ImportPlan {
  /** Files of the folders written to that this import did not write (the sample's, or earlier ones), relative to the project. */
  kept: string[];
}

/**
 * `portfolio import`: validates a JSON Resume file, plans the content files it becomes, and writes
 * them, all or none: an invalid file or a file that exists (without `force`) stops it before
 * anything is written.
 */
export async function importResume({ cwd, file, root, config, force = false }: ImportOptions): Promise<ImportResult> {
  const resume = await readResumeFile(cwd, file);
  const plan = planImport(resume, { skillCategories: config.skillCategories, source: file });
  const existing = (await Promise.all(plan.files.map(async ({ file: relative }) => ((await exists(path.join(root, relative))) ? relative : undefined))))
    .filter((relative) => relative !== undefined);
  if (existing.length && !force) {
    throw portfolioError("ImportWouldOverwrite", [`Importing ${file} would replace ${existing.length} file${existing.length === 1 ? "" : "s"}:\n${existing.map((relative) => `  - ${relative}`).join("\n")}`]);
  }
  for (const { file: relative, contents } of plan.files) {
    const target = path.join(root, relative);
    await mkdir(path.dirname(target), { recursive: true });
    // Without --force, "wx" fails rather than replace a file that appeared since the check.
    const handle = await open(target, force ? "w" : "wx").catch((cause: unknown) => {
      throw portfolioError("OutputNotWritable", [target, describeThrown(cause)], { cause });
    });
    try {
      await handle.writeFile(contents);
    } finally {
      await handle.close();
    }
  }
  return { ...plan, kept: await otherFiles(root, plan.files.map((planned) => planned.file)) };
}

async function exists(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => undefined)) !== undefined;
}

/** Markdown files in the folders the import wrote entries into, that it did not write. */
async function otherFiles(root: string, written: string[]): Promise<string[]> {
  const folders = [...new Set(written.filter((file) => file.split("/").length > 3).map((file) => path.posix.dirname(file)))];
  const listed = await Promise.all(folders.map(async (folder) => (await readdir(path.join(root, folder)).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".md")).map((name) => `${folder}/${name}`)));
  return listed.flat().filter((file) => !written.includes(file)).sort();
}
