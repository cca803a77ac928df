import Eye from "lucide-react/icons/eye";
import type { AnchorHTMLAttributes } from "react";
import { CardImage } from "./CardImage.js";
import type { SiteImage } from "../images/prepare-images.js";
import { type TagLink, TagLinks } from "./TagLinks.js";
import type { Translate } from "../i18n/message.js";
import type { FieldsOf } from "../content/owner-fields.js";

/** What a project's card needs; addresses already carry the base path. */
export interface ProjectCardView {
  slug: string;
  /** The project's own page. */
  href: string;
  title: string;
  projectType?: string | undefined;
  image?: SiteImage | undefined;
  /** When it was done, as the card shows it: `09/2024`, or `Mar 2019 — 2021`. */
  when?: string | undefined;
  tags?: TagLink[] | undefined;
  /** Its language, when it is not the page's: a project without a translation. */
  lang?: string | undefined;
  /** The values of the owner's own fields (the config's `fields`): `{}` when it declares none. */
  fields: FieldsOf<"projects">;
}

/** What a project's card is drawn from. */
export interface ProjectCardProps {
  project: ProjectCardView;
  /** Its place in the list. */
  index: number;
  /**
   * How its image loads: `priority` for the list's first row at the layout's widest (likely the page's largest
   * paint), `lazy` for the cards below the first view. Without it, the first card's loads first, the second at
   * once, the rest when near.
   */
  loading?: { priority: boolean; lazy: boolean };
  /** Attributes for the title's link: on the list, `aria-haspopup="dialog"`, which opens the project's dialog. */
  linkProps?: AnchorHTMLAttributes<HTMLAnchorElement>;
  /** The site's words: `t("list.tagsOf", { title })` names the card's tags. */
  t: Translate<"list.tagsOf">;
}

/**
 * A project's card, server HTML outside React: on the projects' list its title link is marked as
 * opening a dialog (`linkProps`), which the list's dialog island hears from around it; a tag page
 * shows it as it is, a plain link to the project.
 */
export function ProjectCard({
  project,
  index,
  loading = { priority: index === 0, lazy: index > 1 },
  linkProps = {},
  t,
}: ProjectCardProps) {
  return (
    <article className="project-card">
      <figure className="project-img">
        <CardImage image={project.image} title={project.title} lazy={loading.lazy} priority={loading.priority} />
        <span className="project-item-icon-box" aria-hidden="true">
          <Eye size={20} focusable="false" />
        </span>
      </figure>
      {project.when && <p className="project-year">{project.when}</p>}
      <h3 className="project-title" lang={project.lang}>
        <a href={project.href} className="project-open" {...linkProps}>
          {project.title}
        </a>
      </h3>
      {project.projectType && (
        <p className="project-category" lang={project.lang}>
          {project.projectType}
        </p>
      )}
      <TagLinks tags={project.tags} label={t("list.tagsOf", { title: project.title })} />
    </article>
  );
}
