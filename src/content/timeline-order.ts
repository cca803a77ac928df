import { describeDates, readPeriod } from "./period-text.js";
import { compareNewestFirst, type EndDate, type PartialDate } from "./partial-date.js";

/**
 * When a timeline entry ran: from `start` to `end`; or, for an entry whose start is not known
 * (an imported degree that gives only its year), only its end, or nothing; or, in files written
 * before dates, a free text.
 */
export type Period =
  | { start: PartialDate; end: EndDate }
  | { undated: true; end?: PartialDate | undefined }
  | { text: string };

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
  const datedA = datesOf(a.period);
  const datedB = datesOf(b.period);
  if (datedA && datedB) return compareNewestFirst(datedA, datedB) || a.slug.localeCompare(b.slug);
  if (datedA || datedB) return datedA ? -1 : 1;
  return a.slug.localeCompare(b.slug);
}

/** The dates an entry is placed by: one that gives only its end is placed as if it began then. */
function datesOf(period: Period): { start: PartialDate; end: EndDate } | undefined {
  if ("start" in period) return period;
  if ("undated" in period && period.end !== undefined) return { start: period.end, end: period.end };
  return undefined;
}

/**
 * The warning for an entry that still has the free-text `period`: `portfolio upgrade` writes the
 * start and end it says, when they can be read (the same reading the upgrade does); otherwise why not.
 */
export function periodWarning(file: string, period: string): string {
  const read = readPeriod(period);
  const todo =
    "problem" in read
      ? `it cannot be read as dates (${read.problem}): write start and end instead, e.g. start: 2019-09 and end: 2022-02, or end: present`
      : `run portfolio upgrade, which writes ${describeDates(read)} in its place`;
  return `${file}: period is the old free-text date: ${todo}. Until then the period is shown as written, the entry comes after the dated ones, and /resume.json has no dates for it.`;
}
