import { BackLink } from "../components/ItemNavigation.js";
import { PostCard } from "../components/PostCard.js";
import { ProjectCard } from "../components/ProjectCard.js";
import { tagLinks } from "./tag-links.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { PageLinks } from "../islands/CategoryFilter.js";
import type { PageImages } from "../pipeline/prepare-images.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { projectView } from "./ProjectsScreen.js";

/**
 * A page of the posts (or projects) that carry a tag: their cards as plain links, with links to
 * the tag's other pages. No island: it works the same without JavaScript.
 */
export function TagScreen({
  entry,
  config,
  images,
}: {
  entry: Extract<RouteEntry, { kind: "tag" }>;
  config: ResolvedConfig;
  images: PageImages;
}) {
  const { tag, listing } = entry;
  const base = config.site.base;
  const posts = listing.kind === "posts";
  const noun = posts ? "posts" : "projects";
  const pageCount = listing.pagePaths.length;
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, posts ? "blogs" : "works")}>{posts ? "All posts" : "All projects"}</BackLink>
        <h1 className="article-title">
          <span className="title-eyebrow">{posts ? "Posts tagged" : "Projects tagged"}</span> {tag}
        </h1>
        {pageCount > 1 && <p className="list-position">{`Page ${listing.page} of ${pageCount}`}</p>}
      </header>
      <section className="blog-posts" aria-labelledby="tagged-items">
        <h2 id="tagged-items" className="visually-hidden">{`${posts ? "Posts" : "Projects"} tagged ${tag}`}</h2>
        {listing.kind === "posts" ? (
          <ul className="blog-posts-list">
            {listing.items.map((post, index) => (
              <li key={post.slug} className="blog-post-item">
                <PostCard
                  post={{
                    ...post,
                    href: withBase(base, `blogs/${post.slug}`),
                    image: post.image ? images.picture(post.image, "card") : undefined,
                    tags: tagLinks(post.tags, "blogs", base),
                  }}
                  lang={config.site.lang}
                  lazy={index > 1}
                />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="project-list">
            {listing.items.map((project, index) => (
              <li key={project.slug} className="project-item">
                <ProjectCard project={projectView(project, images, base, config.site.lang)} index={index} />
              </li>
            ))}
          </ul>
        )}
        <PageLinks
          label={`Pages of the ${noun} tagged ${tag}`}
          paging={{
            category: "All",
            page: listing.page,
            pageHrefs: listing.pagePaths.map((path) => withBase(base, path)),
            categoryHrefs: [],
          }}
        />
      </section>
    </>
  );
}
