import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { addEverySection, addPatents, declareSections, patents, patentsSection } from "./fixtures/resume-sections.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

const load = () => loadSiteContent(site);

async function loadError(): Promise<string> {
  return load().then(
    () => "loaded without an error",
    (error: Error) => error.message,
  );
}

/** The headings of the Resume's sections, in order. */
function sectionHeadings(html: string): string[] {
  const main = html.slice(html.indexOf('<h1 class="article-title">Resume</h1>'));
  return [...main.matchAll(/<h2 id="[^"]+" class="h3[^"]*">([^<]+)<\/h2>/g)].map((match) => match[1]!);
}

describe("the sample's Resume", () => {
  it("has two certificates, two languages and four interests, and no section without entries", async () => {
    const content = await load();
    expect(content.certificates.map((certificate) => certificate.name)).toEqual([
      "AWS Certified Developer – Associate",
      "TensorFlow Developer Certificate",
    ]);
    expect(content.languages).toEqual([
      { language: "English", fluency: "Native" },
      { language: "Portuguese", fluency: "Fluent (C1)" },
    ]);
    expect(content.interests.map((interest) => interest.name)).toEqual([
      "Surfing",
      "Open source",
      "Film photography",
      "Cooking",
    ]);
    expect(content.references).toEqual([]);
    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(sectionHeadings(html)).toEqual([
      "Education",
      "Experience",
      "Certificates",
      "Technical skills",
      "Soft skills",
      "Languages",
      "Interests",
    ]);
    expect(html).toContain('<time class="resume-card-date" dateTime="2023-05">May 2023</time>');
    expect(html).toContain(
      '<a class="outbound-link" href="https://credentials.example/maya-okafor/aws-developer-associate" rel="noopener noreferrer" target="_blank">AWS Certified Developer – Associate',
    );
    expect(html).toContain("<dt>Portuguese</dt><dd>Fluent (C1)</dd>");
  });
});

describe("every section", () => {
  it("is loaded, each dated list newest first, and shown in the page's order", async () => {
    await addEverySection(site);
    const content = await load();
    expect(content.volunteer.map((entry) => [entry.organisation, entry.period])).toEqual([
      ["Código para Todas", { start: "2020-10", end: "present" }],
      ["Lagos Civic Hackathon", { start: "2015", end: "2016" }],
    ]);
    expect(content.volunteer[0]!.url).toBe("https://codigo-para-todas.example");
    expect(content.awards.map((award) => [award.title, award.awarder, award.date])).toEqual([
      ["Best Health App", "Portugal Digital Awards", "2023-11"],
    ]);
    expect(
      content.publications.map((publication) => [publication.title, publication.publisher, publication.date]),
    ).toEqual([
      ["Offline-first React Native, in production", "React Native EU", "2024-09"],
      ["Short-term retail demand forecasting with recurrent models", "Journal of Applied Analytics", "2019"],
    ]);
    expect(content.awards[0]!.descriptionHtml).toContain("offline-first appointment booking");
    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(sectionHeadings(html)).toEqual([
      "Education",
      "Experience",
      "Volunteer work",
      "Certificates",
      "Awards",
      "Publications &amp; talks",
      "Technical skills",
      "Soft skills",
      "Languages",
      "Interests",
      "References",
    ]);
    expect(html).toContain('<time dateTime="2015">2015</time> — <time dateTime="2016">2016</time>');
  });

  it("is left out when its file or folder is gone, and so are the sample's", async () => {
    await rm(path.join(site.root, "content/resume/certificates.md"));
    await rm(path.join(site.root, "content/resume/languages.md"));
    await rm(path.join(site.root, "content/resume/interests.md"));
    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(sectionHeadings(html)).toEqual(["Education", "Experience", "Technical skills", "Soft skills"]);
  });
});

