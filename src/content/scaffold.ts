import type { ResolvedConfig } from "../config/config-schema.js";
import { fileSlug, idFragment } from "../slug.js";
import { UniqueNames } from "./unique-names.js";

export type ScaffoldKind = "post" | "project";

/** Where each kind of entry lives in content/. */
export const scaffoldFolders: Record<ScaffoldKind, string> = { post: "blog", project: "projects" };

/** Names a list's own pages use (`/blogs/page/2`, `/works/category/web`, `/blogs/tag/react`, `/blogs/series/…`). */
const reservedSlugs = new Set(["page", "category", "tag", "series"]);

/** Longest slug `new` makes from a title, in characters: a title is a line, its file name a few words of it. */
export const maxScaffoldSlugLength = 80;

/**
 * A file name for `title` that no file in the folder has yet: `my-first-post`, then
 * `my-first-post-2`, … A title without letters or digits gets the kind's name; a long one is cut
 * between words; a name a list page uses or Windows reserves gets the kind after it (`page-post`, `con-post`).
 */
export function freeSlug(title: string, kind: ScaffoldKind, taken: ReadonlySet<string>): string {
  const slug =
    fileSlug(idFragment(title).replace(/^[^\p{L}\p{N}]+/u, ""), {
      maxLength: maxScaffoldSlugLength,
      reservedSuffix: kind,
    }) || kind;
  return new UniqueNames(new Set(taken)).claim(reservedSlugs.has(slug) ? `${slug}-${kind}` : slug);
}

/** YAML for any text: a double-quoted string, which is also valid JSON. */
function yamlText(text: string): string {
  return JSON.stringify(text);
}

/**
 * A new entry with every field, each explained by a comment, ready to fill in. A post starts as a
 * draft, so it stays out of `portfolio build` until its author removes that line.
 */
export function scaffoldEntry(
  kind: ScaffoldKind,
  title: string,
  config: ResolvedConfig,
  today: string,
  { folder = false }: { folder?: boolean } = {},
): string {
  const images = folder
    ? "Put its images in this folder, beside this file, and show them by name: `![What it shows](chart.png)`.\n"
    : "";
  if (kind === "post") {
    return `---
# The post's title, as its page, the list and the feeds show it.
title: ${yamlText(title)}
# Optional: who wrote it, when not you (${yamlText(config.owner.name)}).
# author: ""
# The day it is published, as YYYY-MM-DD.
date: ${today}
# One of the config's blogCategories: ${config.blogCategories.join(", ")}.
category: ${yamlText(config.blogCategories[0]!)}
# Optional: one or two sentences for the list, search results and share cards
# (without it, the post's first 160 characters are used).
# description: ""
# Optional: an image inside public/, e.g. images/blog/${idFragment(title) || "post"}.webp
# image: ""
# Optional: tags, each a link to the page of the posts that carry it, e.g. ["React", "Testing"].
# tags: []
# Optional: the series the post is part of, and its place in it (parts without one follow their dates).
# series: ""
# seriesOrder: 1
# Optional: false leaves out the table of contents a post with three or more headings gets.
# toc: false
# A draft stays out of \`portfolio build\` (\`portfolio build --drafts\` shows it): remove this line to publish.
draft: true
---

Write the post here, in Markdown. A \`##\` heading gets an id, so a section can be linked to.
${images}
\`\`\`ts
// Code blocks are highlighted when the fence names a language.
\`\`\`
`;
  }
  const [year, month] = today.split("-");
  return `---
# The project's name.
title: ${yamlText(title)}
# Optional: what it is, e.g. Web Application, Mobile App.
projectType: "Web Application"
# Optional: who it was made for: a client, a company, or you.
client: ${yamlText(config.owner.name)}
# Optional: the languages and tools it uses, one or more (leave the line out rather than empty).
languages: ["TypeScript"]
# Optional: the source code and a live demo, as http(s) addresses.
# github: "https://github.com/you/${idFragment(title) || "project"}"
# preview: "https://example.com"
# Optional: a screenshot inside public/; without it the card shows a placeholder.
# image: "images/projects/${idFragment(title) || "project"}.webp"
# Optional: when it was made, YYYY-MM or YYYY, shown as the Resume shows dates (and end: YYYY-MM or present).
start: "${year}-${month}"
# Optional: who it was for: Freelance, Personal, or an employer.
for: "Personal"
# Optional: what you did in it, e.g. ["Author", "Maintainer"].
# roles: []
# Optional: one of the config's projectCategories: ${config.projectCategories.join(", ")}.
category: ${yamlText(config.projectCategories[0]!)}
# Optional lists, each shown as a section of the project's page.
# features: ["…"]
# technical_highlights: ["…"]
# key_components: ["…"]
# Optional: tags, each a link to the page of the projects that carry it, e.g. ["Maps", "Real-time"].
# tags: []
---

Describe the project here, in Markdown: one or two short paragraphs.
${images}`;
}
