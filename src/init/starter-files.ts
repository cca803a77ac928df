import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { cvConfigText, suggestedCv } from "../cv/suggested-cv.js";
import { codeString } from "../import/config-snippet.js";
import { markdownOfText } from "../import/markdown-file.js";
import { packageName, packageRoot, packageVersion, starterFolder } from "../package-root.js";
import type { ArchiveFile } from "./archive-rules.js";
import type { InitAnswers } from "./init-answers.js";

/** The owner's answers and what else the starter's files are filled with. */
export interface StarterValues extends InitAnswers {
  phone?: string | undefined;
  location?: string | undefined;
  /** Entries of the config's `social` list, as TypeScript, e.g. from a résumé's profiles. */
  social?: string[] | undefined;
  /** Today, as YYYY-MM-DD. */
  today: string;
}

/** What a field left unanswered shows, on a line that is commented out. */
const examples: Record<string, string> = {
  url: "https://your-name.dev",
  phone: "+1 555 0100",
  location: "City, Country",
};

/** `npm pack` leaves out files named `.gitignore`, so the starter keeps it under this name. */
const renamed: Record<string, string> = { gitignore: ".gitignore" };

/**
 * The skeleton site: every file of `starter/site` with its markers filled in (fillTemplate).
 * `content/resume/` is left out with `withResume: false`, and the example project with
 * `withProjects: false` (a résumé imported with --from writes its own).
 */
export async function starterFiles(
  values: StarterValues,
  { withResume = true, withProjects = true } = {},
): Promise<ArchiveFile[]> {
  const folder = starterFolder();
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files: ArchiveFile[] = [];
  for (const entry of entries.filter((found) => found.isFile())) {
    const relative = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!withResume && relative.startsWith("content/resume/")) continue;
    if (!withProjects && relative.startsWith("content/projects/")) continue;
    const contents = await readFile(path.join(folder, relative));
    const filled = /\.(ts|md)$/.test(relative)
      ? Buffer.from(fillTemplate(contents.toString("utf8"), values))
      : contents;
    files.push({ path: renamed[relative] ?? relative, contents: filled });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * What each marker of the starter's files becomes. `strings` are values, each written as a string
 * literal by codeString (valid TypeScript and YAML); `fragments` are text the starter makes itself:
 * code whose values are string literals already (cv, social), the name as Markdown, dates and versions.
 */
function markerValues(values: StarterValues): {
  strings: Record<string, string | undefined>;
  fragments: Record<string, string>;
} {
  const [year, month, day] = values.today.split("-") as [string, string, string];
  const version = packageVersion();
  return {
    strings: {
      name: values.name,
      jobTitle: values.jobTitle,
      email: values.email,
      url: values.url,
      themeInitial: values.theme,
      phone: values.phone,
      location: values.location,
    },
    fragments: {
      cv: cvConfigText(suggestedCv(values.name)),
      social: values.social?.length ? `\n    ${values.social.join("\n    ")}\n  ` : "",
      nameText: markdownOfText(values.name),
      today: `${year}-${month}-${day}`,
      month: `${year}-${month}`,
      year,
      version,
      range: `^${version}`,
      node: nodeVersion(),
    },
  };
}

/** `"{{key}}"`, a value in quotes, or `{{key}}`, a fragment. */
const markerPattern = /"\{\{(\w+)\}\}"|\{\{(\w+)\}\}/g;

/**
 * A starter file with its markers filled in, in one pass over the template: what a marker becomes
 * is never read again, so an answer that holds `{{cv}}` or `"{{name}}"` stays that text. A line
 * whose quoted value was not given is first commented out, with an example in its place.
 */
export function fillTemplate(template: string, values: StarterValues): string {
  const { strings, fragments } = markerValues(values);
  return template
    .split("\n")
    .map((line) => withExampleWhenUnanswered(line, strings))
    .join("\n")
    .replace(markerPattern, (marker, stringKey: string | undefined, fragmentKey: string | undefined) => {
      const value = stringKey === undefined ? undefined : strings[stringKey];
      if (value !== undefined) return codeString(value);
      const fragment = fragmentKey === undefined ? undefined : fragments[fragmentKey];
      if (fragment !== undefined) return fragment;
      throw new Error(`The starter's marker ${marker} has no value`);
    });
}

/** A template line whose quoted marker has no value, commented out with the example in its place. */
function withExampleWhenUnanswered(line: string, strings: Record<string, string | undefined>): string {
  const missing = Object.keys(strings).find((key) => strings[key] === undefined && line.includes(`"{{${key}}}"`));
  if (!missing) return line;
  const indent = /^\s*/.exec(line)![0];
  return `${indent}// ${line.slice(indent.length).replace(`"{{${missing}}}"`, codeString(examples[missing] ?? "…"))}`;
}

/** The Node.js version the engine needs, from its package.json: ">=20.12" → "20.12". */
export function nodeVersion(): string {
  return enginesNode().replace(/^[>=^~\s]+/, "");
}

function enginesNode(): string {
  return requireManifest().engines?.node ?? ">=20";
}

function requireManifest(): { engines?: { node?: string } } {
  return JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { engines?: { node?: string } };
}

/**
 * The new site's package.json: private, an ES module, the engine as its one dependency at the
 * version that ran init (`^0.2.0`), and scripts for what the owner does every day (`npm start` is
 * `portfolio dev`, as in the engine's own repository).
 */
export function sitePackageJson(folderName: string, ownerName: string): string {
  const manifest = {
    name: packageNameOf(folderName),
    version: "0.1.0",
    private: true,
    description: `The portfolio site of ${ownerName}`,
    type: "module",
    scripts: {
      start: "portfolio dev",
      dev: "portfolio dev",
      build: "portfolio build",
      check: "portfolio check",
      serve: "portfolio serve",
      cv: "portfolio cv",
    },
    dependencies: { [packageName]: `^${packageVersion()}` },
    engines: { node: enginesNode() },
    // npm 11 runs no dependency's install script unless listed here, and warns about each one it
    // skipped. esbuild's only checks its binary, which esbuild finds without it.
    allowScripts: { esbuild: false },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** A valid npm package name made from the folder's name: "My Site!" → "my-site". */
export function packageNameOf(folderName: string): string {
  const name = folderName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[-._~]+|[-._~]+$/g, "")
    .slice(0, 214)
    .replace(/[-._~]+$/, "");
  return name && name !== "node_modules" && name !== "favicon.ico" ? name : "my-portfolio";
}
