import Send from "lucide-react/icons/send";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { translator } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";
import { Rich } from "../components/Rich.js";
import {
  contactFieldKeys,
  formFieldName,
  honeypotName,
  mailtoWith,
  type ContactFieldKey,
  type ContactFields,
  type ContactProvider,
  type ContactService,
} from "../contact/contact-services.js";
import { sendContact } from "../client/contact-send.js";
import { startTurnstile, tokenWithin } from "../client/turnstile.js";

/** The words the form shows: the page sends it these, in the site's language. */
export const contactFormStrings = [
  "contact.name",
  "contact.namePlaceholder",
  "contact.email",
  "contact.emailPlaceholder",
  "contact.subject",
  "contact.subjectPlaceholder",
  "contact.message",
  "contact.messagePlaceholder",
  "contact.sending",
  "contact.send",
  "contact.sent",
  "contact.failed",
  "contact.preferEmail",
  "island.failed",
] as const;

type Status = "idle" | "sending" | "sent" | "failed";

/** Where a message being written is kept, so a reload or a wander to another page loses nothing. */
const draftKey = "portfolio-contact-draft";
/** A draft kept before the fields had a name of their own kept them under EmailJS's names. */
const draftKeysBefore: Partial<Record<ContactFieldKey, string>> = { name: "to_name", email: "from_name" };

/** The form's input for one of the visitor's fields: its name is the one the service reads. */
function input(form: HTMLFormElement, provider: ContactProvider, key: ContactFieldKey): HTMLInputElement | null {
  return form.elements.namedItem(formFieldName(provider, key)) as HTMLInputElement | null;
}

function saveDraft(form: HTMLFormElement, provider: ContactProvider): void {
  const values = readFields(form, provider);
  try {
    if (Object.values(values).some(Boolean)) sessionStorage.setItem(draftKey, JSON.stringify(values));
    else sessionStorage.removeItem(draftKey);
  } catch {
    // Storage can be off; the fields still hold the text.
  }
}

function restoreDraft(form: HTMLFormElement, provider: ContactProvider): void {
  let draft: Record<string, unknown> = {};
  try {
    draft = JSON.parse(sessionStorage.getItem(draftKey) ?? "{}") as typeof draft;
  } catch {
    return;
  }
  for (const key of contactFieldKeys) {
    const field = input(form, provider, key);
    const before = draftKeysBefore[key];
    const text = draft[key] ?? (before === undefined ? undefined : draft[before]);
    // Never overwrite what the visitor typed before the page's script arrived.
    if (field && !field.value && typeof text === "string") field.value = text;
  }
}

/** What the visitor typed, as the form holds it now. */
function readFields(form: HTMLFormElement, provider: ContactProvider): ContactFields {
  const value = (key: ContactFieldKey) => input(form, provider, key)?.value ?? "";
  return Object.fromEntries(contactFieldKeys.map((key) => [key, value(key)])) as ContactFields;
}

/** How long a submit waits for Turnstile's token before it gives the visitor the e-mail way instead. */
const captchaWait = 10_000;

/** The honeypot's id: a field people never see or reach, that only a script filling every field fills. */
const trapId = "contact-trap";

/**
 * The contact form, sent with the owner's form service (contact-services.ts). Without JavaScript the
 * same form opens the visitor's mail program addressed to the owner, so the typed message is never
 * lost. Only a successful send clears the fields; a failure offers the visitor's words by e-mail.
 * A submit that filled the honeypot is refused quietly: nothing is sent, nothing is logged, and the
 * form answers as it does to a failure, so that a person it could ever catch still has the e-mail way.
 */
