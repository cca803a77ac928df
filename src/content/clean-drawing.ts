import type sanitize from "sanitize-html";
import { classesOf, rulesThatApply } from "./css-rules.js";
import { decodeText, safeCss, type DrawnDiagram } from "./diagrams.js";

/** SVG elements and attributes a diagram keeps: shapes, text, markers and gradients; no links, scripts or HTML. */
const svgTags = [
  "svg",
  "g",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "title",
  "desc",
  "marker",
  "defs",
  "symbol",
  "filter",
  "feDropShadow",
  "linearGradient",
  "stop",
  "clipPath",
];
const svgAttributes = [
  "id",
  "class",
  "style",
  "width",
  "height",
  "viewBox",
  "xmlns",
  "transform",
  "transform-origin",
  "d",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "dx",
  "dy",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "points",
  "fill",
  "fill-rule",
  "clip-rule",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "opacity",
  "font-size",
  "font-family",
  "font-style",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "alignment-baseline",
  "refX",
  "refY",
  "markerUnits",
  "markerWidth",
  "markerHeight",
  "orient",
  "marker-start",
  "marker-end",
  "stdDeviation",
  "flood-opacity",
  "flood-color",
  "gradientUnits",
  "offset",
  "stop-color",
  "stop-opacity",
];

/**
 * The version of what `cleanDrawing` makes of a drawing: part of the key of every drawing kept in a
 * site's drawings/ (kept-drawings.ts), which sites commit. Raise it when a change here (or in the
 * rules it keeps, css-rules.ts) changes what a drawing becomes, so no site shows a drawing cleaned
 * the old way; `tests/kept-drawings.test.ts` pins what this version makes of a drawing, and fails
 * until it is raised.
 */
export const cleaningVersion = 1;

/**
 * Mermaid's SVG as the site keeps it: its `<style>` apart (made safe), the rest through the
 * sanitiser with the elements and attributes a drawing needs: no script, no event handler, no
 * `foreignObject`, no link; `url()` in attributes only to the drawing's own ids.
 */
export function cleanDrawing(svg: string, sanitizeHtml: typeof sanitize): DrawnDiagram {
  // The stylesheet as the browser read it: the SVG's markup writes its `>` as `&gt;`, which as CSS
  // would drop every rule with a child combinator (a sequence diagram's `text.actor > tspan`).
  // Decoded before safeCss, so that what an entity hid (`&lt;`, `&#64;import`) is refused too.
  const css = [...svg.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => decodeText(match[1]!)).join("");
  const markup = sanitizeHtml(svg, {
    allowedTags: svgTags,
    allowedAttributes: { "*": svgAttributes },
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false },
    nonTextTags: ["style", "script", "foreignObject", "textarea", "option", "noscript"],
    exclusiveFilter: (frame) =>
      Object.values(frame.attribs).some(
        (value) => /url\(\s*(?!#[\w-]+\s*\))/i.test(value) || /javascript:/i.test(value),
      ),
  });
  const used = unusedMarkersLeftOut(markup.trim());
  // Mermaid writes the rules of every shape, look and state of the kind (hover tooltips, icons, the
  // "neo" look) whatever the diagram uses: only those its drawing can match are kept.
  return { svg: used, css: rulesThatApply(safeCss(css), classesOf(used)) };
}

/**
 * The SVG without the arrowheads Mermaid defines for every kind of line but that none of its lines
 * uses (a flowchart defines twelve): half of a small drawing's markup.
 */
function unusedMarkersLeftOut(svg: string): string {
  const referenced = new Set([...svg.matchAll(/url\(#([^)]+)\)/g)].map((match) => match[1]!));
  return svg.replace(/<marker\b[^>]*\sid="([^"]*)"[^>]*>[\s\S]*?<\/marker>/g, (marker, id: string) =>
    referenced.has(id) ? marker : "",
  );
}
