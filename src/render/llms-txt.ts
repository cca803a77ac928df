import type { ResolvedConfig } from "../config/config-schema.js";
import type { TimelineEntry } from "../content/content-types.js";
import type { SiteContent } from "../content/site-content.js";
import { markdownToFullText } from "../content/markdown-full-text.js";
import { markdownToText } from "../content/markdown-text.js";
import { plainBodyImages } from "./body-images.js";
import type { Route } from "../routes/make-routes.js";
import { absoluteUrl, withBase } from "../site-paths.js";

/**
 * `llms.txt` and `llms-full.txt` of one language (https://llmstxt.org): for the language models that
 * read the site, the owner and what they do, then a list of the pages with a line each; and every
 * page's text in one file. Markdown, as the format asks: an H1, a blockquote, then H2 sections of
 * `- [name](url): notes` lines. Text only: nothing of the content is read as markup or code here.
 */
export interface LlmsInput {
  config: ResolvedConfig;
  content: SiteContent;
  /** This language's routes. */
  routes: Route[];
  /** The `llms.txt` of the site's other languages, by language tag, site paths. */
  otherLanguages: Array<{ lang: string; sitePath: string }>;
  /** Each body image's large copy, by the image's address (as the feeds show them). */
  bodyImages: ReadonlyMap<string, string>;
}

export function renderLlmsFiles(input: LlmsInput): Array<{ file: string; contents: string }> {
  return [
    { file: "llms.txt", contents: llmsTxt(input) },
    { file: "llms-full.txt", contents: llmsFullTxt(input) },
  ];
}

/** A link's text or a note's: one line, without what Markdown would read as a link's end. */
function line(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[[\]]/g, "").trim();
}

function address(config: ResolvedConfig, sitePath: string): string {
  return absoluteUrl(config.site.url, config.site.base, sitePath) ?? withBase(config.site.base, sitePath);
}

function item(config: ResolvedConfig, name: string, sitePath: string, note: string): string {
  const notes = line(note);
  return `- [${line(name)}](${address(config, sitePath)})${notes ? `: ${notes}` : ""}`;
}

/** The H1 and the blockquote: who the owner is and what they do. */
function heading(config: ResolvedConfig): string {
  const { owner, site } = config;
  return `# ${line(owner.name)}\n\n> ${line(`${owner.jobTitle}. ${site.description}`)}\n`;
}

/** The pages the site is made of (the menu's, the blog, Markdown pages), not each entry, at their canonical address. */
function mainPages(routes: Route[]): Array<{ name: string; sitePath: string; description: string }> {
  const indexable = routes.filter((route) => route.indexable && !route.entry);
  const menu = indexable
    .filter((route) => route.menuLabel !== undefined)
    .sort((a, b) => (a.menuOrder ?? 0) - (b.menuOrder ?? 0));
  const others = indexable.filter(
    (route) =>
      route.menuLabel === undefined &&
      route.canonicalPath === route.sitePath &&
      (route.screen === "page" || (route.screen === "blogs" && route.path === "blogs")),
  );
  return [...menu, ...others].map((route) => ({
    name: route.menuLabel ?? route.title,
    sitePath: route.canonicalPath,
    description: route.description,
  }));
}

function entries<K extends "project" | "post" | "publication">(routes: Route[], kind: K) {
  return routes.filter(
    (route): route is Route & { entry: Extract<Route["entry"], { kind: K }> } =>
      route.entry?.kind === kind && route.indexable && route.canonicalPath === route.sitePath,
  );
}

