// What the LaTeX of real .bib files means beyond citation-js's own tables (bibtex-text.ts decodes with both):
// the commands, macros and formulas DBLP, ADS, Google Scholar, Mendeley and owners' CVs write, as LaTeX prints them.
import { plugins } from "@citation-js/core";
import "@citation-js/plugin-bibtex";

const bibtexConfig = plugins.config.get("@bibtex");

// Commands real .bib files use that citation-js's tables lack: letters, quotes and marks as LaTeX prints them.
Object.assign(bibtexConfig.constants.commands, {
  aa: "å",
  AA: "Å",
  ldots: "…",
  dots: "…",
  textellipsis: "…",
  S: "§",
  P: "¶",
  LaTeX: "LaTeX",
  TeX: "TeX",
  BibTeX: "BibTeX",
  og: "«\u00a0",
  fg: "\u00a0»",
  guillemotleft: "«",
  guillemotright: "»",
  guillemetleft: "«",
  guillemetright: "»",
  glqq: "„",
  grqq: "“",
  glq: "‚",
  grq: "‘",
  textasciicircum: "^",
  textquotedblleft: "“",
  textquotedblright: "”",
  textquoteleft: "‘",
  ",": "\u2009",
  ";": "\u2009",
  // A space after a command (`\ldots\ and`), and a line break in a title.
  "": " ",
  "\\": " ",
});
// Commands whose argument is the text (a colour's name aside), and those of BibTeX's sorting trick, whose
// argument only sorts (`{\noopsort{araujo}}de Araujo`, the file's @preamble defining it to print nothing).
Object.assign(bibtexConfig.constants.argumentCommands, {
  textcolor: (_colour: string, text: string) => text,
  colorbox: (_colour: string, text: string) => text,
  mbox: (text: string) => text,
  hbox: (text: string) => text,
  text: (text: string) => text,
  noopsort: (_sortedAs: string) => "",
  SortNoop: (_sortedAs: string) => "",
  sortnoop: (_sortedAs: string) => "",
  noop: (_sortedAs: string) => "",
});

/** Every command citation-js reads, by name: another is a macro of the owner's own, which no .bib defines. */
const knownCommands = new Set(
  [
    bibtexConfig.constants.commands,
    bibtexConfig.constants.mathCommands,
    bibtexConfig.constants.diacritics,
    bibtexConfig.constants.argumentCommands,
    bibtexConfig.constants.formattingCommands,
    bibtexConfig.constants.formattingEnvs,
    bibtexConfig.constants.mathScriptFormatting,
  ].flatMap((table) => Object.keys(table)),
);

/**
 * A value's LaTeX as citation-js can decode it, as LaTeX would print it:
 * - an accent over nothing (DBLP's `AC{\^{}}0`) is the accent's own character;
 * - a command of the owner's own (`{\myname{Ginsburg}}`, `\footnotemark[1]`) is dropped, its argument kept as
 *   text (citation-js would print its name before it: "\mynameGinsburg");
 * - AAS's journal macros, which every ADS export writes (`journal = {\mnras}`), are the journals' names.
 */
