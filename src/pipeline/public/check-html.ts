import type { DefaultTreeAdapterMap } from "parse5";
import { cssProblem, elementProblems, type MarkupElement } from "./check-element.js";
import type { Finding } from "./check-xml.js";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const maxFindings = 8;

/**
 * parse5's `parse`, which the caller loads: most sites have no HTML file in public/, and no build of theirs loads it.
 */
export type HtmlParser = typeof import("parse5").parse;

/**
 * Reads an HTML file as a browser does (parse5 follows the HTML standard's parser, so `<svg>` and
 * `<math>` inside it get their namespaces, and a `<scr<script>ipt>` is what a browser makes of it)
 * and checks each element with the same rules as XHTML, SVG and MathML in XML files.
 */
export function htmlProblems(parse: HtmlParser, text: string): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: Node, parentNamespace: string | undefined) => {
    if (findings.length >= maxFindings || !("tagName" in node)) return;
    const line = node.sourceCodeLocation?.startLine;
    for (const problem of elementProblems(toMarkupElement(node), parentNamespace, false))
      findings.push({ line, problem });
    if (node.tagName === "style") {
      const problem = cssProblem(node.childNodes.map((child) => ("value" in child ? child.value : "")).join(""));
      if (problem) findings.push({ line, problem: `has a <style> element that ${problem}` });
    }
    for (const child of childrenOf(node)) visit(child, node.namespaceURI);
  };
  for (const child of parse(text, { sourceCodeLocationInfo: true }).childNodes) visit(child, undefined);
  return findings.slice(0, maxFindings);
}

/** A `<template>`'s children are kept apart, in its content. */
function childrenOf(element: Element): Node[] {
  return "content" in element
    ? [...element.childNodes, ...(element.content as { childNodes: Node[] }).childNodes]
    : element.childNodes;
}

function toMarkupElement(element: Element): MarkupElement {
  return {
    name: element.tagName,
    namespace: element.namespaceURI,
    local: element.tagName,
    attributes: element.attrs.map((attribute) => ({
      name: attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name,
      namespace: attribute.namespace ?? "",
      local: attribute.name,
      value: attribute.value,
    })),
  };
}
