import { useMemo } from "react";
import type { PostCardView } from "../components/PostCard.js";
import { formatDate } from "../format-date.js";
import { translator } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";
import { useSelectedItem } from "./item-dialog.js";
import { LazyItemBody } from "./LazyItemBody.js";
import { Modal } from "./Modal.js";
import { SafeImage } from "./SafeImage.js";
import type { SiteImage } from "../pipeline/prepare-images.js";

/** A post's card (its image is the card's) and what its modal adds. */
export interface BlogPostView extends PostCardView {
  author: string;
  /** The modal's image, larger than the card's. */
  largeImage?: SiteImage | undefined;
}

/** What the dialog is sent of each post: the card itself is the server's, outside React. */
export type PostDialogItem = Pick<
  BlogPostView,
  "href" | "title" | "author" | "date" | "category" | "excerpt" | "lang" | "largeImage"
>;

/** The words a post's dialog shows, in the site's language. */
export const postDialogStrings = [
  "blogs.author",
  "blogs.date",
  "blogs.category",
  "post.imageAlt",
  "post.readAll",
  "dialog.close",
  "dialog.loading",
  "island.failed",
] as const;

/** The dialog of the post whose card was clicked in the list around it; nothing until one is. */
export function PostDialog({
  posts,
  lang,
  strings,
}: {
  posts: PostDialogItem[];
  lang: string;
  strings: StringsOf<(typeof postDialogStrings)[number]>;
}) {
  const t = useMemo(() => translator(strings, lang), [strings, lang]);
  const { selected, close } = useSelectedItem(posts);
  if (!selected) return null;
  return (
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
  );
}
