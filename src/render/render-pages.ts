import { describeThrown, portfolioError } from "../errors.js";
import type { Route } from "../routes/make-routes.js";
import { withBase } from "../site-paths.js";
import { renderPage, renderSidebar, type RenderInput, type RenderedPage } from "./render-page.js";

/**
 * Renders every route. Content is validated before this stage, so a failure here is a bug of
 * portfolio: it is reported with the route it happened on and its cause. The same holds for two
 * elements of one page with the same id, which would break labels and in-page links.
 */
export function renderPages(routes: Route[], input: RenderInput): RenderedPage[] {
  const sidebar = renderSidebar(input);
  return routes.map((route) => {
    const shown = route.path === "404" ? route.file : withBase(input.config.site.base, route.sitePath);
    let page: RenderedPage;
    try {
      page = renderPage(route, input, sidebar);
    } catch (cause) {
      throw portfolioError("RenderFailed", [shown, describeThrown(cause)], { cause });
    }
    const repeated = repeatedIds(page.body);
    if (repeated.length)
      throw portfolioError("RenderFailed", [
        shown,
        `the page has more than one element with the id ${repeated.map((id) => JSON.stringify(id)).join(", ")}`,
      ]);
    return page;
  });
}

function repeatedIds(html: string): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [, id] of html.matchAll(/\sid="([^"]*)"/g)) {
    if (seen.has(id!)) repeated.add(id!);
    seen.add(id!);
  }
  return [...repeated];
}
