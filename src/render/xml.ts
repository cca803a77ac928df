/**
 * A small XML writer for the files the build makes (feeds, sitemap): elements, attributes and text,
 * every text escaped, never CDATA. A CDATA section cannot hold "]]>" and escaping is needed
 * anyway for attributes, so one escaping for all text is simpler and cannot be closed early.
 */

export interface XmlElement {
  name: string;
  attributes?: Record<string, string | undefined>;
  /** Text (escaped when written) and elements, in order. */
  children?: XmlChild[];
}

export type XmlChild = XmlElement | string;

/**
 * Characters XML 1.0 cannot carry, not even as character references: C0 controls but tab, line
 * feed and carriage return; U+FFFE and U+FFFF; surrogates that are not part of a pair.
 */
const notXmlCharacters = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML cannot carry (they are invisible anyway). */
export function xmlCharacters(text: string): string {
  return text.replace(notXmlCharacters, "");
}

/** Text as element content. A carriage return is a reference, since a parser would turn a raw one into a line feed. */
export function escapeXmlText(text: string): string {
  return xmlCharacters(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}

/**
 * Text as a double-quoted attribute value: whitespace is kept as references, since a parser would turn it into spaces.
 */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}

export function element(
  name: string,
  attributes: XmlElement["attributes"],
  ...children: Array<XmlChild | undefined | false>
): XmlElement {
  return {
    name,
    attributes,
    children: children.filter((child): child is XmlChild => child !== undefined && child !== false),
  };
}

/**
 * A whole document: the declaration, then the root element,
 * indented by two spaces per level (text is never re-indented).
 */
export function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${serialize(root, "")}\n`;
}

function serialize(node: XmlElement, indent: string): string {
  const attributes = Object.entries(node.attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(value)}"`)
    .join("");
  const children = node.children ?? [];
  if (!children.length) return `${indent}<${node.name}${attributes}/>`;
  const open = `${indent}<${node.name}${attributes}>`;
  const close = `</${node.name}>`;
  // Indentation would add text to an element that holds text: only elements of elements are indented.
  if (children.some((child) => typeof child === "string")) {
    return `${open}${children
      .map((child) => (typeof child === "string" ? escapeXmlText(child) : serialize(child, "")))
      .join("")}${close}`;
  }
  return `${open}\n${children.map((child) => serialize(child as XmlElement, `${indent}  `)).join("\n")}\n${indent}${close}`;
}
