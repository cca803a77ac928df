import type { PageImages } from "../pipeline/prepare-images.js";
import { BackLink, Pager } from "../components/ItemNavigation.js";
import { Picture } from "../components/Picture.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { formatDate } from "../format-date.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";

/** A blog post's own page: title, author, date, category, reading time, image and the post itself. */
export function PostScreen({
  entry,
  config,
  images,
}: {
  entry: Extract<RouteEntry, { kind: "post" }>;
  config: ResolvedConfig;
  images: PageImages;
}) {
  const { post, newer, older } = entry;
  const image = post.image ? images.picture(post.image, "large") : undefined;
  const base = config.site.base;
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
          <time dateTime={post.date}>{formatDate(post.date, config.site.lang)}</time>
          <span>{post.category}</span>
          <span>{`${post.readingMinutes} min read`}</span>
        </p>
      </header>
      {image && (
        <figure className="item-image">
          <Picture image={image} alt={`Illustration for ${post.title}`} fetchPriority="high" decoding="async" />
        </figure>
      )}
      <div className="item-body modal-text" data-item-body="" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      <Pager
        label="More posts"
        previous={newer && { href: withBase(base, `blogs/${newer.slug}`), title: newer.title, rel: "Newer post" }}
        next={older && { href: withBase(base, `blogs/${older.slug}`), title: older.title, rel: "Older post" }}
      />
    </>
  );
}
