import { parse, parseFragment } from "parse5";

/** The part of parse5's tree these helpers read. */
interface HtmlNode {
  nodeName: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

/** Attributes a visitor reads, or hears from assistive technology. */
const readAttributes = ["aria-label", "title", "alt", "placeholder"];

/**
 * Every text a built page shows or says before any script runs, as `pageTexts` (english-words.ts)
 * reads it in a browser: the title and descriptions, the body's text (`<noscript>`'s included), and
 * the attributes assistive technology and browsers show. From the file alone, so a test can read
 * every page of a site without a browser.
 */
export function htmlTexts(html: string): string[] {
  const texts: string[] = [];
  const visit = (node: HtmlNode, inBody: boolean) => {
    if (node.nodeName === "script" || node.nodeName === "style") return;
    if (node.nodeName === "title") texts.push(textOf(node));
    if (node.nodeName === "meta") {
      const name = attribute(node, "name") ?? attribute(node, "property") ?? "";
      if (name === "description" || name.startsWith("og:")) texts.push(attribute(node, "content") ?? "");
    }
    for (const name of readAttributes) {
      const value = attribute(node, name);
      if (value) texts.push(value);
    }
    if (node.nodeName === "input" && attribute(node, "type") === "submit") texts.push(attribute(node, "value") ?? "");
    if (node.nodeName === "#text" && inBody) texts.push(node.value ?? "");
    if (node.nodeName === "noscript") {
      // Parsed with scripting on, as a browser does: the content is its markup as text.
      const markup = (node.childNodes ?? []).map((child) => child.value ?? "").join("");
      visit(parseFragment(markup) as unknown as HtmlNode, true);
      return;
    }
    for (const child of node.childNodes ?? []) visit(child, inBody || node.nodeName === "body");
    if (node.content) visit(node.content, inBody);
  };
  visit(parse(html) as unknown as HtmlNode, false);
  return texts.map((text) => text.replace(/\s+/g, " ").trim()).filter(Boolean);
}

/** Each element of a page, with its attributes, in document order. */
export function htmlElements(html: string): Array<{ name: string; attributes: Record<string, string>; text: string }> {
  const elements: Array<{ name: string; attributes: Record<string, string>; text: string }> = [];
  const visit = (node: HtmlNode) => {
    if (node.attrs)
      elements.push({
        name: node.nodeName,
        attributes: Object.fromEntries(node.attrs.map(({ name, value }) => [name, value])),
        // A script's text is its code (a JSON-LD block): read as it is.
        text:
          node.nodeName === "script"
            ? (node.childNodes ?? []).map((child) => child.value ?? "").join("")
            : textOf(node).replace(/\s+/g, " ").trim(),
      });
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parse(html) as unknown as HtmlNode);
  return elements;
}

function attribute(node: HtmlNode, name: string): string | undefined {
  return node.attrs?.find((candidate) => candidate.name === name)?.value;
}

function textOf(node: HtmlNode): string {
  if (node.nodeName === "#text") return node.value ?? "";
  if (node.nodeName === "script" || node.nodeName === "style") return "";
  return (node.childNodes ?? []).map(textOf).join("");
}
