import path from "node:path";
import type { z } from "zod";
import type { FieldProblem } from "../errors.js";
import type { BuildCache } from "../cache/build-cache.js";
import { idFragment } from "../slug.js";
import { parseFields, problemsFromZod } from "../validate.js";
import type { BuildCollection, ParsedEntry } from "./collections.js";
import { parseFrontMatter } from "./front-matter.js";
import type { HighlightCode } from "./highlight.js";
import {
  markdownToText,
  renderMarkdown,
  type MarkdownLibraries,
  type MarkdownOptions,
  type RenderedMarkdown,
  type SiteLink,
  type WritingLabels,
} from "./markdown.js";
import { type ProjectVideo, videoDirective, videoProblem } from "./project-video.js";
import type { Reader, Source } from "./read-sources.js";
import type { DirectiveComponent } from "./directives.js";
import { fieldLine, type OwnerFieldsOf, splitOwnerFields } from "./owner-fields.js";

/** A reader that also highlights code blocks, and reuses what earlier builds parsed. */
export interface Parser extends Reader {
  highlight: HighlightCode;
  /** Loaded when some file was not in the cache. */
  markdown: MarkdownLibraries | undefined;
  cache: BuildCache<ParsedEntry<unknown>>;
  keyOf: (cacheName: string, source: Source) => string;
  labelsOf: (lang: string) => WritingLabels;
  /** The directives a body may use: the built-ins and the owner's. */
  directives: ReadonlyMap<string, DirectiveComponent>;
}

/**
 * A file's entry as parsed, before its code blocks are in place: from the cache (whole) when an
 * earlier build parsed the same text, or parsed now (to be finished and cached by `finishOne`).
 */
export type DraftEntry = { source: Source } & (
  | { cached: ParsedEntry<unknown> }
  | {
      key: string;
      parsed: Omit<ParsedEntry<unknown>, "body"> & { body: RenderedMarkdown };
      /** What a diagram without an `accTitle` is called, in the entry's language. */
      label: string;
    }
);

/** One file of a collection, from the cache when an earlier build parsed the same text; none when it has problems. */
export function draftOne(
  parser: Parser,
  { cacheName, row, ownerFields }: BuildCollection,
  source: Source,
): DraftEntry[] {
  const key = parser.keyOf(cacheName, source);
  const cached = parser.cache.get(key);
  if (cached) return [{ source, cached }];
  const parsed = parseEntry(parser, source, row.schema, row.headingIds, ownerFields);
  return parsed ? [{ source, key, ...parsed }] : [];
}

/**
 * A drafted entry with its highlighted code and its diagrams in place and its text, cached when it
 * was parsed now and every diagram of it was drawn (one shown as code for want of a browser is drawn
 * by the next build that has one).
 */
export function finishOne(
  cache: BuildCache<ParsedEntry<unknown>>,
  draft: DraftEntry,
  highlighted: (html: string) => string,
  placed: (draft: ParsedDraft) => { html: string; drawn: boolean },
): ParsedEntry<unknown> {
  const { source } = draft;
  if ("cached" in draft) return { ...draft.cached, slug: source.slug, lang: source.lang };
  // The diagrams' sources stay with the entry: a build that takes it from the cache keeps their drawings (drawings/).
  const withDiagrams = placed(draft);
  const html = highlighted(withDiagrams.html);
  const entry = { ...draft.parsed, body: { ...draft.parsed.body, html, text: markdownToText(html) } };
  if (withDiagrams.drawn) cache.set(draft.key, entry);
  return { ...entry, slug: source.slug, lang: source.lang };
}

export type ParsedDraft = Extract<DraftEntry, { parsed: unknown }>;

