import type { ResolvedConfig } from "../config/config-schema.js";
import type { BlogPost } from "../content/content-types.js";
import { absoluteUrl, addressAwayFromSite } from "../site-paths.js";
import { withDirectiveFallbacks } from "../content/directive-fallbacks.js";
import { plainBodyImages } from "./body-images.js";
import { escapeHtml } from "../escape.js";
import { alternateTag } from "./head-tags.js";
import type { SiteFile } from "./render-site-files.js";
import { element, xmlDocument } from "./xml.js";
import { siteTranslator } from "../i18n/site-translator.js";

/** How many of the newest posts a feed carries. */
export const feedLength = 20;

/** The feeds' files and types, for the files and for the autodiscovery links in every page's head. */
export const feedFormats = [
  { file: "feed.xml", type: "application/rss+xml", name: "RSS" },
  { file: "atom.xml", type: "application/atom+xml", name: "Atom" },
  { file: "feed.json", type: "application/feed+json", name: "JSON Feed" },
] as const;

/** What every format of the feed says, with addresses already absolute. */
interface FeedData {
  title: string;
  description: string;
  language: string;
  /** The site (Atom's id) and the list of posts (the feed's page). */
  siteUrl: string;
  pageUrl: string;
  links: { rss: string; atom: string; json: string };
  updated: Date;
  owner: { name: string; url: string };
  image: string;
  copyright: string;
  items: FeedItem[];
}

interface FeedItem {
  url: string;
  title: string;
  date: Date;
  /** Plain text. */
  excerpt: string;
  /** Sanitised HTML with absolute links. */
  contentHtml: string;
  author: string;
  /** The post's category, then its tags, each once. */
  categories: string[];
  /** The language of its text when it is not the feed's: a post that has no translation, shown as written. */
  language?: string | undefined;
  /** Its share card, with the card's size in bytes (an RSS enclosure gives it). */
  image?: { url: string; bytes: number | undefined } | undefined;
}

/**
 * RSS 2.0, Atom and JSON Feed of the newest posts, with their full (already sanitised) content.
 * A feed is read away from the site, so every link and image in it is made an absolute URL under
 * the base path; images are their share cards, which are JPEG or PNG for every reader. A feed needs
 * the site's address: without `site.url` there is none.
 *
 * The XML is written by our own writer rather than the `feed` package, whose XML library escapes
 * only the first "]]>" of a CDATA section and leaves "<" in attributes: a post's title could close
 * its element and give the item another link.
 */
export function renderFeeds(
  config: ResolvedConfig,
  posts: BlogPost[],
  images: FeedImages = { shareCard: (asset) => asset, bodyImages: new Map(), bytes: () => undefined },
): SiteFile[] {
  const { shareCard } = images;
  const { site, owner } = config;
  const siteUrl = site.url;
  if (!siteUrl) return [];
  const at = (sitePath: string) => absoluteUrl(siteUrl, site.base, sitePath)!;
  // The pages and the feeds are the language's (`/pt/feed.xml`); the images are the whole site's.
  const page = (path: string) => absoluteUrl(siteUrl, site.pagesBase, path)!;
  const published = posts.filter((post) => !post.draft).slice(0, feedLength);
  const t = siteTranslator(config);
  const data: FeedData = {
    title: t("feed.title", { owner: owner.name }),
    description: t("feed.description", { owner: owner.name, jobTitle: owner.jobTitle }),
    language: site.lang,
    siteUrl: page(""),
    pageUrl: page("blogs"),
    links: { rss: page("feed.xml"), atom: page("atom.xml"), json: page("feed.json") },
    // Without posts, the time of the build.
    updated: published[0] ? dayOf(published[0].date) : new Date(),
    owner: { name: owner.name, url: page("") },
    image: at(shareCard(site.image ?? owner.photo)),
    copyright: t("layout.copyright", { owner: owner.name }),
    items: published.map((post) => {
      const url = page(`blogs/${post.slug}`);
      return {
        // A post first published elsewhere links there; its relative links are still the site's.
        url: post.canonical ?? url,
        title: post.title,
        date: dayOf(post.date),
        excerpt: post.excerpt,
        contentHtml: absoluteLinks(
          plainBodyImages(withDirectiveFallbacks(post.contentHtml, "link"), images.bodyImages),
          siteUrl,
          url,
        ),
        author: post.author,
        categories: [...new Set([post.category, ...(post.tags ?? [])])],
        language: post.lang !== undefined && post.lang !== site.lang ? post.lang : undefined,
        image: post.image ? { url: at(shareCard(post.image)), bytes: images.bytes(shareCard(post.image)) } : undefined,
      };
    }),
  };
  return [
    { file: "feed.xml", contents: rssFeed(data) },
    { file: "atom.xml", contents: atomFeed(data) },
    { file: "feed.json", contents: `${jsonFeed(data)}\n` },
  ];
}

