// Long because every content folder's schema is here, side by side with the field types they share
// (dates, links, lists, tags): a collection of collections.ts names one of them.
import { z } from "zod";
import { describeValue, isoDate, publicPath, text, webUrl } from "../schema-fields.js";
import { endsBeforeStart, isPartialDate, partialDateProblem } from "./partial-date.js";
import { projectVideoSchema } from "./project-video.js";

/**
 * One zod schema per content folder (the front matter of its markdown files). Category fields are
 * checked against the config's categories by the loader, since those lists belong to the config.
 */

const list = (what: string) => z.array(text(what), { error: `expected a list of ${what}s` });

/**
 * An organisation's link: its website, or the address to write to (mailto:) or call (tel:) when that is what it gives.
 */
const organisationLink = text("an http(s) URL, or a mailto: or tel: address").refine(
  (value) => /^(https?:\/\/|mailto:|tel:)[^\s]+$/i.test(value),
  { message: "expected an http(s) URL such as https://example.com, or a mailto: or tel: address" },
);

/** A path inside public/, e.g. `images/projects/atlas.webp`. */
export const publicAsset = publicPath("a path", "images/projects/atlas.webp");

const monthYear = z
  .union([z.string(), z.number()], { error: "is missing: expected a date as MM/YYYY, e.g. 03/2024" })
  .transform(String)
  .refine((value) => /^(0[1-9]|1[0-2])\/\d{4}$/.test(value), { message: "expected a date as MM/YYYY, e.g. 03/2024" });

export const serviceIcons = [
  "code",
  "smartphone",
  "brain",
  "monitor",
  "cpu",
  "cloud",
  "palette",
  "database",
  "shield",
  "pen-tool",
  "server",
  "globe",
] as const;
export type ServiceIcon = (typeof serviceIcons)[number];

export const aboutSchema = z.strictObject({
  /** Heading of the About screen. */
  title: text("a heading").default("About me"),
});

/** A section of the owner's own on the About page (`content/about/now.md`), placed by the config's `about.sections`. */
export const aboutSectionSchema = z.strictObject({
  /** The section's heading. */
  title: text("a heading"),
});

export const serviceSchema = z.strictObject({
  title: text("a title"),
  icon: z.enum(serviceIcons, { error: `expected one of ${serviceIcons.join(", ")}` }),
  order: z.number({ error: "expected a number that sets the card's position" }).int().optional(),
});

/**
 * A month as YYYY-MM or a year as YYYY (YAML reads a bare 2022 as a number: it is the year).
 * `2022-13` is refused, and so is a day: the Resume shows months.
 */
const monthOrYear = (when: string) =>
  z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined
          ? `is missing: expected ${when} as YYYY-MM or YYYY, e.g. 2022-03`
          : `expected ${when} as YYYY-MM or YYYY, e.g. 2022-03, got ${describeValue(issue.input)}`,
    })
    .transform((value) => String(value).trim())
    .superRefine((value, context) => {
      const problem = partialDateProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });

/** When something ended: a date, or `present` (any case) while it goes on. */
const endDate = z
  .union([z.string(), z.number()], {
    error: (issue) => `expected when it ended as YYYY-MM or YYYY, or present, got ${describeValue(issue.input)}`,
  })
  .transform((value) => String(value).trim())
  .transform((value) => (value.toLowerCase() === "present" ? "present" : value))
  .superRefine((value, context) => {
    const problem = value === "present" ? undefined : partialDateProblem(value);
    if (problem) context.addIssue({ code: "custom", message: `${problem}, or present` });
  });

const order = z.number({ error: "expected a number that sets the entry's position" }).int().optional();

/**
 * Education, experience and volunteer work: `start` and `end` (an absent end is `present`), or, in
 * files written before dates were structured, the free-text `period`, still read with a warning.
 * An entry whose start is not known (a degree a JSON Resume gives only the year of) has only `end`,
 * or no date at all: the page shows it without one, after the dated entries.
 */
