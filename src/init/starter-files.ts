import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { cvConfigText, suggestedCv } from "../cv/suggested-cv.js";
import { codeString } from "../import/config-snippet.js";
import { markdownOfText } from "../import/markdown-file.js";
import { packageName, packageRoot, packageVersion } from "../package-root.js";
import type { ArchiveFile } from "./read-tarball.js";
import type { InitAnswers } from "./init-answers.js";

/** The files `portfolio init` starts a site from, as they land in it (`gitignore` aside). */
export function starterFolder(): string {
  return path.join(packageRoot(), "starter", "site");
}

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
 * The skeleton site: every file of `starter/site` with its markers filled in. `{{key}}` in quotes
 * becomes the value as a string literal (valid TypeScript and YAML); a line whose quoted value was
 * not given is kept, commented out, with an example. `content/resume/` is left out with `withResume:
 * false`, and the example project with `withProjects: false` (a résumé imported with --from writes its own).
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

/** The markers of the starter's files and what each becomes. */
function markerValues(values: StarterValues): {
  quoted: Record<string, string | undefined>;
  bare: Record<string, string>;
} {
  const [year, month, day] = values.today.split("-") as [string, string, string];
  const version = packageVersion();
  return {
    quoted: {
      title: `${values.name} — ${values.jobTitle}`,
      description: `The portfolio of ${values.name}, ${values.jobTitle}.`,
      name: values.name,
      jobTitle: values.jobTitle,
      email: values.email,
      url: values.url,
      phone: values.phone,
      location: values.location,
    },
    bare: {
      cv: cvConfigText(suggestedCv(values.name)),
      social: values.social?.length ? `\n    ${values.social.join("\n    ")}\n  ` : "",
      nameText: markdownOfText(values.name),
      today: `${year}-${month}-${day}`,
      month: `${year}-${month}`,
      monthYear: `${month}/${year}`,
      year,
      version,
      range: `^${version}`,
      node: nodeVersion(),
    },
  };
}

export function fillTemplate(template: string, values: StarterValues): string {
  const { quoted, bare } = markerValues(values);
  const filled = template
    .split("\n")
    .map((line) => {
      const missing = Object.keys(quoted).find((key) => quoted[key] === undefined && line.includes(`"{{${key}}}"`));
      if (!missing) return line;
      const indent = /^\s*/.exec(line)![0];
      return `${indent}// ${line.slice(indent.length).replace(`"{{${missing}}}"`, codeString(examples[missing] ?? "…"))}`;
    })
    .join("\n")
    .replace(/"\{\{(\w+)\}\}"/g, (marker, key: string) =>
      quoted[key] === undefined ? marker : codeString(quoted[key]),
    )
    .replace(/\{\{(\w+)\}\}/g, (marker, key: string) => bare[key] ?? marker);
  const left = /\{\{\w+\}\}/.exec(filled);
  if (left) throw new Error(`The starter's marker ${left[0]} has no value`);
  return filled;
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
 * version that ran init (`^0.2.0`), and scripts for what the owner does every day.
 */
export function sitePackageJson(folderName: string, ownerName: string): string {
  const manifest = {
    name: packageNameOf(folderName),
    version: "0.1.0",
    private: true,
    description: `The portfolio site of ${ownerName}`,
    type: "module",
    scripts: {
      dev: "portfolio dev",
      build: "portfolio build",
      check: "portfolio check",
      serve: "portfolio serve",
      cv: "portfolio cv",
    },
    dependencies: { [packageName]: `^${packageVersion()}` },
    engines: { node: enginesNode() },
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