function dayOf(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/**
 * RSS 2.0. Its title is plain text; its description is HTML, so the plain-text excerpt is escaped as HTML first.
 * RSS has a language for the channel only: an item in another language says so with `xml:lang`,
 * which XML readers apply to what the item holds, and Dublin Core's `dc:language`, which readers
 * such as Python's feedparser give as the entry's language.
 */
function rssFeed(feed: FeedData): string {
  const text = (name: string, value: string) => element(name, {}, value);
  const items = feed.items.map((item) =>
    element(
      "item",
      { "xml:lang": item.language },
      text("title", item.title),
      text("link", item.url),
      element("guid", { isPermaLink: "true" }, item.url),
      text("pubDate", item.date.toUTCString()),
      text("description", escapeHtml(item.excerpt)),
      text("content:encoded", item.contentHtml),
      // <author> is for an e-mail address: a name is Dublin Core's creator.
      text("dc:creator", item.author),
      item.language ? text("dc:language", item.language) : undefined,
      ...item.categories.map((category) => text("category", category)),
      item.image
        ? element("enclosure", {
            url: item.image.url,
            // RSS requires a length: 0 says "unknown", for a card whose size the build does not have.
            length: String(item.image.bytes ?? 0),
            type: imageType(item.image.url),
          })
        : undefined,
    ),
  );
  return xmlDocument(
    element(
      "rss",
      {
        version: "2.0",
        "xmlns:atom": "http://www.w3.org/2005/Atom",
        "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
        "xmlns:dc": "http://purl.org/dc/elements/1.1/",
      },
      element(
        "channel",
        {},
        text("title", feed.title),
        text("link", feed.pageUrl),
        text("description", feed.description),
        text("lastBuildDate", feed.updated.toUTCString()),
        text("docs", "https://validator.w3.org/feed/docs/rss2.html"),
        text("generator", "portfolio"),
        text("language", feed.language),
        element("image", {}, text("title", feed.title), text("url", feed.image), text("link", feed.pageUrl)),
        text("copyright", feed.copyright),
        element("atom:link", { href: feed.links.rss, rel: "self", type: "application/rss+xml" }),
        ...items,
      ),
    ),
  );
}

/**
 * Atom 1.0: titles and summaries are declared text, so a title's "<b>" is shown, not
 * rendered. An entry in another language than the feed's says so with `xml:lang`.
 */
function atomFeed(feed: FeedData): string {
  const text = (name: string, value: string) => element(name, {}, value);
  const entries = feed.items.map((item) =>
    element(
      "entry",
      { "xml:lang": item.language },
      element("title", { type: "text" }, item.title),
      text("id", item.url),
      element("link", { rel: "alternate", href: item.url }),
      // A post says when it was published, not when it was changed: its date is both.
      text("published", item.date.toISOString()),
      text("updated", item.date.toISOString()),
      element("summary", { type: "text" }, item.excerpt),
      element("content", { type: "html" }, item.contentHtml),
      element("author", {}, text("name", item.author)),
      ...item.categories.map((category) => element("category", { term: category })),
      item.image
        ? element("link", {
            rel: "enclosure",
            href: item.image.url,
            type: imageType(item.image.url),
            length: item.image.bytes === undefined ? undefined : String(item.image.bytes),
          })
        : undefined,
    ),
  );
  return xmlDocument(
    element(
      "feed",
      { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": feed.language },
      text("id", feed.siteUrl),
      element("title", { type: "text" }, feed.title),
      text("updated", feed.updated.toISOString()),
      text("generator", "portfolio"),
      element("author", {}, text("name", feed.owner.name), text("uri", feed.owner.url)),
      element("link", { rel: "alternate", href: feed.pageUrl }),
      element("link", { rel: "self", href: feed.links.atom }),
      element("subtitle", { type: "text" }, feed.description),
      text("logo", feed.image),
      element("rights", { type: "text" }, feed.copyright),
      ...entries,
    ),
  );
}

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1; JSON.stringify escapes whatever a text holds).
 * `authors` is 1.1's; `author` is kept beside it for 1.0 readers, as the spec allows. A post has a
 * publishing date and no date of change, so it has `date_published` and no `date_modified`.
 */
function jsonFeed(feed: FeedData): string {
  const owner = { name: feed.owner.name, url: feed.owner.url };
  return JSON.stringify(
    {
      version: "https://jsonfeed.org/version/1.1",
      title: feed.title,
      home_page_url: feed.pageUrl,
      feed_url: feed.links.json,
      description: feed.description,
      icon: feed.image,
      language: feed.language,
      authors: [owner],
      author: owner,
      items: feed.items.map((item) => ({
        id: item.url,
        content_html: item.contentHtml,
        url: item.url,
        title: item.title,
        summary: item.excerpt,
        ...(item.image ? { image: item.image.url } : {}),
        date_published: item.date.toISOString(),
        authors: [{ name: item.author }],
        author: { name: item.author },
        tags: item.categories,
        ...(item.language ? { language: item.language } : {}),
      })),
    },
    null,
    4,
  );
}

/** Share cards are JPEG or PNG. */
function imageType(url: string): string {
  return /\.png$/i.test(url) ? "image/png" : "image/jpeg";
}

/**
 * What a feed shows of the images: share cards, and one file for
 * each image of a body (feed readers show few `<picture>`s).
 */
export interface FeedImages {
  shareCard: (asset: string) => string;
  /** Address of a body's image → the address of its largest copy in the original's format. */
  bodyImages: ReadonlyMap<string, string>;
  /** The size in bytes of a file the site publishes, by its site path, when the build has it. */
  bytes: (sitePath: string) => number | undefined;
}

/**
 * Links and images in sanitised post HTML point at `/base/…` or `#fragment`: make them absolute,
 * since a feed reader shows the post away from the site.
 */
function absoluteLinks(html: string, siteUrl: string, postUrl: string): string {
  return html.replace(
    /(\s(?:href|src)=")([^"]*)"/g,
    (_attribute, name: string, href: string) => `${name}${addressAwayFromSite(href, siteUrl, postUrl)}"`,
  );
}

/** `<link rel="alternate">` tags that let browsers and readers find the feeds from any page. */
export function feedLinkTags(config: ResolvedConfig, feeds: SiteFile[]): string[] {
  const title = siteTranslator(config)("feed.title", { owner: config.owner.name });
  return feedFormats
    .filter((format) => feeds.some((feed) => feed.file === format.file))
    .map((format) =>
      alternateTag(config.site.pagesBase, { file: format.file, type: format.type, title: `${title} (${format.name})` }),
    );
}
