import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { portfolioError } from "../errors.js";
import { presets, staticReadmeHeading, workflowPath, type PresetName, type PresetValues } from "./host-files.js";

/** A file as a site holds it, by its path from the site's folder. */
export interface SiteText {
  path: string;
  contents: string;
}

/**
 * The starter's files made right for `preset`: the GitHub workflow only for `github`, the preset's
 * own files added, and for `static` the README with its nginx and Caddy section.
 */
export function withPreset(preset: PresetName, values: PresetValues, starter: SiteText[]): SiteText[] {
  const files = starter.filter((file) => preset === "github" || file.path !== workflowPath);
  for (const file of presets[preset].files(values)) {
    const at = files.findIndex((existing) => existing.path === file.path);
    if (at === -1) files.push(file);
    else files[at] = { path: file.path, contents: mergedText(file.path, files[at]!.contents, file.contents) };
  }
  return files;
}

/** The README gains the static section (once); any other file is the preset's. */
function mergedText(file: string, existing: string, preset: string): string {
  if (file !== "README.md") return preset;
  return existing.includes(staticReadmeHeading) ? existing : `${existing.trimEnd()}\n\n${preset}`;
}

/**
 * `portfolio host <preset>` in an existing site: the files to write, each with what it becomes. A
 * file that is there with other contents is refused (`HostFileExists`) unless `force`; one that is
 * there as the preset has it is left out.
 */
export async function presetWrites(
  root: string,
  preset: PresetName,
  values: PresetValues,
  force: boolean,
): Promise<SiteText[]> {
  const writes: SiteText[] = [];
  for (const file of presets[preset].files(values)) {
    const target = path.join(root, file.path);
    const existing = existsSync(target) ? await readFile(target, "utf8") : undefined;
    const contents = existing === undefined ? file.contents : mergedText(file.path, existing, file.contents);
    if (existing === contents) continue;
    if (existing !== undefined && file.path !== "README.md" && !force)
      throw portfolioError("HostFileExists", [file.path, preset]);
    writes.push({ path: file.path, contents });
  }
  return writes;
}
