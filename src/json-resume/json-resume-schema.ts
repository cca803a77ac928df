import jsonResume from "@jsonresume/schema";
import { z } from "zod";
import type { FieldProblem } from "../errors.js";
import { describeValue, text } from "../schema-fields.js";
import { formatFieldPath } from "../validate.js";

/**
 * JSON Resume (https://jsonresume.org, schema v1), the parts portfolio writes to `/resume.json`
 * and reads with `portfolio import`. The official schema, from `@jsonresume/schema`, says what any
 * JSON Resume must be; this one adds what portfolio needs to make content of an entry (a work
 * entry needs its company, position and start). Other fields are allowed, as JSON Resume allows
 * them: `import` lists those it had no place for.
 */

/** A date as JSON Resume writes it: `2014-06-29`, `2014-06` or `2014`, and a real one. */
const isoDate = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? "is missing: expected a date as YYYY-MM-DD, YYYY-MM or YYYY, e.g. 2022-03"
        : `expected a date as YYYY-MM-DD, YYYY-MM or YYYY, e.g. 2022-03, got ${describeValue(issue.input)}`,
  })
  .refine((value) => isRealIsoDate(value), {
    error: (issue) =>
      `expected a real date as YYYY-MM-DD, YYYY-MM or YYYY (years 1000 to 2999), e.g. 2022-03, got ${JSON.stringify(issue.input)}`,
  });

function isRealIsoDate(value: string): boolean {
  const match = /^([12]\d{3})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!match) return false;
  const [year, month = 1, day = 1] = match
    .slice(1)
    .filter((part) => part !== undefined)
    .map(Number) as [number, number?, number?];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Many JSON Resume files hold "" for a field left blank: that is no value. */
const blankIsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsAbsent, schema.optional());
const plain = (what: string) => optional(z.string({ error: `expected ${what} as text` }));
/**
 * An address with any scheme the official schema takes (`https:`, `mailto:`, `tel:`, `skype:`…),
 * except those that run code or embed a document where a link is expected.
 */
const webUrl = optional(
  z
    .string({ error: "expected a URL" })
    .refine((value) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(value), {
      error: (issue) => `expected an absolute URL such as https://example.com, got ${JSON.stringify(issue.input)}`,
    })
    .refine((value) => !unsafeUrl(value), {
      error: (issue) =>
        `expected a web address such as https://example.com, got ${JSON.stringify(issue.input)}: its scheme runs code or embeds a document`,
    }),
);

/** `javascript:`, `vbscript:`, `data:` and `file:` addresses never become links. */
export function unsafeUrl(value: string): boolean {
  return /^(javascript|vbscript|data|file):/i.test(value.replace(/[\s\u0000-\u001f]/g, ""));
}
const list = (what: string) =>
  optional(z.array(z.string({ error: `expected ${what} as text` }), { error: `expected a list of ${what}s` }));

/**
 * An entry whose end, when it has one and a start, is not before the start. JSON Resume lets the
 * dates out, and so does portfolio: an entry without a start is shown without one.
 */
function dated<T extends z.ZodRawShape>(shape: T) {
  return z
    .looseObject({ ...shape, startDate: optional(isoDate), endDate: optional(isoDate) })
    .superRefine((entry, context) => {
      const { startDate, endDate } = entry as { startDate?: unknown; endDate?: unknown };
      if (
        typeof startDate === "string" &&
        typeof endDate === "string" &&
        isRealIsoDate(startDate) &&
        isRealIsoDate(endDate) &&
        endDate.slice(0, Math.min(startDate.length, endDate.length)) <
          startDate.slice(0, Math.min(startDate.length, endDate.length))
      ) {
        context.addIssue({
          code: "custom",
          path: ["endDate"],
          message: `${JSON.stringify(endDate)} is before startDate ${JSON.stringify(startDate)}: expected an end on or after the start`,
        });
      }
    });
}

const section = <T extends z.ZodType>(entry: T, what: string) =>
  optional(z.array(entry, { error: `expected a list of ${what}` }));

