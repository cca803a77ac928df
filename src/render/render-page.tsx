import { renderToString } from "react-dom/server";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { PageImages } from "../images/prepare-images.js";
import type { SiteContent } from "../content/site-content.js";
import { Layout } from "../components/Layout.js";
import { Sidebar } from "../components/Sidebar.js";
import { Navbar } from "../components/Navbar.js";
import { PostCard } from "../components/PostCard.js";
import { ProjectCard } from "../components/ProjectCard.js";
import { type SiteComponents, SiteComponentsContext } from "../components/site-components.js";
import { bodyIslands, contentIslandsIn, type IslandName } from "../islands/registry.js";
import { withCodeCopy } from "./code-copy.js";
import type { Route, ScreenName } from "../routes/make-routes.js";
import type { MenuItem } from "../components/Navbar.js";
import type { ReactNode } from "react";
import { AboutScreen } from "../screens/AboutScreen.js";
import { BlogsScreen } from "../screens/BlogsScreen.js";
import { ContactScreen } from "../screens/ContactScreen.js";
import { ProjectsScreen } from "../screens/ProjectsScreen.js";
import { PostScreen } from "../screens/PostScreen.js";
import { ProjectScreen } from "../screens/ProjectScreen.js";
import { MarkdownPageScreen } from "../screens/MarkdownPageScreen.js";
import { ResumeScreen } from "../screens/ResumeScreen.js";
import { NotFoundScreen } from "../screens/NotFoundScreen.js";
import { SearchScreen } from "../screens/SearchScreen.js";
import { SeriesScreen } from "../screens/SeriesScreen.js";
import { PublicationScreen } from "../screens/PublicationScreen.js";
import { PublicationsScreen } from "../screens/PublicationsScreen.js";
import { PublicationEntry } from "../components/PublicationEntry.js";
import type { ScholarlyWork } from "../content/scholarly-work.js";
import { TagScreen } from "../screens/TagScreen.js";
import { shownSections } from "../resume/resume-sections.js";
import { layoutOf } from "../layouts/layouts.js";
import { IslandCollector, takeResourceHints, type PageCollector } from "../components/island.js";
import type { Translate } from "../i18n/message.js";
import type { StringKey } from "../i18n/strings.js";
import { siteTranslator } from "../i18n/site-translator.js";
import { commentsOf } from "../integrations/page-integrations.js";
import { repositoryOfLink, type GitHubRepositories, type Repository } from "../integrations/github-repositories.js";

export interface RenderedPage {
  route: Route;
  /** The markup inside `<body>`, without scripts. */
  body: string;
  /** Islands the page uses, in the order they appear. */
  islands: IslandName[];
  /** Preload hints for the page's eager images, for `<head>`. */
  hints: string[];
}

/** What every page is rendered from. */
export interface RenderInput {
  config: ResolvedConfig;
  content: SiteContent;
  /** The images pages show, by their path inside public/. */
  images: PageImages;
  /** The menu, from the pages table. */
  menu: MenuItem[];
  /** GitHub's repositories, when the config has `github`: cards on the Projects page, figures on project pages. */
  github?: GitHubRepositories | undefined;
  /**
   * The owner's own components, each in place of the engine's of that name, and a digest of what
   * they were compiled from (overrides/load-overrides.ts).
   */
  overrides?: { components: Partial<SiteComponents>; digest: string } | undefined;
}

/** The engine's own component for each name an owner may replace. */
export const defaultComponents: SiteComponents = {
  Layout,
  Sidebar,
  Navbar,
  ProjectCard,
  PostCard,
  AboutScreen,
  ResumeScreen,
  ProjectsScreen,
  BlogsScreen,
  ContactScreen,
  PostScreen,
  ProjectScreen,
  MarkdownPageScreen,
};

/**
 * The components a page of this build is rendered with: the engine's, then the chosen layout's in
 * their place, then the owner's where they have one.
 */
export function componentsOf(input: Pick<RenderInput, "config" | "overrides">): SiteComponents {
  const layout = layoutOf(input.config).components;
  return { ...defaultComponents, ...layout, ...input.overrides?.components };
}

/** The owner's card, rendered once for every page, with the resource hints its photo needs. */
export interface RenderedSidebar {
  html: string;
  hints: string[];
}

/** Renders the sidebar's contents, the same on every page of a build. */
export function renderSidebar(input: RenderInput): RenderedSidebar {
  const { config, images } = input;
  const components = componentsOf(input);
  const hints: string[] = [];
  const html = takeResourceHints(
    renderToString(
      <SiteComponentsContext.Provider value={components}>
        <components.Sidebar
          config={config}
          photo={images.picture(config.owner.photo, "avatar")}
          t={siteTranslator(config)}
        />
      </SiteComponentsContext.Provider>,
    ),
    hints,
  );
  return { html, hints };
}

/**
 * What the pages of one build share besides their input: the sidebar, rendered once, and each publication's
 * entry as the list shows it, rendered the first time a page of the list shows it (an entry is on a page of
 * the list and on one of each of its categories).
 */
export interface SharedParts {
  sidebar: RenderedSidebar;
  publicationEntries: Map<ScholarlyWork, string>;
}

/** The entries of a list of publications as the list shows them: those rendered for an earlier page, the others now. */
function entriesHtml(
  works: readonly ScholarlyWork[],
  shared: SharedParts,
  t: Translate<StringKey>,
  base: string,
): Map<ScholarlyWork, string> {
  return new Map(
    works.map((work) => {
      let html = shared.publicationEntries.get(work);
      if (html === undefined) {
        html = renderToString(<PublicationEntry work={work} t={t} base={base} />);
        shared.publicationEntries.set(work, html);
      }
      return [work, html];
    }),
  );
}

