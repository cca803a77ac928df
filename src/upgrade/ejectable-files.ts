import { readFile } from "node:fs/promises";
import path from "node:path";
import { packageRoot } from "../package-root.js";

/**
 * The engine's default files an owner may replace with a copy of their own, each at the same path
 * in the site as in the engine. `portfolio eject` copies one and records where it came from;
 * `portfolio upgrade` reports when the engine's default has changed since.
 */
export const ejectableFiles = [
  { file: "templates/page.html", what: "the HTML shell of every page (read by render/page-template.ts)" },
] as const;

export type EjectableFile = (typeof ejectableFiles)[number]["file"];

export function isEjectable(file: string): file is EjectableFile {
  return ejectableFiles.some((row) => row.file === file);
}

/** The engine's default of an ejectable file, as this version of portfolio ships it. */
export function engineDefault(file: EjectableFile): Promise<string> {
  return readFile(path.join(packageRoot(), ...file.split("/")), "utf8");
}
