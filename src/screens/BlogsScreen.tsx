import type { ResolvedConfig } from "../config/config-schema.js";
import type { BlogListing } from "../routes/make-routes.js";
import { Island } from "../render/island.js";
import type { SiteImage } from "../build/prepare-images.js";
import { withBase } from "../site-paths.js";

export function BlogsScreen({ config, listing, images }: { config: ResolvedConfig; listing: BlogListing; images: ReadonlyMap<string, SiteImage> }) {
  const base = config.site.base;
  const posts = listing.posts.map((post) => ({
    slug: post.slug,
    href: withBase(base, `blogs/${post.slug}`),
    title: post.title,
    author: post.author,
    date: post.date,
    category: post.category,
    image: post.image ? images.get(post.image) : undefined,
    excerpt: post.excerpt,
    draft: post.draft,
  }));
  const paging = listing.categoryPaths && {
    category: listing.category,
    page: listing.page,
    pageHrefs: listing.pagePaths.map((path) => withBase(base, path)),
    categoryHrefs: listing.categoryPaths.map(({ category, path }) => ({ category, href: withBase(base, path) })),
  };
  return (
    <>
      <header>
        <h1 className="article-title">Blogs</h1>
        {listing.categoryPaths && (listing.category !== "All" || listing.page > 1) && (
          <p className="list-position">
            {listing.category === "All" ? "All posts" : listing.category}
            {listing.pagePaths.length > 1 && `, page ${listing.page} of ${listing.pagePaths.length}`}
          </p>
        )}
      </header>
      <section className="blog-posts" aria-labelledby="blog-posts">
        <h2 id="blog-posts" className="visually-hidden">Blog posts</h2>
        <Island name="BlogsBrowser" props={{ categories: config.blogCategories, posts, lang: config.site.lang, paging }} />
      </section>
    </>
  );
}
