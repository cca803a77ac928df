import type { TagLink } from "../components/TagLinks.js";
import { nameId } from "../content/post-relations.js";
import { withBase } from "../site-paths.js";

/** The links to the tag pages of a post's (`blogs`) or a project's (`works`) tags. */
export function tagLinks(tags: string[] | undefined, list: "blogs" | "works", base: string): TagLink[] {
  return (tags ?? []).map((name) => ({ name, href: withBase(base, `${list}/tag/${nameId(name)}`) }));
}
