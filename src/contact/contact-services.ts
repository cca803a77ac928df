/**
 * The form services the contact form can send with, as data: where each posts, what it expects in
 * the request and how it answers. Shared by the page (its CSP, the form's markup) and the form's
 * island (the request), so the two never disagree. No imports: it goes into the island's bundle.
 */

export const contactProviders = ["emailjs", "formspree", "web3forms", "netlify", "endpoint"] as const;
export type ContactProvider = (typeof contactProviders)[number];

/** One service's settings, as the config gives them. */
export type ContactService =
  | { provider: "emailjs"; publicKey: string; serviceId: string; templateId: string }
  | { provider: "formspree"; formId: string }
  | { provider: "web3forms"; accessKey: string }
  | { provider: "netlify"; formName: string }
  | { provider: "endpoint"; url: string };

/** What the visitor writes, whatever the service: their name, their e-mail, a subject and the message. */
export const contactFieldKeys = ["name", "email", "subject", "message"] as const;
export type ContactFieldKey = (typeof contactFieldKeys)[number];
export type ContactFields = Record<ContactFieldKey, string>;

/**
 * The names each service reads the visitor's words under, in the order they are sent: the table
 * docs/contact.md shows. One key may go under two names (Web3Forms' `from_name` is the sender's
 * display name, Formspree's `_subject` the e-mail's subject). The first name of each key is also the
 * form's input name: EmailJS's library sends the form as it is, and Netlify records the fields its
 * deploy-time detection found in the form's HTML, so there the two must agree.
 *
 * - EmailJS: the names the owners' templates use today, `{{to_name}}` and `{{from_name}}`.
 * - Formspree (help.formspree.io, "Special Fields"): `name`, `email` (the Reply-To of its
 *   notification), `message`, and `_subject`, the notification's subject.
 * - Web3Forms (docs.web3forms.com, "API Reference"): `name`, `email` (the reply-to address),
 *   `subject`, `message`, and `from_name`, the sender's name its notification shows.
 * - Netlify and an endpoint: what a plain HTML form with those fields posts.
 */
export const serviceFields: Record<ContactProvider, ReadonlyArray<readonly [string, ContactFieldKey]>> = {
  emailjs: [
    ["to_name", "name"],
    ["from_name", "email"],
    ["subject", "subject"],
    ["message", "message"],
  ],
  formspree: [
    ["name", "name"],
    ["email", "email"],
    ["subject", "subject"],
    ["message", "message"],
    ["_subject", "subject"],
  ],
  web3forms: [
    ["name", "name"],
    ["email", "email"],
    ["subject", "subject"],
    ["message", "message"],
    ["from_name", "name"],
  ],
  netlify: [
    ["name", "name"],
    ["email", "email"],
    ["subject", "subject"],
    ["message", "message"],
  ],
  endpoint: [
    ["name", "name"],
    ["email", "email"],
    ["subject", "subject"],
    ["message", "message"],
  ],
};

/** The name of the form's input for one of the visitor's fields, with this service. */
export function formFieldName(provider: ContactProvider, key: ContactFieldKey): string {
  const entry = serviceFields[provider].find(([, field]) => field === key);
  if (!entry) throw new Error(`the contact form's ${provider} table has no field for ${key}`);
  return entry[0];
}

/** Where the form's request goes, when it leaves the site: the one host the page's CSP names for it. */
export function serviceOrigin(service: ContactService): string | undefined {
  switch (service.provider) {
    case "emailjs":
      return "https://api.emailjs.com";
    case "formspree":
      return "https://formspree.io";
    case "web3forms":
      return "https://api.web3forms.com";
    case "netlify":
      // Netlify takes the form's posts on the site itself.
      return undefined;
    case "endpoint":
      return new URL(service.url).origin;
  }
}

/**
 * The honeypot's name in the request, for the services that check one themselves too: Formspree's
 * `_gotcha` (help.formspree.io, "Formspree honeypot"), Web3Forms' `botcheck`
 * (docs.web3forms.com, "Spam Protection"), Netlify's field named by `netlify-honeypot`
 * (docs.netlify.com/manage/forms/spam-filters). EmailJS and an endpoint get no such field: the form
 * checks it before anything is sent, and EmailJS's request stays exactly what it was.
 */
export function honeypotName(provider: ContactProvider): string | undefined {
  switch (provider) {
    case "formspree":
      return "_gotcha";
    case "web3forms":
      return "botcheck";
    case "netlify":
      return "bot-field";
    default:
      return undefined;
  }
}

