import { existsSync } from "node:fs";
import path from "node:path";
import type { ProblemList, FieldProblem } from "../errors.js";
import { installedGuide } from "../errors-data.js";
import { codeFingerprint, openCache } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { ThemeColours } from "../theme/theme-colours.js";
import { placeDiagrams, type DiagramSource, type DrawnDiagram } from "./diagrams.js";
import { drawingsFolder, keptDrawings } from "./kept-drawings.js";
import { drawDiagrams, type DiagramProblem, type DrawnDiagrams } from "./draw-diagrams.js";
import { mermaidThemes } from "./mermaid-themes.js";
import type { MarkdownLibraries } from "./markdown.js";
import type { DraftEntry, ParsedDraft } from "./parse-entry.js";

/**
 * Draws the diagrams of the entries parsed now (drawDiagrams: from the build cache or the drawings
 * kept in drawings/, else in a browser), and tells how each entry's slots are filled. A diagram that
 * does not parse is a problem of its file, at its fence's line; no browser is one warning, naming
 * each diagram drawn nowhere by its file and line. `prune`, called once the content has no problem,
 * removes the kept drawings no entry uses, when a browser could have drawn them again.
 */
export async function drawEntryDiagrams(
  drafts: readonly DraftEntry[],
  {
    root,
    keepDrawings,
    store,
    env,
    themeColours,
    markdown,
    problems,
  }: {
    root: string;
    /** Whether drawings/ is written (every build but `portfolio check`'s). */
    keepDrawings: boolean;
    store: CacheStore | undefined;
    env: Record<string, string | undefined>;
    themeColours: Pick<ThemeColours, "accents">;
    markdown: MarkdownLibraries | undefined;
    problems: ProblemList;
  },
): Promise<{
  place: (draft: ParsedDraft) => { html: string; drawn: boolean };
  /** What the owner should know: the diagrams shown as their source, the kept drawings that could not be read. */
  warnings: string[];
  /** The files with diagrams shown as their source. */
  asSource: string[];
  prune: () => Promise<void>;
  /** Whether drawings/ was written to (asked once `prune` is done). */
  keptChanged: () => boolean;
}> {
  const requestsOf = (file: string, diagrams: readonly DiagramSource[] | undefined) =>
    (diagrams ?? []).map(({ source, line }) => ({ source, file, line }));
  const requests = drafts.flatMap((draft) =>
    "parsed" in draft ? requestsOf(draft.source.file, draft.parsed.body.diagrams) : [],
  );
  // The diagrams of entries kept whole in the build cache: their pages are made, their drawings kept all the same.
  const keepAlso = drafts.flatMap((draft) =>
    "cached" in draft ? requestsOf(draft.source.file, draft.cached.body.diagrams) : [],
  );
  const unplaced = (draft: ParsedDraft) => ({ html: draft.parsed.body.html, drawn: true });
  const nothing = { place: unplaced, warnings: [], asSource: [], prune: async () => {}, keptChanged: () => false };
  if (!requests.length && !keepAlso.length && !existsSync(path.join(root, drawingsFolder))) return nothing;
  const sanitizeHtml = markdown?.sanitizeHtml ?? (await import("sanitize-html")).default;
  const kept = keptDrawings(root, { write: keepDrawings, sanitizeHtml });
  const cache = await openCache<DrawnDiagram>(store, "diagrams", await codeFingerprint(["content"]));
  const result: DrawnDiagrams = await drawDiagrams(requests, {
    cache,
    kept,
    themes: mermaidThemes(themeColours),
    env,
    sanitizeHtml,
    keepAlso,
  });
  for (const problem of result.problems) problems.add(problem.request.file, diagramProblem(problem));
  if (requests.length) await cache.save();
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
  const used = result.used;
  return {
    place,
    asSource: [...new Set(notDrawn?.requests.map(({ file }) => file))],
    warnings: [...(notDrawn ? [notDrawnWarning(notDrawn)] : []), ...kept.problems],
    prune: async () => {
      if (used) await kept.prune(used);
    },
    keptChanged: () => kept.changed,
  };
}

/**
 * The diagrams shown as their source, each by its file and line, and how to have them drawn on a
 * machine with no browser (a host's build): draw them where one is, and commit what was kept.
 */
function notDrawnWarning({ reason, requests }: NonNullable<DrawnDiagrams["notDrawn"]>): string {
  const linesByFile = new Map<string, number[]>();
  for (const { file, line } of requests) linesByFile.set(file, [...(linesByFile.get(file) ?? []), line]);
  const where = [...linesByFile]
    .map(([file, lines]) => `${file} (line${lines.length > 1 ? "s" : ""} ${lines.join(", ")})`)
    .join(", ");
  const one = requests.length === 1;
  const [s, are, their, them] = one ? ["", "is", "its", "it"] : ["s", "are", "their", "them"];
  const howToDraw = `Run portfolio build or portfolio dev where Chromium or Google Chrome is installed (or CHROMIUM_PATH names it), then commit ${drawingsFolder}/: a build without a browser shows the drawings kept there`;
  const problem = browserProblem(reason);
  const guide = `${installedGuide}writing.md, "Diagrams"`;
  return `The Mermaid diagram${s} at ${where} ${are} shown as ${their} source: no browser could draw ${them} here (${problem}), and ${drawingsFolder}/ has no drawing of ${them}. ${howToDraw} (${guide}).`;
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
