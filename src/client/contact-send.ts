import { readAnswer, serviceRequest, type ContactFields, type ContactService } from "../contact/contact-services.js";

/** A service's refusal, with its reason in `text` as EmailJS's library gives its own. */
class ServiceFailure extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

/**
 * Sends the form with the owner's service; resolves once the service has taken it, rejects with
 * why it did not. EmailJS's own library sends its request (fetched when a message is sent, not with
 * the form: most visitors never send one); the others take a plain `fetch`.
 */
export async function sendContact(
  service: ContactService,
  form: HTMLFormElement,
  fields: ContactFields,
  sitePath: string,
  captchaToken?: string,
): Promise<void> {
  if (service.provider === "emailjs") {
    const { sendForm } = await import("@emailjs/browser");
    await sendForm(service.serviceId, service.templateId, form, { publicKey: service.publicKey });
    return;
  }
  // EmailJS's library sends the form as it is, Turnstile's own field (which its widget adds) included.
  const request = serviceRequest(service, fields, sitePath, captchaToken);
  const body = request.encoding === "urlencoded" ? new URLSearchParams(request.body) : formData(request.body);
  const response = await fetch(request.url, { method: "POST", headers: request.headers, body });
  const answer = readAnswer(service.provider, response.status, await response.text());
  if (!answer.sent) throw new ServiceFailure(answer.reason);
}

function formData(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}