function parseEntry<S extends z.ZodType>(
  parser: Parser,
  { file, text, lang, slug: entrySlug, beside }: Source,
  schema: S,
  headingIds: boolean,
  ownerFields: OwnerFieldsOf | undefined,
): { parsed: Omit<ParsedEntry<z.output<S>>, "body"> & { body: RenderedMarkdown }; label: string } | undefined {
  const slug = beside ? entrySlug : path.posix.basename(file, ".md");
  const nameProblem = checkSlug(slug);
  const parsed = parseFrontMatter(parser.markdown!.yaml, text);
  if ("problem" in parsed) {
    parser.problems.add(file, [...nameProblem, parsed.problem]);
    return undefined;
  }
  const result = parseFields(schema, parsed.ok.data);
  const idPrefix = `${idFragment(slug) || "text"}-`;
  const labels = parser.labelsOf(lang);
  const body = renderMarkdown(parser.markdown!, parsed.ok.body, parser.base, {
    headingIds,
    highlight: parser.highlight,
    idPrefix,
    labels,
    beside,
    directives: parser.directives,
  });
  const bodyProblem =
    "problem" in body
      ? [
          {
            field:
              body.problem.line === undefined ? "body" : `body (line ${parsed.ok.bodyLine + body.problem.line - 1})`,
            problem: body.problem.problem,
          },
        ]
      : [];
  const fieldProblems = result.success ? [] : withOwnerFieldLines(problemsFromZod(result.error), ownerFields, text);
  const video = result.success ? frontMatterVideo(parser, result.data, text, { labels, beside }) : undefined;
  const videoProblems = video && "problem" in video ? [{ field: "video", problem: video.problem }] : [];
  parser.problems.add(file, [...nameProblem, ...fieldProblems, ...videoProblems, ...bodyProblem]);
  if (!result.success || "problem" in body || nameProblem.length || videoProblems.length) return undefined;
  const inFile = (line: number) => parsed.ok.bodyLine + line - 1;
  const videoLinks = video && !("problem" in video) ? video.links : [];
  const links = [...videoLinks, ...body.links.map((link) => ({ ...link, line: inFile(link.line) }))];
  const diagrams = body.diagrams?.map((diagram) => ({ ...diagram, line: inFile(diagram.line) }));
  const { data, fields } = splitOwnerFields(result.data, ownerFields);
  // The slug and language are the file name's (translations.ts), set by finishOne: the cache keeps the parse of the
  // text alone.
  return {
    parsed: {
      file,
      slug,
      lang: "",
      data,
      fields,
      body: { html: body.html, links, ...(diagrams ? { diagrams } : {}) },
      ...(video && !("problem" in video) ? { videoHtml: video.html } : {}),
    },
    label: labels.diagram,
  };
}

/** A problem of one of the owner's fields names its line, for the owner to find it among the folder's own. */
function withOwnerFieldLines(
  problems: FieldProblem[],
  ownerFields: OwnerFieldsOf | undefined,
  source: string,
): FieldProblem[] {
  if (!ownerFields) return problems;
  return problems.map((problem) => {
    const name = /^[^.[]+/.exec(problem.field)?.[0] ?? "";
    if (!Object.hasOwn(ownerFields, name)) return problem;
    const line = fieldLine(source, name);
    return line === undefined ? problem : { ...problem, field: `${problem.field} (line ${line})` };
  });
}

/** The file name becomes the entry's id in the page (and, later, its address): keep it plain. */
function checkSlug(slug: string): FieldProblem[] {
  if (/^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u.test(slug)) return [];
  return [
    {
      field: "file name",
      problem: `"${slug}.md" is not a usable name: expected letters, digits, "-", "_" and "." only, starting with a letter or digit, e.g. my-project.md`,
    },
  ];
}

/**
 * A project's `video` drawn as the `::video` line it stands for, with the same checks and the files
 * it names (on the field's line, for the link check and the reading of its size); or its problem.
 */
function frontMatterVideo(
  parser: Parser,
  data: unknown,
  source: string,
  options: Pick<MarkdownOptions, "labels" | "beside">,
): { html: string; links: SiteLink[] } | { problem: string } | undefined {
  const video = (data as { video?: ProjectVideo }).video;
  if (!video) return undefined;
  const directive = videoDirective(video);
  if (typeof directive !== "string") return directive;
  const drawn = renderMarkdown(parser.markdown!, directive, parser.base, options);
  if ("problem" in drawn) return { problem: videoProblem(drawn.problem.problem) };
  const line = fieldLine(source, "video") ?? 1;
  return { html: drawn.html, links: drawn.links.map((link) => ({ ...link, line })) };
}
