import { Code2 } from "lucide-react";
import type { PageImages } from "../pipeline/prepare-images.js";
import { Picture } from "../components/Picture.js";
import { BackLink, Pager } from "../components/ItemNavigation.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import { ProjectFacts } from "../islands/ProjectsBrowser.js";
import type { RouteEntry } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { TableOfContents } from "../components/TableOfContents.js";
import { TagLinks } from "../components/TagLinks.js";
import { withTableOfContents } from "../content/table-of-contents.js";
import { projectView } from "./ProjectsScreen.js";

/** A project's own page: everything its modal shows, and what the card leaves out, without JavaScript. */
export function ProjectScreen({
  entry,
  config,
  images,
}: {
  entry: Extract<RouteEntry, { kind: "project" }>;
  config: ResolvedConfig;
  images: PageImages;
}) {
  const { project, previous, next } = entry;
  const view = projectView(project, images, config.site.base, config.site.lang);
  const base = config.site.base;
  const body = withTableOfContents(project.descriptionHtml, project.toc);
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, entry.listPath)}>All projects</BackLink>
        <h1 className="article-title">{project.title}</h1>
        <TagLinks tags={view.tags} />
      </header>
      {view.largeImage && (
        <figure className="item-image">
          <Picture
            image={view.largeImage}
            alt={`Screenshot of ${project.title}`}
            fetchPriority="high"
            decoding="async"
          />
        </figure>
      )}
      <ProjectFacts
        project={view}
        body={
          <>
            <TableOfContents headings={body.headings} />
            <div className="modal-text" data-item-body="" dangerouslySetInnerHTML={{ __html: body.html }} />
          </>
        }
        headingLevel={2}
        moreFacts={[
          [project.year === undefined ? "When" : "Year", view.when],
          ["For", project.for],
          ["Category", project.category],
        ]}
      />
      {project.github && (
        <a className="modal-link" href={project.github} target="_blank" rel="noopener noreferrer">
          <Code2 aria-hidden="true" focusable="false" size={16} />
          <span>Source code</span>
        </a>
      )}
      <Pager
        label="More projects"
        previous={
          previous && { href: withBase(base, `works/${previous.slug}`), title: previous.title, rel: "Previous project" }
        }
        next={next && { href: withBase(base, `works/${next.slug}`), title: next.title, rel: "Next project" }}
      />
    </>
  );
}
