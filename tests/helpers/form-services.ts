import type { Request, Route } from "playwright-core";

/**
 * Local stand-ins for the contact form's services: each answers a request as its documentation
 * says the service does, so the form is tested against the answers it will meet. They run in the
 * test, behind Playwright's routing: the browser still applies the page's CSP before a request
 * reaches them, so a host the policy does not name is refused as it would be in production.
 */
export type Outcome = "success" | "failure";

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** A request as the service reads it: its fields (multipart or URL-encoded) and headers. */
export interface ReceivedForm {
  url: string;
  method: string;
  headers: Record<string, string>;
  fields: Record<string, string>;
}

export function readForm(request: Request): ReceivedForm {
  const headers = request.headers();
  const body = request.postDataBuffer()?.toString() ?? "";
  const type = headers["content-type"] ?? "";
  const fields: Record<string, string> = {};
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [name, value] of new URLSearchParams(body)) fields[name] = value;
  } else if (type.startsWith("multipart/form-data")) {
    for (const match of body.matchAll(/name="([^"]+)"\r\n\r\n([\s\S]*?)\r\n--/g)) fields[match[1]!] = match[2]!;
  }
  return { url: request.url(), method: request.method(), headers, fields };
}

/**
 * Formspree, https://help.formspree.io/hc/en-us/articles/360013470814 (Submit forms with
 * JavaScript/AJAX): a POST to /f/{form_id} with `Accept: application/json` is answered 200
 * `{ "next": …, "ok": true }`; a refused one with an error status and `{ "error": …, "errors":
 * [{ "code", "message" }] }` (an unknown form: 404, FORM_NOT_FOUND).
 */
export function formspree(outcome: Outcome, form: ReceivedForm, formId: string): Answer {
  const known = form.url === `https://formspree.io/f/${formId}`;
  if (outcome === "success" && known) return json(200, { next: "https://formspree.io/thanks?language=en", ok: true });
  return json(404, { error: "Form not found", errors: [{ code: "FORM_NOT_FOUND", message: "Form not found" }] });
}

/**
 * Web3Forms, https://docs.web3forms.com/getting-started/api-reference: POST /submit with the
 * `access_key`, answered `{ "success": true, "message": "Email sent successfully!" }` with 200, or
 * `{ "success": false, "message": … }` with an error status.
 */
export function web3forms(outcome: Outcome, form: ReceivedForm, accessKey: string): Answer {
  if (outcome === "success" && form.fields.access_key === accessKey)
    return json(200, { success: true, message: "Email sent successfully!" });
  return json(400, { success: false, message: "Invalid Access Key. Please check your access key." });
}

/**
 * Netlify Forms, https://docs.netlify.com/manage/forms/setup/ (Submit JavaScript-rendered forms with
 * AJAX): a URL-encoded POST to the site naming a form detected at deploy time in `form-name` is
 * taken (200, Netlify's thank-you page); a post naming no such form is not found (404).
 */
export function netlify(outcome: Outcome, form: ReceivedForm, formName: string): Answer {
  if (outcome === "success" && form.fields["form-name"] === formName)
    return { status: 200, contentType: "text/html", body: "<!doctype html><title>Thank you</title>" };
  return { status: 404, contentType: "text/plain", body: "Not Found" };
}

/** The owner's own endpoint: any 2xx takes the message; here a failure is a 500. */
export function endpoint(outcome: Outcome): Answer {
  return outcome === "success"
    ? json(200, { ok: true })
    : { status: 500, contentType: "text/plain", body: "Internal Server Error" };
}

function json(status: number, value: unknown): Answer {
  return { status, contentType: "application/json", body: JSON.stringify(value) };
}

/** Answers a routed request, with the CORS header each cross-origin service sends. */
export function fulfil(route: Route, answer: Answer): Promise<void> {
  return route.fulfill({
    status: answer.status,
    contentType: answer.contentType,
    body: answer.body,
    headers: { "access-control-allow-origin": "*" },
  });
}
