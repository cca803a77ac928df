// Small parts of what an entry becomes for the pages: its language, its defined fields, its period,
// its place among dated entries, its reading time and excerpt.
import type { ShapeContext } from "./collection-types.js";
import { firstMonth, type PartialDate } from "./partial-date.js";
import type { Period } from "./timeline-order.js";

/** An entry shown in a language other than its page's (untranslated) carries its own, for `lang` on its element. */
export function langOf(entry: { lang: string }, context: ShapeContext): { lang?: string } {
  return entry.lang === context.config.site.lang ? {} : { lang: entry.lang };
}

/** The fields that have a value: an entry without them is the same object as before they existed. */
export function definedOf<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The period a timeline file gives: start and end, only an end (or nothing), or the old free text. */
export function periodOf(data: {
  start?: string | undefined;
  end?: string | undefined;
  period?: string | undefined;
}): Period {
  if (data.period !== undefined) return { text: data.period };
  if (data.start !== undefined) return { start: data.start, end: data.end ?? "present" };
  return { undated: true, ...(data.end !== undefined && data.end !== "present" ? { end: data.end } : {}) };
}

/**
 * Dated entries newest first, then those without a date; `tie` (the name or the file name) orders
 * those of the same date.
 */
export function newestFirst<T extends { date?: PartialDate | undefined }>(
  entries: T[],
  tie: (entry: T) => string,
): T[] {
  const month = (entry: T) => (entry.date === undefined ? -Infinity : firstMonth(entry.date));
  return [...entries].sort((a, b) => month(b) - month(a) || tie(a).localeCompare(tie(b)));
}

/** Minutes to read `text`, whose words markdownToText has already separated by single spaces. */
export function readingMinutes(text: string): number {
  // Counted, not split: splitting a thousand posts made a million strings on every build.
  let words = text === "" ? 0 : 1;
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) words++;
  return Math.max(1, Math.round(words / 220));
}

export function excerpt(text: string, length = 160): string {
  return text.length <= length ? text : `${text.slice(0, length).replace(/\s+\S*$/, "")}…`;
}
