import { readFile } from "node:fs/promises";
import { ProblemList, portfolioError, type FieldProblem } from "../errors.js";
import { projectFolder, resolveInside, walkFolder, type ProjectFolder } from "../project/project-files.js";

/** The files of public/, by their path inside it, each with the real file to copy from. */
export interface PublicFiles {
  folder: ProjectFolder | undefined;
  files: ReadonlyMap<string, string>;
}

/** Files a browser runs as script wherever they are served from. */
const scriptFile = /\.(m?js|cjs|wasm)$/i;
/** Markup a browser renders as a document when it is opened directly, scripts and all. */
const markupFile = /\.(html?|xhtml|shtml|svg|xml|xsl|xslt)$/i;
const activeMarkup = /<script\b|\bon[a-z]+\s*=|(?:java|vb)script\s*:|<iframe\b|<frame\b|<object\b|<embed\b|<foreignObject\b|<!ENTITY|<meta\b[^>]*http-equiv|<base\b|<\?xml-stylesheet|<handler\b|<link\b[^>]*rel\s*=\s*["']?import/i;

/**
 * Lists public/, which the build copies as it is. Since anyone who can send a pull request can add
 * files there, a file is refused when it could reach outside the project (a symbolic link to
 * `/etc/passwd`) or run code in a visitor's browser (a script, an HTML or SVG file with one).
 */
export async function readPublicFolder(root: string): Promise<PublicFiles> {
  const folder = await projectFolder(root, "public");
  if (!folder) return { folder: undefined, files: new Map() };
  if ("problem" in folder) throw portfolioError("UnsafeFile", [folder.problem]);
  const { files, refused } = await walkFolder(folder);
  const problems = new ProblemList();
  for (const { file, problem } of refused) problems.add(`public/${file}`, { field: "", problem });
  for (const { file, real } of files) problems.add(`public/${file}`, await activeContent(file, real));
  problems.throwIfAny("UnsafeFile");
  return { folder, files: new Map(files.map(({ file, real }) => [file, real])) };
}

async function activeContent(file: string, real: string): Promise<FieldProblem[]> {
  if (scriptFile.test(file)) {
    return [{ field: "", problem: "is a script: public/ is published as it is, and a script there would run on your site. Client code belongs in src/islands/." }];
  }
  if (/\.svgz$/i.test(file)) return [{ field: "", problem: "is a compressed SVG, which cannot be checked for scripts: publish it as a plain .svg" }];
  if (!markupFile.test(file)) return [];
  const found = activeMarkup.exec(decodeCharacterReferences(await readFile(real, "utf8")))?.[0];
  if (!found) return [];
  return [{ field: "", problem: `could run code in your visitors' browsers: it contains ${JSON.stringify(found.slice(0, 40))}. public/ is published as it is: remove scripts, event handlers, javascript: links, embedded documents and entity declarations from it.` }];
}

/** `&#106;` and `&#x6A;` are how markup hides `javascript:` from a plain search. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (_, code: string) => {
    const point = code[0] === "x" || code[0] === "X" ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : "";
  });
}

/**
 * What is wrong with a path the config or content names inside public/, if anything. With
 * `mayBeMissing`, a file that does not exist yet is fine (one the build is about to make), but not a
 * folder or a path that leads outside public/.
 */
export async function publicAssetProblem(publicFiles: PublicFiles, asset: string, { mayBeMissing = false } = {}): Promise<string | undefined> {
  if (publicFiles.files.has(asset)) return undefined;
  const resolved = publicFiles.folder ? await resolveInside(publicFiles.folder, asset) : { kind: "missing" as const };
  if (resolved.kind === "folder") return `public/${asset} is a folder: expected a file inside public/`;
  if (resolved.kind === "refused") return `public/${asset} ${resolved.problem}`;
  return mayBeMissing ? undefined : `public/${asset} does not exist: expected a file inside public/`;
}
