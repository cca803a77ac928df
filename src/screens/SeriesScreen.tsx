import { BackLink } from "../components/ItemNavigation.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { formatDate } from "../format-date.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

/** A series' own page: its parts in reading order, each with its date and opening lines. */
export function SeriesScreen({
  entry,
  config,
  t,
}: {
  entry: Extract<RouteEntry, { kind: "series" }>;
  config: ResolvedConfig;
  t: Translate<StringKey>;
}) {
  const { series } = entry;
  const base = config.site.pagesBase;
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, "blogs")}>{t("blogs.allPosts")}</BackLink>
        <h1 className="article-title">
          <span className="title-eyebrow">{t("series.eyebrow")}</span> {series.name}
        </h1>
        <p className="list-position">{t("series.parts", { count: series.parts.length })}</p>
      </header>
      <ol className="series-list">
        {series.parts.map((part, index) => (
          <li key={part.slug} className="series-list-item">
            <p className="series-list-number">{t("series.part", { number: index + 1 })}</p>
            <h2 className="series-list-title">
              <a href={withBase(base, `blogs/${part.slug}`)}>{part.title}</a>
            </h2>
            <p className="blog-meta">
              <time dateTime={part.date}>{formatDate(part.date, config.site.lang)}</time>
              {part.draft && <span className="draft-badge">{t("list.draft")}</span>}
            </p>
            <p className="blog-text">{part.excerpt}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