export function ContactForm({
  service,
  honeypot,
  sitePath,
  captcha,
  ownerEmail,
  lang,
  strings,
}: {
  service: ContactService;
  /** Whether the form carries the honeypot (`contact.honeypot`, on by default). */
  honeypot: boolean;
  /** Where the site's pages live: Netlify takes the form's posts there. */
  sitePath: string;
  /** Cloudflare Turnstile's site key, when the owner asks for it: loaded at the visitor's first typing. */
  captcha?: { siteKey: string } | undefined;
  ownerEmail: string;
  lang: string;
  strings: StringsOf<(typeof contactFormStrings)[number]>;
}) {
  const t = useMemo(() => translator(strings, lang), [strings, lang]);
  const [status, setStatus] = useState<Status>("idle");
  const [mailto, setMailto] = useState(`mailto:${ownerEmail}`);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const captchaBox = useRef<HTMLDivElement>(null);
  const captchaToken = useRef<Promise<string> | undefined>(undefined);

  // Turnstile comes only to a visitor who starts writing: nothing of it loads for those who only read.
  const startCaptcha = () => {
    if (!captcha || captchaToken.current || !captchaBox.current) return;
    captchaToken.current = startTurnstile(captchaBox.current, captcha.siteKey);
    captchaToken.current.catch(() => undefined);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island comes alive.
  useEffect(() => {
    if (!formRef.current) return;
    restoreDraft(formRef.current, service.provider);
    // What was typed before the form's script arrived is kept too.
    saveDraft(formRef.current, service.provider);
    if (Object.values(readFields(formRef.current, service.provider)).some(Boolean)) startCaptcha();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const fields = readFields(form, service.provider);
    const failed = () => {
      setMailto(mailtoWith(ownerEmail, fields));
      setStatus("failed");
    };
    const trap = form.elements.namedItem(trapId) as HTMLInputElement | null;
    if (honeypot && trap?.value) return failed();
    inFlight.current = true;
    setStatus("sending");
    try {
      startCaptcha();
      const token = captchaToken.current && (await tokenWithin(captchaToken.current, captchaWait));
      await sendContact(service, form, fields, sitePath, token);
      form.reset();
      saveDraft(form, service.provider);
      setStatus("sent");
    } catch (error) {
      console.error("Error sending email:", (error as { text?: string }).text ?? error);
      failed();
    } finally {
      inFlight.current = false;
    }
  }

  const sending = status === "sending";
  const trapName = honeypotName(service.provider);
  // Netlify finds the form in the built HTML by these at deploy time, and reads `form-name` in each post.
  const netlify =
    service.provider === "netlify"
      ? { name: service.formName, "data-netlify": "true", ...(honeypot ? { "netlify-honeypot": trapName } : {}) }
      : {};
  return (
    <form
      ref={formRef}
      className="form"
      action={`mailto:${ownerEmail}`}
      method="post"
      encType="text/plain"
      onSubmit={submit}
      onInput={(event) => {
        saveDraft(event.currentTarget, service.provider);
        startCaptcha();
      }}
      aria-describedby="contact-status"
      {...netlify}
    >
      {service.provider === "netlify" && <input type="hidden" name="form-name" value={service.formName} />}
      <div className="input-wrapper">
        <Field
          label={t("contact.name")}
          name={formFieldName(service.provider, "name")}
          type="text"
          autoComplete="name"
          placeholder={t("contact.namePlaceholder")}
        />
        <Field
          label={t("contact.email")}
          name={formFieldName(service.provider, "email")}
          type="email"
          autoComplete="email"
          placeholder={t("contact.emailPlaceholder")}
        />
      </div>
      <Field
        label={t("contact.subject")}
        name={formFieldName(service.provider, "subject")}
        type="text"
        autoComplete="off"
        placeholder={t("contact.subjectPlaceholder")}
      />
      {honeypot && (
        // Out of sight and out of reach (no tab stop, hidden from assistive technology), and named so
        // that no browser's autofill takes it for a field of the visitor's.
        <div className="visually-hidden" aria-hidden="true">
          <input id={trapId} name={trapName} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      )}
      <div className="form-field">
        <label className="form-label" htmlFor="contact-message">
          {t("contact.message")}
        </label>
        <textarea
          id="contact-message"
          name={formFieldName(service.provider, "message")}
          className="form-input"
          required
          rows={6}
          placeholder={t("contact.messagePlaceholder")}
        />
      </div>
      {captcha && <div className="form-captcha" ref={captchaBox} />}
      <div className="form-footer">
        <p id="contact-status" className={`form-status ${status}`} role="status">
          {status === "sent" && t("contact.sent")}
          {status === "failed" && (
            <>
              {t("contact.failed")}{" "}
              <span className="form-status-offer">
                <Rich parts={t.rich("contact.preferEmail", { email: <a href={mailto}>{ownerEmail}</a> })} />
              </span>
            </>
          )}
        </p>
        <button className="form-btn" type="submit" disabled={sending}>
          <Send aria-hidden="true" focusable="false" size={18} />
          <span>{sending ? t("contact.sending") : t("contact.send")}</span>
        </button>
      </div>
    </form>
  );
}

function Field({
  label,
  name,
  type,
  autoComplete,
  placeholder,
}: {
  label: string;
  name: string;
  type: string;
  autoComplete: string;
  placeholder: string;
}) {
  const id = `contact-${name}`;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="form-input"
        required
        autoComplete={autoComplete}
        placeholder={placeholder}
      />
    </div>
  );
}
