import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

/** Every file below a folder, as paths relative to it with forward slashes; none if it is missing. */
export async function listFiles(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}
