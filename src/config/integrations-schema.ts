import { z } from "zod";
import { httpsOrigin } from "./csp-origin.js";
import { describeValue, text } from "../schema-fields.js";

/**
 * The opt-in integrations of the config: GitHub's repositories (fetched at build time), comments
 * with giscus, and privacy-friendly analytics. Without them the site asks no other host for
 * anything; with one, only the pages that carry it may, and only the host it needs
 * (integrations/integration-sources.ts).
 */

const flag = z.boolean({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` });

/** A GitHub account's name: letters, digits and single hyphens, 39 at most. */
const accountName = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** A repository's name: letters, digits, ".", "_" and "-", 100 at most (not "." or ".."). */
const repositoryName = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

const account = text("a GitHub account such as octocat").refine((value) => accountName.test(value), {
  error: (issue) =>
    `expected a GitHub account name such as octocat (letters, digits and hyphens), got ${JSON.stringify(issue.input)}`,
});

/** `owner/name`, or a name alone where the owner is known. */
const repository = (ownerOptional: boolean) =>
  text(
    ownerOptional
      ? "a repository such as hello-world or octocat/hello-world"
      : "a repository such as octocat/hello-world",
  ).refine(
    (value) => {
      const parts = value.split("/");
      if (parts.length === 1) return ownerOptional && repositoryName.test(parts[0]!);
      return parts.length === 2 && accountName.test(parts[0]!) && repositoryName.test(parts[1]!);
    },
    {
      error: (issue) =>
        `expected ${ownerOptional ? "a repository's name (hello-world) or owner/name (octocat/hello-world)" : "owner/name, such as octocat/hello-world"}, got ${JSON.stringify(issue.input)}`,
    },
  );

export const githubSchema = z.strictObject({
  user: account,
  repos: z
    .array(repository(true), { error: 'expected a list of repositories, such as ["hello-world", "octocat/linguist"]' })
    .min(1, "expected at least one repository; leave repos out to show your most starred ones")
    .max(30, "expected at most 30 repositories: the cards are a selection")
    .superRefine((repos, context) => {
      repos.forEach((repo, index) => {
        if (repos.findIndex((other) => other.toLowerCase() === repo.toLowerCase()) < index)
          context.addIssue({
            code: "custom",
            path: [index],
            message: `"${repo}" is listed twice: expected each repository once`,
          });
      });
    })
    .optional(),
  count: z
    .number({ error: "expected a whole number of repositories, from 1 to 30" })
    .int({ error: "expected a whole number of repositories, from 1 to 30" })
    .min(1, { error: "expected a whole number of repositories, from 1 to 30" })
    .max(30, { error: "expected at most 30 repositories: the cards are a selection" })
    .default(6),
  forks: flag.default(false),
  archived: flag.default(false),
});

/** giscus's ids: what its configuration page (giscus.app) gives, letters, digits, "_" and "-". */
const giscusId = (what: string) =>
  text(what).refine((value) => /^[A-Za-z0-9_=-]{1,100}$/.test(value), {
    error: (issue) => `expected ${what} as giscus.app gives it (such as R_kgDOH…), got ${JSON.stringify(issue.input)}`,
  });

export const commentsSchema = z.strictObject({
  giscus: z.strictObject({
    repo: repository(false),
    repoId: giscusId("the repository's id"),
    category: text("the discussions category's name, such as Comments"),
    categoryId: giscusId("the category's id"),
    reactions: flag.default(true),
  }),
});

/**
 * An https address of a script or an endpoint of the owner's analytics. Its origin goes into every
 * page's Content-Security-Policy, so its host must be a plain host name: a `*` or a `;` there would
 * widen the policy or add a directive to it.
 */
const httpsUrl = (what: string, example: string) =>
  text(what).refine((value) => httpsOrigin(value) !== undefined && !/[\s"'<>]/.test(value), {
    error: (issue) =>
      `expected ${what} starting with https:// and a host name (letters, digits, dots and hyphens: no *, ;, commas, quotes or spaces), such as ${example}, got ${JSON.stringify(issue.input)}`,
  });

export const analyticsSchema = z
  .strictObject({
    plausible: z
      .strictObject({
        domain: text("the site's domain as Plausible knows it, such as ada.dev").refine(
          (value) => /^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i.test(value),
          { error: (issue) => `expected the site's domain, such as ada.dev, got ${JSON.stringify(issue.input)}` },
        ),
        src: httpsUrl("the script's address", "https://plausible.io/js/script.js").default(
          "https://plausible.io/js/script.js",
        ),
        api: httpsUrl("where events go", "https://stats.ada.dev/api/event").optional(),
      })
      .optional(),
    umami: z
      .strictObject({
        websiteId: text("the website id Umami gives").refine((value) => /^[0-9a-f-]{36}$/i.test(value), {
          error: (issue) => `expected the website id Umami gives (a UUID), got ${JSON.stringify(issue.input)}`,
        }),
        src: httpsUrl("the script's address", "https://cloud.umami.is/script.js").default(
          "https://cloud.umami.is/script.js",
        ),
        hostUrl: httpsUrl("where events go", "https://stats.ada.dev").optional(),
      })
      .optional(),
    goatcounter: z
      .strictObject({
        endpoint: httpsUrl("the count endpoint", "https://ada.goatcounter.com/count"),
        src: httpsUrl("the script's address", "https://gc.zgo.at/count.js").default("https://gc.zgo.at/count.js"),
      })
      .optional(),
  })
  .superRefine((analytics, context) => {
    const chosen = Object.entries(analytics).filter(([, settings]) => settings !== undefined);
    if (chosen.length !== 1)
      context.addIssue({
        code: "custom",
        message:
          chosen.length === 0
            ? "expected one service: plausible, umami or goatcounter"
            : `expected one service, got ${chosen.map(([name]) => name).join(" and ")}: a site counts its visits once`,
      });
  });