const certificates = (entry: string) => `---\ncertificates:\n  - ${entry}\n---\n`;
const languages = (entry: string) => `---\nlanguages:\n  - ${entry}\n---\n`;
const interests = (entry: string) => `---\ninterests:\n  - ${entry}\n---\n`;
const references = (entry: string) => `---\nreferences:\n  - ${entry}\n---\n`;
const award = (fields: string) => `---\n${fields}\n---\n\nFor good work.\n`;
const publication = (fields: string) => `---\n${fields}\n---\n\nA summary.\n`;
const volunteer = (fields: string) => `---\ntitle: Mentor\norganisation: Code Club\n${fields}\n---\n\nTaught.\n`;

describe("errors in the new sections name the file and the field", () => {
  it.each([
    [
      "a certificate without issuer",
      "content/resume/certificates.md",
      certificates("{ name: CKA, date: 2022-05 }"),
      "certificates[0].issuer: is missing: expected who issued it",
    ],
    [
      "a certificate's month 13",
      "content/resume/certificates.md",
      certificates("{ name: CKA, issuer: CNCF, date: 2022-13 }"),
      'certificates[0].date: expected a real month (01 to 12), got "2022-13"',
    ],
    [
      "a certificate's URL that is not http(s)",
      "content/resume/certificates.md",
      certificates('{ name: CKA, issuer: CNCF, date: 2022, url: "javascript:alert(1)" }'),
      "certificates[0].url: expected an http(s) URL",
    ],
    [
      "an unknown field in a certificate",
      "content/resume/certificates.md",
      certificates("{ name: CKA, issuer: CNCF, date: 2022, expires: 2025 }"),
      "certificates[0].expires: is not a known field",
    ],
    [
      "certificates that are not a list",
      "content/resume/certificates.md",
      "---\ncertificates: CKA\n---\n",
      "certificates: expected a list of certificates, each with name, issuer and date",
    ],
    [
      "an unknown field in a language",
      "content/resume/languages.md",
      languages("{ language: Yoruba, fluency: Native, level: C2 }"),
      "languages[0].level: is not a known field",
    ],
    [
      "an empty list of languages",
      "content/resume/languages.md",
      "---\nlanguages: []\n---\n",
      "languages: expected at least one language",
    ],
    [
      "an interest whose keywords are not a list",
      "content/resume/interests.md",
      interests("{ name: Surfing, keywords: Ericeira }"),
      "interests[0].keywords: expected a list of keywords",
    ],
    [
      "an interest without a name",
      "content/resume/interests.md",
      interests("{ keywords: [Ericeira] }"),
      "interests[0].name: is missing: expected an interest such as Sailing",
    ],
    [
      "an unknown field in an interest",
      "content/resume/interests.md",
      interests("{ name: Surfing, since: 2015 }"),
      "interests[0].since: is not a known field",
    ],
    [
      "interests that are not a list",
      "content/resume/interests.md",
      "---\ninterests: Surfing\n---\n",
      "interests: expected a list of interests, each with name and (optionally) keywords",
    ],
    [
      "a reference whose text is a list",
      "content/resume/references.md",
      references("{ name: Ana Costa, reference: [Great, colleague] }"),
      "references[0].reference: expected what they said, as text",
    ],
    [
      "a reference whose text is empty",
      "content/resume/references.md",
      references('{ name: Ana Costa, reference: "  " }'),
      "references[0].reference: expected what they said, as text, got an empty string",
    ],
    [
      "an empty list of references",
      "content/resume/references.md",
      "---\nreferences: []\n---\n",
      "references: expected at least one reference",
    ],
    [
      "an award without awarder",
      "content/resume/awards/a.md",
      award("title: Best App\ndate: 2023"),
      "awarder: is missing: expected who gave it",
    ],
    [
      "an award dated with a day that does not exist",
      "content/resume/awards/a.md",
      award("title: Best App\nawarder: Jury\ndate: 2023-11-31"),
      'date: expected a real day (2023-11 has 30), got "2023-11-31"',
    ],
    [
      "an unknown field in an award",
      "content/resume/awards/a.md",
      award("title: Best App\nawarder: Jury\ndate: 2023\nprize: 1000"),
      "prize: is not a known field",
    ],
    [
      "a publication without publisher or event",
      "content/resume/publications/p.md",
      publication("title: A talk\ndate: 2024"),
      "publisher: is missing: expected where it appeared, as publisher (or, for a talk, event)",
    ],
    [
      "a publication with both publisher and event",
      "content/resume/publications/p.md",
      publication("title: A talk\npublisher: IEEE\nevent: JSConf\ndate: 2024"),
      "event: expected publisher or event, not both",
    ],
    [
      "volunteer work that ends before it starts",
      "content/resume/volunteer/v.md",
      volunteer("start: 2020-05\nend: 2019"),
      'end: "2019" is before the start "2020-05"',
    ],
    [
      "an unknown field in volunteer work",
      "content/resume/volunteer/v.md",
      volunteer("start: 2020\nhours: 200"),
      "hours: is not a known field",
    ],
  ])("%s", async (_name, file, text, expected) => {
    await site.write(file, text);
    const message = await loadError();
    expect(message).toContain(`${file} is not valid:`);
    expect(message).toContain(`  - ${expected}`);
  });
});

