/**
 * Résumé dates: a month (`2022-03`) or only a year (`2022`), as JSON Resume writes them, or a day
 * (`2022-03-14`), which an imported résumé may give: the page shows its month, `/resume.json` the day. Years run
 * from 1000 to 2999, the range JSON Resume's schema accepts, so every date the content may hold
 * can be written to `/resume.json`.
 */
export type PartialDate = string;

/** When a timeline entry ends: a date, or "present" while it goes on. */
export type EndDate = PartialDate | "present";

const pattern = /^([12]\d{3})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** What is wrong with a date written as text, if anything. */
export function partialDateProblem(value: string): string | undefined {
  const match = pattern.exec(value);
  if (!match) return `expected a month as YYYY-MM or a year as YYYY, e.g. 2022-03, got ${JSON.stringify(value)}`;
  const month = match[2] === undefined ? undefined : Number(match[2]);
  if (month !== undefined && (month < 1 || month > 12))
    return `expected a real month (01 to 12), got ${JSON.stringify(value)}`;
  if (match[3] !== undefined) {
    const days = new Date(Date.UTC(Number(match[1]), month!, 0)).getUTCDate();
    if (Number(match[3]) < 1 || Number(match[3]) > days)
      return `expected a real day (${match[1]}-${match[2]} has ${days}), got ${JSON.stringify(value)}`;
  }
  return undefined;
}

export function isPartialDate(value: unknown): value is PartialDate {
  return typeof value === "string" && partialDateProblem(value) === undefined;
}

/** The first month a date covers, counted from year 0: `2022` → January 2022. */
export function firstMonth(date: PartialDate): number {
  const [year, month] = date.split("-").map(Number);
  return year! * 12 + (month ?? 1) - 1;
}

/** The last month a date covers: `2022` → December 2022. */
export function lastMonth(date: PartialDate): number {
  const [year, month] = date.split("-").map(Number);
  return year! * 12 + (month ?? 12) - 1;
}

/** True when `end` lies wholly before `start` (`2021` before `2022-03`; `2022` is not before `2022-03`). */
export function endsBeforeStart(start: PartialDate, end: PartialDate): boolean {
  return lastMonth(end) < firstMonth(start);
}

/**
 * Newest first: what goes on or ended last comes first, then what started last. Negative when
 * `a` is newer than `b`.
 */
export function compareNewestFirst(
  a: { start: PartialDate; end: EndDate },
  b: { start: PartialDate; end: EndDate },
): number {
  const endOf = (end: EndDate) => (end === "present" ? Infinity : lastMonth(end));
  const byEnd = endOf(b.end) - endOf(a.end);
  if (byEnd !== 0 && !Number.isNaN(byEnd)) return byEnd;
  return firstMonth(b.start) - firstMonth(a.start);
}
