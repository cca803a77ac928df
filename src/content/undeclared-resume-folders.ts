import { installedGuide } from "../errors-data.js";
import { listFolder, type ProjectFolder } from "../project/project-files.js";
import type { BuildCollection } from "./collections.js";

/**
 * A warning for each folder of content/resume/ that no section reads: most likely a section's
 * files written before the config declares it, which would otherwise be left out without a word.
 */
export async function undeclaredResumeFolders(folder: ProjectFolder, table: BuildCollection[]): Promise<string[]> {
  const listed = await listFolder(folder, "resume");
  if ("problem" in listed) return [];
  const read = new Set(table.map(({ row }) => ("folder" in row.source ? row.source.folder : row.source.file)));
  // A name without an extension is a folder, or nothing a section could read.
  return listed.names
    .filter((name) => !name.includes(".") && !read.has(`resume/${name}`))
    .map(
      (name) =>
        `content/resume/${name}/ is not a section of the Resume, so its files are not shown: declare it in the config's resume.customSections, with the folder's name as its id (${installedGuide}resume.md, "Résumé sections"), or move it out of content/resume/.`,
    );
}
