import type { TimelineEntry } from "../content/content-types.js";
import { markdownToParagraphs } from "../content/markdown-text.js";

/** Content's values as JSON Resume writes them: dates, summaries and addresses. */

/** JSON Resume's dates are ours as written; an entry that goes on has no endDate. An old free-text period has none. */
export function datesOf(entry: TimelineEntry): { startDate?: string; endDate?: string } {
  const { period } = entry;
  if ("undated" in period) return period.end === undefined ? {} : { endDate: period.end };
  if (!("start" in period)) return {};
  return { startDate: period.start, ...(period.end === "present" ? {} : { endDate: period.end }) };
}

/** A timeline entry's highlights, as a list of texts, when it has any. */
export function highlightsOf(entry: TimelineEntry): { highlights?: string[] } {
  return entry.highlights?.length ? { highlights: entry.highlights } : {};
}

/**
 * An education entry's degree: the kind and the field as given apart (an imported résumé's), or
 * else its title ("BSc in Physics") as the area.
 */
export function degreeOf(entry: TimelineEntry): { area?: string; studyType?: string } {
  if (entry.area === undefined && entry.studyType === undefined) return { area: entry.title };
  return {
    ...(entry.area === undefined ? {} : { area: entry.area }),
    ...(entry.studyType === undefined ? {} : { studyType: entry.studyType }),
  };
}

export function summaryOf(html: string): { summary?: string } {
  const summary = markdownToParagraphs(html);
  return summary ? { summary } : {};
}

export function urlOf(entry: { url?: string | undefined }): { url?: string } {
  return entry.url ? { url: uri(entry.url) } : {};
}

/** A URI holds no white space (JSON Resume checks): a space a config URL may have is escaped. */
export function uri(url: string): string {
  return url.replace(/\s/g, (space) => encodeURIComponent(space));
}