export const jsonResumeSchema = z.looseObject(
  {
    basics: optional(
      z.looseObject(
        {
          name: plain("the name"),
          label: plain("the job title"),
          image: plain("the photo's URL"),
          email: plain("an e-mail address"),
          phone: plain("a phone number"),
          url: webUrl,
          summary: plain("a short biography"),
          location: optional(
            z.looseObject(
              {
                address: plain("the address"),
                postalCode: plain("the postal code"),
                city: plain("the city"),
                countryCode: plain("the country's code"),
                region: plain("the region"),
              },
              { error: "expected the location as an object with city, region, countryCode…" },
            ),
          ),
          profiles: section(
            z.looseObject({ network: plain("the network's name"), username: plain("the user name"), url: webUrl }),
            "profiles",
          ),
        },
        { error: "expected basics as an object with name, label, email…" },
      ),
    ),
    work: section(
      dated({
        name: text("the company's name"),
        position: text("the position"),
        location: plain("where it was"),
        description: plain("what the company is"),
        url: webUrl,
        summary: plain("a summary"),
        highlights: list("highlight"),
      }),
      "work entries",
    ),
    volunteer: section(
      dated({
        organization: text("the organisation's name"),
        position: text("the position"),
        url: webUrl,
        summary: plain("a summary"),
        highlights: list("highlight"),
      }),
      "volunteer entries",
    ),
    education: section(
      dated({
        institution: text("the school's name"),
        url: webUrl,
        area: plain("the field of study"),
        studyType: plain("the kind of degree"),
        score: plain("the grade"),
        courses: list("course"),
        /** Not in JSON Resume v1, which has nowhere for what an education entry says: portfolio writes and reads it. */
        summary: plain("a summary"),
      }).superRefine((entry, context) => {
        const { area, studyType } = entry as { area?: unknown; studyType?: unknown };
        if (blankIsAbsent(area) === undefined && blankIsAbsent(studyType) === undefined) {
          context.addIssue({
            code: "custom",
            path: ["area"],
            message:
              "is missing: expected the field of study (area) or the kind of degree (studyType), to title the entry",
          });
        }
      }),
      "education entries",
    ),
    awards: section(
      z.looseObject({
        title: text("the award's title"),
        date: optional(isoDate),
        awarder: text("who gave it"),
        summary: plain("a summary"),
      }),
      "awards",
    ),
    certificates: section(
      z.looseObject({
        name: text("the certificate's name"),
        date: optional(isoDate),
        issuer: text("who issued it"),
        url: webUrl,
      }),
      "certificates",
    ),
    publications: section(
      z.looseObject({
        name: text("the title"),
        publisher: text("the publisher"),
        releaseDate: optional(isoDate),
        url: webUrl,
        summary: plain("a summary"),
      }),
      "publications",
    ),
    skills: section(
      z.looseObject({
        name: text("the skill's name"),
        level: plain("a level such as Advanced"),
        keywords: list("keyword"),
      }),
      "skills",
    ),
    languages: section(
      z.looseObject({ language: text("a language"), fluency: plain("how well, such as Native") }),
      "languages",
    ),
    // An interest or a reference without a name is left out by the import, not refused: it is listed.
    interests: section(z.looseObject({ name: plain("the interest's name"), keywords: list("keyword") }), "interests"),
    references: section(
      z.looseObject({ name: plain("who gave the reference"), reference: plain("the reference's text") }),
      "references",
    ),
    projects: section(
      dated({
        name: text("the project's name"),
        description: plain("what the project is"),
        highlights: list("highlight"),
        keywords: list("keyword"),
        url: webUrl,
        roles: list("role"),
        entity: plain("who it was for"),
        type: plain("the kind of project, such as application"),
      }),
      "projects",
    ),
  },
  { error: "expected a JSON object: a JSON Resume starts with {" },
);

/**
 * The fields that name an entry of each section, as the schema above requires them: an entry
 * whose name is wrong cannot be imported without it. Any other value can be left out of its entry.
 */
export const namingFields: Record<string, readonly string[]> = {
  work: ["name", "position"],
  volunteer: ["organization", "position"],
  education: ["institution", "area", "studyType"],
  awards: ["title", "awarder"],
  certificates: ["name", "issuer"],
  publications: ["name", "publisher"],
  skills: ["name"],
  languages: ["language"],
  projects: ["name"],
};

/** A JSON Resume as portfolio writes it, and as it reads one once validated. */
export type JsonResume = z.output<typeof jsonResumeSchema>;

/** A problem with the path of the value it is about, for a caller that leaves the value out. */
export interface SchemaProblem extends FieldProblem {
  path: Array<string | number>;
}

/** What the official schema (`@jsonresume/schema`) finds wrong, each named by its JSON path. */
export function officialSchemaProblems(value: unknown): SchemaProblem[] {
  let found: SchemaProblem[] = [];
  jsonResume.validate(value, (errors) => {
    found = (errors ?? []).map((error) => ({
      path: error.path,
      field: formatFieldPath(error.path),
      problem: describeSchemaError(error.name, error.argument, error.instance, error.message),
    }));
  });
  return found;
}

function describeSchemaError(name: string, argument: unknown, instance: unknown, message: string): string {
  const got = `got ${describeValue(instance)}`;
  if (name === "type")
    return `expected ${[argument]
      .flat()
      .map((type) => (type === "array" ? "a list" : type === "object" ? "an object" : `a ${String(type)}`))
      .join(" or ")}, ${got}`;
  if (name === "pattern") return `expected a date as YYYY-MM-DD, YYYY-MM or YYYY, ${got}`;
  if (name === "format" && argument === "uri") return `expected an absolute URL such as https://example.com, ${got}`;
  if (name === "format" && argument === "email") return `expected an e-mail address, ${got}`;
  return `${message} (JSON Resume schema)`;
}
