import path from "node:path";
import { closestWord } from "../closest-word.js";
import type { ContentLinks } from "../content/content-types.js";
import type { SiteLink } from "../content/markdown.js";
import { folderImageHint } from "../errors-data.js";
import { ProblemList } from "../errors.js";
import { referenceProblem, siteOrigin } from "./check-links.js";

/**
 * Checks the links and images of every Markdown body against the files the site will have, before
 * anything is rendered, so a broken one is reported against the content file and line that holds
 * it rather than against every built page that shows it. An image a post folder's text names by a
 * bare name is looked for in that folder first, and a misspelt one is answered with the folder's
 * nearest name.
 */
export function checkContentLinks(sources: ContentLinks[], base: string, siteFiles: ReadonlySet<string>): void {
  const problems = new ProblemList();
  const root = new URL(base, siteOrigin);
  let inFolder = false;
  for (const { file, links } of sources) {
    for (const link of links) {
      // An image of another host is a link to it, of which the content stage warned.
      if (link.remote) continue;
      const problem = referenceProblem(link.href, root, base, (candidate) => siteFiles.has(candidate));
      if (!problem) continue;
      const folderProblem = link.folderImages && besideProblem(link, link.folderImages, file);
      inFolder ||= folderProblem !== undefined;
      problems.add(file, {
        field: `body (line ${link.line})`,
        problem:
          folderProblem ??
          `${link.written} leads nowhere (${problem}): expected a file inside public/ or a page of the site`,
      });
    }
  }
  problems.throwIfAny("BrokenLinks", inFolder ? { hint: folderImageHint } : {});
}

/** A bare image name in a post folder's text that the folder does not hold: its nearest name there, if any. */
function besideProblem(link: SiteLink, images: readonly string[], file: string): string | undefined {
  const name = link.written.replace(/^\.\//, "");
  if (name.includes("/")) return undefined;
  const folder = `${path.posix.dirname(file)}/`;
  const nearest = closestWord(name, images);
  const held = images.length ? `it holds ${images.join(", ")}` : "it holds no image";
  return `${link.written} is not an image of the folder ${folder} (${held})${nearest ? `: did you mean ${nearest}?` : ""}`;
}
