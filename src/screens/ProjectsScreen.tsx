import { useSiteComponents } from "../components/site-components.js";
import { cardLoading } from "../config/layout-names.js";
import ArrowUpRight from "lucide-react/icons/arrow-up-right";
import type { Project } from "../content/content-types.js";
import { type ProjectView, ProjectDialogTemplates } from "../components/ProjectDialog.js";
import { Island } from "../components/island.js";
import type { PageImages } from "../images/prepare-images.js";
import { formatPartialDate, formatPeriod } from "../format-date.js";
import { withBase } from "../site-paths.js";
import { tagLinks } from "./tag-links.js";
import { ListPosition, pagingOf } from "./ListPosition.js";
import { PageLinks } from "../components/ListNavigation.js";
import { ListFilterControl } from "./ListFilterControl.js";
import { CardList } from "../components/CardList.js";
import type { Translate } from "../i18n/message.js";
import { RepositoryCards } from "../components/Repositories.js";
import type { ProjectsScreenProps } from "../components/site-components.js";

/** The id of the list of project cards, which the filter shows and hides the items of. */
const projectListId = "project-cards";

/**
 * The projects' list: its cards are server HTML, outside React. The islands are its controls: the
 * category filter and the dialog a card opens, both plain modules over server HTML.
 */
export function ProjectsScreen({ config, content, listing, images, repositories, t }: ProjectsScreenProps) {
  const { ProjectCard } = useSiteComponents();
  const projects = listing.items.map((project) => projectView(project, images, config.site.pagesBase, t));
  const paging = pagingOf(listing, config.site.pagesBase);
  // Other projects and the way to more work close the list, once: on its first page.
  const isListStart = listing.category === null && listing.page === 1;
  const codeProfile = isListStart ? config.social.find((link) => link.kind === "code") : undefined;
  const lang = config.site.lang;
  const list = (
    <CardList
      id={projectListId}
      className="project-list"
      emptyMessage={t("projects.empty")}
      cards={projects.map((project, index) => (
        <li key={project.slug} className="project-item" data-category={project.category}>
          <ProjectCard
            project={project}
            index={index}
            loading={cardLoading(config, "projects", index)}
            t={t}
            linkProps={{ "aria-haspopup": "dialog" }}
          />
        </li>
      ))}
    />
  );
  return (
    <>
      <header>
        <h1 className="article-title">{t("page.projects")}</h1>
        <ListPosition listing={listing} allLabel={t("projects.allProjects")} t={t} />
      </header>
      <section className="projects" aria-labelledby="featured-projects">
        <h2 id="featured-projects" className="visually-hidden">
          {t("projects.heading")}
        </h2>
        <ListFilterControl
          label={t("projects.filter")}
          categories={config.projectCategories}
          listId={projectListId}
          emptyMessage={t("projects.empty")}
          paging={paging}
          lang={lang}
          strings={config.strings}
          t={t}
        />
        {projects.length === 0 ? (
          list
        ) : (
          <Island name="ProjectDialog" props={{}}>
            {list}
            <ProjectDialogTemplates projects={projects} t={t} />
          </Island>
        )}
        {paging && (
          <PageLinks
            label={paging.category ? t("projects.categoryPages", { category: paging.category }) : t("projects.pages")}
            paging={paging}
            t={t}
          />
        )}
      </section>
      {isListStart && content.otherProjects.length > 0 && (
        <section className="other-projects" aria-labelledby="other-projects">
          <h2 id="other-projects" className="h3">
            {t("projects.other")}
          </h2>
          <ul className="other-projects-list">
            {content.otherProjects.map((project) => (
              <li key={project.slug} className="other-project content-card">
                <div className="other-project-heading">
                  <h3 className="h4">
                    {project.link ? (
                      <a href={project.link} rel="noopener noreferrer" target="_blank">
                        {project.title}
                      </a>
                    ) : (
                      project.title
                    )}
                  </h3>
                  <span className="other-project-year">{project.year}</span>
                </div>
                <div className="other-project-text" dangerouslySetInnerHTML={{ __html: project.descriptionHtml }} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {isListStart && repositories.length > 0 && <RepositoryCards repositories={repositories} t={t} />}
      {codeProfile && (
        <footer className="projects-footer">
          <a href={codeProfile.url} rel="me noopener noreferrer" target="_blank" className="projects-footer-link">
            <span>{t("projects.seeMore", { site: codeProfile.label })}</span>
            <ArrowUpRight aria-hidden="true" focusable="false" size={18} />
          </a>
        </footer>
      )}
    </>
  );
}

/** A project as its card, modal and page show it: image sizes resolved, base path included. */
export function projectView(
  project: Project,
  images: PageImages,
  base: string,
  t: Translate<"resume.present">,
): ProjectView {
  return {
    slug: project.slug,
    href: withBase(base, `works/${project.slug}`),
    title: project.title,
    projectType: project.projectType,
    client: project.client,
    roles: project.roles,
    languages: project.languages,
    preview: project.preview,
    summary: project.summary,
    image: project.image ? images.picture(project.image, "card") : undefined,
    largeImage: project.image ? images.picture(project.image, "large") : undefined,
    when: projectWhen(project, t),
    tags: tagLinks(project.tags, "works", base),
    category: project.category,
    features: project.features,
    technical_highlights: project.technical_highlights,
    key_components: project.key_components,
    lang: project.lang,
    fields: project.fields,
  };
}

/** `year` as written (09/2024); `start` and `end` as the Resume shows a period (Mar 2019 — 2021). */
export function projectWhen(
  project: Pick<Project, "year" | "start" | "end">,
  t: Translate<"resume.present">,
): string | undefined {
  const lang = t.lang;
  if (project.year !== undefined) return project.year;
  if (project.start === undefined) return project.end === undefined ? undefined : formatPartialDate(project.end, lang);
  if (project.end === undefined) return formatPartialDate(project.start, lang);
  const shown = formatPeriod(project.start, project.end, lang, t("resume.present"));
  return shown.end === undefined ? shown.start : `${shown.start} — ${shown.end}`;
}
