import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown from content/ becomes HTML that is safe to inline: scripts, event handlers, styles and
 * `javascript:` URLs are dropped, links to other sites open with `rel="noopener noreferrer"`.
 */
export function renderMarkdown(markdown: string, base = "/"): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, {
    allowedTags: [
      "p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "strong", "em", "del",
      "code", "pre", "a", "img", "table", "thead", "tbody", "tr", "th", "td",
    ],
    allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title", "width", "height"], code: ["class"], th: ["align"], td: ["align"] },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    // Images must come from the site itself: the page asks no other host for anything.
    allowedSchemesByTag: { img: [] },
    transformTags: {
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? "");
        const href = attribs.href === undefined ? undefined : siteRelative(attribs.href, base);
        return { tagName, attribs: { ...attribs, ...(href === undefined ? {} : { href }), ...(external ? { rel: "noopener noreferrer" } : {}) } };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, ...(attribs.src ? { src: siteRelative(attribs.src, base) } : {}), loading: "lazy", decoding: "async" },
      }),
    },
    allowedClasses: { code: [/^language-[\w-]+$/] },
  }).trim();
}

/**
 * A relative link in content (`images/a.webp`, `resume`) means a path inside the site: it is made
 * absolute under the base path, so it works from every page and under any sub-path.
 */
function siteRelative(url: string, base: string): string {
  if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url)) return url;
  return url.startsWith("/") ? url : `${base}${url.replace(/^\.\//, "")}`;
}

/** The text of a markdown snippet without its markup, for meta descriptions and excerpts. */
export function markdownToText(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}
