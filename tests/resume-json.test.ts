import { readFile } from "node:fs/promises";
import path from "node:path";
import jsonResume from "@jsonresume/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { checkLinks } from "../src/pipeline/check-links.js";
import { isPortfolioError } from "../src/errors.js";
import { checkResumeJson } from "../src/render/render-resume-json.js";
import { passesFlatCheck } from "../src/json-resume/flat-entry-checks.js";
import { officialSchemaProblems } from "../src/json-resume/json-resume-schema.js";
import { keptFrom } from "../src/kept-results.js";
import { cacheControlFor } from "../src/render/cache-headers.js";
import { addEverySection, addPatents, declareSections } from "./fixtures/resume-sections.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/** The official validator's verdict, straight from the package. */
function officialErrors(resume: unknown): string[] {
  let errors: string[] = [];
  jsonResume.validate(resume, (found) => {
    errors = (found ?? []).map((error) => `${error.path.join(".")}: ${error.message}`);
  });
  return errors;
}

async function built(prepare: (site: SiteCopy) => Promise<void> = async () => {}, base?: string) {
  const site = await copySampleSite();
  await prepare(site);
  const result = await buildSite({ cwd: site.root, env: {}, base });
  const read = (file: string) => readFile(path.join(result.outDir, file), "utf8");
  return { site, result, read, resume: JSON.parse(await read("resume.json")) as JsonObject };
}

/** `/resume.json` as parsed: the tests read any path of it. */
// biome-ignore lint/suspicious/noExplicitAny: JSON read back to compare, not a typed value.
type JsonObject = Record<string, any>;

