import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/content-types.js";
import { Island } from "../render/island.js";
import type { SiteImage } from "../build/prepare-images.js";
import { withBase } from "../site-paths.js";

export function BlogsScreen({ config, content, images }: { config: ResolvedConfig; content: SiteContent; images: ReadonlyMap<string, SiteImage> }) {
  const posts = content.blogPosts.map((post) => ({
    slug: post.slug,
    href: withBase(config.site.base, `blogs/${post.slug}`),
    title: post.title,
    author: post.author,
    date: post.date,
    category: post.category,
    image: post.image ? images.get(post.image) : undefined,
    excerpt: post.excerpt,
    draft: post.draft,
  }));
  return (
    <>
      <header>
        <h1 className="article-title">Blogs</h1>
      </header>
      <section className="blog-posts" aria-labelledby="blog-posts">
        <h2 id="blog-posts" className="visually-hidden">Blog posts</h2>
        <Island name="BlogsBrowser" props={{ categories: config.blogCategories, posts, lang: config.site.lang }} />
      </section>
    </>
  );
}
