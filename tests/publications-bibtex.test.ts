import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import katex from "katex";
import { describe, expect, it } from "vitest";
import { type EntryContext, toScholarlyWork, withCrossrefs } from "../src/content/bibtex-entry.js";
import { readBibFile } from "../src/content/bibtex-file.js";
import { decodeNames, isOwner, type KnownNames, ownerMatcher } from "../src/content/bibtex-text.js";
import type { ScholarlyWork } from "../src/content/scholarly-work.js";
import { loadPublications } from "../src/content/load-publications.js";
import { type CacheStore, openCacheStore } from "../src/cache/cache-store.js";
import { ProblemList } from "../src/errors.js";
import { projectFolder, type ProjectFolder } from "../src/project/project-files.js";

const context: EntryContext = {
  file: "content/publications/papers.bib",
  me: ["M. Okafor", "Maya Okafor"],
  katex,
  siteFile: (value) => (value.replace(/^\//, "") === "papers/okafor20.pdf" ? "/papers/okafor20.pdf" : undefined),
};

/** Every entry of a .bib text, shaped; a problem fails the test with its message. */
function works(text: string): ScholarlyWork[] {
  const { entries, problems } = readBibFile(text);
  expect(problems).toEqual([]);
  return withCrossrefs(entries.filter((entry) => entry.type !== "string")).map((entry) => {
    const shaped = toScholarlyWork(entry, context);
    if ("problems" in shaped) throw new Error(JSON.stringify(shaped.problems));
    return shaped.work;
  });
}

const one = (text: string) => works(text)[0]!;

describe("a .bib entry read as a publication", () => {
  it("reads each entry type the page knows, and biblatex's as their nearest", () => {
    const types = [
      ["article", "article"],
      ["inproceedings", "inproceedings"],
      ["conference", "inproceedings"],
      ["incollection", "incollection"],
      ["book", "book"],
      ["phdthesis", "phdthesis"],
      ["mastersthesis", "mastersthesis"],
      ["techreport", "techreport"],
      ["misc", "misc"],
      ["unpublished", "unpublished"],
      ["patent", "patent"],
      ["online", "misc"],
      ["report", "techreport"],
    ];
    const text = types
      .map(([type], index) => `@${type}{k${index}, title = {T${index}}, author = {Okafor, Maya}, year = 2020}`)
      .join("\n");
    expect(works(text).map((work) => [work.entryType, work.kind])).toEqual(types);
  });

  it("applies @string macros, # concatenation and month macros", () => {
    const work = one(`@string{icse = "International Conference on Software Engineering"}
@inproceedings{a, title = {T}, author = {A. B}, booktitle = "Proc. " # icse, year = 2021, month = jun}`);
    expect(work).toMatchObject({
      venue: "Proc. International Conference on Software Engineering",
      venueKind: "conference",
      year: 2021,
      month: 6,
    });
  });

  it("reads months and dates however they are written", () => {
    expect(one("@misc{a, title={T}, year={2019}, month={September}}")).toMatchObject({ year: 2019, month: 9 });
    expect(one("@misc{a, title={T}, date={2018-03-07}}")).toMatchObject({ year: 2018, month: 3, day: 7 });
    expect(one("@misc{a, title={T}, year={to appear}}").year).toBeUndefined();
  });

  it("decodes accents and escapes, drops case braces, keeps italics", () => {
    const work = one(
      String.raw`@article{a, title = {{BERT} f{\"u}r \'{e}t\'e: \emph{Fast} Q\&A -- 100\% of {NLP}}, author = {M{\"u}ller, J{\"o}rg}, journal = {Revue d'{\'E}tudes}, year = 2020}`,
    );
    expect(work.title).toBe("BERT für été: Fast Q&A – 100% of NLP");
    expect(work.titleHtml).toBe("BERT für été: <i>Fast</i> Q&amp;A – 100% of NLP");
    expect(work.authors[0]!.name).toBe("Jörg Müller");
    expect(work.venue).toBe("Revue d'Études");
  });

  it("draws math in a title with KaTeX, not as citation-js's text", () => {
    const work = one(
      String.raw`@article{a, title = {Sorting in $\mathcal{O}(n \log n)$ time}, author = {A. B}, year = 2020}`,
    );
    expect(work.title).toBe(String.raw`Sorting in \mathcal{O}(n \log n) time`);
    expect(work.titleHtml).toMatch(/^Sorting in <span class="katex">.*<\/span> time$/s);
    expect(work.titleHtml).toContain('<annotation encoding="application/x-tex">\\mathcal{O}(n \\log n)</annotation>');
    expect(work.titleHtml).not.toContain("mathcalO");
  });

  it("splits names as biblatex does, reads `and others` as et al., and finds the owner", () => {
    const { people, etAl } = decodeNames(
      String.raw`Okafor, Maya and \'{E}lodie Durand and von Neumann, Jr., John and {Google Research} and others`,
    );
    expect(people.map((person) => person.name)).toEqual([
      "Maya Okafor",
      "Élodie Durand",
      "John von Neumann Jr.",
      "Google Research",
    ]);
    expect(etAl).toBe(true);
    expect(isOwner(people[0]!, ["M. Okafor"])).toBe(true);
    expect(isOwner(people[0]!, ["maya okafor"])).toBe(true);
    expect(isOwner(people[1]!, ["M. Okafor"])).toBe(false);
    // A file's matcher compares each person's name once, with the same answers.
    const isMe = ownerMatcher(["M. Okafor"]);
    for (let round = 0; round < 2; round++)
      expect(people.map(isMe)).toEqual(people.map((person) => isOwner(person, ["M. Okafor"])));
    const work = one("@article{a, title={T}, author={Okafor, M. and Lee, Ann and others}, year=2020}");
    expect(work.authors.map((person) => person.me)).toEqual([true, false]);
    expect(work.etAl).toBe(true);
  });

  it("reads each name of a file's lists once, as citation-js reads the whole list", () => {
    const corpus = path.join(import.meta.dirname, "fixtures", "bibtex");
    const lists = readdirSync(corpus)
      .filter((name) => name.endsWith(".bib"))
      .flatMap((name) => readBibFile(readFileSync(path.join(corpus, name), "utf8")).entries)
      .flatMap((entry) => [entry.properties.author, entry.properties.editor, entry.properties.inventor])
      .filter((value) => value !== undefined)
      .map(String);
    const tricky = [
      "A and and B",
      "Smith, J. AND Lee, K.",
      "Lee and\nKim and others",
      "  Padded, Name  and  Other, One ",
      "Anderson, Sandy and Brand, Andy",
      "A- and B",
      "Okafor, Maya and Okafor, Maya",
      "von Neumann, Jr., John and de la Cruz, Ana",
    ];
    const known: KnownNames = new Map();
    for (const list of [...lists, ...tricky, ...lists]) expect(decodeNames(list, known)).toEqual(decodeNames(list));
    expect(known.size).toBeGreaterThan(0);
  });

  it("inherits booktitle, editor, publisher and year from a crossref, but not its DOI, URL or title", () => {
    const list = works(`@inproceedings{child, title = {Paper}, author = {A. B}, crossref = {proc}, pages = {1--10}}
@proceedings{proc, title = {Proceedings of ICSE 2021}, editor = {Ed Itor}, publisher = {IEEE}, year = 2021,
  doi = {10.1109/icse.2021}, url = {https://icse.org}}`);
    expect(list.map((work) => work.key)).toEqual(["child"]);
    expect(list[0]).toMatchObject({
      title: "Paper",
      venue: "Proceedings of ICSE 2021",
      publisher: "IEEE",
      year: 2021,
      editors: [{ name: "Ed Itor" }],
      firstPage: "1",
      lastPage: "10",
    });
    expect(list[0]!.doi).toBeUndefined();
    expect(list[0]!.url).toBeUndefined();
  });

  it("reads the fields owners use on their sites", () => {
    const work = one(`@inproceedings{okafor20, title = {T}, author = {Okafor, Maya}, booktitle = {NeurIPS}, year = 2020,
  abstract = {We show $x^2$.}, doi = {https://doi.org/10.1145/1234.5678}, url = {https://x.edu/~okafor/t\\_1},
  pdf = {papers/okafor20.pdf}, eprint = {2101.00001}, archivePrefix = {arXiv}, code = {https://github.com/o/t},
  slides = {https://s.io/t}, poster = {https://p.io/t}, video = {https://youtu.be/x}, website = {www.t.org},
  selected = {true}, abbr = {NeurIPS}, note = {Oral}, award = {Best Paper}, keywords = {ml, systems}, volume = {33}, number = {2}}`);
    expect(work).toMatchObject({
      abstract: "We show x^2.",
      doi: "10.1145/1234.5678",
      url: "https://x.edu/~okafor/t_1",
      pdf: "/papers/okafor20.pdf",
      arxiv: "2101.00001",
      code: "https://github.com/o/t",
      slides: "https://s.io/t",
      poster: "https://p.io/t",
      video: "https://youtu.be/x",
      website: "https://www.t.org",
      selected: true,
      abbr: "NeurIPS",
      note: "Oral",
      award: "Best Paper",
      tags: ["ml", "systems"],
      volume: "33",
      issue: "2",
    });
    expect(work.abstractHtml).toContain('class="katex"');
    expect(work.bibtex).toMatch(/^@inproceedings\{okafor20,[\s\S]*\}$/);
  });
});

describe("what real exports write, read as BibTeX, biber and LaTeX read it", () => {
  // Each from a file of tests/fixtures/bibtex-exports/ (its SOURCES.md), trimmed.
  it("reads fields and macros whose names citation-js alone refuses: BibDesk's `bdsk.url.1`, Mendeley's `mendeley.tags`, `\\aap`", () => {
    const text = String.raw`@string{\aap = "Astronomy and Astrophysics"}
@Article{Lelkes2021forum, title = {What Do We Mean by Negative Partisanship?}, author = {Yphtach Lelkes},
  journal = {The Forum}, year = {2021}, bdsk.url.1 = {https://doi.org/10.1515/for-2021-2027},
  mendeley.tags = "mypubs, a = b"}
@article{b, title = {T}, author = {A. B}, journal = \aap, year = 2020}`;
    const { entries, problems } = readBibFile(text);
    expect(problems).toEqual([]);
    expect(entries.filter((entry) => entry.type !== "string").map((entry) => [entry.label, entry.line])).toEqual([
      ["Lelkes2021forum", 2],
      ["b", 5],
    ]);
    const [forum, other] = works(text);
    expect(forum).toMatchObject({ title: "What Do We Mean by Negative Partisanship?", venue: "The Forum", year: 2021 });
    expect(other!.venue).toBe("Astronomy and Astrophysics");
    // The page's BibTeX is the entry as the owner wrote it.
    expect(forum!.bibtex).toContain("bdsk.url.1 = {https://doi.org/10.1515/for-2021-2027}");
  });

  it("skips what `%` comments out, entries and fields, as biber does, and keeps a `%` within a value", () => {
    const text = `% @inproceedings{ICDE21:blockchain,
%     author = {Zhang, Ce and Xu, Cheng},
%     year = {2021},
% }
@misc{kept, title = {Kept}, author = {A. B},
  % note = {an old note},
  url = {https://example.org/a%20b}, year = 2020}`;
    const { entries, problems } = readBibFile(text);
    expect(problems).toEqual([]);
    expect(entries.map((entry) => [entry.label, entry.line])).toEqual([["kept", 5]]);
    expect(one(text).url).toBe("https://example.org/a%20b");
    expect(one(text).note).toBeUndefined();
  });

  it("decodes what DBLP, ADS, Google Scholar and CVs write: empty accents, \\( \\), \\ensuremath, {\\'\\i}, AAS journals", () => {
    const dblp = one(
      String.raw`@inproceedings{DBLP:conf/fsttcs/Limaye0T19, author = {Nutan Limaye}, title = {More on AC{\^{}}0[oplus] and Variants of the Majority Function}, year = {2019}}`,
    );
    expect(dblp.title).toBe("More on AC^0[oplus] and Variants of the Majority Function");
    const stoc = one(
      String.raw`@inproceedings{DBLP:conf/stoc/LimayeS0TV19, author = {Nutan Limaye}, year = {2019}, title = {A fixed-depth size-hierarchy theorem for AC\({}^{\mbox{0}}\)[{\(\oplus\)}] via the coin problem}}`,
    );
    expect(stoc.titleHtml.match(/<span class="katex">/g)).toHaveLength(2);
    // DBLP's TeX escaped as text, as dblp.org draws it.
    const siam = one(
      String.raw`@article{DBLP:journals/siamcomp/LimayeSSTV21, author = {Nutan Limaye}, year = {2021}, title = {Theorem for {\textdollar}{\textbackslash}mathrm\{AC\}{\^{}}0[{\textbackslash}oplus]{\textdollar} via {\textdollar}k{\textdollar}-Means, at \$5}}`,
    );
    expect(siam.title).toBe(String.raw`Theorem for \mathrm{AC}^0[\oplus] via k-Means, at $5`);
    expect(siam.titleHtml.match(/<span class="katex">/g)).toHaveLength(2);
    expect(stoc.titleHtml).not.toContain("\\(");
    const ads = one(
      String.raw`@ARTICLE{2026MNRAS.547ag394O, author = {{Oberhelman}, Lindsey}, title = "{Magnetised CGM gas at z {\ensuremath{\sim}} 1}", journal = {\mnras}, year = 2026}`,
    );
    expect(ads.venue).toBe("Monthly Notices of the Royal Astronomical Society");
    expect(ads.titleHtml).toMatch(/^Magnetised CGM gas at z <span class="katex">.*<\/span> 1$/s);
    const scholar = one(
      String.raw`@article{zaragozi2020leveraging, title={Leveraging Container Technologies}, author={Zaragoz{\'\i}, Benito M and Vin{\'{\i}}cius, Jo{\~a}o}, year={2020}}`,
    );
    expect(scholar.authors.map((person) => person.name)).toEqual(["Benito M Zaragozí", "João Vinícius"]);
    expect(ownerMatcher(["Benito M. Zaragozí"])(scholar.authors[0]!)).toBe(true);
  });

  it("prints a command's text as LaTeX would: BibTeX's \\noopsort, \\textcolor, babel's quotes, a CV's own macros", () => {
    const work = one(
      String.raw`@phdthesis{araujo:2022, title = {Journ{\'e}es \og{}recherche\fg{} \textcolor{gray}{in} {\AA}sa's \ldots\ field}, author = {{\noopsort{araujo}}de Araujo, Evillyn and {\myname{Ginsburg}}, A. and \textbf{Pratyush Mishra}\footnotemark[1]{}}, school = {USP}, year = {2022}}`,
    );
    // Its spaces as every space of a title: one.
    expect(work.title).toBe("Journées « recherche » in Åsa's … field");
    expect(work.authors.map((person) => person.name)).toEqual(["Evillyn de Araujo", "A. Ginsburg", "Pratyush Mishra"]);
    // LaTeX's line break is a space, and the word after it stays.
    expect(one(String.raw`@misc{b, title = {One\\two}, author = {A. B}, year = 2020}`).title).toBe("One two");
  });
});

describe("what a .bib file cannot give", () => {
  it("names the entry and the line of a syntax error, and still reads the others", () => {
    const { entries, problems } = readBibFile(`@string{j = "J"}
@article{good1, title = {One}, journal = j, year = 2020}

@article{broken,
  title = {Two} author = {A. B},
  year = 2021
}
@article{good2, title = {Three}, journal = j, year = 2022}
`);
    expect(problems).toEqual([
      { key: "broken", line: 4, problem: 'invalid BibTeX at line 5 col 17: expected "rbrace", got "identifier"' },
    ]);
    expect(
      entries.filter((entry) => entry.type === "article").map((entry) => [entry.label, entry.properties.journal]),
    ).toEqual([
      ["good1", "J"],
      ["good2", "J"],
    ]);
  });

  it("skips a whole @comment{…} block, as biber does: entries commented out are not publications", () => {
    const { entries } = readBibFile("@comment{\n  @book{old, title = {Old}}\n}\n@misc{kept, title = {Kept}}\n");
    expect(entries.map((entry) => [entry.label, entry.line])).toEqual([["kept", 4]]);
  });

  it("names an entry whose braces never close, and reads the ones after it", () => {
    const { entries, problems } = readBibFile("@misc{open,\n  title = {x\n@misc{after, title = {After}}\n");
    expect(problems.map(({ key, line }) => [key, line])).toEqual([["open", 1]]);
    expect(entries.map((entry) => entry.label)).toEqual(["after"]);
  });

  it("refuses an entry without a title", () => {
    const { entries } = readBibFile("@misc{a, author = {A. B}, year = 2020}");
    const shaped = toScholarlyWork(entries[0]!, context);
    expect("problems" in shaped && shaped.problems).toEqual([
      { field: "title", problem: "has no title: expected title = {…}" },
    ]);
  });

  it("refuses a year no résumé can hold, naming the field", () => {
    const { entries } = readBibFile("@misc{a, title = {T}, year = 3020}");
    const shaped = toScholarlyWork(entries[0]!, context);
    expect("problems" in shaped && shaped.problems).toEqual([
      { field: "year", problem: "is not a year of publication: expected a year from 1000 to 2999" },
    ]);
  });

  it("leaves out, with a warning, a DOI that is not one and a PDF that is not in public/, and keeps the entry", () => {
    const { entries } = readBibFile(
      "@misc{a, title = {T}, year = 2020, doi = {not a doi}, pdf = {missing.pdf}, url = {doi:<a href=x>}}",
    );
    const shaped = toScholarlyWork(entries[0]!, context);
    if (!("work" in shaped)) throw new Error("expected the entry to be kept");
    expect(shaped.warnings.map((warning) => warning.field)).toEqual(["doi", "url", "pdf"]);
    expect([shaped.work.doi, shaped.work.pdf, shaped.work.url]).toEqual([undefined, undefined, undefined]);
  });
});

describe("the .bib files of content/publications/", () => {
  const broken = `@article{good, title = {Good}, author = {A. B}, journal = {J}, year = 2020}

@article{broken,
  title = {Broken} author = {A. B},
  year = 2021
}
`;

  async function loaded(strict: boolean, text = broken) {
    const root = await mkdtemp(path.join(tmpdir(), "portfolio-bib-"));
    try {
      await mkdir(path.join(root, "content/publications"), { recursive: true });
      await writeFile(path.join(root, "content/publications/papers.bib"), text);
      const content = (await projectFolder(root, "content")) as ProjectFolder;
      return await loadPublications({ content, siteFiles: new Set(), settings: { me: [], strict } });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  it("fails, naming the file, the entry's key and its line, unless the owner chose otherwise", async () => {
    const { works, problems } = await loaded(true);
    expect(works.map((work) => work.key)).toEqual(["good"]);
    const list = new ProblemList();
    for (const { file, problems: found } of problems) list.add(file, found);
    expect(() => list.throwIfAny("PublicationsInvalid")).toThrow(
      'content/publications/papers.bib is not valid:\n  - entry broken (line 3): invalid BibTeX at line 4 col 20: expected "rbrace", got "identifier"',
    );
  });

  it("draws the formulas of a file that writes no `$`: DBLP's escaped ones, `\\(…\\)` and `\\ensuremath`", async () => {
    const { works, warnings } = await loaded(
      true,
      String.raw`@inproceedings{stoc19, author = {Nutan Limaye}, year = {2019}, title = {A theorem for AC\({}^{\mbox{0}}\)[{\(\oplus\)}]}}
@article{siam21, author = {Nutan Limaye}, year = {2021}, title = {For {\textdollar}k{\textdollar}-means}}
@article{ads26, author = {{Oberhelman}, Lindsey}, year = 2026, title = "{Gas at z {\ensuremath{\sim}} 1}", journal = {\mnras}}`,
    );
    expect(warnings).toEqual([]);
    expect(works.map((work) => [work.key, work.titleHtml.match(/<span class="katex">/g)?.length])).toEqual([
      ["ads26", 1],
      ["siam21", 1],
      ["stoc19", 2],
    ]);
  });

  it("with strict: false, builds the others and lists the one left out as a warning", async () => {
    const { works, problems, warnings } = await loaded(false);
    expect(works.map((work) => work.key)).toEqual(["good"]);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      'content/publications/papers.bib: entry broken (line 3): invalid BibTeX at line 4 col 20: expected "rbrace", got "identifier"; left out, since publications.strict is false',
    ]);
  });

  it("keeps the first of two entries with one key and leaves out an entry without a title, with warnings, as BibTeX does", async () => {
    const { works, problems, warnings } = await loaded(
      true,
      "@misc{a, title = {First}, year = 2020}\n@misc{a, title = {Second}, year = 2021}\n@misc{b, year = 2022}\n",
    );
    expect(works.map((work) => work.title)).toEqual(["First"]);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      "content/publications/papers.bib: entry a (line 2): its key is the key of the entry on line 1 too: the first is kept, as BibTeX keeps it; give this one a key of its own; left out",
      "content/publications/papers.bib: entry b (line 3), title: has no title: expected title = {…}; left out",
    ]);
  });

  it("keeps each entry as shaped in the build cache, and reads after an edit what a cold read does, each entry at its line now", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "portfolio-bib-cache-"));
    try {
      const file = path.join(root, "content/publications/papers.bib");
      await mkdir(path.dirname(file), { recursive: true });
      const cache = (await openCacheStore(root, { PORTFOLIO_CACHE_SECRET: "publications test" })) as CacheStore;
      const load = async (text: string, store: CacheStore | undefined) => {
        await writeFile(file, text);
        const content = (await projectFolder(root, "content")) as ProjectFolder;
        return loadPublications({ content, siteFiles: new Set(), settings: { me: [], strict: true }, cache: store });
      };
      const text = "@misc{a, title = {First $x^2$}, year = 2020}\n@misc{b, title = {Second}, year = 2021}\n";
      await load(text, cache);
      // An edit of the first entry that adds a line: the second is kept, and found on its new line.
      const edited = text.replace("title = {First $x^2$},", "title = {First $x^3$},\n  note = {Oral},");
      const warm = await load(edited, cache);
      const cold = await load(edited, undefined);
      expect(warm).toEqual(cold);
      expect(warm.works.find((work) => work.key === "b")?.line).toBe(3);
      const index = await readFile(path.join(root, ".portfolio/cache/publications.bin"));
      expect(index.byteLength).toBeGreaterThan(0);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
