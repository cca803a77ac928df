import { renderToString } from "react-dom/server";
import type { ResolvedConfig } from "../config/config-schema.js";
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

/** Renders one route's screen inside the layout (sidebar, header, menu) to HTML. */
export function renderPage(route: Route, config: ResolvedConfig, content: SiteContent): RenderedPage {
  const collected: PageCollector = { islands: [], hints: [] };
  const html = renderToString(
    <IslandCollector.Provider value={collected}>
      <Layout config={config} current={route.screen}>
        <Screen route={route} config={config} content={content} />
      </Layout>
    </IslandCollector.Provider>,
  );
  const body = takeResourceHints(html, collected.hints);
  return { route, body, islands: [...new Set(collected.islands)], hints: [...new Set(collected.hints)] };
}

function Screen({ route, config, content }: { route: Route; config: ResolvedConfig; content: SiteContent }) {
  switch (route.screen) {
    case "about":
      return <AboutScreen content={content} />;
    case "resume":
      return <ResumeScreen content={content} skillCategories={config.skillCategories} />;
    case "projects":
      return <ProjectsScreen config={config} content={content} />;
    case "blogs":
      return <BlogsScreen config={config} content={content} />;
    case "contact":
      return <ContactScreen config={config} />;
  }
}