export function readableLatex(latex: string, field: string): string {
  let readable = latex.replace(/\\([\^~'`"=.])\s*\{\s*\}/g, (_whole, accent: string) => spacingAccents[accent] ?? "");
  if (venueFields.has(field))
    readable = readable.replace(/(?<!\\)\\([a-z]+)\b/g, (whole, name: string) => aasJournals[name] ?? whole);
  // Not the letters after `\\`, LaTeX's line break: "one\\two" keeps "two".
  return readable.replace(/(?<!\\)\\([A-Za-z]+)\s*(\[[^\]{}]*\])?/g, (whole, name: string) =>
    knownCommands.has(name) || name === "begin" || name === "end" ? whole : "",
  );
}

/** An accent over nothing, as LaTeX prints it: its spacing character. */
const spacingAccents: Record<string, string> = {
  "^": "\\textasciicircum{}",
  "~": "\\textasciitilde{}",
  "'": "´",
  "`": "`",
  '"': "¨",
  "=": "¯",
  ".": "˙",
};

const venueFields = new Set(["journal", "journaltitle", "booktitle"]);

/** The journal macros of the AAS (aas_macros.sty), which ADS writes in the `journal` of each entry it exports. */
const aasJournals: Record<string, string> = {
  aj: "Astronomical Journal",
  actaa: "Acta Astronomica",
  araa: "Annual Review of Astronomy and Astrophysics",
  apj: "Astrophysical Journal",
  apjl: "Astrophysical Journal Letters",
  apjs: "Astrophysical Journal Supplement Series",
  ao: "Applied Optics",
  apss: "Astrophysics and Space Science",
  aap: "Astronomy and Astrophysics",
  aapr: "Astronomy and Astrophysics Review",
  aaps: "Astronomy and Astrophysics Supplement Series",
  azh: "Astronomicheskii Zhurnal",
  baas: "Bulletin of the American Astronomical Society",
  caa: "Chinese Astronomy and Astrophysics",
  cjaa: "Chinese Journal of Astronomy and Astrophysics",
  icarus: "Icarus",
  jcap: "Journal of Cosmology and Astroparticle Physics",
  jrasc: "Journal of the Royal Astronomical Society of Canada",
  memras: "Memoirs of the Royal Astronomical Society",
  mnras: "Monthly Notices of the Royal Astronomical Society",
  na: "New Astronomy",
  nar: "New Astronomy Reviews",
  pra: "Physical Review A",
  prb: "Physical Review B",
  prc: "Physical Review C",
  prd: "Physical Review D",
  pre: "Physical Review E",
  prl: "Physical Review Letters",
  pasa: "Publications of the Astronomical Society of Australia",
  pasp: "Publications of the Astronomical Society of the Pacific",
  pasj: "Publications of the Astronomical Society of Japan",
  psj: "Planetary Science Journal",
  qjras: "Quarterly Journal of the Royal Astronomical Society",
  rmxaa: "Revista Mexicana de Astronomía y Astrofísica",
  skytel: "Sky and Telescope",
  solphys: "Solar Physics",
  sovast: "Soviet Astronomy",
  ssr: "Space Science Reviews",
  zap: "Zeitschrift für Astrophysik",
  nat: "Nature",
  iaucirc: "IAU Circulars",
  aplett: "Astrophysics Letters",
  apspr: "Astrophysics Space Physics Research",
  bain: "Bulletin of the Astronomical Institutes of the Netherlands",
  fcp: "Fundamentals of Cosmic Physics",
  gca: "Geochimica et Cosmochimica Acta",
  grl: "Geophysical Research Letters",
  jcp: "Journal of Chemical Physics",
  jgr: "Journal of Geophysical Research",
  jqsrt: "Journal of Quantitative Spectroscopy and Radiative Transfer",
  memsai: "Memorie della Società Astronomica Italiana",
  nphysa: "Nuclear Physics A",
  physrep: "Physics Reports",
  physscr: "Physica Scripta",
  planss: "Planetary and Space Science",
  procspie: "Proceedings of the SPIE",
};

/**
 * A dotless ı or ȷ under an accent (`{\'\i}`, as LaTeX wrote í before UTF-8) is the letter with it, as LaTeX
 * prints it.
 */
export function withDottedLetters(text: string): string {
  return /[ıȷ]/.test(text)
    ? text
        .replace(/ı(?=[\u0300-\u036f])/g, "i")
        .replace(/ȷ(?=[\u0300-\u036f])/g, "j")
        .normalize("NFC")
    : text;
}

/**
 * DBLP's formulas, whose TeX it escapes as text (`{\textdollar}{\textbackslash}mathrm\{AC\}{\^{}}0{\textdollar}`), as
 * the formulas dblp.org draws them: `$\mathrm{AC}^0$`. A dollar written `\$` stays a dollar.
 */
export function withDblpFormulas(latex: string): string {
  if (!latex.includes("\\textdollar")) return latex;
  return latex.replace(/\{\\textdollar\}((?:(?!\{\\textdollar\}).)+?)\{\\textdollar\}/gs, (_whole, escaped: string) => {
    const tex = escaped
      .replace(/\{\\textbackslash\}|\\textbackslash(?:\{\}|\s*)/g, "\\")
      .replace(/\{\\\^\{\}\}|\\\^\{\}|\{\\textasciicircum\}/g, "^")
      .replace(/\{\\textasciitilde\}/g, "~")
      .replace(/\{\\textbraceleft\}/g, "{")
      .replace(/\{\\textbraceright\}/g, "}")
      .replace(/\{\\([_&%#])\}|\\([{}_&%#])/g, (_escape, braced?: string, bare?: string) => braced ?? bare ?? "");
    return `$${tex}$`;
  });
}

/** `\ensuremath{…}` (ADS's `{\ensuremath{\sim}}`) as the formula it is, `$…$`. */
export function withEnsuredMath(latex: string): string {
  if (!latex.includes("\\ensuremath")) return latex;
  let result = "";
  let at = 0;
  for (let found = latex.indexOf("\\ensuremath", at); found !== -1; found = latex.indexOf("\\ensuremath", at)) {
    const open = latex.slice(found + "\\ensuremath".length).search(/\S/) + found + "\\ensuremath".length;
    if (latex[open] !== "{") break;
    let depth = 0;
    let close = open;
    for (; close < latex.length; close++) {
      if (latex[close] === "{" && latex[close - 1] !== "\\") depth++;
      else if (latex[close] === "}" && latex[close - 1] !== "\\" && --depth === 0) break;
    }
    if (close >= latex.length) break;
    result += `${latex.slice(at, found)}$${latex.slice(open + 1, close)}$`;
    at = close + 1;
  }
  return result + latex.slice(at);
}
