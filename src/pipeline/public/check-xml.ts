import { SaxesParser, type SaxesTagNS } from "saxes";
import { cssProblem, elementProblems, type MarkupElement } from "./check-element.js";
import { editorNamespaces, markupRules, namespaces } from "./markup-rules.js";

/** One thing found in a markup file, with its line when the parser knows it. */
export interface Finding {
  line: number | undefined;
  problem: string;
}

/** The root element a file of this type must have; other XML types are data files. */
const rootByMediaType: Record<string, { namespace: string; local: string }> = {
  "image/svg+xml": { namespace: namespaces.svg, local: "svg" },
  "application/xhtml+xml": { namespace: namespaces.xhtml, local: "html" },
  "text/mathml": { namespace: namespaces.mathml, local: "math" },
  "application/mathml+xml": { namespace: namespaces.mathml, local: "math" },
};

/** Past this, the file is refused anyway: the owner needs the first few to see what is wrong. */
const maxFindings = 8;

/**
 * Reads an XML file with a strict, namespace-aware parser and checks each element against the
 * rules of its namespace, whatever prefix the file gave it. Any DOCTYPE with an internal subset is
 * refused (entities, and attribute defaults that could add an `onload`), and so is any processing
 * instruction (an `xml-stylesheet` could transform the file into a page).
 */
export function xmlProblems(text: string, mediaType: string): Finding[] {
  const findings: Finding[] = [];
  const expectedRoot = rootByMediaType[mediaType];
  const dataFile = expectedRoot === undefined;
  const parser = new SaxesParser({ xmlns: true, position: true });
  const open: Array<{ namespace: string; local: string; css: string | undefined }> = [];
  let stopped = false;
  const find = (problem: string) => {
    findings.push({ line: parser.line, problem });
    if (findings.length >= maxFindings) stopped = true;
  };

  parser.on("doctype", (doctype) => {
    if (doctype.includes("["))
      find(
        "has a DOCTYPE with declarations (<!DOCTYPE ... [ ... ]>): entities and attribute defaults could add what the file does not show",
      );
  });
  parser.on("processinginstruction", ({ target }) =>
    find(
      `has the processing instruction <?${target} ...?>, which public/ does not allow (an xml-stylesheet one could turn the file into a page)`,
    ),
  );
  parser.on("opentag", (tag: SaxesTagNS) => {
    const element = toMarkupElement(tag);
    const parent = open.at(-1);
    // An editor's element (Inkscape's, Illustrator's) is transparent: what it holds is checked as if it stood in its
    // place.
    const context = open.findLast((ancestor) => !editorNamespaces.has(ancestor.namespace));
    const wrongRoot =
      !parent && expectedRoot && (element.namespace !== expectedRoot.namespace || element.local !== expectedRoot.local);
    if (wrongRoot)
      find(
        `starts with <${element.name}>${element.namespace ? "" : " in no namespace"}: ${rootDescription(expectedRoot)}`,
      );
    // A root in no known namespace has been named already; its children are still checked.
    if (!wrongRoot || element.namespace in markupRules)
      for (const problem of elementProblems(element, context?.namespace, dataFile)) find(problem);
    const isStyle = element.local === "style" && element.namespace in markupRules;
    open.push({ namespace: element.namespace, local: element.local, css: isStyle ? "" : undefined });
  });
  const addText = (text: string) => {
    const current = open.at(-1);
    if (current?.css !== undefined) current.css += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    const closed = open.pop();
    const problem = closed?.css !== undefined ? cssProblem(closed.css) : undefined;
    if (problem) find(`has a <style> element that ${problem}`);
  });
  parser.on("error", (error) => {
    if (stopped && findings.at(-1)?.problem.startsWith("is not well-formed")) return;
    findings.push({
      line: parser.line,
      problem: `is not well-formed XML (${error.message.replace(/^\d+:\d+:\s*/, "")}): a browser would show an error page instead of it`,
    });
    stopped = true;
  });

  // Fed in pieces so that a file with many problems stops at the first few.
  for (let at = 0; at < text.length && !stopped; at += 16_384) parser.write(text.slice(at, at + 16_384));
  if (!stopped) parser.close();
  return findings.slice(0, maxFindings);
}

function rootDescription({ namespace, local }: { namespace: string; local: string }): string {
  return `${markupRules[namespace]!.aLabel} file must start with <${local} xmlns="${namespace}">`;
}

function toMarkupElement(tag: SaxesTagNS): MarkupElement {
  return {
    name: tag.name,
    namespace: tag.uri,
    local: tag.local,
    attributes: Object.values(tag.attributes).map((attribute) => ({
      name: attribute.name,
      namespace: attribute.uri,
      local: attribute.local,
      value: attribute.value,
    })),
  };
}
