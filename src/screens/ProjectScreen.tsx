import Code2 from "lucide-react/icons/code-xml";
import { Picture } from "../components/Picture.js";
import { BackLink, Pager } from "../components/ItemNavigation.js";
import { ProjectFacts } from "../components/ProjectDialog.js";
import { withBase } from "../site-paths.js";
import { TableOfContents } from "../components/TableOfContents.js";
import { TagLinks } from "../components/TagLinks.js";
import { withHeadingLinks, withTableOfContents } from "../content/table-of-contents.js";
import { projectView } from "./ProjectsScreen.js";
import type { Translate } from "../i18n/message.js";
import { RepositoryFigures } from "../components/Repositories.js";
import type { ProjectScreenProps } from "../components/site-components.js";

/** A project's own page: everything its modal shows, and what the card leaves out, without JavaScript. */
export function ProjectScreen({ entry, config, images, repository, t }: ProjectScreenProps) {
  const { project, previous, next } = entry;
  const view = projectView(project, images, config.site.pagesBase, t);
  const base = config.site.pagesBase;
  const body = withTableOfContents(project.descriptionHtml, project.toc);
  return (
    <>
      <header className="item-header">
        <BackLink href={withBase(base, entry.listPath)}>{t("projects.allProjects")}</BackLink>
        <h1 className="article-title" lang={project.lang}>
          {project.title}
        </h1>
        <TagLinks tags={view.tags} label={t("list.tags")} />
      </header>
      {view.largeImage && (
        <figure className="item-image">
          <Picture
            image={view.largeImage}
            alt={t("project.imageAlt", { title: project.title })}
            fetchPriority="high"
            decoding="async"
          />
        </figure>
      )}
      <ProjectFacts
        project={view}
        body={
          <>
            <TableOfContents headings={body.headings} t={t} />
            <div
              className="modal-text"
              data-item-body=""
              lang={project.lang}
              dangerouslySetInnerHTML={{
                __html: withHeadingLinks(body.html, (heading) => t("writing.headingLink", { heading })),
              }}
            />
          </>
        }
        headingLevel={2}
        moreFacts={[
          [project.year === undefined ? t("project.when") : t("project.year"), view.when],
          [t("project.for"), project.for],
          [t("project.category"), project.category],
        ]}
        t={t}
      />
      {project.github && !repository && <SourceLink href={project.github} t={t} />}
      {project.github && repository && (
        <div className="project-source">
          <SourceLink href={project.github} t={t} />
          <RepositoryFigures
            repository={repository}
            t={t}
            label={t("github.figures", { repository: repository.fullName })}
          />
        </div>
      )}
      <Pager
        label={t("project.pager")}
        previous={
          previous && {
            href: withBase(base, `works/${previous.slug}`),
            title: previous.title,
            rel: t("project.previous"),
          }
        }
        next={next && { href: withBase(base, `works/${next.slug}`), title: next.title, rel: t("project.next") }}
      />
    </>
  );
}

/** The link to a project's code, as a button. */
function SourceLink({ href, t }: { href: string; t: Translate<"project.source"> }) {
  return (
    <a className="modal-link" href={href} target="_blank" rel="noopener noreferrer">
      <Code2 aria-hidden="true" focusable="false" size={16} />
      <span>{t("project.source")}</span>
    </a>
  );
}
