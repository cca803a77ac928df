import { useSiteComponents } from "../components/site-components.js";
import { cardLoading } from "../config/layout-names.js";
import { BackLink } from "../components/ItemNavigation.js";
import { tagLinks } from "./tag-links.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { PageLinks } from "../components/ListNavigation.js";
import type { PageImages } from "../images/prepare-images.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { projectView } from "./ProjectsScreen.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";

/**
 * A page of the posts (or projects) that carry a tag: their cards as plain links, with links to
 * the tag's other pages. No island: it works the same without JavaScript.
 */
export function TagScreen({
  entry,
  config,
  images,
  t,
}: {
  entry: Extract<RouteEntry, { kind: "tag" }>;
  config: ResolvedConfig;
  images: PageImages;
  t: Translate<StringKey>;
}) {
  const { ProjectCard, PostCard } = useSiteComponents();
  const { tag, listing } = entry;
  const base = config.site.pagesBase;
  const posts = listing.kind === "posts";
  const pageCount = listing.pagePaths.length;
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, posts ? "blogs" : "works")}>
          {posts ? t("blogs.allPosts") : t("projects.allProjects")}
        </BackLink>
        <h1 className="article-title">
          <span className="title-eyebrow">{posts ? t("tag.postsEyebrow") : t("tag.projectsEyebrow")}</span> {tag}
        </h1>
        {pageCount > 1 && (
          <p className="list-position">{t("list.pageOf", { number: listing.page, count: pageCount })}</p>
        )}
      </header>
      <section className="blog-posts" aria-labelledby="tagged-items">
        <h2 id="tagged-items" className="visually-hidden">
          {posts ? t("page.postsTagged", { tag }) : t("page.projectsTagged", { tag })}
        </h2>
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
                  t={t}
                  {...cardLoading(config, "posts", index)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="project-list">
            {listing.items.map((project, index) => (
              <li key={project.slug} className="project-item">
                <ProjectCard
                  project={projectView(project, images, base, t)}
                  index={index}
                  loading={cardLoading(config, "projects", index)}
                  t={t}
                />
              </li>
            ))}
          </ul>
        )}
        <PageLinks
          label={posts ? t("tag.postPages", { tag }) : t("tag.projectPages", { tag })}
          t={t}
          paging={{
            category: null,
            page: listing.page,
            pageHrefs: listing.pagePaths.map((path) => withBase(base, path)),
            categoryHrefs: [],
          }}
        />
      </section>
    </>
  );
}
