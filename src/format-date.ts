/** Same text on server and client: a date is formatted in UTC, never in the visitor's zone. */
export function formatDate(isoDate: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
