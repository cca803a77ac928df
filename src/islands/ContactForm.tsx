import Send from "lucide-react/icons/send";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { translator } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";

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
  "island.failed",
] as const;

export interface EmailjsSettings {
  publicKey: string;
  serviceId: string;
  templateId: string;
}

type Status = "idle" | "sending" | "sent" | "failed";

/** Where a message being written is kept, so a reload or a wander to another page loses nothing. */
const draftKey = "portfolio-contact-draft";
const fieldNames = ["to_name", "from_name", "subject", "message"] as const;

function saveDraft(form: HTMLFormElement): void {
  const values = Object.fromEntries(
    fieldNames.map((name) => [name, (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? ""]),
  );
  try {
    if (Object.values(values).some(Boolean)) sessionStorage.setItem(draftKey, JSON.stringify(values));
    else sessionStorage.removeItem(draftKey);
  } catch {
    // Storage can be off; the fields still hold the text.
  }
}

function restoreDraft(form: HTMLFormElement): void {
  let draft: Partial<Record<(typeof fieldNames)[number], string>> = {};
  try {
    draft = JSON.parse(sessionStorage.getItem(draftKey) ?? "{}") as typeof draft;
  } catch {
    return;
  }
  for (const name of fieldNames) {
    const field = form.elements.namedItem(name) as HTMLInputElement | null;
    // Never overwrite what the visitor typed before the page's script arrived.
    if (field && !field.value && typeof draft[name] === "string") field.value = draft[name];
  }
}

/**
 * The contact form, sent with EmailJS. Without JavaScript the same form opens the visitor's mail
 * program addressed to the owner, so the typed message is never lost. Only a successful send clears
 * the fields.
 */
export function ContactForm({
  emailjs,
  ownerEmail,
  lang,
  strings,
}: {
  emailjs: EmailjsSettings;
  ownerEmail: string;
  lang: string;
  strings: StringsOf<(typeof contactFormStrings)[number]>;
}) {
  const t = useMemo(() => translator(strings, lang), [strings, lang]);
  const [status, setStatus] = useState<Status>("idle");
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!formRef.current) return;
    restoreDraft(formRef.current);
    // What was typed before the form's script arrived is kept too.
    saveDraft(formRef.current);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    setStatus("sending");
    try {
      // Fetched when a message is sent, not with the form: most visitors never send one.
      const { sendForm } = await import("@emailjs/browser");
      await sendForm(emailjs.serviceId, emailjs.templateId, form, { publicKey: emailjs.publicKey });
      form.reset();
      saveDraft(form);
      setStatus("sent");
    } catch (error) {
      console.error("Error sending email:", (error as { text?: string }).text ?? error);
      setStatus("failed");
    } finally {
      inFlight.current = false;
    }
  }

  const sending = status === "sending";
  return (
    <form
      ref={formRef}
      className="form"
      action={`mailto:${ownerEmail}`}
      method="post"
      encType="text/plain"
      onSubmit={submit}
      onInput={(event) => saveDraft(event.currentTarget)}
      aria-describedby="contact-status"
    >
      <div className="input-wrapper">
        <Field
          label={t("contact.name")}
          name="to_name"
          type="text"
          autoComplete="name"
          placeholder={t("contact.namePlaceholder")}
        />
        <Field
          label={t("contact.email")}
          name="from_name"
          type="email"
          autoComplete="email"
          placeholder={t("contact.emailPlaceholder")}
        />
      </div>
      <Field
        label={t("contact.subject")}
        name="subject"
        type="text"
        autoComplete="off"
        placeholder={t("contact.subjectPlaceholder")}
      />
      <div className="form-field">
        <label className="form-label" htmlFor="contact-message">
          {t("contact.message")}
        </label>
        <textarea
          id="contact-message"
          name="message"
          className="form-input"
          required
          rows={6}
          placeholder={t("contact.messagePlaceholder")}
        />
      </div>
      <div className="form-footer">
        <p id="contact-status" className={`form-status ${status}`} role="status">
          {status === "sent" && t("contact.sent")}
          {status === "failed" && t("contact.failed")}
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
