import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/content-types.js";
import { Island } from "../render/island.js";
import { withBase } from "../site-paths.js";

export function BlogsScreen({ config, content }: { config: ResolvedConfig; content: SiteContent }) {
  const posts = content.blogPosts.map((post) => ({
    slug: post.slug,
    title: post.title,
    author: post.author,
    date: post.date,
    category: post.category,
    image: post.image && withBase(config.site.base, post.image),
    excerpt: post.excerpt,
    contentHtml: post.contentHtml,
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
