import { z } from "zod";
import type { ContactService } from "../contact/contact-services.js";
import { contactProviders } from "../contact/contact-services.js";
import { httpsOrigin } from "./csp-origin.js";
import { describeValue, text } from "../schema-fields.js";

const flag = z.boolean({ error: (issue) => `expected true or false, got ${describeValue(issue.input)}` });

/**
 * What every service shares: the honeypot, on unless the owner turns it off; and, if the owner
 * wants one, Cloudflare Turnstile, whose token the service (or the owner's endpoint) must check.
 */
const common = {
  honeypot: flag.default(true),
  captcha: z
    .strictObject({
      provider: z.literal("turnstile", { error: 'expected "turnstile" (Cloudflare Turnstile)' }),
      siteKey: text("the Turnstile site key").refine((value) => /^[A-Za-z0-9_-]{8,100}$/.test(value), {
        error: (issue) =>
          `expected the Turnstile site key Cloudflare gives (such as 0x4AAAAAAA…), got ${JSON.stringify(issue.input)}`,
      }),
    })
    .optional(),
};

const pattern = (what: string, regex: RegExp, example: string) =>
  text(what).refine((value) => regex.test(value), {
    error: (issue) => `expected ${what}, such as ${example}, got ${JSON.stringify(issue.input)}`,
  });

export const contactSchema = z.discriminatedUnion(
  "provider",
  [
    z.strictObject({
      provider: z.literal("emailjs"),
      publicKey: text("the EmailJS public key"),
      serviceId: text("the EmailJS service id"),
      templateId: text("the EmailJS template id"),
      ...common,
    }),
    z.strictObject({
      provider: z.literal("formspree"),
      // The end of the form's address, https://formspree.io/f/xyzabcde.
      formId: pattern("the Formspree form id (letters and digits)", /^[A-Za-z0-9]{4,64}$/, "xyzabcde"),
      ...common,
    }),
    z.strictObject({
      provider: z.literal("web3forms"),
      accessKey: pattern(
        "the Web3Forms access key (a UUID)",
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        "0b7c1f4e-1a2b-4c3d-8e9f-0123456789ab",
      ),
      ...common,
    }),
    z.strictObject({
      provider: z.literal("netlify"),
      formName: pattern(
        "the form's name in Netlify (letters, digits, - and _)",
        /^[A-Za-z0-9_-]{1,64}$/,
        "contact",
      ).default("contact"),
      ...common,
    }),
    z.strictObject({
      provider: z.literal("endpoint"),
      // Its origin goes into the Contact page's CSP: a plain https host, nothing a policy could read as more.
      url: text("the endpoint's address").refine(
        (value) => httpsOrigin(value) !== undefined && !/[\s"'<>]/.test(value),
        {
          error: (issue) =>
            `expected an address starting with https:// and a host name (letters, digits, dots and hyphens), such as https://forms.ada.dev/contact, got ${JSON.stringify(issue.input)}`,
        },
      ),
      ...common,
    }),
  ],
  {
    error: (issue) =>
      issue.code === "invalid_union"
        ? `expected one of ${contactProviders.map((name) => `"${name}"`).join(", ")} (the service the form sends with)`
        : undefined,
  },
);

export type ContactSettings = z.output<typeof contactSchema>;

/**
 * The form's settings: `contact`, or the older `emailjs` field,
 * which means the same as `contact: { provider: "emailjs", … }`.
 */
export function resolveContact(
  contact: ContactSettings | undefined,
  emailjs: Omit<Extract<ContactService, { provider: "emailjs" }>, "provider"> | undefined,
): ContactSettings | undefined {
  if (contact) return contact;
  return emailjs ? { provider: "emailjs", ...emailjs, honeypot: true } : undefined;
}

/** The service alone, as the form's island takes it: the settings without the form's own options. */
export function contactService({
  honeypot: _honeypot,
  captcha: _captcha,
  ...service
}: ContactSettings): ContactService {
  return service;
}
