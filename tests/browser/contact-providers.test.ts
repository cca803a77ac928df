import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { gotoSettled, launchChromium, openWatchedPage, settled, type WatchedPage } from "../helpers/browser.js";
import { serveSampleSite, type ServedSite } from "../helpers/served-site.js";
import { violations } from "../helpers/axe.js";
import * as services from "../helpers/form-services.js";
import type { Answer, Outcome, ReceivedForm } from "../helpers/form-services.js";

const owner = "hello@maya-okafor.example";
const typed = {
  name: "Ada Client",
  email: "ada@client.example",
  subject: "A project",
  message: "Hi Maya,\nlet's talk.",
};
/** The names a plain HTML form with the four fields posts: what Netlify, an endpoint and most services read. */
const plainNames = { name: "name", email: "email", subject: "subject", message: "message" };

interface ProviderCase {
  provider: string;
  /** The config's `contact` (undefined: the sample's own `emailjs` field). */
  contact: string | undefined;
  /** The one host the page's connect-src names besides its own. */
  host: string | undefined;
  /** Where the form's request goes, to route to the stand-in. */
  target: (served: ServedSite) => string;
  answer: (outcome: Outcome, form: ReceivedForm) => Answer;
  /** The request as the service expects it. */
  checkRequest: (form: ReceivedForm, served: ServedSite) => void;
  /** What the console is told when the service refuses. */
  refusal: string;
  /** The names the service reads the visitor's four fields under (its documentation's). */
  names: Record<keyof typeof typed, string>;
}

/** The visitor's four fields, each under the name the service reads. */
const spec = (form: ReceivedForm, names: ProviderCase["names"]) => {
  expect(form.method).toBe("POST");
  expect(form.fields[names.name]).toBe(typed.name);
  expect(form.fields[names.email]).toBe(typed.email);
  expect(form.fields[names.subject]).toBe(typed.subject);
  expect(form.fields[names.message]?.replace(/\r\n/g, "\n")).toBe(typed.message);
};

