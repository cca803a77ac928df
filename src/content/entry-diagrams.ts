import type { ProblemList, FieldProblem } from "../errors.js";
import { installedGuide } from "../errors-data.js";
import { codeFingerprint, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { ThemeColours } from "../theme/theme-colours.js";
import { placeDiagrams, type DrawnDiagram } from "./diagrams.js";
import { drawDiagrams, mermaidThemes, type DiagramProblem, type DrawnDiagrams } from "./draw-diagrams.js";
import type { MarkdownLibraries } from "./markdown.js";
import type { DraftEntry, ParsedDraft } from "./parse-entry.js";

/**
 * Draws the diagrams of the entries parsed now (drawDiagrams: from the diagrams' own cache, else in
 * a browser), and tells how each entry's slots are filled. A diagram that does not parse is a
 * problem of its file, at its fence's line; no browser is one warning, naming the files.
 */
export async function drawEntryDiagrams(
  drafts: readonly DraftEntry[],
  {
    store,
    env,
    themeColours,
    markdown,
    problems,
  }: {
    store: CacheStore | undefined;
    env: Record<string, string | undefined>;
    themeColours: Pick<ThemeColours, "accents">;
    markdown: MarkdownLibraries | undefined;
    problems: ProblemList;
  },
): Promise<{
  place: (draft: ParsedDraft) => { html: string; drawn: boolean };
  warning?: string | undefined;
  /** The files with diagrams shown as their source. */
  asSource: string[];
}> {
  const withDiagrams = drafts.filter(
    (draft): draft is ParsedDraft => "parsed" in draft && !!draft.parsed.body.diagrams,
  );
  const requests = withDiagrams.flatMap(({ source, parsed }) =>
    (parsed.body.diagrams ?? []).map(({ source: diagram, line }) => ({ source: diagram, file: source.file, line })),
  );
  const unplaced = (draft: ParsedDraft) => ({ html: draft.parsed.body.html, drawn: true });
  if (!requests.length || !markdown) return { place: unplaced, asSource: [] };
  const cache = await openCache<DrawnDiagram>(store, "diagrams", await codeFingerprint(["content"]));
  const result: DrawnDiagrams = await drawDiagrams(requests, {
    cache,
    themes: mermaidThemes(themeColours),
    env,
    sanitizeHtml: markdown.sanitizeHtml,
  });
  for (const problem of result.problems) problems.add(problem.request.file, diagramProblem(problem));
  await cache.save();
  const place = (draft: ParsedDraft) => {
    const sources = draft.parsed.body.diagrams ?? [];
    const label = draft.label;
    const placements = sources.map(({ source, idPrefix }) => ({
      source,
      drawn: result.drawn.get(source),
      idPrefix,
      label,
    }));
    return {
      html: placeDiagrams(draft.parsed.body.html, placements),
      drawn: placements.every(({ drawn }) => drawn !== undefined),
    };
  };
  const notDrawn = result.notDrawn;
  return {
    place,
    asSource: notDrawn?.files ?? [],
    warning:
      notDrawn &&
      `The Mermaid diagrams of ${notDrawn.files.join(", ")} are shown as their source, for want of a browser to draw them (${browserProblem(notDrawn.reason)}): install Chromium or Google Chrome, or set CHROMIUM_PATH to its executable (${installedGuide}writing.md, "Diagrams").`,
  };
}

/**
 * What was wrong with the browser, without the words `portfolio cv`'s errors start with ("Printing the Resume page to
 * PDF failed: ").
 */
function browserProblem(message: string): string {
  return message.replace(/^[^:]*: /, "").replace(/\.$/, "");
}

/**
 * A diagram that Mermaid cannot read, at the line of its fence, with Mermaid's own message; or one
 * that asks for an address, with the addresses it asked for.
 */
function diagramProblem({ request, message, loads }: DiagramProblem): FieldProblem {
  const field = `body (line ${request.line})`;
  if (loads?.length) {
    return {
      field,
      problem: `has a Mermaid diagram that loads ${loads.map(shortAddress).join(", ")}: a diagram is drawn without loading anything, so its image shapes and the url(), @import and fonts of its styles are never shown; take them out of the diagram`,
    };
  }
  const firstLines = message.split("\n").slice(0, 4).join("\n  ");
  return { field, problem: `has a Mermaid diagram that does not parse: ${firstLines}` };
}

/** An address as a message shows it: a long one (a `data:` image) cut short. */
function shortAddress(address: string): string {
  return address.length > 100 ? `${address.slice(0, 99)}…` : address;
}
