import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { normaliseBase } from "../src/config/config-schema.js";
import { unknownFieldProblem } from "../src/validate.js";
import { copySampleSite, pointConfigAtRepo, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

async function configWith(edit: (source: string) => string) {
  const source = await site.read("portfolio.config.ts");
  const edited = edit(source);
  expect(edited, "the edit must change the config").not.toBe(source);
  await site.write("portfolio.config.ts", edited);
}

async function loadError(options: Parameters<typeof loadConfig>[0] = {}) {
  return loadConfig({ cwd: site.root, env: {}, ...options }).then(
    () => {
      throw new Error("expected loadConfig to fail");
    },
    (error: Error & { hint?: string }) => error,
  );
}

describe("loading portfolio.config.ts", () => {
  it("resolves the sample config with its defaults", async () => {
    const { config, root } = await loadConfig({ cwd: site.root, env: {} });
    expect(root).toBe(site.root);
    expect(config.owner.name).toBe("Maya Okafor");
    expect(config.site.base).toBe("/");
    expect(config.site.lang).toBe("en");
    expect(config.projectCategories).toEqual(["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"]);
    expect(config.social.map((link) => link.kind)).toEqual(["code", "professional", "messaging", "photos"]);
  });

  it("fills in the default categories when the config leaves them out", async () => {
    await configWith((source) =>
      source.replace(/\s*projectCategories: \[.*\],/, "").replace(/\s*blogCategories: \[.*\],/, ""),
    );
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    expect(config.projectCategories).toEqual(["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"]);
    expect(config.blogCategories).toEqual(["Programming", "AI", "Design", "Other"]);
  });

  it("derives the site's title and description from the owner when the config leaves them out, and keeps them when set", async () => {
    const written = await loadConfig({ cwd: site.root, env: {} });
    expect(written.config.site.title).toBe("Maya Okafor — Full-Stack Developer");
    expect(written.config.site.description).toMatch(/^Maya Okafor is a full-stack developer in Lisbon/);
    await configWith((source) => source.replace(/\s*title: ".*",\n\s*description:\n.*\n/, "\n"));
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    expect(config.site.title).toBe("Maya Okafor — Full-Stack Developer");
    expect(config.site.description).toBe("Maya Okafor, Full-Stack Developer");
  });

  it("says which file is missing and how to point at another", async () => {
    const error = await loadError({ file: "elsewhere.config.ts" });
    expect(error.name).toBe("ConfigNotFound");
    expect(error.message).toContain("elsewhere.config.ts");
    expect(error.hint).toContain("--config");
  });

  it("names the field and what was expected when a value is wrong", async () => {
    await configWith((source) => source.replace('email: "hello@maya-okafor.example"', 'email: "not-an-address"'));
    const error = await loadError();
    expect(error.name).toBe("ConfigInvalid");
    expect(error.message).toContain("portfolio.config.ts");
    expect(error.message).toContain("owner.email: expected an e-mail address");
  });

  it('draws a share card per post unless site.shareCards says "site", and names what it takes when the value is wrong', async () => {
    expect((await loadConfig({ cwd: site.root, env: {} })).config.site.shareCards).toBe("per-post");
    await configWith((source) => source.replace('    base: "/",', '    base: "/",\n    shareCards: "site",'));
    expect((await loadConfig({ cwd: site.root, env: {} })).config.site.shareCards).toBe("site");
    await configWith((source) => source.replace('shareCards: "site"', 'shareCards: "posts"'));
    const error = await loadError();
    expect(error.name).toBe("ConfigInvalid");
    expect(error.message).toContain(
      'site.shareCards: expected "per-post" (each post without an image gets a card of its title) or "site" (every page shares the site\'s card)',
    );
  });

  it("names a missing required field", async () => {
    await configWith((source) => source.replace('jobTitle: "Full-Stack Developer",', ""));
    const error = await loadError();
    expect(error.message).toContain("owner.jobTitle: is missing: expected a job title");
  });

  it("rejects a misspelt field instead of ignoring it", async () => {
    await configWith((source) => source.replace("jobTitle:", "jobtitle:"));
    const error = await loadError();
    expect(error.message).toContain("owner.jobtitle: is not a known field");
  });

  it.each([
    ["a section", "  site: {", "  them: {},\n  site: {", "them", "theme"],
    ["a field of a section", "  site: {", '  theme: { accnet: "#0b7285" },\n  site: {', "theme.accnet", "accent"],
    ["a field of site", "    description:", "    descripton:", "site.descripton", "description"],
  ])("answers a misspelt name of %s with the nearest known one", async (_kind, from, to, field, meant) => {
    await configWith((source) => source.replace(from, to));
    const error = await loadError();
    expect(error.name).toBe("ConfigInvalid");
    expect(error.message).toContain("portfolio.config.ts");
    expect(error.message).toContain(`  - ${field}: is not a known field: did you mean \`${meant}\`?`);
  });

  it("suggests nothing for a field far from every known one", async () => {
    await configWith((source) => source.replace("  site: {", "  favouriteSandwich: true,\n  site: {"));
    const error = await loadError();
    expect(error.message).toContain("  - favouriteSandwich: is not a known field: remove it, or check its spelling");
  });

  it("rejects an unknown social icon, listing the known ones", async () => {
    await configWith((source) => source.replace('icon: "whatsapp"', 'icon: "myspace"'));
    const error = await loadError();
    expect(error.message).toContain("social[2].icon: expected one of github");
  });

  it("reports a syntax error with its line", async () => {
    await configWith((source) => source.replace("site: {", "site: {{"));
    const error = await loadError();
    expect(error.name).toBe("ConfigLoadFailed");
    expect(error.message).toMatch(/portfolio\.config\.ts:\d+:\d+/);
  });

  it("asks for a default export", async () => {
    await site.write(
      "portfolio.config.ts",
      pointConfigAtRepo('import { defineConfig } from "./src/config/define-config";\nexport const config = 1;\n'),
    );
    const error = await loadError();
    expect(error.message).toContain("no default export");
  });

  it("takes the EmailJS settings from the environment over the config", async () => {
    const { config } = await loadConfig({
      cwd: site.root,
      env: { EMAILJS_PUBLIC_KEY: "live-key", EMAILJS_SERVICE_ID: "service_live" },
    });
    expect(config.emailjs).toEqual({ publicKey: "live-key", serviceId: "service_live", templateId: "sample_template" });
  });

  it("needs all three EmailJS settings once any is given", async () => {
    await configWith((source) => source.replace(/emailjs: \{[^}]*\},/, ""));
    const error = await loadError({ env: { EMAILJS_PUBLIC_KEY: "live-key" } });
    expect(error.message).toContain("emailjs.serviceId: is missing");
  });

  it("reads a site's emailjs field as the EmailJS service of the contact form, honeypot on", async () => {
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    expect(config.contact).toEqual({
      provider: "emailjs",
      publicKey: "sample-public-key",
      serviceId: "sample_service",
      templateId: "sample_template",
      honeypot: true,
    });
  });

  it.each([
    ['{ provider: "formspree", formId: "xyzabcde" }', { provider: "formspree", formId: "xyzabcde", honeypot: true }],
    ['{ provider: "netlify", honeypot: false }', { provider: "netlify", formName: "contact", honeypot: false }],
    [
      '{ provider: "endpoint", url: "https://forms.ada.dev/contact" }',
      { provider: "endpoint", url: "https://forms.ada.dev/contact", honeypot: true },
    ],
  ])("takes contact: %s", async (contact, expected) => {
    await configWith((source) => source.replace(/emailjs: \{[^}]*\},/, `contact: ${contact},`));
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    expect(config.contact).toEqual(expected);
  });

  it.each([
    ['{ provider: "mailchimp" }', "contact.provider", 'expected one of "emailjs", "formspree"'],
    ['{ provider: "formspree" }', "contact.formId: is missing", "Formspree form id"],
    ['{ provider: "web3forms", accessKey: "my key" }', "contact.accessKey", "a UUID"],
    ['{ provider: "endpoint", url: "http://forms.ada.dev" }', "contact.url", "starting with https://"],
    ['{ provider: "endpoint", url: "https://*.ada.dev/x" }', "contact.url", "host name"],
    ['{ provider: "netlify", key: "x" }', "contact", "key"],
    [
      '{ provider: "endpoint", url: "https://f.ada.dev", captcha: { provider: "hcaptcha", siteKey: "10000000-ffff" } }',
      "contact.captcha.provider",
      'expected "turnstile"',
    ],
    [
      '{ provider: "formspree", formId: "xyzabcde", captcha: { provider: "turnstile", siteKey: "a b" } }',
      "contact.captcha.siteKey",
      "Turnstile site key",
    ],
  ])("refuses contact: %s, naming the field", async (contact, field, expected) => {
    await configWith((source) => source.replace(/emailjs: \{[^}]*\},/, `contact: ${contact},`));
    const error = await loadError();
    expect(error.name).toBe("ConfigInvalid");
    expect(error.message).toContain("portfolio.config.ts");
    expect(error.message).toContain(field);
    expect(error.message).toContain(expected);
  });

  it("refuses emailjs beside contact: one says where the form is sent", async () => {
    await configWith((source) => source.replace("emailjs: {", 'contact: { provider: "netlify" },\n  emailjs: {'));
    const error = await loadError();
    expect(error.message).toContain("emailjs: is given beside contact");
  });

  it("takes the contact service's key from the environment", async () => {
    await configWith((source) =>
      source.replace(/emailjs: \{[^}]*\},/, 'contact: { provider: "formspree", formId: "abcd1234" },'),
    );
    const { config } = await loadConfig({
      cwd: site.root,
      env: { FORMSPREE_FORM_ID: "live1234", EMAILJS_PUBLIC_KEY: "x" },
    });
    expect(config.contact).toEqual({ provider: "formspree", formId: "live1234", honeypot: true });
    expect(config.emailjs).toBeUndefined();
  });

  it("lets --base override the configured base path", async () => {
    const { config } = await loadConfig({ cwd: site.root, env: {}, base: "portfolio" });
    expect(config.site.base).toBe("/portfolio/");
  });
});

