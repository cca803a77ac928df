import path from "node:path";
import type { ProblemList } from "../errors.js";
import { inParallel } from "../in-parallel.js";
import { listFolder, readTextFile, type ProjectFolder, type RememberedTexts } from "../project/project-files.js";
import { importedName, isImportedVersion } from "../project/imported-files.js";
import { entryFile } from "../project/public-folder.js";
import type { CollectionSource } from "./collections.js";
import { translationName, type TranslationName } from "./translations.js";

export interface Reader {
  folder: ProjectFolder;
  /** In `portfolio dev`, the texts the previous build read, for files unchanged since. */
  texts?: RememberedTexts | undefined;
  problems: ProblemList;
  base: string;
  /** The site's languages, the default first: a file named `<name>.<lang>.md` for another one is a translation. */
  languages: string[];
  /** Import's versions beside files the owner changed (`<name>.imported.md`), found and not read, for a warning. */
  importedVersions?: string[];
}

/** A content file's text, with its path as messages show it, and the entry and language it is the text of. */
export interface Source extends TranslationName {
  file: string;
  text: string;
  /** For an entry written as a folder: its path inside content/ (`blog/offline-sync/`) and the images in it. */
  beside?: { folder: string; images: string[] } | undefined;
}

/** A content file's text; its problem, when it cannot be read, goes to the list. */
async function readSource(reader: Reader, relative: string, required: boolean): Promise<Source | undefined> {
  const file = `content/${relative}`;
  const read = await readTextFile(reader.folder, relative, reader.texts);
  if (read === undefined) {
    if (required) reader.problems.add(file, { field: "", problem: "is missing: this file is required" });
    return undefined;
  }
  if ("problem" in read) {
    reader.problems.add(file, { field: "", problem: read.problem });
    return undefined;
  }
  return { file, text: read.text, ...translationName(path.posix.basename(relative), reader.languages) };
}

/** The Markdown files of a folder of content/, read side by side (a blog has a thousand), in name order. */
async function readFolder(reader: Reader, relative: string): Promise<Source[]> {
  const listed = await listFolder(reader.folder, relative);
  if ("problem" in listed) {
    reader.problems.add(`content/${relative}`, { field: "", problem: listed.problem });
    return [];
  }
  // `<name>.imported.md` is import's offer beside a file the owner changed: theirs is the entry.
  const names = listed.names.filter((entry) => entry.endsWith(".md") && !isImportedVersion(entry));
  for (const name of listed.names.filter(isImportedVersion)) reader.importedVersions?.push(`${relative}/${name}`);
  const sources = await inParallel(names, 16, (name) => readSource(reader, `${relative}/${name}`, false));
  // A name without an extension is a folder: an entry written as `<slug>/index.md`, its images beside it.
  const folders = listed.names.filter((entry) => !entry.includes("."));
  const inFolders = await inParallel(folders, 16, (name) => readFolderEntry(reader, `${relative}/${name}`));
  return [...sources, ...inFolders.flat()].filter((source) => source !== undefined);
}

/**
 * The entry of a folder (`blog/offline-sync/index.md`) and its translations (`index.pt.md`, named
 * as a file's are): each named after the folder, with the images it holds, which every language's
 * text names alike.
 */
async function readFolderEntry(reader: Reader, relative: string): Promise<Source[]> {
  const listed = await listFolder(reader.folder, relative);
  if ("problem" in listed) return [];
  const texts = ["index.md", ...reader.languages.slice(1).map((lang) => `index.${lang}.md`)].filter((name) =>
    listed.names.includes(name),
  );
  const images = listed.names.filter((name) => entryFile.test(`${relative}/${name}`));
  const sources = await Promise.all(texts.map((name) => readSource(reader, `${relative}/${name}`, false)));
  return sources
    .filter((source) => source !== undefined)
    .map((source) => ({ ...source, slug: path.posix.basename(relative), beside: { folder: `${relative}/`, images } }));
}

/**
 * The files of one collection: its one file (reported when required and missing) and its
 * translations (`about.pt.md`), or its folder's Markdown files.
 */
export async function readCollection(reader: Reader, source: CollectionSource): Promise<Source[]> {
  if ("folder" in source) return readFolder(reader, source.folder);
  const imported = importedName(source.file);
  if (reader.importedVersions && (await readTextFile(reader.folder, imported)) !== undefined)
    reader.importedVersions.push(imported);
  const translations = reader.languages
    .slice(1)
    .map((lang) => readSource(reader, source.file.replace(/\.md$/, `.${lang}.md`), false));
  const read = await Promise.all([readSource(reader, source.file, source.required), ...translations]);
  return read.filter((one) => one !== undefined);
}
