/** A tag as a card or an item page links to it: its name and its page, base path included (screens/tag-links.ts). */
export interface TagLink {
  name: string;
  href: string;
}

/** A post's or project's tags, each a link to the page of everything that carries it. */
export function TagLinks({ tags, label }: { tags: TagLink[] | undefined; label: string }) {
  if (!tags?.length) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.href}>
          <a className="tag-link" href={tag.href} dir="auto">
            <span aria-hidden="true">#</span>
            {tag.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
