const formats = new Map<string, Intl.DateTimeFormat>();

/** Same text on server and client: a date is formatted in UTC, never in the visitor's zone. */
export function formatDate(isoDate: string, lang: string): string {
  let format = formats.get(lang);
  if (!format) {
    // Making a format is far slower than using one, and a blog formats a date per post per page.
    format = new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    formats.set(lang, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}
