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

function report(name: string): FileReport {
  const text = readFileSync(path.join(folder, name), "utf8");
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
  const reports = files.map(report);

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
