import { portfolioError } from "../errors.js";
import { projectFolder, resolveInside, walkFolder, type ProjectFolder } from "./project-files.js";

/** The files of public/, by their path inside it, each with the real file to copy from. */
export interface PublicFiles {
  folder: ProjectFolder | undefined;
  files: ReadonlyMap<string, string>;
  /**
   * What could not be listed (a link that leads outside public/), for `checkPublicFiles` (pipeline/check-public.ts).
   */
  refused: ReadonlyArray<{ file: string; problem: string }>;
}

/**
 * Lists public/, which the build copies as it is; `checkPublicFiles` then checks every file. The
 * images and videos beside a post or project written as a folder (`content/blog/<slug>/index.md`) are copied
 * too, at the same path under the site (`blog/<slug>/chart.png`), and so are the papers, slides and posters
 * beside the .bib files (`content/publications/okafor24.pdf` as `publications/okafor24.pdf`), checked alike.
 */
export async function readPublicFolder(root: string): Promise<PublicFiles> {
  const [folder, besideEntries] = await Promise.all([projectFolder(root, "public"), imagesBesideEntries(root)]);
  if (folder && "problem" in folder) throw portfolioError("UnsafeFile", [folder.problem]);
  const { files, refused } = folder ? await walkFolder(folder) : { files: [], refused: [] };
  return {
    folder,
    files: new Map([...besideEntries, ...files].map(({ file, real }) => [file, real])),
    refused,
  };
}

/**
 * A file a post's or project's folder may hold beside its text: an image (what the responsive image
 * pipeline reads), a video and its captions (`::video`).
 */
export const entryFile = /^(blog|projects)\/[^/]+\/[^/]+\.(?:png|jpe?g|webp|avif|gif|svg|mp4|webm|vtt)$/i;

/**
 * A file of content/publications/ (or a folder of it) that an entry's `pdf`, `slides`, `poster` or `video` may
 * name: the paper, its slides, its poster, a figure, a video.
 */
export const besideBibFile =
  /^publications\/(?:[^/]+\/)*[^/]+\.(?:pdf|pptx?|odp|key|png|jpe?g|webp|gif|svg|mp4|webm)$/i;

/**
 * The images in the folders of content/blog/ and content/projects/, and the files beside the .bib files of
 * content/publications/, by their path inside content/.
 */
async function imagesBesideEntries(root: string): Promise<Array<{ file: string; real: string }>> {
  const content = await projectFolder(root, "content");
  if (!content || "problem" in content) return [];
  const { files } = await walkFolder(content);
  return files.filter(({ file }) => entryFile.test(file) || besideBibFile.test(file));
}

/**
 * What is wrong with a path the config or content names inside public/, if anything. With
 * `mayBeMissing`, a file that does not exist yet is fine (one the build is about to make), but not a
 * folder or a path that leads outside public/.
 */
export async function publicAssetProblem(
  publicFiles: PublicFiles,
  asset: string,
  { mayBeMissing = false } = {},
): Promise<string | undefined> {
  if (publicFiles.files.has(asset)) return undefined;
  const resolved = publicFiles.folder ? await resolveInside(publicFiles.folder, asset) : { kind: "missing" as const };
  if (resolved.kind === "folder") return `public/${asset} is a folder: expected a file inside public/`;
  if (resolved.kind === "refused") return `public/${asset} ${resolved.problem}`;
  return mayBeMissing ? undefined : `public/${asset} does not exist: expected a file inside public/`;
}