export const timelineSchema = z
  .strictObject({
    title: text("a title (degree or role)"),
    organisation: text("the school or company"),
    /** The organisation's website (or mailto: address), linked from its name. */
    url: organisationLink.optional(),
    start: monthOrYear("when it began").optional(),
    end: endDate.optional(),
    period: text("a period such as 2019 — 2022").optional(),
    order,
    /** Where it was (a city, or Remote), shown beside the organisation. */
    location: text("where it was, such as Berlin or Remote").optional(),
    /** What the organisation is, in a few words (a work entry's JSON Resume `description`), shown under its name. */
    organisationDescription: text("what the organisation is, such as Parcel delivery").optional(),
    /** What was done, one line each, shown as a list under the text (JSON Resume's `highlights`). */
    highlights: list("highlight").optional(),
    /** Education: the kind of degree (JSON Resume's `studyType`, e.g. BSc), kept apart from the title. */
    studyType: text("the kind of degree, such as BSc").optional(),
    /** Education: the field of study (JSON Resume's `area`), kept apart from the title. */
    area: text("the field of study, such as Computer Science").optional(),
    /** Education: the grade or score, shown as written (e.g. 3.8 GPA, First-class honours). */
    score: text("the grade, such as 3.8 GPA").optional(),
    /** Education: courses taken, shown as one line. */
    courses: list("course").optional(),
  })
  .superRefine((entry, context) => {
    if (entry.period !== undefined) {
      if (entry.start !== undefined || entry.end !== undefined) {
        context.addIssue({
          code: "custom",
          path: ["period"],
          message: "is the old free-text form of start and end: remove it, start and end replace it",
        });
      }
      return;
    }
    if (
      entry.start !== undefined &&
      isPartialDate(entry.start) &&
      isPartialDate(entry.end) &&
      endsBeforeStart(entry.start, entry.end)
    ) {
      context.addIssue({
        code: "custom",
        path: ["end"],
        message: `${JSON.stringify(entry.end)} is before the start ${JSON.stringify(entry.start)}: expected an end on or after the start`,
      });
    }
  });

/** Certificates, as one list in `resume/certificates.md`. */
export const certificatesSchema = z.strictObject({
  certificates: z
    .array(
      z.strictObject({
        name: text("the certificate's name"),
        issuer: text("who issued it, such as Amazon Web Services"),
        /** Left out when it is not known: the certificate is shown without a date, after the dated ones. */
        date: monthOrYear("when it was issued").optional(),
        /** Where the certificate can be seen or verified. */
        url: webUrl.optional(),
      }),
      { error: "expected a list of certificates, each with name, issuer and date" },
    )
    .min(1, "expected at least one certificate"),
});

/** Spoken languages, as one list in `resume/languages.md`, in the owner's order. */
export const languagesSchema = z.strictObject({
  languages: z
    .array(
      z.strictObject({
        language: text("a language such as Portuguese"),
        /** Left out when the résumé does not say: the language is shown alone. */
        fluency: text("how well, such as Native or Fluent (C1)").optional(),
      }),
      { error: "expected a list of languages, each with language and (optionally) fluency" },
    )
    .min(1, "expected at least one language"),
});

/** Interests outside work, as one list in `resume/interests.md`, in the owner's order. */
export const interestsSchema = z.strictObject({
  interests: z
    .array(
      z.strictObject({
        name: text("an interest such as Sailing"),
        /** What it is about (Dinghy racing, Lisbon's coast), shown as tags under the name. */
        keywords: list("keyword").optional(),
      }),
      { error: "expected a list of interests, each with name and (optionally) keywords" },
    )
    .min(1, "expected at least one interest"),
});

/**
 * What others say of the owner, as one list in `resume/references.md`, shown as quotations. A
 * reference's text is plain text: a blank line starts a new paragraph.
 */
