import type { CollectionContent } from "./collections.js";
import type { ContentLinks, CustomSectionContent } from "./content-types.js";
import type { ScholarlyWork } from "./scholarly-work.js";

/**
 * Everything in content/, validated and with its markdown rendered to safe HTML: one field per
 * collection of the table in collections.ts, and what the loader gathers across them.
 */
export type SiteContent = CollectionContent & {
  /** The entries of the résumé sections the config declares (`resume.customSections`), by the section's id. */
  customSections: Record<string, CustomSectionContent>;
  /**
   * The publications of content/publications/*.bib, newest first (load-publications.ts): the same
   * in every language.
   */
  bibliography: ScholarlyWork[];
  /** Links and images into the site from each Markdown body, checked once the site's files are known. */
  links: ContentLinks[];
  /**
   * The files this language's pages show in another language, or
   * leave out (`site.untranslated`): none in the default language.
   */
  untranslated: string[];
  /** What the owner should change but that does not stop the build (an old field), each naming its file. */
  warnings: string[];
  /**
   * The files whose Mermaid diagrams are shown as their source, for
   * want of a browser to draw them: none in the other languages.
   */
  diagramsAsSource?: string[] | undefined;
  /** Whether this build kept or removed drawings in drawings/, which its inputs' digest was made without. */
  drawingsChanged?: boolean | undefined;
};
