import { Send } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";

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
export function ContactForm({ emailjs, ownerEmail }: { emailjs: EmailjsSettings; ownerEmail: string }) {
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
        <Field label="Name" name="to_name" type="text" autoComplete="name" placeholder="Your name" />
        <Field label="Email" name="from_name" type="email" autoComplete="email" placeholder="you@example.com" />
      </div>
      <Field label="Subject" name="subject" type="text" autoComplete="off" placeholder="What is it about?" />
      <div className="form-field">
        <label className="form-label" htmlFor="contact-message">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          className="form-input"
          required
          rows={6}
          placeholder="Your message"
        />
      </div>
      <div className="form-footer">
        <p id="contact-status" className={`form-status ${status}`} role="status">
          {status === "sent" && "Email sent successfully! I'll contact you shortly."}
          {status === "failed" && "Error sending email."}
        </p>
        <button className="form-btn" type="submit" disabled={sending}>
          <Send aria-hidden="true" focusable="false" size={18} />
          <span>{sending ? "Loading..." : "Submit"}</span>
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
