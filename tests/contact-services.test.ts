import { describe, expect, it } from "vitest";
import {
  contactFieldKeys,
  formFieldName,
  mailtoWith,
  readAnswer,
  serviceOrigin,
  serviceRequest,
} from "../src/contact/contact-services.js";

const fields = {
  name: "Ada",
  email: "ada@client.example",
  subject: "A project & more",
  message: "Hi,\nlet's talk.",
};

describe("each contact service's answer, read as its documentation says", () => {
  it.each([
    ["formspree", 200, '{"next":"https://formspree.io/thanks","ok":true}', { sent: true }],
    [
      "formspree",
      422,
      '{"error":"Validation errors","errors":[{"code":"TYPE_EMAIL","field":"email","message":"should be an email"}]}',
      { sent: false, reason: "should be an email" },
    ],
    ["formspree", 404, '{"error":"Form not found"}', { sent: false, reason: "Form not found" }],
    ["web3forms", 200, '{"success":true,"message":"Email sent successfully!"}', { sent: true }],
    // Web3Forms' verdict is its `success`, whatever the status.
    [
      "web3forms",
      200,
      '{"success":false,"message":"Invalid Access Key"}',
      { sent: false, reason: "Invalid Access Key" },
    ],
    ["web3forms", 429, "Too Many Requests", { sent: false, reason: "429 Too Many Requests" }],
    ["netlify", 200, "<!doctype html>", { sent: true }],
    ["netlify", 404, "Not Found", { sent: false, reason: "404 Not Found" }],
    ["endpoint", 204, "", { sent: true }],
    ["endpoint", 500, "Internal Server Error", { sent: false, reason: "500 Internal Server Error" }],
  ] as const)("%s answering %i %s", (provider, status, body, expected) => {
    expect(readAnswer(provider, status, body)).toEqual(expected);
  });
});

describe("where each service is sent", () => {
  it("names one origin per service, none for Netlify (the site itself), the endpoint's own", () => {
    expect(serviceOrigin({ provider: "emailjs", publicKey: "k", serviceId: "s", templateId: "t" })).toBe(
      "https://api.emailjs.com",
    );
    expect(serviceOrigin({ provider: "formspree", formId: "abcd1234" })).toBe("https://formspree.io");
    expect(serviceOrigin({ provider: "web3forms", accessKey: "k" })).toBe("https://api.web3forms.com");
    expect(serviceOrigin({ provider: "netlify", formName: "contact" })).toBeUndefined();
    expect(serviceOrigin({ provider: "endpoint", url: "https://forms.ada.dev:8443/in?x=1" })).toBe(
      "https://forms.ada.dev:8443",
    );
  });

  it("posts Netlify's form to the site's base, named in form-name", () => {
    const request = serviceRequest({ provider: "netlify", formName: "hello" }, fields, "/portfolio/");
    expect(request).toMatchObject({ url: "/portfolio/", encoding: "urlencoded" });
    expect(request.body[0]).toEqual(["form-name", "hello"]);
  });
});

describe("the mailto: offered after a failure", () => {
  it("carries the subject and the message with who wrote it, encoded", () => {
    const url = new URL(mailtoWith("hello@maya.example", fields));
    expect(url.protocol + url.pathname).toBe("mailto:hello@maya.example");
    expect(url.searchParams.get("subject")).toBe("A project & more");
    expect(url.searchParams.get("body")).toBe("Hi,\nlet's talk.\n\nAda <ada@client.example>");
  });
});

describe("the field names each service is sent, as its documentation gives them", () => {
  const typed = { name: "Ada", email: "ada@client.example", subject: "A project & more", message: "Hi,\nlet's talk." };
  const names = (body: Array<[string, string]>) => body.map(([name]) => name);
  const sentAs = (body: Array<[string, string]>, name: string) => body.find(([field]) => field === name)?.[1];

  it("an endpoint: name, email, subject, message, as a plain HTML form would post them", () => {
    const request = serviceRequest({ provider: "endpoint", url: "https://forms.ada.dev/in" }, typed, "/");
    expect(request.body).toEqual([
      ["name", "Ada"],
      ["email", "ada@client.example"],
      ["subject", "A project & more"],
      ["message", "Hi,\nlet's talk."],
    ]);
  });

  it("Formspree: name, email (its Reply-To), message, and _subject for the e-mail's subject", () => {
    const request = serviceRequest({ provider: "formspree", formId: "xyzabcde" }, typed, "/");
    expect(names(request.body)).toEqual(["name", "email", "subject", "message", "_subject"]);
    expect(sentAs(request.body, "email")).toBe("ada@client.example");
    expect(sentAs(request.body, "_subject")).toBe("A project & more");
    expect(names(request.body)).not.toContain("to_name");
  });

  it("Web3Forms: access_key, name, email, subject, message, and from_name the sender's display name", () => {
    const request = serviceRequest({ provider: "web3forms", accessKey: "key" }, typed, "/");
    expect(request.body).toEqual([
      ["access_key", "key"],
      ["name", "Ada"],
      ["email", "ada@client.example"],
      ["subject", "A project & more"],
      ["message", "Hi,\nlet's talk."],
      ["from_name", "Ada"],
    ]);
  });

  it("Netlify: form-name, then the form's own fields, as its HTML declares them", () => {
    const request = serviceRequest({ provider: "netlify", formName: "contact" }, typed, "/");
    expect(names(request.body)).toEqual(["form-name", "name", "email", "subject", "message"]);
    for (const key of ["name", "email", "subject", "message"] as const) expect(formFieldName("netlify", key)).toBe(key);
  });

  it("EmailJS: the form keeps the names owners' templates use, to_name and from_name", () => {
    expect(contactFieldKeys.map((key) => formFieldName("emailjs", key))).toEqual([
      "to_name",
      "from_name",
      "subject",
      "message",
    ]);
  });

  it("Turnstile's token goes last, under its own name, whatever the service", () => {
    const request = serviceRequest({ provider: "endpoint", url: "https://forms.ada.dev/in" }, typed, "/", "token");
    expect(request.body.at(-1)).toEqual(["cf-turnstile-response", "token"]);
  });
});
