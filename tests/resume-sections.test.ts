import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/build/build-site.js";
import { addEverySection } from "./fixtures/resume-sections.js";
import { copySampleSite, loadSiteContent, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

const load = () => loadSiteContent(site);

async function loadError(): Promise<string> {
  return load().then(() => "loaded without an error", (error: Error) => error.message);
}

/** The headings of the Resume's sections, in order. */
function sectionHeadings(html: string): string[] {
  const main = html.slice(html.indexOf('<h1 class="article-title">Resume</h1>'));
  return [...main.matchAll(/<h2 id="[^"]+" class="h3[^"]*">([^<]+)<\/h2>/g)].map((match) => match[1]!);
}

describe("the sample's Resume", () => {
  it("has two certificates and two languages, and no section without entries", async () => {
    const content = await load();
    expect(content.certificates.map((certificate) => certificate.name)).toEqual(["AWS Certified Developer – Associate", "TensorFlow Developer Certificate"]);
    expect(content.languages).toEqual([{ language: "English", fluency: "Native" }, { language: "Portuguese", fluency: "Fluent (C1)" }]);
    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(sectionHeadings(html)).toEqual(["Education", "Experience", "Certificates", "Technical skills", "Soft skills", "Languages"]);
    expect(html).toContain('<time class="resume-card-date" dateTime="2023-05">May 2023</time>');
    expect(html).toContain('<a class="outbound-link" href="https://credentials.example/maya-okafor/aws-developer-associate" rel="noopener noreferrer" target="_blank">AWS Certified Developer – Associate');
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
    expect(content.awards.map((award) => [award.title, award.awarder, award.date])).toEqual([["Best Health App", "Portugal Digital Awards", "2023-11"]]);
    expect(content.publications.map((publication) => [publication.title, publication.publisher, publication.date])).toEqual([
      ["Offline-first React Native, in production", "React Native EU", "2024-09"],
      ["Short-term retail demand forecasting with recurrent models", "Journal of Applied Analytics", "2019"],
    ]);
    expect(content.awards[0]!.descriptionHtml).toContain("offline-first appointment booking");
    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(sectionHeadings(html)).toEqual([
      "Education", "Experience", "Volunteer work", "Certificates", "Awards", "Publications &amp; talks", "Technical skills", "Soft skills", "Languages",
    ]);
    expect(html).toContain('<time dateTime="2015">2015</time> — <time dateTime="2016">2016</time>');
  });

  it("is left out when its file or folder is gone, and so are the sample's", async () => {
    await rm(path.join(site.root, "content/resume/certificates.md"));
    await rm(path.join(site.root, "content/resume/languages.md"));
    const built = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(built.outDir, "resume.html"), "utf8");
    expect(sectionHeadings(html)).toEqual(["Education", "Experience", "Technical skills", "Soft skills"]);
  });
});

const certificates = (entry: string) => `---\ncertificates:\n  - ${entry}\n---\n`;
const languages = (entry: string) => `---\nlanguages:\n  - ${entry}\n---\n`;
const award = (fields: string) => `---\n${fields}\n---\n\nFor good work.\n`;
const publication = (fields: string) => `---\n${fields}\n---\n\nA summary.\n`;
const volunteer = (fields: string) => `---\ntitle: Mentor\norganisation: Code Club\n${fields}\n---\n\nTaught.\n`;

describe("errors in the new sections name the file and the field", () => {
  it.each([
    ["a certificate without issuer", "content/resume/certificates.md", certificates("{ name: CKA, date: 2022-05 }"), "certificates[0].issuer: is missing: expected who issued it"],
    ["a certificate's month 13", "content/resume/certificates.md", certificates("{ name: CKA, issuer: CNCF, date: 2022-13 }"), "certificates[0].date: expected a real month (01 to 12), got \"2022-13\""],
    ["a certificate's URL that is not http(s)", "content/resume/certificates.md", certificates('{ name: CKA, issuer: CNCF, date: 2022, url: "javascript:alert(1)" }'), "certificates[0].url: expected an http(s) URL"],
    ["an unknown field in a certificate", "content/resume/certificates.md", certificates("{ name: CKA, issuer: CNCF, date: 2022, expires: 2025 }"), "certificates[0].expires: is not a known field"],
    ["certificates that are not a list", "content/resume/certificates.md", "---\ncertificates: CKA\n---\n", "certificates: expected a list of certificates, each with name, issuer and date"],
    ["a language without fluency", "content/resume/languages.md", languages("{ language: Yoruba }"), "languages[0].fluency: is missing: expected how well"],
    ["an unknown field in a language", "content/resume/languages.md", languages("{ language: Yoruba, fluency: Native, level: C2 }"), "languages[0].level: is not a known field"],
    ["an empty list of languages", "content/resume/languages.md", "---\nlanguages: []\n---\n", "languages: expected at least one language"],
    ["an award without awarder", "content/resume/awards/a.md", award("title: Best App\ndate: 2023"), "awarder: is missing: expected who gave it"],
    ["an award dated with a day", "content/resume/awards/a.md", award("title: Best App\nawarder: Jury\ndate: 2023-11-02"), "date: expected a month as YYYY-MM or a year as YYYY (the Resume shows months, not days)"],
    ["an unknown field in an award", "content/resume/awards/a.md", award("title: Best App\nawarder: Jury\ndate: 2023\nprize: 1000"), "prize: is not a known field"],
    ["a publication without publisher or event", "content/resume/publications/p.md", publication("title: A talk\ndate: 2024"), "publisher: is missing: expected where it appeared, as publisher (or, for a talk, event)"],
    ["a publication with both publisher and event", "content/resume/publications/p.md", publication("title: A talk\npublisher: IEEE\nevent: JSConf\ndate: 2024"), "event: expected publisher or event, not both"],
    ["a publication without date", "content/resume/publications/p.md", publication("title: A talk\nevent: JSConf"), "date: is missing: expected when it was published or given as YYYY-MM or YYYY"],
    ["volunteer work that ends before it starts", "content/resume/volunteer/v.md", volunteer("start: 2020-05\nend: 2019"), "end: \"2019\" is before the start \"2020-05\""],
    ["an unknown field in volunteer work", "content/resume/volunteer/v.md", volunteer("start: 2020\nhours: 200"), "hours: is not a known field"],
  ])("%s", async (_name, file, text, expected) => {
    await site.write(file, text);
    const message = await loadError();
    expect(message).toContain(`${file} is not valid:`);
    expect(message).toContain(`  - ${expected}`);
  });
});
