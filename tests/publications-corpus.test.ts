import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import katex from "katex";
import { describe, expect, it } from "vitest";
import { toScholarlyWork, withCrossrefs } from "../src/content/bibtex-entry.js";
import { readBibFile } from "../src/content/bibtex-file.js";

/**
 * Real .bib files of researchers' own sites (tests/fixtures/bibtex/SOURCES.md names each one's
 * repository, path and commit): every entry is read with its title, authors and year, or the
 * reason it is not is named here.
 */
const folder = path.join(import.meta.dirname, "fixtures/bibtex");
const files = readdirSync(folder).filter((name) => name.endsWith(".bib"));

/** The entries each file cannot give, by key, and why: each is the file's own mistake. */
const expectedLeftOut: Record<string, string> = {
  // A missing comma after `booktitle = CVPR`: BibTeX itself stops there.
  "0xtob.bib weyand2020gldv2": 'invalid BibTeX at line 27 col 3: expected "rbrace", got "identifier"',
  // The same key twice, for two papers: the second would take the first's address.
  "2jungeuni.bib hhnoh2018beamforming":
    "its key is the key of the entry on line 129 too: the first is kept, as BibTeX keeps it; give this one a key of its own",
};

interface FileReport {
  file: string;
  entries: number;
  complete: number;
  leftOut: string[];
  incomplete: string[];
}

function report(name: string, from = folder): FileReport {
  const text = readFileSync(path.join(from, name), "utf8");
  const { entries, problems, repeated } = readBibFile(text);
  const leftOut = [...problems, ...repeated].map((problem) => `${name} ${problem.key}: ${problem.problem}`);
  const works = withCrossrefs(entries.filter((entry) => !["string", "comment", "preamble"].includes(entry.type)));
  const incomplete: string[] = [];
  let complete = 0;
  for (const entry of works) {
    // The owner's PDFs are copied into public/ with the site: any file name is found there.
    const shaped = toScholarlyWork(entry, { file: name, me: [], katex, siteFile: (value) => `/assets/pdf/${value}` });
    if ("problems" in shaped) {
      leftOut.push(`${name} ${entry.label}: ${JSON.stringify(shaped.problems)}`);
      continue;
    }
    const { work } = shaped;
    if (work.title && (work.authors.length || work.editors.length) && work.year) complete++;
    else incomplete.push(`${name} ${entry.label}`);
  }
  return { file: name, entries: works.length + problems.length + repeated.length, complete, leftOut, incomplete };
}

describe("the corpus of real .bib files", () => {
  const reports = files.map((name) => report(name));

  it("has 8 to 15 files", () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files.length).toBeLessThanOrEqual(15);
  });

  it("imports every entry with its title, authors and year, but those whose file names the reason", () => {
    const total = reports.reduce((sum, { entries }) => sum + entries, 0);
    const complete = reports.reduce((sum, one) => sum + one.complete, 0);
    const leftOut = reports.flatMap((one) => one.leftOut);
    for (const one of reports) console.info(`${one.file}: ${one.complete} of ${one.entries}`);
    console.info(
      `corpus: ${files.length} files, ${complete} of ${total} entries (${((100 * complete) / total).toFixed(1)}%) with title, authors and year`,
    );
    expect(reports.flatMap((one) => one.incomplete)).toEqual([]);
    expect(leftOut).toEqual(Object.entries(expectedLeftOut).map(([where, problem]) => `${where}: ${problem}`));
    expect(complete).toBe(total - leftOut.length);
  });
});

/**
 * 41 more files, as reference managers and bibliographic services export them to owners' sites and CVs
 * (tests/fixtures/bibtex-exports/SOURCES.md): DBLP, ADS, Google Scholar, Zotero, Mendeley, BibDesk, biblatex CVs.
 */
const exportsFolder = path.join(import.meta.dirname, "fixtures/bibtex-exports");
const exportFiles = readdirSync(exportsFolder).filter((name) => name.endsWith(".bib"));