const cases: ProviderCase[] = [
  {
    provider: "emailjs",
    contact: undefined,
    host: "https://api.emailjs.com",
    target: () => "https://api.emailjs.com/**",
    // https://www.emailjs.com/docs/rest-api/send-form/: 200 "OK", or an error status with the reason as text.
    answer: (outcome) =>
      outcome === "success"
        ? { status: 200, contentType: "text/plain", body: "OK" }
        : { status: 400, contentType: "text/plain", body: "The Public Key is invalid" },
    // The names owners' EmailJS templates use: they stay what they were.
    names: { name: "to_name", email: "from_name", subject: "subject", message: "message" },
    checkRequest: (form) => {
      spec(form, { name: "to_name", email: "from_name", subject: "subject", message: "message" });
      expect(form.url).toBe("https://api.emailjs.com/api/v1.0/email/send-form");
      expect(form.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      // Today's request, field for field: the honeypot never joins it.
      expect(Object.keys(form.fields)).toEqual([
        "to_name",
        "from_name",
        "subject",
        "message",
        "lib_version",
        "service_id",
        "template_id",
        "user_id",
      ]);
    },
    refusal: "The Public Key is invalid",
  },
  {
    provider: "formspree",
    contact: '{ provider: "formspree", formId: "xyzabcde" }',
    host: "https://formspree.io",
    target: () => "https://formspree.io/**",
    answer: (outcome, form) => services.formspree(outcome, form, "xyzabcde"),
    names: plainNames,
    checkRequest: (form) => {
      spec(form, plainNames);
      expect(form.url).toBe("https://formspree.io/f/xyzabcde");
      expect(form.headers.accept).toBe("application/json");
      expect(form.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      // help.formspree.io, "Special Fields": `email` is the Reply-To, `_subject` the notification's subject.
      expect(Object.keys(form.fields)).toEqual(["name", "email", "subject", "message", "_subject"]);
      expect(form.fields._subject).toBe(typed.subject);
    },
    refusal: "Form not found",
  },
  {
    provider: "web3forms",
    contact: '{ provider: "web3forms", accessKey: "0b7c1f4e-1a2b-4c3d-8e9f-0123456789ab" }',
    host: "https://api.web3forms.com",
    target: () => "https://api.web3forms.com/**",
    answer: (outcome, form) => services.web3forms(outcome, form, "0b7c1f4e-1a2b-4c3d-8e9f-0123456789ab"),
    names: plainNames,
    checkRequest: (form) => {
      spec(form, plainNames);
      expect(form.url).toBe("https://api.web3forms.com/submit");
      expect(form.headers.accept).toBe("application/json");
      // docs.web3forms.com, "API Reference": `from_name` is the sender's name its notification shows.
      expect(Object.keys(form.fields)).toEqual(["access_key", "name", "email", "subject", "message", "from_name"]);
      expect(form.fields.access_key).toBe("0b7c1f4e-1a2b-4c3d-8e9f-0123456789ab");
      expect(form.fields.from_name).toBe(typed.name);
    },
    refusal: "Invalid Access Key",
  },
  {
    provider: "netlify",
    contact: '{ provider: "netlify" }',
    host: undefined,
    target: (served) => served.url,
    answer: (outcome, form) => services.netlify(outcome, form, "contact"),
    names: plainNames,
    checkRequest: (form, served) => {
      spec(form, plainNames);
      expect(form.url).toBe(served.url);
      expect(form.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
      expect(Object.keys(form.fields)).toEqual(["form-name", "name", "email", "subject", "message"]);
      expect(form.fields["form-name"]).toBe("contact");
    },
    refusal: "404 Not Found",
  },
  {
    provider: "endpoint",
    contact: '{ provider: "endpoint", url: "https://forms.maya-okafor.example/contact" }',
    host: "https://forms.maya-okafor.example",
    target: () => "https://forms.maya-okafor.example/contact",
    answer: (outcome) => services.endpoint(outcome),
    names: plainNames,
    checkRequest: (form) => {
      spec(form, plainNames);
      expect(Object.keys(form.fields)).toEqual(["name", "email", "subject", "message"]);
      expect(form.url).toBe("https://forms.maya-okafor.example/contact");
      expect(form.headers.accept).toBe("application/json");
      expect(form.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    },
    refusal: "500 Internal Server Error",
  },
];

let browser: Browser;
const opened: WatchedPage[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((watched) => watched.context.close()));
});
afterAll(async () => {
  await browser?.close();
});

const values = (page: Page) =>
  page.$$eval(".form-input", (inputs) => inputs.map((input) => (input as HTMLInputElement).value));

async function fill(page: Page) {
  await page.getByLabel("Name", { exact: true }).fill(typed.name);
  await page.getByLabel("Email", { exact: true }).fill(typed.email);
  await page.getByLabel("Subject", { exact: true }).fill(typed.subject);
  await page.getByLabel("Message", { exact: true }).fill(typed.message);
}

describe.each(cases)("the contact form with $provider", (service) => {
  let served: ServedSite;
  beforeAll(async () => {
    served = await serveSampleSite({
      prepare: async (site) => {
        if (!service.contact) return;
        const config = await site.read("portfolio.config.ts");
        await site.write("portfolio.config.ts", config.replace(/emailjs: \{[^}]*\},/, `contact: ${service.contact},`));
      },
    });
  });
  afterAll(async () => {
    await served?.close();
  });

  async function open(): Promise<WatchedPage> {
    const watched = await openWatchedPage(browser, served.origin, { viewport: { width: 1280, height: 900 } });
    opened.push(watched);
    await gotoSettled(watched.page, `${served.url}contact`);
    await settled(watched.page);
    return watched;
  }

  /** Routes the service's requests to its stand-in, which answers once the test releases it. */
  async function standIn(page: Page, outcome: Outcome) {
    const requests: ReceivedForm[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(service.target(served), async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const form = services.readForm(route.request());
      requests.push(form);
      await released;
      return services.fulfil(route, service.answer(outcome, form));
    });
    return { requests, release };
  }

  it("names only the service's host in the page's connect-src", async () => {
    // The policy the page is served with, as its HTML carries it (the browser enforces it in the tests below).
    const html = await (await fetch(`${served.url}contact`)).text();
    const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)?.[1];
    const connect = policy!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === "connect-src")!
      .slice(1);
    expect(connect).toEqual(["'self'", ...(service.host ? [service.host] : [])]);
  });

  it("sends once what the service expects, shows Loading..., then clears the fields on its success", async () => {
    const { page, problems } = await open();
    const { requests, release } = await standIn(page, "success");
    await fill(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForFunction(() => document.querySelector(".form-btn")?.textContent === "Loading...");
    await expect.poll(() => requests.length).toBe(1);
    // A second submit while the first is in flight sends nothing more.
    await page.locator("form").evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(1);
    release();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(await values(page)).toEqual(["", "", "", ""]);
    service.checkRequest(requests[0]!, served);
    expect(problems).toEqual([]);
  });

  it("keeps every typed word on the service's refusal, logs why, and offers them by e-mail", async () => {
    const { page, problems } = await open();
    const { requests, release } = await standIn(page, "failure");
    release();
    await fill(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Error sending email.").waitFor();
    expect(requests).toHaveLength(1);
    expect(await values(page)).toEqual([typed.name, typed.email, typed.subject, typed.message]);
    const mailto = new URL((await page.locator(".form-status a").getAttribute("href"))!);
    expect(mailto.protocol + mailto.pathname).toBe(`mailto:${owner}`);
    expect(mailto.searchParams.get("subject")).toBe(typed.subject);
    expect(mailto.searchParams.get("body")).toContain(typed.message);
    expect(mailto.searchParams.get("body")).toContain(typed.email);
    // The offer is a sentence of its own with a real link.
    expect(await page.locator("form").getByRole("link", { name: owner }).count()).toBe(1);
    // Said once: the same offer beside the form steps aside.
    expect(await page.locator(".contact-direct").isVisible()).toBe(false);
    // The page stays clean for axe in both themes: the refusal's markup is the form's own, whatever
    // the service, so it is checked with the first.
    if (service === cases[0]) {
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Dark theme" }).click();
      // The menu's colours ease into the dark theme's (0.2 s): axe reads them once they have.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      expect(await violations(page)).toEqual([]);
    }
    expect(
      problems.some((problem) => problem.includes("Error sending email:") && problem.includes(service.refusal)),
    ).toBe(true);
  });

  it("quietly refuses a script that fills every field, honeypot included: nothing is sent", async () => {
    const { page, problems } = await open();
    const { requests, release } = await standIn(page, "success");
    release();
    await page.locator("form").evaluate((form) => {
      for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
        if (field.type === "hidden") continue;
        field.value = field.type === "email" ? "bot@spam.example" : "Cheap pills";
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
      (form as HTMLFormElement).requestSubmit();
    });
    await page.getByText("Error sending email.").waitFor();
    await page.waitForTimeout(300);
    expect(requests).toHaveLength(0);
    expect(problems).toEqual([]);
  });

  it("sends a person's typed message and an autofilled one at once: there is no timing rule", async () => {
    const { page } = await open();
    const { requests, release } = await standIn(page, "success");
    release();
    for (const [label, text] of [
      ["Name", typed.name],
      ["Email", typed.email],
      ["Subject", typed.subject],
      ["Message", typed.message],
    ] as const) {
      await page.getByLabel(label, { exact: true }).click();
      await page.keyboard.type(text);
    }
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(requests).toHaveLength(1);

    // Autofill: every field of the visitor's at once, no key pressed, and the submit right after.
    const autofilled = Object.fromEntries(
      Object.entries(typed).map(([key, value]) => [service.names[key as keyof typeof typed], value]),
    );
    await page.locator("form").evaluate((form, fields) => {
      for (const [name, value] of Object.entries(fields)) {
        const field = (form as HTMLFormElement).elements.namedItem(name) as HTMLInputElement;
        field.value = value;
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }
      (form as HTMLFormElement).requestSubmit();
    }, autofilled);
    await expect.poll(() => requests.length).toBe(2);
    service.checkRequest(requests[1]!, served);
  });

  it.runIf(service.provider === "netlify")(
    "carries in its HTML what Netlify's deploy-time detection reads",
    async () => {
      const html = await (await fetch(`${served.url}contact`)).text();
      const form = html.match(/<form[^>]*>/)![0];
      expect(form).toContain('name="contact"');
      expect(form).toContain('data-netlify="true"');
      expect(form).toContain('netlify-honeypot="bot-field"');
      expect(html).toMatch(/<input type="hidden" name="form-name" value="contact"\/?>/);
      expect(html).toMatch(/<input[^>]*name="bot-field"/);
      // Netlify records the fields it found here: the same names the form's posts carry.
      for (const name of ["name", "email", "subject"]) expect(html).toMatch(new RegExp(`<input[^>]*name="${name}"`));
      expect(html).toMatch(/<textarea[^>]*name="message"/);
    },
  );
});

/**
 * Cloudflare Turnstile's script, explicit rendering
 * (developers.cloudflare.com/turnstile/get-started/client-side-rendering/): `turnstile.render(container,
 * { sitekey, callback })` draws the widget and calls `callback` with the token once the visitor is checked.
 */
const turnstileStandIn = `window.turnstile = {
  render(container, options) {
    window.turnstileSiteKey = options.sitekey;
    setTimeout(() => options.callback("stand-in-token"), 50);
    return "widget-1";
  },
};`;

describe("the contact form with Turnstile", () => {
  let served: ServedSite;
  const siteKey = "0x4AAAAAAAstandin";
  beforeAll(async () => {
    served = await serveSampleSite({
      prepare: async (site) => {
        const config = await site.read("portfolio.config.ts");
        await site.write(
          "portfolio.config.ts",
          config.replace(
            /emailjs: \{[^}]*\},/,
            `contact: { provider: "endpoint", url: "https://forms.maya-okafor.example/contact", captcha: { provider: "turnstile", siteKey: "${siteKey}" } },`,
          ),
        );
      },
    });
  });
  afterAll(async () => {
    await served?.close();
  });

  const policyOf = async (page: Page) =>
    (await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content"))!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/));

  it("names Turnstile's host in the Contact page's script-src and frame-src, and on no other page", async () => {
    const watched = await openWatchedPage(browser, served.origin);
    opened.push(watched);
    await gotoSettled(watched.page, `${served.url}contact`);
    const policy = await policyOf(watched.page);
    for (const directive of ["script-src", "frame-src"])
      expect(
        policy.find(([name]) => name === directive),
        directive,
      ).toContain("https://challenges.cloudflare.com");
    await gotoSettled(watched.page, `${served.url}resume`);
    expect((await policyOf(watched.page)).flat().join(" ")).not.toContain("challenges.cloudflare.com");
  });

  it("loads Turnstile only once the visitor starts typing, and sends its token with the message", async () => {
    const watched = await openWatchedPage(browser, served.origin, { viewport: { width: 1280, height: 900 } });
    opened.push(watched);
    const { page, problems } = watched;
    const scripts: string[] = [];
    await page.route("https://challenges.cloudflare.com/**", (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/javascript", body: turnstileStandIn });
    });
    const sent: ReceivedForm[] = [];
    await page.route("https://forms.maya-okafor.example/contact", (route) => {
      sent.push(services.readForm(route.request()));
      return services.fulfil(route, services.endpoint("success"));
    });
    await gotoSettled(page, `${served.url}contact`);
    // Live, reached for and focused, but nothing typed: nothing of Turnstile yet.
    await page.getByLabel("Name", { exact: true }).click();
    await page.waitForTimeout(300);
    expect(scripts).toEqual([]);

    await page.keyboard.type("A");
    await expect.poll(() => scripts).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);
    await page.keyboard.type("da Client");
    await page.getByLabel("Email", { exact: true }).fill(typed.email);
    await page.getByLabel("Subject", { exact: true }).fill(typed.subject);
    await page.getByLabel("Message", { exact: true }).fill(typed.message);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(await page.evaluate(() => (window as unknown as { turnstileSiteKey: string }).turnstileSiteKey)).toBe(
      siteKey,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.fields["cf-turnstile-response"]).toBe("stand-in-token");
    expect(sent[0]!.fields.name).toBe(typed.name);
    expect(scripts).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});

/** What an owner's endpoint read: the request's headers and its body as it came, byte for byte. */
interface Received {
  contentType: string;
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe("the contact form posting to the owner's own endpoint", () => {
  let served: ServedSite;
  let endpoint: Server;
  let endpointUrl: string;
  const received: Received[] = [];
  // The config takes only an https address: the page posts there, and the route hands the request on,
  // as it is, to the endpoint on this machine.
  const configured = "https://forms.maya-okafor.example/contact";
  beforeAll(async () => {
    endpoint = createServer(async (request, response) => {
      received.push({ contentType: request.headers["content-type"] ?? "", body: await readBody(request) });
      response.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/contact`;
    served = await serveSampleSite({
      prepare: async (site) => {
        const config = await site.read("portfolio.config.ts");
        await site.write(
          "portfolio.config.ts",
          config.replace(/emailjs: \{[^}]*\},/, `contact: { provider: "endpoint", url: "${configured}" },`),
        );
      },
    });
  });
  afterAll(async () => {
    await served?.close();
    await new Promise((resolve) => endpoint?.close(resolve));
  });

  it("receives name, email, subject and message: the names a plain HTML form posts, none of EmailJS's", async () => {
    const watched = await openWatchedPage(browser, served.origin, { viewport: { width: 1280, height: 900 } });
    opened.push(watched);
    const { page, problems } = watched;
    await page.route(configured, async (route) => {
      const response = await route.fetch({ url: endpointUrl });
      await route.fulfill({ response });
    });
    await gotoSettled(page, `${served.url}contact`);
    await settled(page);
    await fill(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Email sent successfully! I'll contact you shortly.").waitFor();
    expect(received).toHaveLength(1);
    expect(received[0]!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(received[0]!.body).toBe(
      "name=Ada+Client&email=ada%40client.example&subject=A+project&message=Hi+Maya%2C%0Alet%27s+talk.",
    );
    expect(problems).toEqual([]);
  });
});