async function builtResume(): Promise<string> {
  const built = await buildSite({ cwd: site.root, env: {} });
  return readFile(path.join(built.outDir, "resume.html"), "utf8");
}

describe("a section of the owner's own: the config and its files, no code", () => {
  it("is shown where resume.sections places it, as dated cards, newest first", async () => {
    await addPatents(site);
    const content = await load();
    expect(content.customSections.patents).toEqual({
      layout: "cards",
      entries: [
        expect.objectContaining({
          key: "2023-offline-sync",
          title: "Conflict-free sync of offline edits on mobile devices",
          by: "European Patent Office · EP 4 123 456 B1",
          date: "2023-06",
          url: "https://patents.example/EP4123456B1",
        }),
        expect.objectContaining({
          key: "2021-sparse-forecasting",
          title: "Demand forecasting from sparse point-of-sale data",
          date: "2021",
        }),
      ],
    });
    const html = await builtResume();
    expect(sectionHeadings(html)).toEqual([
      "Education",
      "Experience",
      "Patents",
      "Certificates",
      "Technical skills",
      "Soft skills",
      "Languages",
      "Interests",
    ]);
    const patents = html.slice(
      html.indexOf('<section class="resume-cards" aria-labelledby="patents">'),
      html.indexOf('aria-labelledby="certificates"'),
    );
    expect(patents).toContain('<h2 id="patents" class="h3">Patents</h2>');
    expect(patents).toContain("lucide-lightbulb");
    expect(patents).toContain(
      '<a class="outbound-link" href="https://patents.example/EP4123456B1" rel="noopener noreferrer" target="_blank">Conflict-free sync of offline edits on mobile devices',
    );
    expect(patents).toContain(
      '<span class="resume-card-by">European Patent Office · EP 4 123 456 B1</span><time class="resume-card-date" dateTime="2023-06">Jun 2023</time>',
    );
    expect(patents).toContain(
      "<p>A merge rule for edits made offline on several devices, first used in the Lumio patient app.</p>",
    );
    expect(patents.indexOf("Conflict-free sync")).toBeLessThan(patents.indexOf("Demand forecasting"));
  });

  it("comes after the built-in sections when resume.sections does not place it, with the default icon", async () => {
    await addPatents(site, `{ customSections: [{ id: "patents", title: "Patents", layout: "cards" }] }`);
    const html = await builtResume();
    expect(sectionHeadings(html)).toEqual([
      "Education",
      "Experience",
      "Certificates",
      "Technical skills",
      "Soft skills",
      "Languages",
      "Interests",
      "Patents",
    ]);
    expect(html.slice(html.indexOf('aria-labelledby="patents"'))).toContain("lucide-bookmark");
  });

  it("can be a timeline, read like the experience", async () => {
    await site.write(
      "content/resume/teaching/2020-code-club.md",
      "---\ntitle: Mentor\norganisation: Code Club\nstart: 2020-10\n---\n\nTaught.\n",
    );
    await site.write(
      "content/resume/teaching/2016-workshops.md",
      "---\ntitle: Workshop lead\norganisation: Lisbon JS\nstart: 2016\nend: 2017\n---\n\nRan workshops.\n",
    );
    await declareSections(
      site,
      `{ customSections: [{ id: "teaching", title: "Teaching", icon: "graduation-cap", layout: "timeline" }] }`,
    );
    const html = await builtResume();
    expect(sectionHeadings(html)).toEqual([
      "Education",
      "Experience",
      "Certificates",
      "Technical skills",
      "Soft skills",
      "Languages",
      "Interests",
      "Teaching",
    ]);
    const teaching = html.slice(html.indexOf('<section class="timeline" aria-labelledby="teaching">'));
    expect(teaching).toContain(
      '<p class="timeline-period"><time dateTime="2020-10">Oct 2020</time> — <!-- -->Present</p>',
    );
    expect(teaching.indexOf("Code Club")).toBeLessThan(teaching.indexOf("Lisbon JS"));
  });

  it("whose files are written before the config declares it is left out with a warning naming its folder", async () => {
    for (const [file, text] of Object.entries(patents)) await site.write(file, text);
    const content = await load();
    expect(content.customSections).toEqual({});
    expect(content.warnings).toEqual([
      `content/resume/patents/ is not a section of the Resume, so its files are not shown: declare it in the config's resume.customSections, with the folder's name as its id (node_modules/portfolio-ssg/docs/resume.md, "Résumé sections"), or move it out of content/resume/.`,
    ]);
  });

  it("is left out, as a built-in one is, when it has no entries", async () => {
    await declareSections(site, `{ customSections: [${patentsSection}] }`);
    expect(sectionHeadings(await builtResume())).toEqual([
      "Education",
      "Experience",
      "Certificates",
      "Technical skills",
      "Soft skills",
      "Languages",
      "Interests",
    ]);
  });
});