/** A request for `fetch`: every service but EmailJS, whose own library sends it. */
export interface ServiceRequest {
  url: string;
  headers: Record<string, string>;
  body: Array<[string, string]>;
  /** `multipart` as a browser posts a FormData; `urlencoded` as a plain HTML form posts. */
  encoding: "multipart" | "urlencoded";
}

/**
 * What each service documents for a request from JavaScript: the visitor's words under the names of
 * `serviceFields`, Turnstile's token (when there is one) last. `sitePath` is where the site's pages
 * live (its base), where Netlify takes posts.
 */
export function serviceRequest(
  service: Exclude<ContactService, { provider: "emailjs" }>,
  fields: ContactFields,
  sitePath: string,
  captchaToken?: string,
): ServiceRequest {
  const named = serviceFields[service.provider].map(([name, key]): [string, string] => [name, fields[key]]);
  const token: Array<[string, string]> = captchaToken === undefined ? [] : [[turnstile.field, captchaToken]];
  switch (service.provider) {
    // https://help.formspree.io/hc/en-us/articles/360013470814 (Submit forms with JavaScript/AJAX):
    // POST https://formspree.io/f/{form_id} with `Accept: application/json`.
    case "formspree":
      return {
        url: `https://formspree.io/f/${encodeURIComponent(service.formId)}`,
        headers: { Accept: "application/json" },
        body: [...named, ...token],
        encoding: "multipart",
      };
    // https://docs.web3forms.com/getting-started/api-reference: POST https://api.web3forms.com/submit
    // with `access_key`; JSON answers with `Accept: application/json`.
    case "web3forms":
      return {
        url: "https://api.web3forms.com/submit",
        headers: { Accept: "application/json" },
        body: [["access_key", service.accessKey], ...named, ...token],
        encoding: "multipart",
      };
    // https://docs.netlify.com/manage/forms/setup/ ("Submit JavaScript-rendered forms with AJAX"):
    // a URL-encoded POST to the site with the form's name in `form-name`.
    case "netlify":
      return {
        url: sitePath,
        headers: {},
        body: [["form-name", service.formName], ...named, ...token],
        encoding: "urlencoded",
      };
    // The owner's own service: what a plain HTML form posts, asking for a JSON answer if it has one.
    case "endpoint":
      return {
        url: service.url,
        headers: { Accept: "application/json" },
        body: [...named, ...token],
        encoding: "urlencoded",
      };
  }
}

/** How a service's answer reads: sent, or not and why (for the console). */
export type ServiceAnswer = { sent: true } | { sent: false; reason: string };

/**
 * Reads an answer as the service documents it. Formspree answers 200 `{ "ok": true, "next": … }`,
 * and an error status with `{ "errors": [{ "message": … }] }` (or `{ "error": … }`); Web3Forms
 * answers `{ "success": true|false, "message": … }`; Netlify and an endpoint answer with a status.
 */
export function readAnswer(provider: ContactProvider, status: number, body: string): ServiceAnswer {
  const json = parseJson(body);
  const ok = status >= 200 && status < 300;
  if (provider === "web3forms") {
    if (ok && json?.success === true) return { sent: true };
    return { sent: false, reason: stringOr(json?.message, `${status} ${body}`) };
  }
  if (ok) return { sent: true };
  if (provider === "formspree") {
    const errors = Array.isArray(json?.errors) ? (json.errors as Array<{ message?: unknown }>) : [];
    const messages = errors.map((error) => error.message).filter((message) => typeof message === "string");
    return { sent: false, reason: messages.length ? messages.join("; ") : stringOr(json?.error, `${status} ${body}`) };
  }
  return { sent: false, reason: `${status} ${body}`.trim() };
}

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value ? value : fallback;
}

/**
 * The `mailto:` address that carries the visitor's words to the owner's mail program, for when the
 * service failed: nothing typed is lost.
 */
export function mailtoWith(ownerEmail: string, fields: ContactFields): string {
  const body = `${fields.message}\n\n${fields.name} <${fields.email}>`.trim();
  const query = [`subject=${encodeURIComponent(fields.subject)}`, `body=${encodeURIComponent(body)}`];
  return `mailto:${ownerEmail}?${query.join("&")}`;
}

/**
 * Cloudflare Turnstile (developers.cloudflare.com/turnstile): its script, loaded for explicit
 * rendering; the origin its script and its frame come from (its CSP reference names script-src and
 * frame-src); and the field its token goes in.
 */
export const turnstile = {
  script: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
  origin: "https://challenges.cloudflare.com",
  field: "cf-turnstile-response",
} as const;
