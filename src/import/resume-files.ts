// The Resume's files from a JSON Resume: a file per timeline entry (named by year and organisation), a file
// per award and publication, and one file of front matter for each section of short lines.
import { fileSlug, idFragment } from "../slug.js";
import { compareTimeline } from "../content/timeline-order.js";
import { UniqueNames } from "../content/unique-names.js";
import type { SiteFile } from "../render/render-site-files.js";
import { linesOf, oneLine } from "./imported-text.js";
import type { LeftOut } from "./left-out.js";
import { markdownFile, markdownOfText } from "./markdown-file.js";

/** A timeline entry, from whichever JSON Resume section it comes. */
export interface TimelineSource {
  title: string;
  organisation: string;
  url?: string | undefined;
  start: string | undefined;
  end: string | undefined;
  summary?: string | undefined;
  /** Front matter after the dates: location, highlights; education's studyType, area, score and courses. */
  details: Record<string, string | string[] | undefined>;
}

export function timelineEntry(
  notes: LeftOut,
  path: string,
  raw: { startDate?: string | undefined; endDate?: string | undefined },
  used: string[],
  fields: Omit<TimelineSource, "start" | "end">,
): TimelineSource {
  notes.unused(path, raw, used);
  const start = raw.startDate;
  const end = raw.endDate;
  // Without a start, an end is all the page shows; without either, the entry is shown undated.
  return { ...fields, start, end: start === undefined ? end : (end ?? "present") };
}

/**
 * One file per entry, named by its start year and organisation. The page orders a timeline by
 * date; when the résumé's own order differs, each entry gets an `order` that keeps it.
 */
export function timelineFiles(folder: string, entries: TimelineSource[]): SiteFile[] {
  const freeName = fileNames();
  const planned = entries.map((entry) => ({
    entry,
    slug: freeName(`${(entry.start ?? entry.end ?? "undated").slice(0, 4)}-${idFragment(entry.organisation)}`),
    period:
      entry.start === undefined
        ? { undated: true as const, end: entry.end }
        : { start: entry.start, end: entry.end ?? "present" },
  }));
  const keepOrder = [...planned].sort(compareTimeline).some((placed, index) => placed !== planned[index]);
  return planned.map(({ entry, slug }, index) => ({
    file: `content/resume/${folder}/${slug}.md`,
    contents: markdownFile(
      {
        title: entry.title,
        organisation: entry.organisation,
        url: entry.url,
        start: entry.start,
        end: entry.end,
        order: keepOrder ? index + 1 : undefined,
        ...cleanDetails(entry.details),
      },
      markdownOfText(entry.summary ?? ""),
    ),
  }));
}

/** Texts on one line each (a highlight written over two lines is one highlight), blanks left out. */
function cleanDetails(details: TimelineSource["details"]): TimelineSource["details"] {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      Array.isArray(value) ? linesOf(value) : value === undefined ? undefined : oneLine(value),
    ]),
  );
}

/** Awards, publications: one file each, named by year and title (the page orders them by date). */
export function datedFiles(
  folder: string,
  entries: Array<{ name: string; date: string | undefined; contents: string }>,
): SiteFile[] {
  const freeName = fileNames();
  return entries.map(({ name, date, contents }) => ({
    file: `content/resume/${folder}/${freeName(`${date === undefined ? "" : `${date.slice(0, 4)}-`}${idFragment(name)}`)}.md`,
    contents,
  }));
}

/**
 * A section of short lines (certificates, languages, interests,
 * references, skills): one file of front matter, when it has entries.
 */
export function listFile(name: string, entries: object[]): SiteFile[] {
  return entries.length ? [{ file: `content/resume/${name}.md`, contents: markdownFile({ [name]: entries }) }] : [];
}

/** An imported entry's file name: year and name, a few words long. */
export const maxImportSlugLength = 60;

/** File names not taken yet in one folder: `2022-acme`, then `2022-acme-2`, … */
function fileNames(): (wanted: string) => string {
  const names = new UniqueNames();
  return (wanted) =>
    names.claim(fileSlug(wanted, { maxLength: maxImportSlugLength, reservedSuffix: "entry" }) || "entry");
}
