import { z } from "zod";
import { describeValue, publicPath, text } from "../schema-fields.js";
import { clashingIds, idFragment } from "../slug.js";
import { builtInSectionNames } from "./resume-section-names.js";
import { resolveStrings, stringOverrides, type StringOverrides } from "../i18n/config-strings.js";
import { formatMessage } from "../i18n/message.js";
import { analyticsSchema, commentsSchema, githubSchema } from "./integrations-schema.js";
import { contactSchema, resolveContact } from "./contact-schema.js";
import type { InLanguages, InterfaceStrings, PortfolioConfig, SocialIcon, SocialKind } from "./define-config.js";
import { resumeSchema } from "./resume-schema.js";
import { themeSchema } from "./theme-schema.js";
import { ownerFieldsSchema, sortSchema } from "./owner-fields-schema.js";

// font-sources.ts reads this type from here.
export type { FontSource } from "./theme-schema.js";

const socialIcons = [
  "github",
  "gitlab",
  "codeberg",
  "bitbucket",
  "linkedin",
  "xing",
  "whatsapp",
  "telegram",
  "signal",
  "discord",
  "instagram",
  "flickr",
  "pixelfed",
  "mastodon",
  "bluesky",
  "x",
  "youtube",
  "website",
] as const satisfies readonly SocialIcon[];
const socialKinds = ["code", "professional", "messaging", "photos", "other"] as const satisfies readonly SocialKind[];

/** A BCP 47 language tag, as `<html lang>` takes it: `en`, `pt-BR`. */
const languageTag = z
  .string({ error: "expected a language tag such as en or pt-BR" })
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]+)*$/, "expected a language tag such as en or pt-BR");

const linkUrl = text("a URL").refine((value) => /^(https?:\/\/|mailto:|tel:)/i.test(value), {
  message: "expected a URL starting with https://, http://, mailto: or tel:",
});

