import type { PageImages } from "../pipeline/prepare-images.js";
import { BackLink, Pager } from "../components/ItemNavigation.js";
import { Picture } from "../components/Picture.js";
import { TableOfContents } from "../components/TableOfContents.js";
import { TagLinks } from "../components/TagLinks.js";
import { tagLinks } from "./tag-links.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { BlogPost } from "../content/content-types.js";
import { withTableOfContents } from "../content/table-of-contents.js";
import { formatDate } from "../format-date.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";

type PostEntry = Extract<RouteEntry, { kind: "post" }>;

/**
 * A blog post's own page: title, author, date, category, reading time, tags, its place in a series,
 * image, table of contents and the post itself, then the series' parts and related posts.
 */
export function PostScreen({
  entry,
  config,
  images,
}: {
  entry: PostEntry;
  config: ResolvedConfig;
  images: PageImages;
}) {
  const { post, newer, older, series } = entry;
  const image = post.image ? images.picture(post.image, "large") : undefined;
  const base = config.site.base;
  const lang = config.site.lang;
  const body = withTableOfContents(post.contentHtml, post.toc);
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, entry.listPath)}>All posts</BackLink>
        <h1 className="article-title">{post.title}</h1>
        {post.draft && (
          <p className="draft-note" role="note">
            Draft: not published. It is here because the site was built with --drafts.
          </p>
        )}
        <p className="post-meta">
          <span>{post.author}</span>
          <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
          <span>{post.category}</span>
          <span>{`${post.readingMinutes} min read`}</span>
        </p>
        {series && (
          <p className="series-place">
            {`Part ${series.parts.indexOf(post) + 1} of ${series.parts.length} in the series `}
            <a href={withBase(base, series.path)}>{series.name}</a>
          </p>
        )}
        <TagLinks tags={tagLinks(post.tags, "blogs", base)} />
      </header>
      {image && (
        <figure className="item-image">
          <Picture image={image} alt={`Illustration for ${post.title}`} fetchPriority="high" decoding="async" />
        </figure>
      )}
      <TableOfContents headings={body.headings} />
      <div className="item-body modal-text" data-item-body="" dangerouslySetInnerHTML={{ __html: body.html }} />
      {series && <SeriesParts series={series} current={post} base={base} />}
      <RelatedPosts posts={entry.related} base={base} lang={lang} />
      <Pager
        label="More posts"
        previous={newer && { href: withBase(base, `blogs/${newer.slug}`), title: newer.title, rel: "Newer post" }}
        next={older && { href: withBase(base, `blogs/${older.slug}`), title: older.title, rel: "Older post" }}
      />
    </>
  );
}

/** Every part of the post's series, in order, the post itself marked as the one being read. */
function SeriesParts({
  series,
  current,
  base,
}: {
  series: NonNullable<PostEntry["series"]>;
  current: BlogPost;
  base: string;
}) {
  return (
    <nav className="series-nav" aria-label={`Parts of the series ${series.name}`}>
      <p className="series-nav-title">
        <span className="series-nav-label">Series</span>
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
function RelatedPosts({ posts, base, lang }: { posts: BlogPost[]; base: string; lang: string }) {
  if (posts.length === 0) return null;
  return (
    <section className="related-posts">
      <h2 className="related-posts-title">Related posts</h2>
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
