import { Feed } from "feed";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { BlogPost } from "../content/content-types.js";
import { absoluteUrl, withBase } from "../site-paths.js";
import { escapeAttribute } from "./escape.js";
import { alternateTag } from "./head-tags.js";
import type { SiteFile } from "./render-site-files.js";

/** How many of the newest posts a feed carries. */
export const feedLength = 20;

/** The feeds' files and types, for the files and for the autodiscovery links in every page's head. */
export const feedFormats = [
  { file: "feed.xml", type: "application/rss+xml", name: "RSS" },
  { file: "atom.xml", type: "application/atom+xml", name: "Atom" },
  { file: "feed.json", type: "application/feed+json", name: "JSON Feed" },
] as const;

/**
 * RSS 2.0, Atom and JSON Feed of the newest posts, with their full (already sanitised) content.
 * A feed is read away from the site, so every link and image in it is made an absolute URL under
 * the base path; images are their share cards, which are JPEG or PNG for every reader. A feed needs
 * the site's address: without `site.url` there is none.
 */
export function renderFeeds(config: ResolvedConfig, posts: BlogPost[], images: FeedImages = { shareCard: (asset) => asset, bodyImages: new Map() }): SiteFile[] {
  const { shareCard } = images;
  const { site, owner } = config;
  if (!site.url) return [];
  const at = (sitePath: string) => absoluteUrl(site.url, site.base, sitePath)!;
  const published = posts.filter((post) => !post.draft).slice(0, feedLength);
  const feed = new Feed({
    id: at(""),
    link: at("blogs"),
    title: `${owner.name}: Blogs`,
    description: `Writing by ${owner.name}, ${owner.jobTitle}.`,
    language: site.lang,
    // Without posts, the library's default: the time of the build.
    ...(published[0] ? { updated: new Date(`${published[0].date}T00:00:00Z`) } : {}),
    generator: "portfolio",
    feedLinks: Object.fromEntries(feedFormats.map((format) => [format.file === "feed.xml" ? "rss" : format.file === "atom.xml" ? "atom" : "json", at(format.file)])),
    author: { name: owner.name, link: at("") },
    image: at(shareCard(site.image ?? owner.photo)),
    copyright: `© ${owner.name}`,
  });
  for (const post of published) {
    const url = at(`blogs/${post.slug}`);
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      date: new Date(`${post.date}T00:00:00Z`),
      description: post.excerpt,
      content: absoluteLinks(plainBodyImages(post.contentHtml, images.bodyImages), site.url, url),
      author: [{ name: post.author }],
      category: [{ name: post.category }],
      ...(post.image ? { image: at(shareCard(post.image)) } : {}),
    });
  }
  return [
    { file: "feed.xml", contents: feed.rss2() },
    { file: "atom.xml", contents: feed.atom1() },
    { file: "feed.json", contents: `${feed.json1()}\n` },
  ];
}

/**
 * Links and images in sanitised post HTML point at `/base/…` or `#fragment`: make them absolute,
 * since a feed reader shows the post away from the site.
 */
/** What a feed shows of the images: share cards, and one file for each image of a body (feed readers show few `<picture>`s). */
export interface FeedImages {
  shareCard: (asset: string) => string;
  /** Address of a body's image → the address of its largest copy in the original's format. */
  bodyImages: ReadonlyMap<string, string>;
}

function plainBodyImages(html: string, bodyImages: ReadonlyMap<string, string>): string {
  return html.replace(/<img src="([^"]+)"/g, (tag, src: string) => {
    const copy = bodyImages.get(src.replace(/&amp;/g, "&"));
    return copy ? `<img src="${escapeAttribute(copy)}"` : tag;
  });
}

function absoluteLinks(html: string, siteUrl: string, postUrl: string): string {
  return html
    .replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${siteUrl}/`)
    .replace(/(\shref=")#/g, `$1${postUrl}#`);
}

/** `<link rel="alternate">` tags that let browsers and readers find the feeds from any page. */
export function feedLinkTags(config: ResolvedConfig, feeds: SiteFile[]): string[] {
  const title = `${config.owner.name}: Blogs`;
  return feedFormats
    .filter((format) => feeds.some((feed) => feed.file === format.file))
    .map((format) => alternateTag(config.site.base, { file: format.file, type: format.type, title: `${title} (${format.name})` }));
}
