import { z } from "zod";
import type { PortfolioConfig, SocialIcon, SocialKind } from "./define-config.js";

const socialIcons = [
  "github", "gitlab", "codeberg", "bitbucket", "linkedin", "xing", "whatsapp", "telegram", "signal",
  "discord", "instagram", "flickr", "pixelfed", "mastodon", "bluesky", "x", "youtube", "website",
] as const satisfies readonly SocialIcon[];
const socialKinds = ["code", "professional", "messaging", "photos", "other"] as const satisfies readonly SocialKind[];

const text = (what: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `is missing: expected ${what}` : `expected ${what}, got ${typeof issue.input}`) })
    .trim()
    .min(1, `expected ${what}, got an empty string`);

const linkUrl = text("a URL").refine((value) => /^(https?:\/\/|mailto:|tel:)/i.test(value), {
  message: "expected a URL starting with https://, http://, mailto: or tel:",
});

const publicPath = (what: string) =>
  text(what)
    .refine((value) => !/^[a-z]+:/i.test(value) && !value.split(/[\\/]/).includes(".."), {
      message: `expected ${what} inside public/ (a relative path such as images/avatar.webp)`,
    })
    .transform((value) => value.replace(/^\/+/, ""));

/** Normalises a base path to start and end with one slash: "portfolio" → "/portfolio/". */
export function normaliseBase(base: string): string {
  const trimmed = base.trim().replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

const categories = (fallback: string[]) =>
  z.array(text("a category name")).min(1, "expected at least one category").default(fallback)
    .refine((list) => new Set(list).size === list.length, { message: "expected each category once" });

export const configSchema = z.strictObject({
  site: z.strictObject({
    title: text("the site title"),
    description: text("a one-sentence description"),
    url: z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL such as https://ada.dev" })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    base: z.string().default("/").transform(normaliseBase),
    lang: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]+)*$/, "expected a language tag such as en or pt-BR").default("en"),
    image: publicPath("the share image's path").optional(),
  }),
  owner: z.strictObject({
    name: text("the owner's name"),
    jobTitle: text("a job title"),
    photo: publicPath("the photo's path"),
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
    file: publicPath("the CV's path").refine((value) => value.toLowerCase().endsWith(".pdf"), { message: "expected a .pdf file" }),
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
  skillCategories: categories(["Web", "Mobile", "AI/ML", "Desktop", "Embedded"]),
});

export type ResolvedConfig = z.output<typeof configSchema>;

// The documented interface and the schema must describe the same input.
type Assert<T extends true> = T;
export type ConfigTypesAgree = Assert<PortfolioConfig extends z.input<typeof configSchema> ? true : false>;