export const referencesSchema = z.strictObject({
  references: z
    .array(
      z.strictObject({
        name: text("who gave the reference, such as Ana Costa, CTO at Nordlys"),
        /** Left out for a referee named without their words (or "Available on request"): the name is shown alone. */
        reference: text("what they said, as text").optional(),
      }),
      { error: "expected a list of references, each with name and reference" },
    )
    .min(1, "expected at least one reference"),
});

/** An award, one file in `resume/awards/`: the body says what it was for. */
export const awardSchema = z.strictObject({
  title: text("the award's title"),
  awarder: text("who gave it"),
  /** Left out when it is not known: the award is shown without a date, after the dated ones. */
  date: monthOrYear("when it was awarded").optional(),
});

/**
 * A publication or a talk, one file in `resume/publications/`: where it appeared is its
 * `publisher`, or for a talk its `event` (one of the two). The body summarises it.
 */
export const publicationSchema = z
  .strictObject({
    title: text("the title of the publication or talk"),
    publisher: text("the publisher, journal or site").optional(),
    event: text("the event, such as a conference or meetup").optional(),
    /** Left out when it is not known: shown without a date, after the dated ones. */
    date: monthOrYear("when it was published or given").optional(),
    url: webUrl.optional(),
  })
  .superRefine((entry, context) => {
    if (entry.publisher === undefined && entry.event === undefined) {
      context.addIssue({
        code: "custom",
        path: ["publisher"],
        message: "is missing: expected where it appeared, as publisher (or, for a talk, event)",
      });
    } else if (entry.publisher !== undefined && entry.event !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["event"],
        message: "expected publisher or event, not both: keep the one that says where it appeared",
      });
    }
  });

/**
 * An entry of a résumé section the owner declares with the "cards" layout (patents, say), one file
 * in `resume/<id>/`: the body says what it is.
 */
export const resumeCardSchema = z.strictObject({
  title: text("a title"),
  subtitle: text("the line under the title, such as who issued it or where it appeared"),
  date: monthOrYear("its date"),
  url: webUrl.optional(),
});

export const skillsSchema = z.strictObject({
  skills: z
    .array(
      z.strictObject({
        name: text("a skill name"),
        category: text("a skill category"),
        percent: z
          .number({ error: (issue) => `expected a number from 0 to 100, got ${describeValue(issue.input)}` })
          .min(0, "expected a number from 0 to 100")
          .max(100, "expected a number from 0 to 100"),
        /** The level in words (Advanced, Experte), shown beside the bar in place of the percent. */
        level: text("the level in words, such as Advanced").optional(),
        /** What the skill covers (React, Vue), shown as tags under its bar (JSON Resume's `keywords`). */
        keywords: list("keyword").optional(),
      }),
      { error: "expected a list of skills, each with name, category and percent" },
    )
    .min(1, "expected at least one skill"),
});

export const softSkillsSchema = z.strictObject({
  groups: z
    .array(
      z.strictObject({ title: text("a group title"), skills: list("skill").min(1, "expected at least one skill") }),
      { error: "expected a list of groups, each with title and skills" },
    )
    .min(1, "expected at least one group"),
});

/** Tags of a post or project, each with a page of its own listing what carries it (`/blogs/tag/<id>`). */
const tags = z
  .array(text("a tag"), { error: "expected a list of tags, e.g. [react, testing]" })
  .max(20, "expected at most 20 tags")
  .optional();

