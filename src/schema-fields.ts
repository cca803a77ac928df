import { z } from "zod";

/** zod fields shared by the config and content schemas, with messages that say what was expected. */

export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "a list";
  if (value instanceof Date) return "a date";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

/** Text that must not be empty once trimmed. */
export const text = (what: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `is missing: expected ${what}`
          : `expected ${what}, got ${describeValue(issue.input)}`,
    })
    .trim()
    .min(1, `expected ${what}, got an empty string`);

/**
 * A path inside public/ (`images/avatar.webp`; a leading slash is dropped): no scheme, no `..`, no
 * backslash or control character, so it can only ever name a file of public/.
 */
export const publicPath = (what: string, example: string) =>
  text(what)
    .refine(
      (value) =>
        !/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.split("/").includes("..") && !/[\\\u0000-\u001f]/.test(value),
      {
        error: (issue) =>
          `expected ${what} inside public/ (a relative path such as ${example}), got ${JSON.stringify(issue.input)}`,
      },
    )
    .transform((value) => value.replace(/^\/+/, ""));

/** An http(s) address. */
export const webUrl = text("an http(s) URL").refine((value) => /^https?:\/\/[^\s]+$/i.test(value), {
  message: "expected an http(s) URL such as https://example.com",
});

/** A real calendar day as YYYY-MM-DD: `2025-02-30` is refused, not rolled over into March. */
export const isoDate = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? "is missing: expected a date as YYYY-MM-DD"
        : `expected a date as YYYY-MM-DD, got ${describeValue(issue.input)}`,
  })
  .trim()
  .refine((value) => isCalendarDate(value), {
    error: (issue) => `expected a real date as YYYY-MM-DD, e.g. 2025-01-31, got ${JSON.stringify(issue.input)}`,
  });

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
