import { renderToString } from "react-dom/server";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteImage } from "../build/prepare-images.js";
import type { SiteContent } from "../content/content-types.js";
import { Layout } from "../components/Layout.js";
import type { IslandName } from "../islands/registry.js";
import type { Route } from "../routes/make-routes.js";
import { AboutScreen } from "../screens/AboutScreen.js";
import { BlogsScreen } from "../screens/BlogsScreen.js";
import { ContactScreen } from "../screens/ContactScreen.js";
import { ProjectsScreen } from "../screens/ProjectsScreen.js";
import { ResumeScreen } from "../screens/ResumeScreen.js";
import { IslandCollector, takeResourceHints, type PageCollector } from "./island.js";

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
  images: ReadonlyMap<string, SiteImage>;
}

/** Renders one route's screen inside the layout (sidebar, header, menu) to HTML. */
export function renderPage(route: Route, input: RenderInput): RenderedPage {
  const { config } = input;
  const collected: PageCollector = { islands: [], hints: [] };
  const html = renderToString(
    <IslandCollector.Provider value={collected}>
      <Layout config={config} photo={input.images.get(config.owner.photo)!} current={route.screen}>
        <Screen route={route} {...input} />
      </Layout>
    </IslandCollector.Provider>,
  );
  const body = takeResourceHints(html, collected.hints);
  return { route, body, islands: [...new Set(collected.islands)], hints: [...new Set(collected.hints)] };
}

function Screen({ route, config, content, images }: RenderInput & { route: Route }) {
  switch (route.screen) {
    case "about":
      return <AboutScreen content={content} />;
    case "resume":
      return <ResumeScreen content={content} skillCategories={config.skillCategories} />;
    case "projects":
      return <ProjectsScreen config={config} content={content} images={images} />;
    case "blogs":
      return <BlogsScreen config={config} content={content} images={images} />;
    case "contact":
      return <ContactScreen config={config} />;
  }
}