/** The entries of the exports without a title, authors or year, and why: each the file's own doing. */
const exportsIncomplete: Record<string, string> = {
  // An ORCID export: no author.
  "AIG-UC3M-publications.bib Author201915": "no author",
  "AIG-UC3M-publications.bib Author201816": "no author",
  // The year only in the series' name (`series = {… '18}`).
  "Pratyush-pubs.bib MishraPCCP18": "no year",
  "Pratyush-pubs.bib ChiesaGLMMM17": "no year",
  "Pratyush-pubs.bib HoLMHSW16": "no year",
  "Pratyush-pubs.bib CarliniMVZSSWZ16": "no year",
  "Pratyush-pubs.bib PortnoffLEMLW15": "no year",
  // `Arnold = {…}` where `author` was meant.
  "jrnold-mypubs.bib leaders": "no author",
  // Talks dated in a field of the site's own, `myyear`.
  "klasmodin-talks.bib modin2025collquium_UoT": "no year",
  "klasmodin-talks.bib modin2025isle_of_skye": "no year",
  "klasmodin-talks.bib modin2025cam_noether": "no year",
  "klasmodin-talks.bib modin2025esi_vienna": "no year",
  "klasmodin-talks.bib modin2024collquium_upisa": "no year",
  "klasmodin-talks.bib modin2024mathinpleinair_maine": "no year",
  // `year = {upcoming}`.
  "p3palazzo-cv.bib palazzo:upcomingje": "no year",
  // An `@Electronic` page without a date.
  "tdupu-cv.bib 14": "no year",
};

describe("the exports of 41 more sites and CVs", () => {
  const reports = exportFiles.map((name) => report(name, exportsFolder));

  it("reads every file without refusing an entry: a strict build of each passes", () => {
    expect(exportFiles).toHaveLength(41);
    for (const name of exportFiles) {
      const { problems } = readBibFile(readFileSync(path.join(exportsFolder, name), "utf8"));
      expect(problems, name).toEqual([]);
    }
  });

  it("reads 95% of their entries with title, authors and year, and the rest only for the files' own reasons", () => {
    const total = reports.reduce((sum, { entries }) => sum + entries, 0);
    const complete = reports.reduce((sum, one) => sum + one.complete, 0);
    console.info(
      `exports: ${exportFiles.length} files, ${complete} of ${total} entries (${((100 * complete) / total).toFixed(1)}%) with title, authors and year`,
    );
    expect(reports.flatMap((one) => one.incomplete).sort()).toEqual(Object.keys(exportsIncomplete).sort());
    // Left out: only a key used twice, the second time, as BibTeX keeps the first.
    expect(
      reports.flatMap((one) => one.leftOut).every((line) => line.includes("its key is the key of the entry")),
    ).toBe(true);
    expect(complete / total).toBeGreaterThanOrEqual(0.95);
  });

  it("decodes what the exports write as LaTeX prints it: no command, macro or dotless letter is left in a title, venue or name", () => {
    const leftovers: string[] = [];
    for (const name of exportFiles) {
      const { entries } = readBibFile(readFileSync(path.join(exportsFolder, name), "utf8"));
      for (const entry of withCrossrefs(entries.filter((one) => !["string", "preamble"].includes(one.type)))) {
        const shaped = toScholarlyWork(entry, { file: name, me: [], katex, siteFile: () => undefined });
        if ("problems" in shaped) continue;
        const { work } = shaped;
        const texts = [work.title, work.venue ?? "", ...work.authors.map((person) => person.name)];
        // A formula's TeX stays in the plain title (KaTeX draws it in the page's): only text outside formulas counts.
        const outsideFormulas = work.titleHtml.replace(/<span class="katex">[\s\S]*?<\/annotation>/g, "");
        for (const text of [...texts.slice(1), outsideFormulas])
          if (/\\[A-Za-z]|ı́|undefined/.test(text)) leftovers.push(`${name} ${entry.label}: ${text}`);
        // An address as written, its escapes undone (Mendeley's `PTV{\_}Castellano.pdf`).
        for (const address of [work.url, work.pdf, work.code, work.slides, work.poster, work.video, work.website])
          if (address && /[{}\\]/.test(address)) leftovers.push(`${name} ${entry.label}: ${address}`);
      }
    }
    expect(leftovers).toEqual([]);
  });
});
