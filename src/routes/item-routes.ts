// The rows of pages that show one thing: a project, a post, a series, a page written in Markdown.
import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/site-content.js";
import { relatedPostsAmong, type Series, seriesOf } from "../content/post-relations.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { listPathOf } from "./list-routes.js";
import { fileOf } from "./route-paths.js";
import type { Route, RouteRow } from "./route-types.js";

export function projectRoutes(config: ResolvedConfig, content: SiteContent): RouteRow[] {
  return content.projects.map((project, index, projects) =>
    itemRoute("works", project.slug, {
      screen: "project",
      section: "projects",
      title: project.title,
      description: project.summary,
      kind: "website",
      image: project.image,
      entry: {
        kind: "project",
        project,
        previous: projects[index - 1],
        next: projects[index + 1],
        listPath: listPathOf("works", index, projects.length, config.projectsPerPage),
      },
    }),
  );
}

export function postRoutes(config: ResolvedConfig, content: SiteContent): RouteRow[] {
  const series = new Map(seriesOf(content.blogPosts).flatMap((one) => one.parts.map((part) => [part, one] as const)));
  const relatedTo = relatedPostsAmong(content.blogPosts);
  return content.blogPosts.map((post, index, posts) =>
    itemRoute(
      "blogs",
      post.slug,
      {
        screen: "post",
        section: "blogs",
        title: post.title,
        description: post.excerpt,
        kind: "article",
        image: post.image,
        updated: post.date,
        // "All posts" leads back to the page of the list that shows this post.
        entry: {
          kind: "post",
          post,
          newer: posts[index - 1],
          older: posts[index + 1],
          listPath: listPathOf("blogs", index, posts.length, config.postsPerPage),
          related: relatedTo(post),
          series: series.has(post) ? { ...series.get(post)!, path: seriesPath(series.get(post)!) } : undefined,
        },
      },
      post.draft,
    ),
  );
}

/** The page of one entry of a list: `/<list>/<slug>`, its own canonical address; a draft is not indexed. */
function itemRoute(
  list: string,
  slug: string,
  fields: Omit<Route, "path" | "sitePath" | "file" | "indexable" | "canonicalPath">,
  draft = false,
): RouteRow {
  const path = `${list}/${slug}`;
  return { path, file: fileOf(path), indexable: !draft, canonicalPath: path, ...fields };
}

/** A series' page: `/blogs/series/<id>`. */
export function seriesPath(series: Series): string {
  return `blogs/series/${series.id}`;
}

/** Each series' own page, listing its parts in order. */
export function seriesRoutes(config: ResolvedConfig, content: SiteContent, t: Translate<StringKey>): RouteRow[] {
  return seriesOf(content.blogPosts).map((series) => {
    const path = seriesPath(series);
    const published = series.parts.filter((part) => !part.draft);
    // What search engines read of an indexed series (its description, its date) is its published parts'.
    const described = published.length > 0 ? published : series.parts;
    const newest = described
      .map((part) => part.date)
      .sort()
      .at(-1);
    return {
      path,
      file: fileOf(path),
      screen: "series",
      section: "blogs",
      title: t("page.series", { series: series.name }),
      description: t("description.series", {
        count: described.length,
        owner: config.owner.name,
        titles: described.map((part) => part.title).join("; "),
      }),
      // A series whose every part is a draft is not indexed.
      indexable: published.length > 0,
      canonicalPath: path,
      kind: "website",
      updated: newest,
      entry: { kind: "series", series },
    };
  });
}

/**
 * A page written in Markdown, at `/<slug>`; whether the address
 * is free is checked with the site's files (page-addresses.ts).
 */
export function markdownPageRoutes(content: SiteContent): RouteRow[] {
  return content.pages.map((page) => ({
    path: page.slug,
    file: fileOf(page.slug),
    screen: "page",
    section: `page:${page.slug}`,
    title: page.title,
    description: page.description,
    ...(page.menu ? { menuLabel: page.menu.label, menuOrder: page.menu.order ?? Infinity } : {}),
    indexable: true,
    canonicalPath: page.slug,
    kind: "website",
    entry: { kind: "page", page },
  }));
}
