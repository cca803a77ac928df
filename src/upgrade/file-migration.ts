import type { YamlLibrary } from "../content/front-matter.js";

/** Something in a file the migration could not read, left as it was for the owner to change. */
export interface NotUnderstood {
  /** 1-based line of the file. */
  line: number;
  problem: string;
}

export interface MigrationResult {
  /** The file's new text; the same text when there was nothing to change. */
  text: string;
  notUnderstood: NotUnderstood[];
}

/** The libraries a migration may use, loaded by the caller (only when an upgrade runs). */
export interface MigrationLibraries {
  yaml: YamlLibrary;
}

/** A pure function from a file's text to its new text: no reading, no writing. */
export type FileMigration = (text: string, libraries: MigrationLibraries) => MigrationResult;
