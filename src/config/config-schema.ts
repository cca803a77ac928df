import { z } from "zod";
import { publicPath, text } from "../schema-fields.js";
import { clashingIds, idFragment } from "../content/slug.js";
import type { PortfolioConfig, SocialIcon, SocialKind } from "./define-config.js";

const socialIcons = [
  "github", "gitlab", "codeberg", "bitbucket", "linkedin", "xing", "whatsapp", "telegram", "signal",
  "discord", "instagram", "flickr", "pixelfed", "mastodon", "bluesky", "x", "youtube", "website",
] as const satisfies readonly SocialIcon[];
const socialKinds = ["code", "professional", "messaging", "photos", "other"] as const satisfies readonly SocialKind[];

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
  const segments = base.trim().replace(/^\/+|\/+$/g, "").split("/");
  if (segments.length === 1 && segments[0] === "") return undefined;
  if (segments.some((segment) => segment === "")) return `expected a URL path such as /portfolio/, got ${JSON.stringify(base)} (an empty segment: "//")`;
  if (segments.some((segment) => segment === "." || segment === "..")) return `expected a URL path such as /portfolio/, got ${JSON.stringify(base)} ("." and ".." are not allowed)`;
  if (segments.some((segment) => !/^[\p{L}\p{N}._~-]+$/u.test(segment))) {
    return `expected a URL path such as /portfolio/ (letters, digits, "-", "_", "." and "~" between slashes), got ${JSON.stringify(base)}`;
  }
  return undefined;
}

const basePath = z.string({ error: "expected a URL path such as /portfolio/" }).default("/")
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
  z.array(text("a category name")).min(1, "expected at least one category").default(fallback)
    .superRefine((list, context) => {
      for (const clash of clashingIds(list)) {
        const message = clash.clashesWith === undefined
          ? `expected a category with at least one letter or digit, got ${JSON.stringify(clash.text)}`
          : `expected each category once: "${clash.text}" repeats "${clash.clashesWith}"${clash.text === clash.clashesWith ? "" : ` (they differ only in case or punctuation, and would share the id ${idFragment(clash.text)})`}`;
        context.addIssue({ code: "custom", path: [clash.index], message });
      }
    });

/** How many items each page of a list shows; a longer list is paged. */
function perPage(items: string, fallback: number) {
  const expected = `expected a whole number of ${items} per page, from 1 to 100`;
  return z.number({ error: expected }).int({ error: expected }).min(1, { error: expected })
    .max(100, { error: `expected at most 100 ${items} per page: a list's page must stay small` }).default(fallback);
}

export const configSchema = z.strictObject({
  site: z.strictObject({
    title: text("the site title"),
    description: text("a one-sentence description"),
    url: z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL such as https://ada.dev" })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    base: basePath,
    lang: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]+)*$/, "expected a language tag such as en or pt-BR").default("en"),
    image: publicPath("the share image's path", "images/social-card.jpg").optional(),
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
  cv: z.strictObject({
    file: publicPath("the CV's path", "cv/my-cv.pdf").refine((value) => value.toLowerCase().endsWith(".pdf"), { message: "expected a .pdf file" }),
    downloadAs: text("a file name such as Ada-Lovelace-CV.pdf").refine((value) => !/[\\/]/.test(value), {
      message: "expected a file name without folders",
    }),
  }),
  emailjs: z.strictObject({
    publicKey: text("the EmailJS public key"),
    serviceId: text("the EmailJS service id"),
    templateId: text("the EmailJS template id"),
  }).optional(),
  projectCategories: categories(["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"]),
  blogCategories: categories(["Programming", "AI", "Design", "Other"]),
  projectsPerPage: perPage("projects", 24),
  postsPerPage: perPage("posts", 12),
  skillCategories: categories(["Web", "Mobile", "AI/ML", "Desktop", "Embedded"]),
});

export type ResolvedConfig = z.output<typeof configSchema>;

// The documented interface and the schema must describe the same input.
type Assert<T extends true> = T;
export type ConfigTypesAgree = Assert<PortfolioConfig extends z.input<typeof configSchema> ? true : false>;