describe("the sample's /resume.json", () => {
  let site: SiteCopy;
  let resume: JsonObject;
  let read: (file: string) => Promise<string>;
  beforeAll(async () => {
    ({ site, resume, read } = await built());
  });
  afterAll(async () => {
    await site?.remove();
  });

  it("passes @jsonresume/schema", () => {
    expect(officialErrors(resume)).toEqual([]);
    // The validator does refuse what is wrong, so the verdict above means something.
    expect(officialErrors({ ...resume, work: [{ startDate: "March 2022" }] })).not.toEqual([]);
  });

  it("has the basics from the config and About, with absolute addresses", () => {
    expect(resume.basics).toMatchObject({
      name: "Maya Okafor",
      label: "Full-Stack Developer",
      image: "https://maya-okafor.example/images/avatar.svg",
      email: "hello@maya-okafor.example",
      phone: "+351 912 345 678",
      url: "https://maya-okafor.example/",
      location: { city: "Lisbon", countryCode: "PT" },
    });
    expect(resume.basics.summary).toMatch(/^I'm a full-stack developer based in Lisbon.*\n\nMost of my recent work/s);
    expect(resume.basics.profiles).toEqual([
      { network: "GitHub", username: "maya-okafor-sample", url: "https://github.com/maya-okafor-sample" },
      { network: "LinkedIn", username: "maya-okafor-sample", url: "https://www.linkedin.com/in/maya-okafor-sample" },
      { network: "WhatsApp", username: "351912345678", url: "https://wa.me/351912345678" },
      { network: "Instagram", username: "maya.okafor.sample", url: "https://www.instagram.com/maya.okafor.sample" },
    ]);
    expect(resume.meta).toEqual({ canonical: "https://maya-okafor.example/resume.json" });
  });

  it("has the Projects page's projects, newest first: technologies as keywords, features as highlights", () => {
    expect(resume.projects.map((project: JsonObject) => [project.name, project.startDate])).toEqual([
      ["SiteLog", "2025-03"],
      ["FleetWise", "2024-09"],
      ["ReceiptLens", "2024-01"],
      ["Mercado Fresco", "2023-06"],
      ["ShelfCast", "2022-11"],
      ["SoilSense", "2022-04"],
      ["MoveWell", "2021-10"],
      ["Turma", "2020-02"],
      ["Tasca Reservas", "2019-07"],
    ]);
    expect(resume.projects[1]).toEqual({
      name: "FleetWise",
      description: expect.stringMatching(
        /^A fleet-management dashboard for a regional logistics company\..*\n\nSince launch/s,
      ),
      highlights: [
        "Live map of 120 delivery vans",
        "Route replay and delay alerts",
        "Fuel and maintenance reports per vehicle",
      ],
      keywords: ["TypeScript", "React", "Node.js", "PostgreSQL", "PostGIS"],
      // Done in September 2024 (`year: "09/2024"`), and finished: a theme shows no "Present".
      startDate: "2024-09",
      endDate: "2024-09",
      url: "https://fleetwise.example.com",
      entity: "Nordlys Digital",
      type: "Web Application",
    });
  });

  it("has every entry of the Resume, in its order, with ISO dates and no endDate for what goes on", () => {
    expect(resume.work.map((entry: JsonObject) => [entry.name, entry.startDate, entry.endDate])).toEqual([
      ["Nordlys Digital", "2022-03", undefined],
      ["Self-employed", "2019-09", undefined],
      ["Lumio Health", "2019-06", "2022-02"],
      ["Ponto Digital", "2017-02", "2019-05"],
    ]);
    expect(resume.work[2]).toMatchObject({
      position: "Full-Stack Developer",
      summary: expect.stringContaining("25,000 monthly users"),
    });
    expect(resume.education[0]).toMatchObject({
      institution: "NOVA IMS, Universidade Nova de Lisboa",
      area: "MSc in Data Science and Advanced Analytics",
      startDate: "2017-09",
      endDate: "2019-07",
    });
    expect(resume.certificates).toEqual([
      {
        name: "AWS Certified Developer – Associate",
        date: "2023-05",
        issuer: "Amazon Web Services",
        url: "https://credentials.example/maya-okafor/aws-developer-associate",
      },
      { name: "TensorFlow Developer Certificate", date: "2021-08", issuer: "Google" },
    ]);
    expect(resume.skills[0]).toEqual({ name: "JavaScript/React", level: "90%", keywords: ["Web"] });
    expect(resume.skills).toHaveLength(8);
    expect(resume.languages).toEqual([
      { language: "English", fluency: "Native" },
      { language: "Portuguese", fluency: "Fluent (C1)" },
    ]);
    expect(resume.interests).toEqual([
      { name: "Surfing", keywords: ["Ericeira", "Early sessions"] },
      { name: "Open source", keywords: ["Accessibility audits", "Lisbon JS meetup"] },
      { name: "Film photography", keywords: ["35 mm", "Darkroom printing"] },
      { name: "Cooking", keywords: ["West African", "Portuguese bakes"] },
    ]);
    // The sample has none of these: no empty sections.
    for (const section of ["volunteer", "awards", "publications", "references"])
      expect(resume).not.toHaveProperty(section);
  });

  it("is linked from the Resume page's head only, and its link is checked", async () => {
    const tag =
      '<link rel="alternate" type="application/json" title="Résumé of Maya Okafor (JSON Resume)" href="/resume.json">';
    expect(await read("resume.html")).toContain(tag);
    expect(await read("index.html")).not.toContain("resume.json");
    const html = await read("resume.html");
    expect(() =>
      checkLinks({ files: new Set(["resume.html"]), texts: [{ files: ["resume.html"], text: html }] }, "/"),
    ).toThrow(/resume\.json \(no such file\)/);
  });

  it("is served like the feeds: revalidated, and not in the sitemap", async () => {
    expect(cacheControlFor("/resume.json")).toBe("no-cache");
    expect(cacheControlFor("/resume.json.br")).toBe("no-cache");
    expect(await read("sitemap.xml")).not.toContain("resume.json");
    expect(await read("_headers")).not.toContain("resume");
  });
});

describe("/resume.json", () => {
  it("keeps the base path in its addresses and in the page's link", async () => {
    const { site, read, resume } = await built(undefined, "/portfolio/");
    try {
      expect(resume.basics.image).toBe("https://maya-okafor.example/portfolio/images/avatar.svg");
      expect(resume.basics.url).toBe("https://maya-okafor.example/portfolio/");
      expect(resume.meta.canonical).toBe("https://maya-okafor.example/portfolio/resume.json");
      expect(await read("resume.html")).toContain('href="/portfolio/resume.json"');
    } finally {
      await site.remove();
    }
  });

  it("without site.url is still written and valid, with site paths where an address would be", async () => {
    const { site, resume } = await built(async (copy) => {
      await copy.write(
        "portfolio.config.ts",
        (await copy.read("portfolio.config.ts")).replace('url: "https://maya-okafor.example",', ""),
      );
    });
    try {
      expect(officialErrors(resume)).toEqual([]);
      expect(resume.basics.image).toBe("/images/avatar.svg");
      expect(resume.basics).not.toHaveProperty("url");
      expect(resume).not.toHaveProperty("meta");
    } finally {
      await site.remove();
    }
  });

  it("has every section the Resume has, valid, unicode kept", async () => {
    const { site, resume } = await built(addEverySection);
    try {
      expect(officialErrors(resume)).toEqual([]);
      expect(resume.volunteer).toEqual([
        {
          organization: "Código para Todas",
          position: "Mentor",
          url: "https://codigo-para-todas.example",
          startDate: "2020-10",
          summary: expect.stringContaining("four mentees"),
        },
        {
          organization: "Lagos Civic Hackathon",
          position: "Organiser",
          startDate: "2015",
          endDate: "2016",
          summary: expect.any(String),
        },
      ]);
      // A reference's paragraphs as written.
      expect(resume.references).toEqual([
        {
          name: "Ana Costa, CTO at Nordlys Digital",
          reference:
            "Maya rebuilt our fleet dashboard while it stayed in use, and nobody noticed the switch.\n\nShe writes the design notes everyone else ends up reading, and she leaves a team better than she found it.",
        },
        { name: "Tiago Ramos, Product Lead at Lumio Health", reference: "She asks the question that saves a sprint." },
      ]);
      expect(resume.awards).toEqual([
        {
          title: "Best Health App",
          date: "2023-11",
          awarder: "Portugal Digital Awards",
          summary: "For the Lumio patient app's offline-first appointment booking.",
        },
      ]);
      expect(
        resume.publications.map((publication: JsonObject) => [
          publication.name,
          publication.publisher,
          publication.releaseDate,
          publication.url,
        ]),
      ).toEqual([
        [
          "Offline-first React Native, in production",
          "React Native EU",
          "2024-09",
          "https://talks.example/offline-first",
        ],
        [
          "Short-term retail demand forecasting with recurrent models",
          "Journal of Applied Analytics",
          "2019",
          undefined,
        ],
      ]);
    } finally {
      await site.remove();
    }
  });

  it("leaves a custom section out, and is otherwise what it was without it", async () => {
    const [withPatents, without] = await Promise.all([built(async (copy) => addPatents(copy)), built()]);
    try {
      expect(officialErrors(withPatents.resume)).toEqual([]);
      expect(withPatents.resume).toEqual(without.resume);
      expect(await withPatents.read("resume.html")).toContain("Conflict-free sync of offline edits");
    } finally {
      await Promise.all([withPatents.site.remove(), without.site.remove()]);
    }
  });

  it("follows resume.sections: a section left out of the page is left out here, the rest in JSON Resume's order", async () => {
    const { site, resume } = await built(async (copy) => {
      await addEverySection(copy);
      await declareSections(copy, `{ sections: ["languages", "awards", "experience", "education", "soft-skills"] }`);
    });
    try {
      expect(officialErrors(resume)).toEqual([]);
      // The projects are the Projects page's, whatever the Resume shows.
      expect(Object.keys(resume)).toEqual([
        "$schema",
        "basics",
        "work",
        "education",
        "awards",
        "languages",
        "projects",
        "meta",
      ]);
    } finally {
      await site.remove();
    }
  });

  it("gives an entry with the old free-text period no dates, and stays valid", async () => {
    const { site, resume, result } = await built(async (copy) => {
      await copy.write(
        "content/resume/experience/05-old.md",
        '---\ntitle: Intern\norganisation: Old Co\nperiod: "Summer 2015"\n---\n\nMade coffee.\n',
      );
    });
    try {
      expect(officialErrors(resume)).toEqual([]);
      expect(resume.work.at(-1)).toEqual({ name: "Old Co", position: "Intern", summary: "Made coffee." });
      expect(result.warnings.some((warning) => warning.includes("05-old.md: period"))).toBe(true);
    } finally {
      await site.remove();
    }
  });

  it("yields to a resume.json of the owner's in public/", async () => {
    const own = '{ "basics": { "name": "Hand-written" } }\n';
    const { site, read } = await built(async (copy) => copy.write("public/resume.json", own));
    try {
      expect(await read("resume.json")).toBe(own);
      expect(await read("resume.html")).toContain('href="/resume.json"');
    } finally {
      await site.remove();
    }
  });

  it("that fails the schema is reported as a bug of portfolio, naming the JSON path", () => {
    const error = (() => {
      try {
        checkResumeJson({ basics: { name: "A", url: "not a url" }, work: [{ name: "B", startDate: "2020-1" }] });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(isPortfolioError(error) && error.name).toBe("ResumeJsonInvalid");
    expect(isPortfolioError(error) && error.bug).toBe(true);
    expect((error as Error).message).toContain(
      'resume.json is not valid:\n  - basics.url: expected an absolute URL such as https://example.com, got string "not a url"',
    );
    expect((error as Error).message).toContain(
      '  - work[0].startDate: expected a date as YYYY-MM-DD, YYYY-MM or YYYY, got string "2020-1"',
    );
  });

  it("passes an entry of a flat list by its own check only when the official validator passes it too", () => {
    const entries: Array<[string, unknown]> = [
      [
        "publications",
        { name: "P", publisher: "ACM", releaseDate: "2024-05", url: "https://doi.org/10.1/x", summary: "S" },
      ],
      ["publications", { name: "P", releaseDate: "2024", extra: 3 }],
      ["publications", { name: "P", releaseDate: "2024-1" }],
      ["publications", { name: "P", releaseDate: "3024" }],
      ["publications", { name: "P", url: "not a url" }],
      ["publications", { name: "P", url: "https://doi.org/10.1/a b" }],
      ["publications", { name: 7 }],
      ["publications", { name: "P", url: undefined }],
      ["publications", ["P"]],
      ["publications", "P"],
      ["awards", { title: "A", date: "2020-02-03", awarder: "B" }],
      ["awards", { title: "A", date: "2020/02/03" }],
      ["certificates", { name: "C", url: "mailto:a@b.example" }],
      ["languages", { language: "Portuguese", fluency: "Native" }],
      ["references", { name: "R", reference: "…" }],
      ["work", { name: "W" }],
    ];
    const verdicts = entries.map(([section, entry]) => ({
      passes: passesFlatCheck(section, entry),
      valid: officialSchemaProblems({ [section]: [entry] }).length === 0,
    }));
    for (const { passes, valid } of verdicts) if (passes) expect(valid).toBe(true);
    // The entries a .bib gives, and the other flat lists' usual ones, pass without the validator.
    expect(verdicts.map(({ passes }) => passes)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it("checked again in portfolio dev, checks only the entries not found valid before, and names a problem's place in it", () => {
    const checked = keptFrom<string, true>(undefined);
    const paper = (title: string) => ({ name: title, publisher: "ACM", releaseDate: "2024" });
    const papers = Array.from({ length: 3 }, (_, index) => paper(`Paper ${index}`));
    checkResumeJson({ basics: { name: "A" }, publications: papers }, checked);
    expect(checked.next.size).toBe(3);
    // The next build: one entry changed. The two kept are kept again; the changed one is checked and kept.
    const next = keptFrom(checked.next);
    checkResumeJson({ basics: { name: "A" }, publications: [...papers.slice(0, 2), paper("Paper 2, edited")] }, next);
    expect([...next.next.keys()].filter((key) => checked.next.has(key))).toHaveLength(2);
    expect(next.next.size).toBe(3);
    // A wrong entry among those known is named by its index in the whole list.
    const wrong = { ...paper("Late"), releaseDate: "2024-1" };
    expect(() =>
      checkResumeJson({ basics: { name: "A" }, publications: [...papers, wrong] }, keptFrom(next.next)),
    ).toThrow(/publications\[3\]\.releaseDate: expected a date/);
  });
});
