import type { ComponentName } from "../components/site-components.js";

/**
 * Whether a component's props are part of the package's semver: `stable` props change only in a
 * major version, so an override or a wrapper keeps working across minor upgrades; `internal` ones
 * (the page's frame and the screens, whose props carry the whole config and content) may change in
 * any version, and `portfolio upgrade` then shows the default's change to merge.
 */
export type Stability = "stable" | "internal";

/** A component or screen an owner may replace with a file of the same path in the site. */
export interface Overridable {
  /** The file in the site, and under src/ in the engine: `components/ProjectCard.tsx`. */
  file: string;
  /** The component the file exports (as itself or as its default export). */
  name: ComponentName;
  stability: Stability;
  what: string;
}

export const overridable: readonly Overridable[] = [
  {
    file: "components/Sidebar.tsx",
    name: "Sidebar",
    stability: "stable",
    what: "the owner's card on every page: photo, name, job title, contacts, social links",
  },
  { file: "components/Navbar.tsx", name: "Navbar", stability: "stable", what: "the menu" },
  {
    file: "components/ProjectCard.tsx",
    name: "ProjectCard",
    stability: "stable",
    what: "a project's card, on Projects and on tag pages",
  },
  {
    file: "components/PostCard.tsx",
    name: "PostCard",
    stability: "stable",
    what: "a post's card, on Blogs and on tag pages",
  },
  {
    file: "components/Layout.tsx",
    name: "Layout",
    stability: "internal",
    what: "the frame of every page: the sidebar, the menu bar, the screen and the footer",
  },
  { file: "screens/AboutScreen.tsx", name: "AboutScreen", stability: "internal", what: "the About page" },
  { file: "screens/ResumeScreen.tsx", name: "ResumeScreen", stability: "internal", what: "the Resume page" },
  { file: "screens/ProjectsScreen.tsx", name: "ProjectsScreen", stability: "internal", what: "the Projects list" },
  { file: "screens/BlogsScreen.tsx", name: "BlogsScreen", stability: "internal", what: "the Blogs list" },
  { file: "screens/ContactScreen.tsx", name: "ContactScreen", stability: "internal", what: "the Contact page" },
  { file: "screens/PostScreen.tsx", name: "PostScreen", stability: "internal", what: "a post's own page" },
  { file: "screens/ProjectScreen.tsx", name: "ProjectScreen", stability: "internal", what: "a project's own page" },
  {
    file: "screens/MarkdownPageScreen.tsx",
    name: "MarkdownPageScreen",
    stability: "internal",
    what: "a Markdown page of content/pages",
  },
];

/** The folders of the site that hold overrides, watched by `portfolio dev` and digested by the build. */
export const overrideFolders = [...new Set(overridable.map((row) => row.file.split("/")[0]!))];

/** The module an override imports the engine's components, helpers and types from. */
export const componentsModule = "portfolio-ssg/components";

/**
 * An engine source as an owner's copy: its imports of the engine's own files (`./TagLinks.js`,
 * `../i18n/message.js`) come from the package instead, which exports every name they import.
 */
export function asOwnersCopy(source: string): string {
  return source.replace(/(\bfrom\s+)"\.{1,2}\/[^"]*"/g, `$1"${componentsModule}"`);
}
