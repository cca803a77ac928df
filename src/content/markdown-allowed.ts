/**
 * What the sanitiser keeps of a Markdown text's HTML (markdown.ts): the elements, their attributes
 * and classes. Everything else, scripts, styles, event handlers, frames and `data-` attributes
 * included, is removed (docs/security.md says why each kept element is harmless).
 */
import { calloutKinds } from "./markdown-extensions.js";

export const markdownTags: readonly string[] = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "a",
  "img",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "sup",
  "section",
  "div",
  "figure",
  "figcaption",
  // Phrasing and structure a technical writer uses, with no behaviour of their own (docs/security.md).
  "kbd",
  "mark",
  "abbr",
  "sub",
  "dl",
  "dt",
  "dd",
  "details",
  "summary",
  // A video of the site's own, its files local and its behaviour set by markdown.ts (docs/security.md).
  "video",
  "source",
  "track",
];

export const markdownAttributes: Record<string, string[]> = {
  a: ["href", "title", "id", "aria-label", "aria-describedby"],
  img: ["src", "alt", "title", "width", "height"],
  // A numbered list that goes on after a code block or a picture starts at its own number.
  ol: ["start"],
  code: ["class"],
  th: ["align"],
  td: ["align"],
  li: ["id"],
  h2: ["id", "class"],
  section: ["class", "aria-labelledby"],
  div: ["class"],
  p: ["class"],
  abbr: ["title"],
  details: ["open"],
  // No width or height: the file's own are set once its bytes are read (render/body-images.ts).
  video: ["src", "poster", "controls", "preload", "loop", "muted", "playsinline", "aria-label"],
  source: ["src", "type"],
  track: ["src", "kind", "srclang", "label", "default"],
};

export const markdownClasses: Record<string, Array<string | RegExp>> = {
  code: [/^language-[\w+#.-]+$/],
  div: ["callout", ...calloutKinds.map((kind) => `callout-${kind}`), "math-display", "diagram"],
  p: ["callout-title"],
  h2: ["visually-hidden"],
  section: ["footnotes"],
};

/** Elements written without a closing tag: the sanitiser's own, and a video's sources and tracks. */
export const markdownVoidTags = [
  "img",
  "br",
  "hr",
  "area",
  "base",
  "basefont",
  "input",
  "link",
  "meta",
  "source",
  "track",
];