describe("base paths", () => {
  it.each([
    ["", "/"],
    ["/", "/"],
    ["portfolio", "/portfolio/"],
    ["/portfolio", "/portfolio/"],
    ["/a/b/", "/a/b/"],
    ["//x//", "/x/"],
  ])("normalises %j to %j", (input, expected) => {
    expect(normaliseBase(input)).toBe(expected);
  });
});

describe("the integrations' settings", () => {
  const withIntegrations = (settings: string) =>
    configWith((source) => source.replace(/\n\}\);\s*$/, `\n  ${settings}\n});\n`));

  it("takes GitHub, giscus and one analytics service, with their defaults", async () => {
    await withIntegrations(
      `github: { user: "maya-okafor-sample" },
  comments: { giscus: { repo: "maya-okafor-sample/site", repoId: "R_kgDOabc", category: "Comments", categoryId: "DIC_kwDOabc" } },
  analytics: { plausible: { domain: "maya.example" } },`,
    );
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    expect(config.github).toEqual({ user: "maya-okafor-sample", count: 6, forks: false, archived: false });
    expect(config.comments?.giscus.reactions).toBe(true);
    expect(config.analytics?.plausible?.src).toBe("https://plausible.io/js/script.js");
  });

  it.each([
    [
      `github: { user: "not a name" }`,
      'github.user: expected a GitHub account name such as octocat (letters, digits and hyphens), got "not a name"',
    ],
    [
      `github: { user: "ada", repos: ["ok", "a/b/c"] }`,
      'github.repos[1]: expected a repository\'s name (hello-world) or owner/name (octocat/hello-world), got "a/b/c"',
    ],
    [
      `github: { user: "ada", repos: ["one", "One"] }`,
      'github.repos[1]: "One" is listed twice: expected each repository once',
    ],
    [`github: { user: "ada", count: 0 }`, "github.count: expected a whole number of repositories, from 1 to 30"],
    [
      `comments: { giscus: { repo: "site", repoId: "R_1", category: "C", categoryId: "D_1" } }`,
      'comments.giscus.repo: expected owner/name, such as octocat/hello-world, got "site"',
    ],
    [
      `analytics: { plausible: { domain: "ada.dev", src: "http://plausible.io/js/script.js" } }`,
      "analytics.plausible.src: expected the script's address starting with https://",
    ],
    [
      `analytics: { plausible: { domain: "ada.dev" }, umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f" } }`,
      "analytics: expected one service, got plausible and umami: a site counts its visits once",
    ],
    [`analytics: {}`, "analytics: expected one service: plausible, umami or goatcounter"],
    [
      `analytics: { umami: { websiteId: "abc" } }`,
      'analytics.umami.websiteId: expected the website id Umami gives (a UUID), got "abc"',
    ],
  ])("names the field and what was expected: %s", async (settings, message) => {
    await withIntegrations(`${settings},`);
    const error = await loadError();
    expect(error.name).toBe("ConfigInvalid");
    expect(error.message).toContain(message);
  });
});

describe("what an unknown field is told", () => {
  const known = ["site", "owner", "social", "cv", "theme", "menu"];
  it.each([
    ["them", "theme"],
    ["Theme", "theme"],
    ["sociel", "social"],
    ["ownr", "owner"],
  ])("%s: the known field a slip away, %s", (field, meant) => {
    expect(unknownFieldProblem(field, known)).toBe(`is not a known field: did you mean \`${meant}\`?`);
  });

  it.each(["x", "ab", "favouriteSandwich", "colours"])("%s: nothing near, no suggestion", (field) => {
    expect(unknownFieldProblem(field, known)).toBe("is not a known field: remove it, or check its spelling");
  });
});
