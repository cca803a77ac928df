import type { SiteImage } from "../pipeline/prepare-images.js";
import { formatDate } from "../format-date.js";
import { FilteredList, type ListPaging } from "./CategoryFilter.js";
import { LazyItemBody, prefetchOnIntent } from "./LazyItemBody.js";
import { Modal } from "./Modal.js";
import { SafeImage } from "./SafeImage.js";
import { useItemDialog } from "./use-item-dialog.js";

export interface BlogPostView {
  slug: string;
  /** The post's own page, base path included. */
  href: string;
  title: string;
  author: string;
  date: string;
  category: string;
  /** The card's image, and the modal's, larger. */
  image?: SiteImage | undefined;
  largeImage?: SiteImage | undefined;
  excerpt: string;
  draft?: boolean | undefined;
}

const emptyMessage = "No blogs in the selected category.";

export function BlogsBrowser({
  categories,
  posts,
  lang,
  paging,
}: {
  categories: string[];
  posts: BlogPostView[];
  lang: string;
  paging?: ListPaging | undefined;
}) {
  const { selected, close, onLinkClick } = useItemDialog(posts);
  const card = (post: BlogPostView, index: number) => (
    <li key={post.slug} className="blog-post-item">
      <article className="blog-card">
        {/* A post without an image is a card of text, not a card with a missing picture. */}
        {post.image && (
          <figure className="blog-banner-box">
            <SafeImage image={post.image} alt="" lazy={index > 1} />
          </figure>
        )}
        <div className="blog-content">
          <p className="blog-meta">
            <span>{post.category}</span>
            <span className="dot" aria-hidden="true" />
            <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
            {post.draft && <span className="draft-badge">Draft</span>}
          </p>
          <h3 className="blog-item-title">
            <a
              href={post.href}
              className="blog-open"
              aria-haspopup="dialog"
              onClick={onLinkClick(post)}
              onPointerEnter={() => prefetchOnIntent(post.href)}
              onFocus={() => prefetchOnIntent(post.href)}
            >
              {post.title}
            </a>
          </h3>
          <p className="blog-text">{post.excerpt}</p>
        </div>
      </article>
    </li>
  );

  return (
    <>
      <FilteredList
        label="Filter blogs by category"
        categories={categories}
        items={posts}
        emptyMessage={emptyMessage}
        className="blog-posts-list"
        paging={paging}
        pagesLabel={`Pages of ${paging?.category === "All" ? "the blog" : `the ${paging?.category} posts`}`}
      >
        {card}
      </FilteredList>
      {selected && (
        <Modal labelledBy="blog-modal-title" onClose={close}>
          {selected.largeImage && (
            <figure className="modal-img">
              <SafeImage image={selected.largeImage} alt={`Illustration for ${selected.title}`} lazy={false} />
            </figure>
          )}
          <h2 id="blog-modal-title" className="modal-title">
            {selected.title}
          </h2>
          <dl className="modal-facts">
            <div>
              <dt>Author</dt>
              <dd>{selected.author}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>
                <time dateTime={selected.date}>{formatDate(selected.date, lang)}</time>
              </dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{selected.category}</dd>
            </div>
          </dl>
          <LazyItemBody href={selected.href} summary={selected.excerpt} pageName="post's own page" />
        </Modal>
      )}
    </>
  );
}
