import type { PostCardView } from "./PostCard.js";
import { formatDate } from "../format-date.js";
import type { Translate } from "../i18n/message.js";
import type { SiteImage } from "../images/prepare-images.js";
import { CardImage } from "./CardImage.js";
import { ItemDialogBody, ItemDialogTemplates } from "./ItemDialogTemplates.js";

/** A post's card (its image is the card's) and what its modal adds. */
export interface BlogPostView extends PostCardView {
  author: string;
  /** The modal's image, larger than the card's. */
  largeImage?: SiteImage | undefined;
}

/** The words a post's dialog shows, in the site's language. */
type PostWords = Translate<
  | "blogs.author"
  | "blogs.date"
  | "blogs.category"
  | "post.imageAlt"
  | "post.readAll"
  | "dialog.close"
  | "dialog.loading"
>;

/** The dialogs of a list's posts, each drawn on the server, opened by the list's island. */
export function PostDialogTemplates({ posts, lang, t }: { posts: BlogPostView[]; lang: string; t: PostWords }) {
  return (
    <ItemDialogTemplates
      labelledBy="blog-modal-title"
      closeLabel={t("dialog.close")}
      items={posts.map((post) => ({ href: post.href, content: <PostDialogContent post={post} lang={lang} t={t} /> }))}
    />
  );
}

/** What a post's dialog shows: its large image, title, author, date and category, and its text once fetched. */
function PostDialogContent({ post, lang, t }: { post: BlogPostView; lang: string; t: PostWords }) {
  return (
    <>
      {post.largeImage && (
        <figure className="modal-img">
          <CardImage image={post.largeImage} alt={t("post.imageAlt", { title: post.title })} lazy={false} />
        </figure>
      )}
      <h2 id="blog-modal-title" className="modal-title" lang={post.lang}>
        {post.title}
      </h2>
      <dl className="modal-facts">
        <div>
          <dt>{t("blogs.author")}</dt>
          <dd>{post.author}</dd>
        </div>
        <div>
          <dt>{t("blogs.date")}</dt>
          <dd>
            <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("blogs.category")}</dt>
          <dd>{post.category}</dd>
        </div>
      </dl>
      <ItemDialogBody
        summary={post.excerpt}
        readAll={t("post.readAll")}
        loading={t("dialog.loading")}
        lang={post.lang}
      />
    </>
  );
}