/** `toc: false` leaves out the table of contents a text with three or more headings gets. */
const toc = z.boolean({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` }).optional();

/**
 * A project: a title and its description are all it needs; each other field adds a line to its
 * card, dialog or page. When it was done is `year` (MM/YYYY) or, as the Resume writes dates (and
 * an imported JSON Resume project gives them), `start` and `end`.
 */
export const projectSchema = z
  .strictObject({
    title: text("a title"),
    projectType: text("a project type such as Web Application").optional(),
    client: text("the client's name").optional(),
    languages: list("language").min(1, "expected at least one language").optional(),
    github: webUrl.optional(),
    preview: webUrl.optional(),
    image: publicAsset.optional(),
    /** A demo video of the project's own (content/project-video.ts): shown at the top of its text. */
    video: projectVideoSchema.optional(),
    year: monthYear.optional(),
    start: monthOrYear("when it began").optional(),
    end: endDate.optional(),
    for: text("who the project was for, such as Freelance or a company").optional(),
    category: text("a project category").optional(),
    /** What the owner did in it (JSON Resume's `roles`), shown as one line. */
    roles: list("role").optional(),
    features: list("feature").optional(),
    technical_highlights: list("technical highlight").optional(),
    key_components: list("key component").optional(),
    tags,
    toc,
  })
  .superRefine((project, context) => {
    if (project.year !== undefined && (project.start !== undefined || project.end !== undefined)) {
      context.addIssue({
        code: "custom",
        path: ["year"],
        message: "is given with start or end: keep year (MM/YYYY) or start and end (YYYY-MM), not both",
      });
    } else if (
      project.start !== undefined &&
      project.end !== undefined &&
      project.end !== "present" &&
      isPartialDate(project.start) &&
      isPartialDate(project.end) &&
      endsBeforeStart(project.start, project.end)
    ) {
      context.addIssue({
        code: "custom",
        path: ["end"],
        message: `${JSON.stringify(project.end)} is before the start ${JSON.stringify(project.start)}: expected an end on or after the start`,
      });
    }
  });

export const otherProjectSchema = z.strictObject({
  title: text("a title"),
  year: z
    .union([z.string(), z.number()], { error: "is missing: expected a year such as 2021" })
    .transform(String)
    .refine((value) => /^\d{4}$/.test(value), { message: "expected a four-digit year such as 2021" }),
  link: webUrl.optional(),
});

export const blogSchema = z.strictObject({
  title: text("a title"),
  /** Who wrote it; without it, the owner. */
  author: text("the author's name").optional(),
  date: isoDate,
  category: text("a blog category"),
  image: publicAsset.optional(),
  /** One or two sentences for the list, search results and share cards; the post's start otherwise. */
  description: text("a one- or two-sentence description").optional(),
  /**
   * Where the post was first published, when that was elsewhere: the page's canonical link, its
   * JSON-LD and the feeds' link for it point there.
   */
  canonical: webUrl.optional(),
  /** A draft is left out of the site unless the build is asked for drafts (`--drafts`). */
  draft: z.boolean({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` }).optional(),
  tags,
  toc,
  /** The series the post is a part of: its parts link to each other, and it has a page (`/blogs/series/<id>`). */
  series: text("the series' name").optional(),
  /** The post's place in its series, lowest first; without it, parts follow their dates, after the numbered ones. */
  seriesOrder: z
    .number({
      error: (issue) => `expected a whole number that sets the part's place, got ${describeValue(issue.input)}`,
    })
    .int("expected a whole number that sets the part's place")
    .optional(),
});

/**
 * A page written in Markdown, one file in `pages/`, published at `/<file name>`. With `menu`, it has
 * a link in the menu, placed by `order` among About (10), Resume (20), Projects (30) and Contact (40).
 */
export const pageSchema = z.strictObject({
  title: text("a title"),
  /** One or two sentences for search engines and share cards; the page's start otherwise. */
  description: text("a one- or two-sentence description").optional(),
  menu: z
    .strictObject(
      {
        label: text("the link's text in the menu"),
        order: z
          .number({
            error: (issue) =>
              `expected a number that places the link among About (10), Resume (20), Projects (30) and Contact (40), got ${describeValue(issue.input)}`,
          })
          .finite()
          .optional(),
      },
      { error: "expected the menu link as { label, order }, e.g. { label: Uses, order: 35 }" },
    )
    .optional(),
});
