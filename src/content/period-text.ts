import { endsBeforeStart, type EndDate, type PartialDate, partialDateProblem } from "./partial-date.js";

/**
 * Reads the free-text `period` of timeline files written before `start` and `end` existed
 * ("2019 — 2022", "Mar 2019 - Jun 2021", "Since 2020") into the dates that replace it. The
 * build's warning and `portfolio upgrade` both use it, so what the warning promises is what the
 * upgrade writes. Anything it cannot read plainly is refused with the reason, never guessed.
 */

export type ReadPeriod = { start: PartialDate; end: EndDate } | { problem: string };

const months: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** Words for "still going on", in English and in the languages the Resume writes "present" in. */
const presentWords = [
  "present",
  "now",
  "today",
  "current",
  "currently",
  "ongoing",
  "to date",
  "date",
  "heute",
  "actualidad",
  "presente",
  "aujourd'hui",
  "aujourd’hui",
  "oggi",
  "heden",
  "obecnie",
  "nu",
];

const monthName = Object.keys(months).join("|");
/** One date as people write it: 2019, 2019-03, 2019/03, 03/2019, 3.2019, Mar 2019, March, 2019, 2019-03-15. */
const date = `(?:\\d{4}(?:[-/.]\\d{1,2}){0,2}|\\d{1,2}[-/.]\\d{4}|(?:${monthName})\\.?,?\\s*(?:\\d{4})?)`;
const present = presentWords.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(" ", "\\s+")).join("|");
/** Between the two ends: a dash of any kind (a hyphen between dates needs no spaces: 2019-2022), or a word. */
const separator = String.raw`\s*(?:[‐‑‒–—―−~→]+|-{1,3}>?|\.{2,3}|…)\s*|\s+(?:to|until|till|til|through|thru)\s+`;
const whole = new RegExp(`^(?:(since|from)\\s+)?(${date})(?:(${separator})(?:(${present})|(${date}|\\d{2}))?)?$`, "i");
const seasons = /\b(spring|summer|autumn|fall|winter|q[1-4]|h[12]|quarter|semester|term)\b/i;

/** The start and end a free-text period says, or why it cannot be read. */
export function readPeriod(text: string): ReadPeriod {
  const plain = text
    .trim()
    .replace(/^\(|\)$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!plain) return { problem: "it is empty" };
  if (!/\d{4}/.test(plain)) return { problem: "it has no year (expected four digits, such as 2019)" };
  const season = seasons.exec(plain);
  if (season) return { problem: `"${season[1]}" is not a month: the Resume's dates are months or years` };
  const match = whole.exec(plain);
  if (!match) return { problem: "it is not one date, or two dates joined by a dash or “to”" };
  const [, since, first, joined, presentWord, second] = match;
  const openEnded = since !== undefined || (joined !== undefined && second === undefined);
  if (since?.toLowerCase() === "since" && joined !== undefined)
    return { problem: `"${since}" with an end is not a period` };
  const end = second === undefined ? undefined : readDate(/^\d{2}$/.test(second) ? shortYear(first!, second) : second);
  // "Mar – Jun 2021": the start borrows the end's year.
  const start = readDate(first!, end && "date" in end ? end.date.slice(0, 4) : undefined);
  if ("problem" in start) return start;
  if (end && "problem" in end) return end;
  if (presentWord !== undefined || (openEnded && !end)) return { start: start.date, end: "present" };
  const last = end?.date ?? start.date;
  if (endsBeforeStart(start.date, last)) return { problem: `it ends (${last}) before it starts (${start.date})` };
  return { start: start.date, end: last };
}

/** "2019 – 22": the end's century is the start's. */
function shortYear(start: string, end: string): string {
  return `${/\d{4}/.exec(start)?.[0].slice(0, 2) ?? "20"}${end}`;
}

/** One date of a period, as YYYY or YYYY-MM. A day is dropped: the Resume shows months. */
function readDate(text: string, borrowedYear?: string): { date: PartialDate } | { problem: string } {
  const word = /^([a-z]+)\.?,?\s*(\d{4})?$/i.exec(text.trim());
  let year: string | undefined;
  let month: number | undefined;
  if (word) {
    month = months[word[1]!.toLowerCase()];
    year = word[2] ?? borrowedYear;
    if (year === undefined) return { problem: `"${text.trim()}" has no year` };
  } else {
    const parts = text.trim().split(/[-/.]/);
    const yearAt = parts.findIndex((part) => part.length === 4);
    year = parts[yearAt];
    if (parts.length > 3 || (yearAt === 0 && parts.length === 3 && !parts[2]) || (yearAt !== 0 && parts.length > 2))
      return { problem: `"${text.trim()}" is not a date` };
    const monthText = yearAt === 0 ? parts[1] : parts[0];
    month = monthText === undefined ? undefined : Number(monthText);
  }
  const value = month === undefined ? year! : `${year}-${String(month).padStart(2, "0")}`;
  const problem = partialDateProblem(value);
  return problem ? { problem } : { date: value };
}

/** How a read period is written in front matter, for messages: `start: 2019-03 and end: present`. */
export function describeDates(period: { start: PartialDate; end: EndDate }): string {
  return `start: ${period.start} and end: ${period.end}`;
}

/** Whether a timeline file's front matter still has the free-text `period` that start and end replace. */
export function holdsPeriod(frontMatter: Record<string, unknown>): boolean {
  return frontMatter.period !== undefined;
}