function llmsTxt({ config, content, routes, otherLanguages }: LlmsInput): string {
  const sections = [
    heading(config),
    `${markdownToText(content.about.bioHtml)}\n`,
    section(
      "Pages",
      mainPages(routes).map((main) => item(config, main.name, main.sitePath, main.description)),
    ),
    section(
      "Projects",
      entries(routes, "project").map((route) => item(config, route.title, route.sitePath, route.entry.project.summary)),
    ),
    section(
      "Posts",
      entries(routes, "post").map((route) => item(config, route.title, route.sitePath, route.entry.post.excerpt)),
    ),
    section(
      "Publications",
      entries(routes, "publication").map((route) => item(config, route.title, route.sitePath, route.description)),
    ),
    section("Optional", [
      item(config, "Full text", llmsSibling(routes, "llms-full.txt"), "the text of every page above, in one file"),
      ...otherLanguages.map(({ lang, sitePath }) => item(config, `llms.txt (${lang})`, sitePath, "")),
    ]),
  ];
  return sections.filter(Boolean).join("\n");
}

/** The site path of a file of this language's folder (the home page's route tells which). */
function llmsSibling(routes: Route[], file: string): string {
  const home = routes.find((route) => route.path === "");
  const folder = home ? home.sitePath.replace(/[^/]*$/, "") : "";
  return `${folder}${file}`;
}

function section(title: string, lines: string[]): string {
  return lines.length ? `## ${title}\n\n${lines.join("\n")}\n` : "";
}

/** Paragraphs of text under a heading, with the page's address. */
function page(config: ResolvedConfig, level: string, title: string, sitePath: string | undefined, text: string[]) {
  const where = sitePath === undefined ? "" : `${address(config, sitePath)}\n\n`;
  return `${level} ${line(title)}\n\n${where}${text.filter(Boolean).join("\n\n")}\n`;
}

/**
 * How a page's text is written out: its links and images at their addresses, as seen from the page; each image
 * its large copy, as the feeds show it (the original is not published).
 */
function fullText({ config, bodyImages }: LlmsInput, sitePath: string | undefined) {
  const addresses = {
    siteUrl: config.site.url,
    pageUrl: sitePath === undefined ? undefined : address(config, sitePath),
  };
  return (html: string) => markdownToFullText(plainBodyImages(html, bodyImages), addresses);
}

function timeline(entriesOf: TimelineEntry[], text: (html: string) => string): string[] {
  return entriesOf.map((entry) =>
    [`${line(entry.title)}, ${line(entry.organisation)}`, text(entry.descriptionHtml)].filter(Boolean).join("\n"),
  );
}

function llmsFullTxt(input: LlmsInput): string {
  const { config, content, routes } = input;
  const pathOf = (screen: string) => routes.find((route) => route.screen === screen && !route.entry)?.sitePath;
  const parts = [
    heading(config),
    page(config, "##", pageTitle(routes, "about"), pathOf("about"), [
      fullText(input, pathOf("about"))(content.about.bioHtml),
      ...content.services.map((service) => `${line(service.title)}: ${markdownToText(service.descriptionHtml)}`),
    ]),
    page(config, "##", pageTitle(routes, "resume"), pathOf("resume"), [
      ...[content.experience, content.education, content.volunteer].flatMap((entriesOf) =>
        timeline(entriesOf, fullText(input, pathOf("resume"))),
      ),
    ]),
    ...entries(routes, "project").map((route) =>
      page(config, "##", route.title, route.sitePath, [
        fullText(input, route.sitePath)(route.entry.project.descriptionHtml),
      ]),
    ),
    ...entries(routes, "post").map((route) =>
      page(config, "##", route.title, route.sitePath, [
        route.entry.post.date,
        fullText(input, route.sitePath)(route.entry.post.contentHtml),
      ]),
    ),
    ...routes
      .filter((route) => route.screen === "page" && route.indexable && route.canonicalPath === route.sitePath)
      .map((route) => {
        const source = content.pages.find((candidate) => route.path === candidate.slug);
        return page(config, "##", route.title, route.sitePath, [
          source ? fullText(input, route.sitePath)(source.contentHtml) : route.description,
        ]);
      }),
  ];
  return parts.join("\n");
}

function pageTitle(routes: Route[], screen: string): string {
  const route = routes.find((candidate) => candidate.screen === screen && !candidate.entry);
  return route?.menuLabel ?? route?.title ?? screen;
}