/** The parts every page of a build shares, made once for them all. */
export function sharedParts(input: RenderInput): SharedParts {
  return { sidebar: renderSidebar(input), publicationEntries: new Map() };
}

type ScreenProps = RenderInput & {
  route: Route;
  t: Translate<StringKey>;
  components: SiteComponents;
  /** The entries of the page's list of publications as the list shows them, each rendered once a build. */
  publicationEntries: ReadonlyMap<ScholarlyWork, string>;
};

/** Each screen of the pages table, by name: a new kind of page adds one line here. */
const screens: Record<ScreenName, (props: ScreenProps) => ReactNode> = {
  about: ({ content, config, t, components }) => (
    <components.AboutScreen content={content} sections={config.about.sections} t={t} base={config.site.pagesBase} />
  ),
  resume: ({ content, config, t, components }) => (
    <components.ResumeScreen sections={shownSections(config, content)} title={t("page.resume")} t={t} />
  ),
  projects: ({ route, config, content, images, github, t, components }) =>
    route.listing?.kind === "projects" && (
      <components.ProjectsScreen
        config={config}
        content={content}
        listing={route.listing}
        images={images}
        repositories={github?.cards ?? []}
        t={t}
      />
    ),
  blogs: ({ route, config, images, t, components }) =>
    route.listing?.kind === "posts" && (
      <components.BlogsScreen config={config} listing={route.listing} images={images} t={t} />
    ),
  contact: ({ config, t, components }) => <components.ContactScreen config={config} t={t} />,
  post: ({ route, config, images, t, components }) =>
    route.entry?.kind === "post" && (
      <components.PostScreen
        entry={route.entry}
        config={config}
        images={images}
        comments={commentsOf(config, route)}
        t={t}
      />
    ),
  project: ({ route, config, images, github, t, components }) =>
    route.entry?.kind === "project" && (
      <components.ProjectScreen
        entry={route.entry}
        config={config}
        images={images}
        repository={repositoryOf(route.entry.project.github, github)}
        t={t}
      />
    ),
  page: ({ route, t, components }) =>
    route.entry?.kind === "page" && <components.MarkdownPageScreen page={route.entry.page} t={t} />,
  tag: ({ route, config, images, t }) =>
    route.entry?.kind === "tag" && <TagScreen entry={route.entry} config={config} images={images} t={t} />,
  series: ({ route, config, t }) =>
    route.entry?.kind === "series" && <SeriesScreen entry={route.entry} config={config} t={t} />,
  search: ({ config, t }) => <SearchScreen config={config} t={t} />,
  publications: ({ route, config, t, publicationEntries }) =>
    route.listing?.kind === "publications" && (
      <PublicationsScreen listing={route.listing} config={config} t={t} entriesHtml={publicationEntries} />
    ),
  publication: ({ route, config, t }) =>
    route.entry?.kind === "publication" && (
      <PublicationScreen work={route.entry.work} listPath={route.entry.listPath} config={config} t={t} />
    ),
  notFound: ({ config, content, t }) => <NotFoundScreen config={config} content={content} t={t} />,
};

/** The repository a project links to, as GitHub described it to this build. */
function repositoryOf(link: string | undefined, github: GitHubRepositories | undefined): Repository | undefined {
  const name = repositoryOfLink(link);
  return name ? github?.byName[name.toLowerCase()] : undefined;
}

/** Renders one route's screen inside the layout (sidebar, header, menu) to HTML. */
export function renderPage(route: Route, input: RenderInput, shared: SharedParts = sharedParts(input)): RenderedPage {
  const { config } = input;
  const { sidebar } = shared;
  const collected: PageCollector = { islands: [], hints: [] };
  const Screen = screens[route.screen];
  const t = siteTranslator(config);
  const components = componentsOf(input);
  const publicationEntries =
    route.listing?.kind === "publications"
      ? entriesHtml(route.listing.items, shared, t, config.site.pagesBase)
      : new Map();
  const html = renderToString(
    <IslandCollector.Provider value={collected}>
      <SiteComponentsContext.Provider value={components}>
        <components.Layout config={config} sidebarHtml={sidebar.html} menu={input.menu} route={route} t={t}>
          <Screen route={route} t={t} components={components} publicationEntries={publicationEntries} {...input} />
        </components.Layout>
      </SiteComponentsContext.Provider>
    </IslandCollector.Provider>,
  );
  // Every code block of the page, a body's or a component's, gets its copy button on intent.
  const body = withCodeCopy(takeResourceHints(html, collected.hints), {
    copy: t("writing.copyCode"),
    copied: t("writing.copied"),
  });
  // The sidebar comes first in the page, and so do its photo's hints; a layout that leaves the card
  // out of a page (the wide one's hero is on About only) leaves out its photo's hints too.
  const hints = [...(sidebar.html === "" || body.includes(sidebar.html) ? sidebar.hints : []), ...collected.hints];
  // A body's islands are HTML the content stage wrote, marked as the server's are; content's own
  // `data-` attributes never pass its sanitiser.
  const inBody = [...bodyIslands.filter((name) => body.includes(`data-island="${name}"`)), ...contentIslandsIn(body)];
  return { route, body, islands: [...new Set([...collected.islands, ...inBody])], hints: [...new Set(hints)] };
}
