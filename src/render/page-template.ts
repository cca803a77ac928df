import { readFile } from "node:fs/promises";
import { portfolioError } from "../errors.js";
import { packageRoot } from "../package-root.js";
import { projectFolder, readTextFile } from "../project/project-files.js";
import { fetchedAddresses, foreignAddressProblem } from "./css-addresses.js";

/** The markers the HTML shell may hold, and whether it must. */
const markers = { lang: false, head: true, body: true } as const;
export type TemplateMarker = keyof typeof markers;

/**
 * The HTML shell of every page: the owner's templates/page.html when there is one (so a fork can
 * change it), the generator's own otherwise. Checked here, so a mistake in it is named before any
 * page is rendered.
 */
export async function readTemplate(root: string): Promise<string> {
  const shown = "templates/page.html";
  const folder = await projectFolder(root, "templates");
  if (folder && "problem" in folder) throw portfolioError("TemplateInvalid", [shown, folder.problem]);
  const own = folder ? await readTextFile(folder, "page.html") : undefined;
  if (own && "problem" in own)
    throw portfolioError("TemplateInvalid", [shown, own.problem.replace("a Markdown file", "an HTML file")]);
  const template = own?.text ?? (await readFile(`${packageRoot()}/templates/page.html`, "utf8"));
  const problem = templateProblem(template);
  if (problem) throw portfolioError("TemplateInvalid", [shown, problem]);
  return template;
}

/**
 * The owner's own CSS, `templates/site.css`, added after portfolio's stylesheet (so it can change
 * the theme's colours or any rule without a fork of src/); "" when there is none. It may not ask
 * another host for anything: the site's promise, and its Content-Security-Policy.
 */
export async function readOwnStyles(root: string): Promise<string> {
  const shown = "templates/site.css";
  const folder = await projectFolder(root, "templates");
  if (!folder || "problem" in folder) return "";
  const own = await readTextFile(folder, "site.css");
  if (!own) return "";
  if ("problem" in own)
    throw portfolioError("TemplateInvalid", [shown, own.problem.replace("a Markdown file", "a CSS file")]);
  const problem = fetchedAddresses(own.text).map(foreignAddressProblem).find(Boolean);
  if (problem) throw portfolioError("TemplateInvalid", [shown, problem]);
  return own.text;
}

function templateProblem(template: string): string | undefined {
  const found = [...template.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => match[1]!);
  const known = Object.keys(markers);
  const unknown = found.find((name) => !known.includes(name));
  if (unknown !== undefined)
    return `{{${unknown}}} is not a marker: expected only ${known.map((name) => `{{${name}}}`).join(", ")}`;
  for (const [name, required] of Object.entries(markers)) {
    const count = found.filter((marker) => marker === name).length;
    if (required && count === 0)
      return `has no {{${name}}} marker: expected it once, where the page's ${name === "body" ? "content" : "head tags"} go`;
    if (count > 1) return `has {{${name}}} ${count} times: expected it once`;
  }
  return undefined;
}

/** Puts the values into the shell's markers, in one pass: a value that holds `{{body}}` stays text. */
export function fillTemplate(template: string, values: Record<TemplateMarker, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_marker, key: TemplateMarker) => values[key]);
}
