import { nameId } from "../content/post-relations.js";
import { withBase } from "../site-paths.js";

/** A tag as a card or an item page links to it: its name and its page, base path included. */
export interface TagLink {
  name: string;
  href: string;
}

/** The links to the tag pages of a post's (`blogs`) or a project's (`works`) tags. */
export function tagLinks(tags: string[] | undefined, list: "blogs" | "works", base: string): TagLink[] {
  return (tags ?? []).map((name) => ({ name, href: withBase(base, `${list}/tag/${nameId(name)}`) }));
}

/** A post's or project's tags, each a link to the page of everything that carries it. */
export function TagLinks({ tags, label = "Tags" }: { tags: TagLink[] | undefined; label?: string }) {
  if (!tags?.length) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.href}>
          <a className="tag-link" href={tag.href}>
            <span aria-hidden="true">#</span>
            {tag.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
