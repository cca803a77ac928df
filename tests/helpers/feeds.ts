import { SaxesParser, type SaxesTagNS } from "saxes";

/** An XML element as these checks read it: its name, attributes, text and children. */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** Parses XML strictly, as a namespace-aware reader does; throws on anything not well-formed. */
export function parseXml(text: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: "#document", attributes: {}, text: "", children: [] };
  const open: XmlNode[] = [root];
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      text: "",
      children: [],
    };
    open.at(-1)!.children.push(node);
    open.push(node);
  });
  parser.on("text", (value) => {
    open.at(-1)!.text += value;
  });
  parser.on("closetag", () => {
    open.pop();
  });
  parser.write(text).close();
  return root.children[0]!;
}

const child = (node: XmlNode, name: string) => node.children.find((candidate) => candidate.name === name);
const children = (node: XmlNode, name: string) => node.children.filter((candidate) => candidate.name === name);

/**
 * What RSS 2.0 requires and readers rely on: a channel with title, link, description and a
 * language; each item with a title, an absolute link and a permanent guid.
 */
export function rssProblems(xml: string): string[] {
  const rss = parseXml(xml);
  const problems: string[] = [];
  if (rss.name !== "rss" || rss.attributes.version !== "2.0") problems.push('the root is not <rss version="2.0">');
  const channel = child(rss, "channel");
  if (!channel) return [...problems, "no <channel>"];
  for (const name of ["title", "link", "description", "language"])
    if (!child(channel, name)?.text.trim()) problems.push(`the channel has no <${name}>`);
  children(channel, "item").forEach((item, index) => {
    if (!child(item, "title")?.text.trim()) problems.push(`item ${index} has no <title>`);
    if (!/^https?:\/\//.test(child(item, "link")?.text ?? "")) problems.push(`item ${index} has no absolute <link>`);
    if (!child(item, "guid")?.text.trim()) problems.push(`item ${index} has no <guid>`);
    if (Number.isNaN(Date.parse(child(item, "pubDate")?.text ?? ""))) problems.push(`item ${index} has no <pubDate>`);
  });
  return problems;
}

/** What RFC 4287 requires of an Atom feed: id, title and updated on the feed and on each entry, and an author. */
export function atomProblems(xml: string): string[] {
  const feed = parseXml(xml);
  const problems: string[] = [];
  if (feed.name !== "feed" || feed.attributes.xmlns !== "http://www.w3.org/2005/Atom")
    problems.push("the root is not an Atom <feed>");
  for (const name of ["id", "title", "updated"])
    if (!child(feed, name)?.text.trim()) problems.push(`the feed has no <${name}>`);
  const feedAuthor = Boolean(child(feed, "author"));
  children(feed, "entry").forEach((entry, index) => {
    for (const name of ["id", "title", "updated"])
      if (!child(entry, name)?.text.trim()) problems.push(`entry ${index} has no <${name}>`);
    if (!feedAuthor && !child(entry, "author")) problems.push(`entry ${index} has no author, nor has the feed`);
  });
  return problems;
}

/** What JSON Feed (1 and 1.1) requires: its version, a title, and items each with an id and content. */
export function jsonFeedProblems(text: string): string[] {
  const feed = JSON.parse(text) as { version?: string; title?: string; language?: string; items?: unknown[] };
  const problems: string[] = [];
  if (!["https://jsonfeed.org/version/1", "https://jsonfeed.org/version/1.1"].includes(feed.version ?? ""))
    problems.push(`the version is not JSON Feed's: ${feed.version}`);
  if (!feed.title) problems.push("the feed has no title");
  if (!Array.isArray(feed.items)) return [...problems, "the feed has no items list"];
  feed.items.forEach((item, index) => {
    const { id, content_html: html, content_text: plain } = item as Record<string, unknown>;
    if (typeof id !== "string" || !id) problems.push(`item ${index} has no id`);
    if (typeof html !== "string" && typeof plain !== "string") problems.push(`item ${index} has no content`);
  });
  return problems;
}
