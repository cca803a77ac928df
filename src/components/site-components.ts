import { createContext, type ReactNode, useContext } from "react";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { BlogPost, Page, Project } from "../content/content-types.js";
import type { SiteContent } from "../content/site-content.js";
import type { PageImages } from "../images/prepare-images.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import type { Repository } from "../integrations/github-repositories.js";
import type { CommentsProps } from "../islands/Comments.js";
import type { ShownSection } from "../resume/resume-sections.js";
import type { Listing, Route, RouteEntry } from "../routes/make-routes.js";
import type { MenuItem, NavbarProps } from "./Navbar.js";
import type { PostCardProps } from "./PostCard.js";
import type { ProjectCardProps } from "./ProjectCard.js";
import type { SidebarProps } from "./Sidebar.js";

/*
 * The props of each component and screen an owner may replace live here, below the components and
 * screens that take them, so that a component can ask for another (`useSiteComponents`) without
 * importing it: the screens use the cards, the layout's parts the menu.
 */

/** What a page's frame is drawn from. */
export interface LayoutProps {
  config: ResolvedConfig;
  /** The owner's card (`Sidebar`), rendered once per build. */
  sidebarHtml: string;
  menu: MenuItem[];
  route: Route;
  t: Translate<StringKey>;
  /** The page's screen. */
  children: ReactNode;
}

export interface AboutScreenProps {
  content: SiteContent;
  /** The config's `about.sections`, checked against the content. */
  sections: readonly string[];
  t: Translate<StringKey>;
  /** `h2` under the 404 page's notice, whose heading is the page's one `h1`. */
  heading?: "h1" | "h2";
  /** The pages' base path (`site.pagesBase`), for the links of the selected publications. @default "/" */
  base?: string;
}

/** The words of the Resume page beyond its sections' titles. */
export type ResumeWords = Translate<"resume.present" | "resume.grade" | "resume.courses">;

export interface ResumeScreenProps {
  sections: ShownSection[];
  title: string;
  t: ResumeWords;
}

export interface ProjectsScreenProps {
  config: ResolvedConfig;
  content: SiteContent;
  listing: Listing<Project>;
  images: PageImages;
  /** The owner's repositories on GitHub (the config's `github`), shown after the projects. */
  repositories: Repository[];
  t: Translate<StringKey>;
}

export interface BlogsScreenProps {
  config: ResolvedConfig;
  listing: Listing<BlogPost>;
  images: PageImages;
  t: Translate<StringKey>;
}

export interface ContactScreenProps {
  config: ResolvedConfig;
  t: Translate<StringKey>;
}

export interface PostScreenProps {
  entry: Extract<RouteEntry, { kind: "post" }>;
  config: ResolvedConfig;
  images: PageImages;
  /** The post's discussion (the config's `comments`), shown last. */
  comments?: Omit<CommentsProps, "strings"> | undefined;
  t: Translate<StringKey>;
}

export interface ProjectScreenProps {
  entry: Extract<RouteEntry, { kind: "project" }>;
  config: ResolvedConfig;
  images: PageImages;
  /** The repository its `github` links to, as GitHub described it to the build (the config's `github`). */
  repository?: Repository | undefined;
  t: Translate<StringKey>;
}

export interface MarkdownPageScreenProps {
  page: Page;
  t: Translate<StringKey>;
}

/** A component an owner may replace: a function of its props. */
type Replaceable<Props> = (props: Props) => ReactNode;

/**
 * The components and screens an owner may replace with a file of their own in the site
 * (`components/ProjectCard.tsx`; the list is `overridable` in overrides/overridable.ts). A page is
 * rendered with the engine's default of each, or the owner's where they have one.
 */
export interface SiteComponents {
  Layout: Replaceable<LayoutProps>;
  Sidebar: Replaceable<SidebarProps>;
  Navbar: Replaceable<NavbarProps>;
  ProjectCard: Replaceable<ProjectCardProps>;
  PostCard: Replaceable<PostCardProps>;
  AboutScreen: Replaceable<AboutScreenProps>;
  ResumeScreen: Replaceable<ResumeScreenProps>;
  ProjectsScreen: Replaceable<ProjectsScreenProps>;
  BlogsScreen: Replaceable<BlogsScreenProps>;
  ContactScreen: Replaceable<ContactScreenProps>;
  PostScreen: Replaceable<PostScreenProps>;
  ProjectScreen: Replaceable<ProjectScreenProps>;
  MarkdownPageScreen: Replaceable<MarkdownPageScreenProps>;
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
