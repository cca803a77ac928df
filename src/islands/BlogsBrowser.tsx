import type { SiteImage } from "../pipeline/prepare-images.js";
import { PostCard, type PostCardView } from "../components/PostCard.js";
import { formatDate } from "../format-date.js";
import { FilteredList, type ListPaging } from "./CategoryFilter.js";
import { LazyItemBody, prefetchOnIntent } from "./LazyItemBody.js";
import { Modal } from "./Modal.js";
import { SafeImage } from "./SafeImage.js";
import { useItemDialog } from "./use-item-dialog.js";

/** A post's card (its image is the card's) and what its modal adds. */
export interface BlogPostView extends PostCardView {
  author: string;
  /** The modal's image, larger than the card's. */
  largeImage?: SiteImage | undefined;
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
      <PostCard
        post={post}
        lang={lang}
        lazy={index > 1}
        linkProps={{
          "aria-haspopup": "dialog",
          onClick: onLinkClick(post),
          onPointerEnter: () => prefetchOnIntent(post.href),
          onFocus: () => prefetchOnIntent(post.href),
        }}
      />
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