describe("resume.sections", () => {
  it("reorders the sections and leaves out those it does not list", async () => {
    await addEverySection(site);
    await declareSections(site, `{ sections: ["experience", "education", "languages", "awards"] }`);
    const content = await load();
    // A hidden section's files are still read and checked.
    expect(content.volunteer).toHaveLength(2);
    expect(sectionHeadings(await builtResume())).toEqual(["Experience", "Education", "Languages", "Awards"]);
  });
});

const patent = (fields: string) => `---\n${fields}\n---\n\nWhat it does.\n`;

describe("errors in a custom section's files name the file and the field, as the built-in ones do", () => {
  it.each([
    [
      "a patent without subtitle",
      "cards",
      patent("title: A sync method\ndate: 2023"),
      "subtitle: is missing: expected the line under the title",
    ],
    [
      "a patent dated with a day that does not exist",
      "cards",
      patent("title: A sync method\nsubtitle: EPO\ndate: 2023-06-31"),
      'date: expected a real day (2023-06 has 30), got "2023-06-31"',
    ],
    [
      "a patent's URL that is not http(s)",
      "cards",
      patent('title: A sync method\nsubtitle: EPO\ndate: 2023\nurl: "javascript:alert(1)"'),
      "url: expected an http(s) URL",
    ],
    [
      "an unknown field in a patent",
      "cards",
      patent("title: A sync method\nsubtitle: EPO\ndate: 2023\nnumber: EP 4 123 456"),
      "number: is not a known field",
    ],
    [
      "a timeline entry that ends before it starts",
      "timeline",
      patent("title: Mentor\norganisation: Code Club\nstart: 2020-05\nend: 2019"),
      'end: "2019" is before the start "2020-05"',
    ],
    [
      "a timeline entry without organisation",
      "timeline",
      patent("title: Mentor\nstart: 2020"),
      "organisation: is missing: expected the school or company",
    ],
  ])("%s", async (_name, layout, text, expected) => {
    await declareSections(site, `{ customSections: [{ id: "patents", title: "Patents", layout: "${layout}" }] }`);
    await site.write("content/resume/patents/a.md", text);
    const message = await loadError();
    expect(message).toContain("content/resume/patents/a.md is not valid:");
    expect(message).toContain(`  - ${expected}`);
  });

  it("portfolio check passes with the section, and names the bad file and field", async () => {
    await addPatents(site);
    expect(await portfolioInProcess(site.root, ["check"])).toMatchObject({ code: 0 });
    await site.write(
      "content/resume/patents/2021-sparse-forecasting.md",
      patent("title: A forecast\nsubtitle: INPI\ndate: 2021-13"),
    );
    const run = await portfolioInProcess(site.root, ["check"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'content/resume/patents/2021-sparse-forecasting.md is not valid:\n  - date: expected a real month (01 to 12), got "2021-13"',
    );
  });
});

describe("errors in the config's résumé sections name the field", () => {
  it.each([
    [
      "an unknown section id",
      `{ sections: ["education", "experience", "patent"] }`,
      `resume.sections[2]: "patent" is not a section: expected one of education, experience, volunteer, certificates, awards, publications, technical-skills, soft-skills, languages, interests, references`,
    ],
    [
      "an id of a custom section not declared",
      `{ customSections: [${patentsSection}], sections: ["patent"] }`,
      `resume.sections[0]: "patent" is not a section: expected one of education, experience, volunteer, certificates, awards, publications, technical-skills, soft-skills, languages, interests, references, patents`,
    ],
    [
      "a section listed twice",
      `{ sections: ["education", "experience", "education"] }`,
      `resume.sections[2]: "education" is listed twice: expected each section once`,
    ],
    [
      "a custom id that is a built-in one",
      `{ customSections: [{ id: "awards", title: "Prizes", layout: "cards" }] }`,
      `resume.customSections[0].id: "awards" is a built-in section's id: choose another (the built-in ids are education, experience, volunteer, certificates, awards, publications, technical-skills, soft-skills, languages, interests, references)`,
    ],
    [
      "two custom sections of one id",
      `{ customSections: [${patentsSection}, { id: "patents", title: "Inventions", layout: "cards" }] }`,
      `resume.customSections[1].id: "patents" is declared twice: expected each section once`,
    ],
    [
      "an id that is no folder name or heading id",
      `{ customSections: [{ id: "My Patents", title: "Patents", layout: "cards" }] }`,
      `resume.customSections[0].id: expected an id of lowercase letters, digits and single dashes, starting with a letter, such as patents`,
    ],
    [
      "an id the page already gives a skill group",
      `{ customSections: [{ id: "skills-web", title: "Web work", layout: "cards" }] }`,
      `resume.customSections[0].id: "skills-web" starts with "skills-", as ids the Resume page gives elements of its own: choose another`,
    ],
    [
      "a title another section has",
      `{ customSections: [{ id: "prizes", title: "Awards", layout: "cards" }] }`,
      `resume.customSections[0].title: "Awards" is another section's title ("Awards"): expected a title of its own`,
    ],
    [
      "an unknown layout",
      `{ customSections: [{ id: "patents", title: "Patents", layout: "list" }] }`,
      `resume.customSections[0].layout: expected "cards" (dated entries, like awards) or "timeline" (entries from start to end, like experience)`,
    ],
    [
      "an unknown icon",
      `{ customSections: [{ id: "patents", title: "Patents", icon: "bulb", layout: "cards" }] }`,
      "resume.customSections[0].icon: expected one of award, badge-check, book-open",
    ],
  ])("%s", async (_name, settings, expected) => {
    await declareSections(site, settings);
    const error = await load().then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.name).toBe("ConfigInvalid");
    expect(error?.message).toContain(`  - ${expected}`);
  });
});
