import { compareNewestFirst, type EndDate, type PartialDate } from "./partial-date.js";

/** When a timeline entry ran: from `start` to `end`, or, in files written before dates, a free text. */
export type Period = { start: PartialDate; end: EndDate } | { text: string };

/** What a timeline entry is placed by. */
export interface Placed {
  slug: string;
  order?: number | undefined;
  period: Period;
}

/**
 * The order of a timeline: entries with an `order` first, by it; then the dated ones, newest
 * first; then those with only a free-text period. The file name breaks ties, so the order never
 * depends on the file system.
 */
export function compareTimeline(a: Placed, b: Placed): number {
  const byOrder = (a.order ?? Infinity) - (b.order ?? Infinity);
  if (byOrder !== 0 && !Number.isNaN(byOrder)) return byOrder;
  const datedA = "start" in a.period ? a.period : undefined;
  const datedB = "start" in b.period ? b.period : undefined;
  if (datedA && datedB) return compareNewestFirst(datedA, datedB) || a.slug.localeCompare(b.slug);
  if (datedA || datedB) return datedA ? -1 : 1;
  return a.slug.localeCompare(b.slug);
}

/**
 * The warning for an entry that still has the free-text `period`, with the start and end to write
 * when the text says them plainly ("2019 — 2022", "2022 - Present").
 */
export function periodWarning(file: string, period: string): string {
  const match =
    /^\s*([12]\d{3}(?:-\d{2})?)\s*(?:[-–—]+|to)\s*([12]\d{3}(?:-\d{2})?|present|now|today|current)\s*$/i.exec(period);
  const example = match
    ? `start: ${match[1]} and end: ${/^\d/.test(match[2]!) ? match[2] : "present"}`
    : "e.g. start: 2019-09 and end: 2022-02, or end: present";
  return `${file}: period is the old free-text date: write start and end instead (${example}). Until then the period is shown as written, the entry comes after the dated ones, and /resume.json has no dates for it.`;
}
