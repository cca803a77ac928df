// The projects of a JSON Resume, each a page of its own: `content/projects/<name>.md`.
import { reservedSlugs } from "../content/entry-problems.js";
import { fileSlug, idFragment } from "../slug.js";
import { UniqueNames } from "../content/unique-names.js";
import type { JsonResume } from "../json-resume/json-resume-schema.js";
import type { SiteFile } from "../render/render-site-files.js";
import { linesOf, oneLine } from "./imported-text.js";
import type { LeftOut } from "./left-out.js";
import { markdownFile, markdownOfText } from "./markdown-file.js";
import { maxImportSlugLength } from "./resume-files.js";

/**
 * Each project a page of its own (`content/projects/<name>.md`, at /works/<name>): its keywords are
 * the technologies it shows, its highlights the features, its entity whom it was for, its type the
 * project type. Its category is the config's project category its type or a keyword names, if any:
 * without one it is listed under All only.
 */
export function projectFiles(
  projects: NonNullable<JsonResume["projects"]>,
  categories: string[],
  notes: LeftOut,
): SiteFile[] {
  const names = new UniqueNames(new Set(reservedSlugs));
  return projects.map((project, index) => {
    const path = `projects[${index}]`;
    notes.unused(path, project, [
      "name",
      "description",
      "highlights",
      "keywords",
      "startDate",
      "endDate",
      "url",
      "roles",
      "entity",
      "type",
    ]);
    const url = notes.link(project.url, `${path}.url`);
    const category = [project.type, ...(project.keywords ?? [])]
      .filter((word): word is string => word !== undefined)
      .map((word) => categories.find((candidate) => idFragment(candidate) === idFragment(word)))
      .find(Boolean);
    const slug = names.claim(
      fileSlug(idFragment(project.name), { maxLength: maxImportSlugLength, reservedSuffix: "project" }) || "project",
    );
    return {
      file: `content/projects/${slug}.md`,
      contents: markdownFile(
        {
          title: oneLine(project.name),
          projectType: oneLine(project.type) || undefined,
          for: oneLine(project.entity) || undefined,
          roles: linesOf(project.roles),
          languages: linesOf(project.keywords, { distinct: true }),
          ...(url && sourceHosts.test(url) ? { github: url } : { preview: url }),
          start: project.startDate,
          // JSON Resume's project without an end goes on; in a project's file, a start alone is one date.
          end: project.startDate === undefined ? project.endDate : (project.endDate ?? "present"),
          category,
          features: linesOf(project.highlights),
        },
        markdownOfText(project.description ?? ""),
      ),
    };
  });
}

/** Where a project's address is its source code, linked as such, rather than a preview of it. */
const sourceHosts = /^https?:\/\/(www\.)?(github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|sr\.ht|git\.sr\.ht)\//i;
