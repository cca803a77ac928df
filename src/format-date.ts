import type { EndDate, PartialDate } from "./content/partial-date.js";

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl format per language and kind: making a format is far slower than using one. */
function formatOf(lang: string, kind: "day" | "month" | "year"): Intl.DateTimeFormat {
  const key = `${lang} ${kind}`;
  let format = formats.get(key);
  if (!format) {
    const fields: Intl.DateTimeFormatOptions =
      kind === "day"
        ? { year: "numeric", month: "short", day: "numeric" }
        : kind === "month"
          ? { year: "numeric", month: "short" }
          : { year: "numeric" };
    format = new Intl.DateTimeFormat(lang, { ...fields, timeZone: "UTC" });
    formats.set(key, format);
  }
  return format;
}

/** Same text on server and client: a date is formatted in UTC, never in the visitor's zone. */
export function formatDate(isoDate: string, lang: string): string {
  return formatOf(lang, "day").format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * `2022-03` → "Mar 2022", `2022` → "2022", in the site's language ("mar. de 2022" in Portuguese).
 * A day (`2022-03-14`, from an imported résumé) is shown as its month, like the rest of the Resume.
 */
export function formatPartialDate(date: PartialDate, lang: string): string {
  const [year, month] = date.split("-").map(Number);
  return formatOf(lang, month === undefined ? "year" : "month").format(new Date(Date.UTC(year!, (month ?? 1) - 1, 1)));
}

/**
 * The two ends of a period as the page shows them; one date alone when it starts and ends the same.
 * A period that goes on ends with the dictionary's word for it (`resume.present`: "Present").
 */
export function formatPeriod(
  start: PartialDate,
  end: EndDate,
  lang: string,
  present: string,
): { start: string; end: string | undefined } {
  const from = formatPartialDate(start, lang);
  if (end === "present") return { start: from, end: present };
  // Two days of one month are one month on the page, which shows months.
  const to = formatPartialDate(end, lang);
  return { start: from, end: end === start || to === from ? undefined : to };
}
