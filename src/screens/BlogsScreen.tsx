import { useSiteComponents } from "../components/site-components.js";
import { cardLoading } from "../config/layout-names.js";
import { ListPosition, pagingOf } from "./ListPosition.js";
import { Island } from "../components/island.js";
import { withBase } from "../site-paths.js";
import { tagLinks } from "./tag-links.js";
import { type BlogPostView, PostDialogTemplates } from "../components/PostDialog.js";
import { PageLinks } from "../components/ListNavigation.js";
import { ListFilterControl } from "./ListFilterControl.js";
import { CardList } from "../components/CardList.js";
import type { BlogsScreenProps } from "../components/site-components.js";

/** The id of the list of post cards, which the filter shows and hides the items of. */
const postListId = "post-cards";

/**
 * The blog's list: its cards are server HTML, outside React. The islands are its controls: the
 * category filter and the dialog a card opens, both plain modules over server HTML; a list without
 * posts has no dialog.
 */
export function BlogsScreen({ config, listing, images, t }: BlogsScreenProps) {
  const { PostCard } = useSiteComponents();
  const base = config.site.pagesBase;
  const posts: BlogPostView[] = listing.items.map((post) => ({
    slug: post.slug,
    href: withBase(base, `blogs/${post.slug}`),
    title: post.title,
    author: post.author,
    date: post.date,
    category: post.category,
    image: post.image ? images.picture(post.image, "card") : undefined,
    largeImage: post.image ? images.picture(post.image, "large") : undefined,
    excerpt: post.excerpt,
    draft: post.draft,
    tags: tagLinks(post.tags, "blogs", base),
    lang: post.lang,
    fields: post.fields,
  }));
  const paging = pagingOf(listing, base);
  const lang = config.site.lang;
  const list = (
    <CardList
      id={postListId}
      className="blog-posts-list"
      emptyMessage={t("blogs.empty")}
      cards={posts.map((post, index) => (
        <li key={post.slug} className="blog-post-item" data-category={post.category}>
          <PostCard
            post={post}
            t={t}
            {...cardLoading(config, "posts", index)}
            linkProps={{ "aria-haspopup": "dialog" }}
          />
        </li>
      ))}
    />
  );
  return (
    <>
      <header>
        <h1 className="article-title">{t("page.blogs")}</h1>
        <ListPosition listing={listing} allLabel={t("blogs.allPosts")} t={t} />
      </header>
      <section className="blog-posts" aria-labelledby="blog-posts">
        <h2 id="blog-posts" className="visually-hidden">
          {t("blogs.heading")}
        </h2>
        <ListFilterControl
          label={t("blogs.filter")}
          categories={config.blogCategories}
          listId={postListId}
          emptyMessage={t("blogs.empty")}
          paging={paging}
          lang={lang}
          strings={config.strings}
          t={t}
        />
        {posts.length === 0 ? (
          list
        ) : (
          <Island name="PostDialog" props={{}}>
            {list}
            <PostDialogTemplates posts={posts} lang={lang} t={t} />
          </Island>
        )}
        {paging && (
          <PageLinks
            label={paging.category ? t("blogs.categoryPages", { category: paging.category }) : t("blogs.pages")}
            paging={paging}
            t={t}
          />
        )}
      </section>
    </>
  );
}
