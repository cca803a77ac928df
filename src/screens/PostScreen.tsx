import { BackLink, Pager } from "../components/ItemNavigation.js";
import { Picture } from "../components/Picture.js";
import { TableOfContents } from "../components/TableOfContents.js";
import { TagLinks } from "../components/TagLinks.js";
import { tagLinks } from "./tag-links.js";
import type { BlogPost } from "../content/content-types.js";
import { withHeadingLinks, withTableOfContents } from "../content/table-of-contents.js";
import { formatDate } from "../format-date.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { Rich } from "../components/Rich.js";
import type { Translate } from "../i18n/message.js";
import { pickStrings } from "../i18n/message.js";
import { Island } from "../components/island.js";
import { commentsStrings } from "../islands/Comments.js";
import type { PostScreenProps } from "../components/site-components.js";

type PostEntry = Extract<RouteEntry, { kind: "post" }>;

/**
 * A blog post's own page: title, author, date, category, reading time, tags, its place in a series,
 * image, table of contents and the post itself, then the series' parts and related posts.
 */
export function PostScreen({ entry, config, images, comments, t }: PostScreenProps) {
  const { post, newer, older, series } = entry;
  const image = post.image ? images.picture(post.image, "large") : undefined;
  const base = config.site.pagesBase;
  const lang = config.site.lang;
  const body = withTableOfContents(post.contentHtml, post.toc);
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, entry.listPath)}>{t("blogs.allPosts")}</BackLink>
        <h1 className="article-title" lang={post.lang}>
          {post.title}
        </h1>
        {post.draft && (
          <p className="draft-note" role="note">
            {t("post.draftNote")}
          </p>
        )}
        <p className="post-meta">
          <span>{post.author}</span>
          <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
          <span>{post.category}</span>
          <span>{t("post.readingTime", { count: post.readingMinutes })}</span>
        </p>
        {series && (
          <p className="series-place">
            <Rich
              parts={t.rich("post.seriesPlace", {
                part: series.parts.indexOf(post) + 1,
                count: series.parts.length,
                series: <a href={withBase(base, series.path)}>{series.name}</a>,
              })}
            />
          </p>
        )}
        <TagLinks tags={tagLinks(post.tags, "blogs", base)} label={t("list.tags")} />
      </header>
      {image && (
        <figure className="item-image">
          <Picture
            image={image}
            alt={t("post.imageAlt", { title: post.title })}
            fetchPriority="high"
            decoding="async"
          />
        </figure>
      )}
      <TableOfContents headings={body.headings} t={t} />
      <div
        className="item-body modal-text"
        data-item-body=""
        lang={post.lang}
        dangerouslySetInnerHTML={{
          __html: withHeadingLinks(body.html, (heading) => t("writing.headingLink", { heading })),
        }}
      />
      {series && <SeriesParts series={series} current={post} base={base} t={t} />}
      <RelatedPosts posts={entry.related} base={base} lang={lang} title={t("post.related")} />
      <Pager
        label={t("post.pager")}
        previous={newer && { href: withBase(base, `blogs/${newer.slug}`), title: newer.title, rel: t("post.newer") }}
        next={older && { href: withBase(base, `blogs/${older.slug}`), title: older.title, rel: t("post.older") }}
      />
      {comments && (
        <section className="comments" aria-labelledby="comments-heading">
          <h2 id="comments-heading" className="comments-title">
            {t("comments.heading")}
          </h2>
          <Island name="Comments" props={{ ...comments, strings: pickStrings(config.strings, commentsStrings) }} />
        </section>
      )}
    </>
  );
}

/** Every part of the post's series, in order, the post itself marked as the one being read. */
function SeriesParts({
  series,
  current,
  base,
  t,
}: {
  series: NonNullable<PostEntry["series"]>;
  current: BlogPost;
  base: string;
  t: Translate<"post.series" | "post.seriesParts">;
}) {
  return (
    <nav className="series-nav" aria-label={t("post.seriesParts", { series: series.name })}>
      <p className="series-nav-title">
        <span className="series-nav-label">{t("post.series")}</span>
        <a href={withBase(base, series.path)}>{series.name}</a>
      </p>
      <ol className="series-parts">
        {series.parts.map((part) => (
          <li key={part.slug}>
            {part === current ? (
              <span className="series-part current" aria-current="page">
                {part.title}
              </span>
            ) : (
              <a className="series-part" href={withBase(base, `blogs/${part.slug}`)}>
                {part.title}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Up to three posts chosen at build time for what they share with this one (post-relations.ts). */
function RelatedPosts({ posts, base, lang, title }: { posts: BlogPost[]; base: string; lang: string; title: string }) {
  if (posts.length === 0) return null;
  return (
    <section className="related-posts">
      <h2 className="related-posts-title">{title}</h2>
      <ul className="related-list">
        {posts.map((post) => (
          <li key={post.slug}>
            <a className="related-link" href={withBase(base, `blogs/${post.slug}`)}>
              <span className="related-link-title">{post.title}</span>
              <span className="related-link-meta">
                <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
                {` · ${post.category}`}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
