import { useMemo } from "react";
import type { SiteImage } from "../pipeline/prepare-images.js";
import { PostCard, type PostCardView } from "../components/PostCard.js";
import { formatDate } from "../format-date.js";
import { FilteredList, listStrings, type ListPaging } from "./CategoryFilter.js";
import { translator } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";
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

/** The words the blog's list and dialog show: the page sends it these, in the site's language. */
export const blogsBrowserStrings = [
  ...listStrings,
  "list.draft",
  "list.tagsOf",
  "blogs.filter",
  "blogs.empty",
  "blogs.pages",
  "blogs.categoryPages",
  "blogs.author",
  "blogs.date",
  "blogs.category",
  "post.imageAlt",
  "post.readAll",
  "dialog.close",
  "dialog.loading",
  "island.failed",
] as const;

export function BlogsBrowser({
  categories,
  posts,
  lang,
  paging,
  strings,
}: {
  categories: string[];
  posts: BlogPostView[];
  lang: string;
  paging?: ListPaging | undefined;
  strings: StringsOf<(typeof blogsBrowserStrings)[number]>;
}) {
  const t = useMemo(() => translator(strings, lang), [strings, lang]);
  const { selected, close, onLinkClick } = useItemDialog(posts);
  const card = (post: BlogPostView, index: number) => (
    <li key={post.slug} className="blog-post-item">
      <PostCard
        post={post}
        t={t}
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
        label={t("blogs.filter")}
        categories={categories}
        items={posts}
        emptyMessage={t("blogs.empty")}
        className="blog-posts-list"
        paging={paging}
        pagesLabel={paging?.category ? t("blogs.categoryPages", { category: paging.category }) : t("blogs.pages")}
        t={t}
      >
        {card}
      </FilteredList>
      {selected && (
        <Modal labelledBy="blog-modal-title" closeLabel={t("dialog.close")} onClose={close}>
          {selected.largeImage && (
            <figure className="modal-img">
              <SafeImage image={selected.largeImage} alt={t("post.imageAlt", { title: selected.title })} lazy={false} />
            </figure>
          )}
          <h2 id="blog-modal-title" className="modal-title" lang={selected.lang}>
            {selected.title}
          </h2>
          <dl className="modal-facts">
            <div>
              <dt>{t("blogs.author")}</dt>
              <dd>{selected.author}</dd>
            </div>
            <div>
              <dt>{t("blogs.date")}</dt>
              <dd>
                <time dateTime={selected.date}>{formatDate(selected.date, lang)}</time>
              </dd>
            </div>
            <div>
              <dt>{t("blogs.category")}</dt>
              <dd>{selected.category}</dd>
            </div>
          </dl>
          <LazyItemBody
            href={selected.href}
            summary={selected.excerpt}
            readAll={t("post.readAll")}
            loading={t("dialog.loading")}
            lang={selected.lang}
          />
        </Modal>
      )}
    </>
  );
}
