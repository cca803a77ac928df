import { BackLink } from "../components/ItemNavigation.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { formatDate } from "../format-date.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";

/** A series' own page: its parts in reading order, each with its date and opening lines. */
export function SeriesScreen({
  entry,
  config,
}: {
  entry: Extract<RouteEntry, { kind: "series" }>;
  config: ResolvedConfig;
}) {
  const { series } = entry;
  const base = config.site.base;
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, "blogs")}>All posts</BackLink>
        <h1 className="article-title">
          <span className="title-eyebrow">Series</span> {series.name}
        </h1>
        <p className="list-position">{`${series.parts.length} ${series.parts.length === 1 ? "part" : "parts"}`}</p>
      </header>
      <ol className="series-list">
        {series.parts.map((part, index) => (
          <li key={part.slug} className="series-list-item">
            <p className="series-list-number">{`Part ${index + 1}`}</p>
            <h2 className="series-list-title">
              <a href={withBase(base, `blogs/${part.slug}`)}>{part.title}</a>
            </h2>
            <p className="blog-meta">
              <time dateTime={part.date}>{formatDate(part.date, config.site.lang)}</time>
              {part.draft && <span className="draft-badge">Draft</span>}
            </p>
            <p className="blog-text">{part.excerpt}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
