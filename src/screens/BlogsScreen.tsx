import type { ResolvedConfig } from "../config/config-schema.js";
import type { BlogPost } from "../content/content-types.js";
import type { Listing } from "../routes/make-routes.js";
import { ListPosition, pagingOf } from "./ListPosition.js";
import { Island } from "../render/island.js";
import type { PageImages } from "../pipeline/prepare-images.js";
import { withBase } from "../site-paths.js";
import { tagLinks } from "./tag-links.js";
import { blogsBrowserStrings } from "../islands/BlogsBrowser.js";
import { pickStrings, type Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

export function BlogsScreen({
  config,
  listing,
  images,
  t,
}: {
  config: ResolvedConfig;
  listing: Listing<BlogPost>;
  images: PageImages;
  t: Translate<StringKey>;
}) {
  const base = config.site.pagesBase;
  const posts = listing.items.map((post) => ({
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
  }));
  const paging = pagingOf(listing, base);
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
        <Island
          name="BlogsBrowser"
          props={{
            categories: config.blogCategories,
            posts,
            lang: config.site.lang,
            paging,
            strings: pickStrings(config.strings, blogsBrowserStrings),
          }}
        />
      </section>
    </>
  );
}
