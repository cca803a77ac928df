import { copyFile, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Change } from "./corpus-types.js";

/** Makes a case's changes in a scratch copy of the site. */
export async function applyChanges(root: string, changes: Change[]): Promise<void> {
  const at = (relative: string) => path.join(root, relative);
  const parent = async (relative: string) => mkdir(path.dirname(at(relative)), { recursive: true });
  for (const change of changes) {
    if ("text" in change) {
      await parent(change.write);
      await writeFile(at(change.write), change.text);
    } else if ("base64" in change) {
      await parent(change.write);
      await writeFile(at(change.write), Buffer.from(change.base64, "base64"));
    } else if ("edit" in change) {
      const before = await readFile(at(change.edit), "utf8");
      const after = before.replace(change.find, change.replace);
      if (after === before)
        throw new Error(`The corpus edit of ${change.edit} found nothing to replace: ${String(change.find)}`);
      await writeFile(at(change.edit), after);
    } else if ("remove" in change) {
      await rm(at(change.remove), { recursive: true, force: true });
    } else if ("mkdir" in change) {
      await mkdir(at(change.mkdir), { recursive: true });
    } else if ("symlink" in change) {
      await parent(change.symlink);
      await rm(at(change.symlink), { recursive: true, force: true });
      await symlink(change.target, at(change.symlink));
    } else {
      await parent(change.to);
      await copyFile(at(change.copy), at(change.to));
    }
  }
}
