import { createContext, useContext } from "react";
import type { BlogsScreen } from "../screens/BlogsScreen.js";
import type { AboutScreen } from "../screens/AboutScreen.js";
import type { ContactScreen } from "../screens/ContactScreen.js";
import type { MarkdownPageScreen } from "../screens/MarkdownPageScreen.js";
import type { PostScreen } from "../screens/PostScreen.js";
import type { ProjectScreen } from "../screens/ProjectScreen.js";
import type { ProjectsScreen } from "../screens/ProjectsScreen.js";
import type { ResumeScreen } from "../screens/ResumeScreen.js";
import type { Layout } from "./Layout.js";
import type { Navbar } from "./Navbar.js";
import type { PostCard } from "./PostCard.js";
import type { ProjectCard } from "./ProjectCard.js";
import type { Sidebar } from "./Sidebar.js";

/**
 * The components and screens an owner may replace with a file of their own in the site
 * (`components/ProjectCard.tsx`; the list is `overridable` in overrides/overridable.ts). A page is
 * rendered with the engine's default of each, or the owner's where they have one.
 */
export interface SiteComponents {
  Layout: typeof Layout;
  Sidebar: typeof Sidebar;
  Navbar: typeof Navbar;
  ProjectCard: typeof ProjectCard;
  PostCard: typeof PostCard;
  AboutScreen: typeof AboutScreen;
  ResumeScreen: typeof ResumeScreen;
  ProjectsScreen: typeof ProjectsScreen;
  BlogsScreen: typeof BlogsScreen;
  ContactScreen: typeof ContactScreen;
  PostScreen: typeof PostScreen;
  ProjectScreen: typeof ProjectScreen;
  MarkdownPageScreen: typeof MarkdownPageScreen;
}

export type ComponentName = keyof SiteComponents;

/** The components a page is rendered with, given by render/render-page.tsx. */
export const SiteComponentsContext = createContext<SiteComponents | null>(null);

/** The components of the page being rendered: the owner's where they replaced one, the engine's otherwise. */
export function useSiteComponents(): SiteComponents {
  const components = useContext(SiteComponentsContext);
  if (!components) throw new Error("A site component was rendered outside a page (render/render-page.tsx)");
  return components;
}
