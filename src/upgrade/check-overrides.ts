import { projectFolder, readTextFile } from "../project/project-files.js";
import type { SiteOverride, SiteRecord } from "../project/site-record.js";
import { ejectableFiles, engineDefault, type EjectableFile } from "./ejectable-files.js";
import { type LineMerge, mergeLines } from "./merge-lines.js";

/** What `portfolio upgrade` finds of one file the owner has in place of an engine default. */
export type OverrideReport =
  | {
      file: EjectableFile;
      kind: "default-changed";
      /** The version the owner's copy was made from. */
      from: string;
      oldDefault: string;
      newDefault: string;
      /** The owner's copy now. */
      own: string;
      /** The owner's copy with the default's change merged in, or why it is not. */
      merge: LineMerge;
    }
  /** Recorded, but the owner's copy is gone: the build uses the default, and the record is dropped. */
  | { file: EjectableFile; kind: "copy-gone" }
  /** In the site but not in the record: copied by hand, so what it started from is unknown. */
  | { file: EjectableFile; kind: "not-recorded"; own: string; newDefault: string }
  /** The copy cannot be read (a link out of the site, not UTF-8): left alone. */
  | { file: EjectableFile; kind: "unreadable"; problem: string };

/**
 * Every ejectable file of the site whose copy needs the owner's
 * attention; recorded copies of an unchanged default are not listed.
 */
export async function checkOverrides(root: string, record: SiteRecord): Promise<OverrideReport[]> {
  const reports: OverrideReport[] = [];
  for (const { file } of ejectableFiles) {
    // A wrapper renders whatever the default becomes: nothing to merge into it.
    if (record.wrapped.includes(file)) continue;
    const own = await readOwnCopy(root, file);
    const recorded: SiteOverride | undefined = record.overrides[file];
    const newDefault = await engineDefault(file);
    if (own && "problem" in own) reports.push({ file, kind: "unreadable", problem: own.problem });
    else if (!recorded) {
      if (own) reports.push({ file, kind: "not-recorded", own: own.text, newDefault });
    } else if (!own) reports.push({ file, kind: "copy-gone" });
    else if (recorded.text !== newDefault) {
      reports.push({
        file,
        kind: "default-changed",
        from: recorded.from,
        oldDefault: recorded.text,
        newDefault,
        own: own.text,
        merge: mergeLines(own.text, recorded.text, newDefault),
      });
    }
  }
  return reports;
}

async function readOwnCopy(root: string, file: string): Promise<{ text: string } | { problem: string } | undefined> {
  const [folderName, name] = file.split("/") as [string, string];
  const folder = await projectFolder(root, folderName);
  if (!folder) return undefined;
  if ("problem" in folder) return folder;
  return readTextFile(folder, name);
}
