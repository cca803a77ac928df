import { z } from "zod";

/**
 * What the build takes from GitHub's answers, checked before it is kept or shown: exactly the
 * fields a card or a project page uses, each of the type and length GitHub gives, and nothing
 * else. An answer comes from the network (or from wherever GITHUB_API_URL points), so a
 * repository that does not fit is left out with a warning naming it and the field, and the
 * others are shown; the cache keeps only what passed, and what it gives back is checked again.
 */

/**
 * Far above GitHub's own limits (a description of a few hundred
 * characters, a name of 100), far below what would weigh on a page.
 */
export const githubLimits = {
  description: 1000,
  language: 100,
  url: 300,
  /** Repositories in one page of a listing: the build asks for 100. */
  listing: 100,
  /** How many repositories an answer may leave out and still be named one by one in the warning. */
  named: 10,
} as const;

/** `owner/name`, and a repository's name (as the config schema takes them). */
// Owners with "_" too: GitHub Enterprise's managed users are named `octocat_acme`.
const fullNamePattern = /^[A-Za-z0-9_-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;
const repositoryName = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

/** What a value is, for a message: never the value itself, which may be anything of any size. */
function kind(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return `text of ${value.length.toLocaleString("en")} characters`;
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value).slice(0, 40)}`;
}

const limitedText = (max: number) =>
  z.string({ error: (issue) => `expected text, got ${kind(issue.input)}` }).max(max, {
    error: (issue) =>
      `is ${String(issue.input).length.toLocaleString("en")} characters long, more than the ${max.toLocaleString("en")} the build takes`,
  });

const named = (pattern: RegExp, what: string) =>
  z
    .string({ error: (issue) => `expected ${what}, got ${kind(issue.input)}` })
    .max(140, {
      error: (issue) => `expected ${what}, got ${kind(issue.input)}`,
    })
    .refine((value) => pattern.test(value), { error: `expected ${what}` });

/** An ISO 8601 moment in UTC, as GitHub writes them (`2026-05-01T10:00:00Z`), of a day that exists. */
const moment = z
  .string({ error: (issue) => `expected a date and time such as 2026-05-01T10:00:00Z, got ${kind(issue.input)}` })
  .max(40, { error: "expected a date and time such as 2026-05-01T10:00:00Z" })
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/.test(value) &&
      !Number.isNaN(Date.parse(value)) &&
      new Date(value).toISOString().slice(0, 10) === value.slice(0, 10),
    { error: (issue) => `expected a date and time such as 2026-05-01T10:00:00Z, got ${kind(issue.input)}` },
  );

/** An https address (a repository's page), with nothing in it that could leave an attribute. */
const pageUrl = limitedText(githubLimits.url).refine(
  (value) => {
    try {
      return new URL(value).protocol === "https:" && !/[\s"'<>\\]/.test(value);
    } catch {
      return false;
    }
  },
  { error: "expected an https address" },
);

const count = z
  .number({ error: (issue) => `expected a count, got ${kind(issue.input)}` })
  .int({ error: "expected a whole number" })
  .min(0, { error: "expected a count of 0 or more" })
  .max(Number.MAX_SAFE_INTEGER, { error: "expected a count" });

const flag = z.boolean({ error: (issue) => `expected true or false, got ${kind(issue.input)}` });

/** Whether GitHub says a repository is private: a token may see some, and the site is public. */
export const visibilitySchema = z.looseObject({
  private: z.unknown().optional(),
  visibility: z.unknown().optional(),
});

/** One repository of an answer of GitHub's REST API: the fields the build reads, as GitHub gives them. */
export const apiRepositorySchema = z
  .object({
    full_name: named(fullNamePattern, "owner/name"),
    name: named(repositoryName, "a repository's name"),
    html_url: pageUrl,
    description: limitedText(githubLimits.description).nullish(),
    language: limitedText(githubLimits.language).nullish(),
    stargazers_count: count.optional(),
    forks_count: count.optional(),
    pushed_at: moment.nullish(),
    updated_at: moment.nullish(),
    fork: flag.optional(),
    archived: flag.optional(),
  })
  .refine(
    // A card links to the repository's page, not to any address an answer names.
    // It runs even when a field failed: the fields may be anything.
    (repository) =>
      typeof repository.full_name === "string" &&
      typeof repository.html_url === "string" &&
      URL.canParse(repository.html_url) &&
      new URL(repository.html_url).pathname.replace(/\/$/, "").toLowerCase() ===
        `/${repository.full_name.toLowerCase()}`,
    { path: ["html_url"], error: "expected the repository's page, ending in /owner/name" },
  );
export type ApiRepository = z.infer<typeof apiRepositorySchema>;

/** A repository as the cache keeps it (github-repositories.ts's Repository): checked again when read back. */
export const keptRepositorySchema = z.strictObject({
  fullName: named(fullNamePattern, "owner/name"),
  name: named(repositoryName, "a repository's name"),
  description: limitedText(githubLimits.description).optional(),
  url: pageUrl,
  language: limitedText(githubLimits.language).optional(),
  languageColour: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .optional(),
  stars: count,
  forks: count,
  pushedAt: z.union([moment, z.literal("")]),
  fork: flag,
  archived: flag,
});

/** One answer as the cache keeps it. */
export const keptAnswerSchema = z.strictObject({
  etag: z.string().max(200).optional(),
  repositories: z.array(keptRepositorySchema).max(githubLimits.listing),
  next: z.boolean(),
  fetchedAt: moment,
  left: z.array(z.string().max(400)).max(githubLimits.listing),
});

/** Why a repository of an answer is left out: its name when it has a readable one, the field and what was wrong. */
export function leftOutReason(item: unknown, index: number, error: z.ZodError): string {
  const fullName = (item as { full_name?: unknown } | null)?.full_name;
  const shown =
    typeof fullName === "string" && fullName.length <= 140 && fullNamePattern.test(fullName)
      ? fullName
      : `the repository at position ${index + 1}`;
  const issue = error.issues[0]!;
  const field = issue.path.length ? issue.path.join(".") : "the repository";
  return `${shown} (${field}: ${issue.message})`;
}
