import ExternalLink from "lucide-react/icons/external-link";
import type { ProjectCardView } from "./ProjectCard.js";
import type { SiteImage } from "../images/prepare-images.js";
import type { Translate } from "../i18n/message.js";
import type { ReactNode } from "react";
import { CardImage } from "./CardImage.js";
import { ItemDialogBody, ItemDialogTemplates } from "./ItemDialogTemplates.js";

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

/** What a project's facts are called, wherever they are shown. */
export const projectFactStrings = [
  "project.type",
  "project.client",
  "project.roles",
  "project.languages",
  "project.preview",
  "project.features",
  "project.highlights",
  "project.components",
] as const;
type FactWords = Translate<(typeof projectFactStrings)[number]>;

/** The words a project's dialog shows, in the site's language. */
type ProjectsWords = Translate<
  (typeof projectFactStrings)[number] | "project.imageAlt" | "project.readAll" | "dialog.close" | "dialog.loading"
>;

/** The dialogs of a list's projects, each drawn on the server, opened by the list's island. */
export function ProjectDialogTemplates({ projects, t }: { projects: ProjectView[]; t: ProjectsWords }) {
  return (
    <ItemDialogTemplates
      labelledBy="project-modal-title"
      closeLabel={t("dialog.close")}
      items={projects.map((project) => ({
        href: project.href,
        content: <ProjectDialogContent project={project} t={t} />,
      }))}
    />
  );
}

/** What a project's dialog shows: its large image, title and facts, and its text once fetched. */
function ProjectDialogContent({ project, t }: { project: ProjectView; t: ProjectsWords }) {
  return (
    <>
      <figure className="modal-img">
        <CardImage
          image={project.largeImage}
          title={project.title}
          alt={t("project.imageAlt", { title: project.title })}
          lazy={false}
        />
      </figure>
      <h2 id="project-modal-title" className="modal-title" lang={project.lang}>
        {project.title}
      </h2>
      <ProjectFacts
        project={project}
        body={
          <ItemDialogBody
            summary={project.summary}
            readAll={t("project.readAll")}
            loading={t("dialog.loading")}
            lang={project.lang}
          />
        }
        t={t}
      />
    </>
  );
}

/** Everything the modal says of a project after its title; also the page's text without JavaScript. */
export function ProjectFacts({
  project,
  body,
  headingLevel = 3,
  moreFacts = [],
  t,
}: {
  project: ProjectView;
  /** The description: the whole of it on the project's page, fetched from there in the dialog. */
  body: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** Facts shown before the type, client and languages (the project's page adds when, for whom and category). */
  moreFacts?: Array<[term: string, detail: string | undefined]>;
  t: FactWords;
}) {
  // A fact the project does not give has no line.
  const facts = [
    ...moreFacts,
    [t("project.type"), project.projectType],
    [t("project.client"), project.client],
    [t("project.roles"), project.roles?.join(", ")],
    [t("project.languages"), project.languages?.join(", ")],
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
          <span>{t("project.preview")}</span>
        </a>
      )}
      {body}
      <DetailList title={t("project.features")} items={project.features} headingLevel={headingLevel} />
      <DetailList title={t("project.highlights")} items={project.technical_highlights} headingLevel={headingLevel} />
      <DetailList title={t("project.components")} items={project.key_components} headingLevel={headingLevel} />
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