/** Normalises a base path to start and end with one slash: "portfolio" → "/portfolio/". */
export function normaliseBase(base: string): string {
  const trimmed = base.trim().replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

/**
 * What is wrong with a base path, if anything. It is written into every link, the CSP-hashed
 * scripts and the manifest, so it must be a plain URL path: segments of letters, digits and
 * `-._~`, no `..`, spaces, quotes or markup.
 */
export function baseProblem(base: string): string | undefined {
  const segments = base
    .trim()
    .replace(/^\/+|\/+$/g, "")
    .split("/");
  if (segments.length === 1 && segments[0] === "") return undefined;
  if (segments.some((segment) => segment === ""))
    return `expected a URL path such as /portfolio/, got ${JSON.stringify(base)} (an empty segment: "//")`;
  if (segments.some((segment) => segment === "." || segment === ".."))
    return `expected a URL path such as /portfolio/, got ${JSON.stringify(base)} ("." and ".." are not allowed)`;
  if (segments.some((segment) => !/^[\p{L}\p{N}._~-]+$/u.test(segment))) {
    return `expected a URL path such as /portfolio/ (letters, digits, "-", "_", "." and "~" between slashes), got ${JSON.stringify(base)}`;
  }
  return undefined;
}

const basePath = z
  .string({ error: "expected a URL path such as /portfolio/" })
  .default("/")
  .superRefine((value, context) => {
    const problem = baseProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform(normaliseBase);

/**
 * Categories name filter buttons and, for skills, headings with ids: "Web" and "web", or "AI/ML"
 * and "AI ML", would look the same or share an id, so each must differ in its letters or digits.
 */
const categories = (fallback: string[]) =>
  z
    .array(text("a category name"))
    .min(1, "expected at least one category")
    .default(fallback)
    .superRefine((list, context) => {
      for (const clash of clashingIds(list)) {
        const message =
          clash.clashesWith === undefined
            ? `expected a category with at least one letter or digit, got ${JSON.stringify(clash.text)}`
            : `expected each category once: "${clash.text}" repeats "${clash.clashesWith}"${clash.text === clash.clashesWith ? "" : ` (they differ only in case or punctuation, and would share the id ${idFragment(clash.text)})`}`;
        context.addIssue({ code: "custom", path: [clash.index], message });
      }
    });

/** How many items each page of a list shows; a longer list is paged. */
function perPage(items: string, fallback: number) {
  const expected = `expected a whole number of ${items} per page, from 1 to 100`;
  return z
    .number({ error: expected })
    .int({ error: expected })
    .min(1, { error: expected })
    .max(100, { error: `expected at most 100 ${items} per page: a list's page must stay small` })
    .default(fallback);
}

const embeddingExpected =
  'expected "none" (no other site may show these pages in a frame), "self", or a list of https origins such as ["https://blog.example"]';

/**
 * Which sites may show the pages in a frame, for the `frame-ancestors` the hosts' headers carry
 * (a `<meta>` policy cannot). An origin only: a path or a wildcard host would not mean what it says.
 */
const embeddingChoice = z
  .union(
    [
      z.enum(["none", "self"]),
      z
        .array(
          z.string().regex(/^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i, {
            error:
              'expected an https origin such as "https://blog.example", without a path, a wildcard or a slash at its end',
          }),
        )
        .min(1, { error: embeddingExpected }),
    ],
    { error: embeddingExpected },
  )
  .default("none");

export const configSchema = z.strictObject({
  site: z.strictObject({
    title: text("the site title").optional(),
    description: text("a one-sentence description").optional(),
    url: z
      .url({ protocol: /^https?$/, error: "expected an absolute http(s) URL such as https://ada.dev" })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    base: basePath,
    lang: languageTag.optional(),
    languages: z
      .array(languageTag, { error: 'expected a list of language tags such as ["en", "pt"], the default first' })
      .min(1, 'expected at least one language, such as ["en", "pt"]')
      .superRefine((languages, context) => {
        languages.forEach((lang, index) => {
          const first = languages.findIndex((other) => other.toLowerCase() === lang.toLowerCase());
          if (first < index)
            context.addIssue({
              code: "custom",
              path: [index],
              message: `"${lang}" is listed twice: expected each language once`,
            });
        });
      })
      .optional(),
    untranslated: z
      .enum(["show", "hide"], {
        error:
          'expected "show" (a post, project or page without a translation is shown in the default language) or "hide" (it is left out of that language\'s pages)',
      })
      .default("show"),
    image: publicPath("the share image's path", "images/social-card.jpg").optional(),
    shareCards: z
      .enum(["per-post", "site"], {
        error:
          'expected "per-post" (each post without an image gets a card of its title) or "site" (every page shares the site\'s card)',
      })
      .default("per-post"),
    embedding: embeddingChoice,
  }),
  owner: z.strictObject({
    name: text("the owner's name"),
    jobTitle: text("a job title"),
    photo: publicPath("the photo's path", "images/avatar.webp"),
    email: z.email({ error: "expected an e-mail address" }),
    phone: text("a phone number").optional(),
    location: text("a location").optional(),
    birthday: text("a date").optional(),
  }),
  social: z.array(
    z.strictObject({
      kind: z.enum(socialKinds, { error: `expected one of ${socialKinds.join(", ")}` }),
      label: text("a label such as GitHub"),
      url: linkUrl,
      icon: z.enum(socialIcons, { error: `expected one of ${socialIcons.join(", ")}` }),
    }),
  ),
  cv: z
    .strictObject({
      file: publicPath("the CV's path", "cv/my-cv.pdf").refine((value) => value.toLowerCase().endsWith(".pdf"), {
        message: "expected a .pdf file",
      }),
      downloadAs: text("a file name such as Ada-Lovelace-CV.pdf").refine((value) => !/[\\/]/.test(value), {
        message: "expected a file name without folders",
      }),
    })
    .optional(),
  emailjs: z
    .strictObject({
      publicKey: text("the EmailJS public key"),
      serviceId: text("the EmailJS service id"),
      templateId: text("the EmailJS template id"),
    })
    .optional(),
  contact: contactSchema.optional(),
  robots: z
    .strictObject({
      ai: z
        .enum(["allow", "disallow"], {
          error:
            'expected "allow" (language models may read the site: llms.txt is written) or "disallow" (robots.txt turns the known AI crawlers away and says so in a Content-Signal line)',
        })
        .default("allow"),
    })
    .default({ ai: "allow" }),
  projectCategories: categories(["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"]),
  blogCategories: categories(["Programming", "AI", "Design", "Other"]),
  projectsPerPage: perPage("projects", 24),
  postsPerPage: perPage("posts", 12),
  search: z.boolean({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` }).default(true),
  about: z
    .strictObject({
      sections: z
        .array(text("a section's name"))
        .refine((items) => new Set(items).size === items.length, { message: "lists a section twice" })
        .default(["bio", "services"]),
    })
    .default({ sections: ["bio", "services"] }),
  menu: z
    .array(text("a page's name or a Markdown page's slug"))
    .min(1, "expected at least one page: a site without a menu has no way between its pages")
    .refine((items) => new Set(items).size === items.length, { message: "lists a page twice" })
    .optional(),
  publications: z
    .strictObject({
      me: z.array(text("a form of your name, such as M. Okafor")).optional(),
      groupBy: z
        .enum(["year", "type"], { error: 'expected "year" (newest first) or "type" (articles, conference papers, …)' })
        .default("year"),
      perPage: perPage("publications", 50),
      strict: z
        .boolean({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` })
        .default(true),
    })
    .default({ groupBy: "year", perPage: 50, strict: true }),
  skillCategories: categories(["Web", "Mobile", "AI/ML", "Desktop", "Embedded"]),
  resume: resumeSchema,
  theme: themeSchema.default({}),
  strings: stringOverrides.optional(),
  github: githubSchema.optional(),
  comments: commentsSchema.optional(),
  analytics: analyticsSchema.optional(),
  fields: ownerFieldsSchema.optional(),
  sort: sortSchema.optional(),
});

/**
 * The site's title and description, the owner's name and job title when the config leaves them
 * out: written once by `init`, they would keep an old name after the owner changes it.
 */
function ownerDerivedSite(
  site: { title?: string | undefined; description?: string | undefined },
  owner: { name: string; jobTitle: string },
  ownerLine: string,
): { title: string; description: string } {
  return { title: site.title ?? `${owner.name} — ${owner.jobTitle}`, description: site.description ?? ownerLine };
}

/**
 * The config as the build takes it: with the site's whole dictionary in `strings` (the engine's
 * for `site.lang`, under the owner's own strings; English for what a language the engine does not
 * ship has not been given, listed in `untranslatedStrings`), and the checks that need its words.
 */
export const siteConfigSchema = configSchema.transform((config, context) => {
  const { languages } = config.site;
  if (languages && config.site.lang && config.site.lang !== languages[0])
    context.addIssue({
      code: "custom",
      path: ["site", "lang"],
      message: `is "${config.site.lang}", but site.languages starts with "${languages[0]}": the first of site.languages is the default language, so leave site.lang out`,
    });
  const lang = languages?.[0] ?? config.site.lang ?? "en";
  const { strings, untranslated } = resolveStrings(lang, config.strings);
  const site = {
    ...config.site,
    ...ownerDerivedSite(
      config.site,
      config.owner,
      formatMessage(strings["description.ownerImage"], lang, {
        owner: config.owner.name,
        jobTitle: config.owner.jobTitle,
      }),
    ),
    lang,
    /** Every language of the site, the default first: `[lang]` for a site in one. */
    languages: languages ?? [lang],
    /**
     * Where this language's pages live: the base for the default
     * language, `<base>pt/` for Portuguese beside it (load-config.ts).
     */
    pagesBase: config.site.base,
  };
  // Each section is a region named by its title: two of one name read alike to a screen reader.
  const { customSections } = config.resume;
  const titles = [
    ...builtInSectionNames.map((section) => strings[section.titleKey]),
    ...customSections.map((section) => section.title),
  ];
  for (const clash of clashingIds(titles)) {
    const builtIn = builtInSectionNames[clash.index];
    const message =
      clash.clashesWith === undefined
        ? `expected a title with at least one letter or digit, got ${JSON.stringify(clash.text)}`
        : `"${clash.text}" is another section's title ("${clash.clashesWith}"): expected a title of its own, so that no two sections of the Resume share a name`;
    context.addIssue({
      code: "custom",
      // Only the owner's strings can make two built-in titles alike.
      path: builtIn
        ? ["strings", builtIn.titleKey]
        : ["resume", "customSections", clash.index - builtInSectionNames.length, "title"],
      message,
    });
  }
  if (config.contact && config.emailjs)
    context.addIssue({
      code: "custom",
      path: ["emailjs"],
      message:
        'is given beside contact: expected one of them (contact: { provider: "emailjs", publicKey, serviceId, templateId } holds the EmailJS keys)',
    });
  return {
    ...config,
    site,
    strings,
    untranslatedStrings: untranslated,
    /**
     * The form's service: `contact`, or a site's older `emailjs` field read as `contact: { provider: "emailjs", … }`.
     */
    contact: resolveContact(config.contact, config.emailjs),
  };
});

export type ResolvedConfig = z.output<typeof siteConfigSchema>;

/** The schema's input with any value given once per language, as config-languages.ts reads it. */
type InAnyLanguages<T> = T extends string | number | boolean | undefined
  ? InLanguages<T>
  : T extends Array<infer Item>
    ? InLanguages<Array<InAnyLanguages<Item>>>
    : InLanguages<{ [K in keyof T]: InAnyLanguages<T[K]> }>;

// The documented interface and the schema must describe the same input.
type Assert<T extends true> = T;
export type ConfigTypesAgree = Assert<
  PortfolioConfig extends InAnyLanguages<z.input<typeof siteConfigSchema>> ? true : false
>;

// The config's documented type lists the dictionary's keys by hand: the two must have the same keys and shapes.
export type DocumentedStringsAgree = Assert<
  [Required<InterfaceStrings>] extends [Required<StringOverrides>]
    ? [Required<StringOverrides>] extends [Required<InterfaceStrings>]
      ? true
      : false
    : false
>;
