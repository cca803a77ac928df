import type { AnchorHTMLAttributes } from "react";
import { formatDate } from "../format-date.js";
import { CardImage } from "./CardImage.js";
import type { SiteImage } from "../images/prepare-images.js";
import { type TagLink, TagLinks } from "./TagLinks.js";
import type { Translate } from "../i18n/message.js";
import type { FieldsOf } from "../content/owner-fields.js";

/** What a post's card needs; addresses already carry the base path. */
export interface PostCardView {
  slug: string;
  /** The post's own page. */
  href: string;
  title: string;
  date: string;
  category: string;
  image?: SiteImage | undefined;
  excerpt: string;
  draft?: boolean | undefined;
  tags?: TagLink[] | undefined;
  /** Its language, when it is not the page's: a post without a translation. */
  lang?: string | undefined;
  /** The values of the owner's own fields (the config's `fields`): `{}` when it declares none. */
  fields: FieldsOf<"blog">;
}

/** What a post's card is drawn from. */
export interface PostCardProps {
  post: PostCardView;
  /** Whether its image may wait until it is near the screen (every card below the list's first view). */
  lazy: boolean;
  /**
   * For the cards of the list's first row at the layout's widest: their images load first (likely
   * the largest paint).
   */
  priority?: boolean;
  /** The site's words: `t("list.draft")`, `t("list.tagsOf", { title })`. */
  t: Translate<"list.draft" | "list.tagsOf">;
  /** Attributes for the title's link: on the list, `aria-haspopup="dialog"`, which opens the post's dialog. */
  linkProps?: AnchorHTMLAttributes<HTMLAnchorElement>;
}

/**
 * A post's card, server HTML outside React: on the blog's list its title link is marked as opening
 * a dialog (`linkProps`), which the list's dialog island hears from around it; a tag page shows it
 * as it is, a plain link to the post.
 */
export function PostCard({ post, lazy, priority = false, linkProps = {}, t }: PostCardProps) {
  return (
    <article className="blog-card">
      {/* A post without an image is a card of text, not a card with a missing picture. */}
      {post.image && (
        <figure className="blog-banner-box">
          <CardImage image={post.image} lazy={lazy} priority={priority} />
        </figure>
      )}
      <div className="blog-content">
        <p className="blog-meta">
          <span>{post.category}</span>
          <span className="dot" aria-hidden="true" />
          <time dateTime={post.date}>{formatDate(post.date, t.lang)}</time>
          {post.draft && <span className="draft-badge">{t("list.draft")}</span>}
        </p>
        <h3 className="blog-item-title" lang={post.lang}>
          <a href={post.href} className="blog-open" {...linkProps}>
            {post.title}
          </a>
        </h3>
        <p className="blog-text" lang={post.lang}>
          {post.excerpt}
        </p>
        <TagLinks tags={post.tags} label={t("list.tagsOf", { title: post.title })} />
      </div>
    </article>
  );
}
