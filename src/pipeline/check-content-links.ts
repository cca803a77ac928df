import type { ContentLinks } from "../content/content-types.js";
import { ProblemList } from "../errors.js";
import { referenceProblem, siteOrigin } from "./check-links.js";

/**
 * Checks the links and images of every Markdown body against the files the site will have, before
 * anything is rendered, so a broken one is reported against the content file and line that holds
 * it rather than against every built page that shows it.
 */
export function checkContentLinks(sources: ContentLinks[], base: string, siteFiles: ReadonlySet<string>): void {
  const problems = new ProblemList();
  const root = new URL(base, siteOrigin);
  for (const { file, links } of sources) {
    for (const link of links) {
      const problem = referenceProblem(link.href, root, base, (candidate) => siteFiles.has(candidate));
      if (problem) {
        problems.add(file, {
          field: `body (line ${link.line})`,
          problem: `${link.written} leads nowhere (${problem}): expected a file inside public/ or a page of the site`,
        });
      }
    }
  }
  problems.throwIfAny("BrokenLinks");
}
