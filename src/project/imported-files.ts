/**
 * Where `portfolio import --force` writes its version of a content file the owner changed since
 * import wrote it: beside it, as `<name>.imported.md`, for the owner to compare and merge. The
 * content loader reads no file named so, and the build lists them (`ImportedVersionsWaiting`).
 */
export const importedSuffix = ".imported.md";

/** `content/about.md` → `content/about.imported.md`. */
export function importedName(file: string): string {
  return file.replace(/\.md$/, importedSuffix);
}

export function isImportedVersion(file: string): boolean {
  return file.endsWith(importedSuffix);
}
