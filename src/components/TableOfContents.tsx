import type { TocHeading } from "../content/table-of-contents.js";
import type { Translate } from "../i18n/message.js";

/**
 * A text's table of contents: a `<details>` before the body, closed, so on a phone it costs one
 * line until asked for; each link leads to a heading, which takes the focus (its `tabindex="-1"`).
 */
export function TableOfContents({
  headings,
  t,
}: {
  headings: TocHeading[];
  t: Translate<"toc.summary" | "toc.label">;
}) {
  if (headings.length === 0) return null;
  return (
    <details className="toc">
      <summary className="toc-summary">{t("toc.summary")}</summary>
      <nav className="toc-nav" aria-label={t("toc.label")}>
        <TocList headings={headings} />
      </nav>
    </details>
  );
}

function TocList({ headings }: { headings: TocHeading[] }) {
  return (
    <ol className="toc-list">
      {headings.map((heading) => (
        <li key={heading.id}>
          <a className="toc-link" href={`#${heading.id}`}>
            {heading.text}
          </a>
          {heading.children.length > 0 && <TocList headings={heading.children} />}
        </li>
      ))}
    </ol>
  );
}
