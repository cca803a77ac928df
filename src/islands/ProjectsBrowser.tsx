import { ExternalLink } from "lucide-react";
import { ProjectCard, type ProjectCardView } from "../components/ProjectCard.js";
import type { SiteImage } from "../pipeline/prepare-images.js";
import { FilteredList, type ListPaging } from "./CategoryFilter.js";
import { Modal } from "./Modal.js";
import type { ReactNode } from "react";
import { LazyItemBody, prefetchOnIntent } from "./LazyItemBody.js";
import { SafeImage } from "./SafeImage.js";
import { useItemDialog } from "./use-item-dialog.js";

/** What a project card and its modal need; image URLs already carry the base path. */
export interface ProjectView extends ProjectCardView {
  client?: string | undefined;
  languages?: string[] | undefined;
  /** What the owner did in it. */
  roles?: string[] | undefined;
  preview?: string | undefined;
  /** The description's first sentences; the whole description is on the project's page. */
  summary: string;
  /** The modal's image, larger than the card's. */
  largeImage?: SiteImage | undefined;
  category?: string | undefined;
  features?: string[] | undefined;
  technical_highlights?: string[] | undefined;
  key_components?: string[] | undefined;
}

const emptyMessage = "No projects found in the selected category.";

export function ProjectsBrowser({
  categories,
  projects,
  paging,
}: {
  categories: string[];
  projects: ProjectView[];
  paging?: ListPaging | undefined;
}) {
  const { selected, close, onLinkClick } = useItemDialog(projects);
  const card = (project: ProjectView, index: number) => (
    <li key={project.slug} className="project-item">
      <ProjectCard
        project={project}
        index={index}
        linkProps={{
          "aria-haspopup": "dialog",
          onClick: onLinkClick(project),
          onPointerEnter: () => prefetchOnIntent(project.href),
          onFocus: () => prefetchOnIntent(project.href),
        }}
      />
    </li>
  );

  return (
    <>
      <FilteredList
        label="Filter projects by category"
        categories={categories}
        items={projects}
        emptyMessage={emptyMessage}
        className="project-list"
        paging={paging}
        pagesLabel={`Pages of ${paging?.category === "All" ? "the projects" : `the ${paging?.category} projects`}`}
      >
        {card}
      </FilteredList>
      {selected && <ProjectModal project={selected} onClose={close} />}
    </>
  );
}

function ProjectModal({ project, onClose }: { project: ProjectView; onClose: () => void }) {
  return (
    <Modal labelledBy="project-modal-title" onClose={onClose}>
      <figure className="modal-img">
        <SafeImage image={project.largeImage} alt={`Screenshot of ${project.title}`} lazy={false} />
      </figure>
      <h2 id="project-modal-title" className="modal-title">
        {project.title}
      </h2>
      <ProjectFacts
        project={project}
        body={<LazyItemBody href={project.href} summary={project.summary} pageName="project's own page" />}
      />
    </Modal>
  );
}

/** Everything the modal says of a project after its title; also the page's text without JavaScript. */
export function ProjectFacts({
  project,
  body,
  headingLevel = 3,
  moreFacts = [],
}: {
  project: ProjectView;
  /** The description: the whole of it on the project's page, fetched from there in the dialog. */
  body: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** Facts shown before the type, client and languages (the project's page adds when, for whom and category). */
  moreFacts?: Array<[term: string, detail: string | undefined]>;
}) {
  // A fact the project does not give has no line.
  const facts = [
    ...moreFacts,
    ["Project type", project.projectType],
    ["Client", project.client],
    ["Roles", project.roles?.join(", ")],
    ["Languages", project.languages?.join(", ")],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <>
      {facts.length > 0 && (
        <dl className="modal-facts">
          {facts.map(([term, detail]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{detail}</dd>
            </div>
          ))}
        </dl>
      )}
      {project.preview && (
        <a className="modal-link" href={project.preview} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" focusable="false" size={16} />
          <span>Preview</span>
        </a>
      )}
      {body}
      <DetailList title="Features" items={project.features} headingLevel={headingLevel} />
      <DetailList title="Technical highlights" items={project.technical_highlights} headingLevel={headingLevel} />
      <DetailList title="Key components" items={project.key_components} headingLevel={headingLevel} />
    </>
  );
}

function DetailList({
  title,
  items,
  headingLevel,
}: {
  title: string;
  items?: string[] | undefined;
  headingLevel: 2 | 3 | 4;
}) {
  if (!items?.length) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="modal-section">
      <Heading>{title}</Heading>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
