import { plugins } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import { type BibtexName, parse as parseValue } from "@citation-js/plugin-bibtex/lib/input/value.js";
import { escapeHtml } from "../escape.js";
import { readableLatex, withDblpFormulas, withDottedLetters, withEnsuredMath } from "./latex-text.js";
import { type Katex, type MathSource, drawMath, mathSlot, newSlotMark } from "./math.js";

/**
 * citation-js writes `\emph{…}`, `\textbf{…}`, `^{…}` as HTML tags and case-protected `{…}` of a
 * title in sentence case as a `<span>`: its own plugin config holds these pairs, for its users to
 * change. Here each becomes a pair of private-use characters, so a decoded value is plain text,
 * escaped as any other, and only these marks become the tags this site writes.
 */
const formattingMarks: Record<string, [string, string, string]> = {
  italics: ["\uE030", "\uE031", "i"],
  bold: ["\uE032", "\uE033", "b"],
  superscript: ["\uE034", "\uE035", "sup"],
  subscript: ["\uE036", "\uE037", "sub"],
};
const bibtexConfig = plugins.config.get("@bibtex");
for (const [format, [open, close]] of Object.entries(formattingMarks))
  bibtexConfig.constants.formatting[format] = [open, close];
for (const format of ["smallcaps", "nocase"]) bibtexConfig.constants.formatting[format] = ["", ""];
// Titles as the owner wrote them: biblatex's sentence case is a style's choice, not the data's.
bibtexConfig.parse.sentenceCase = "never";
/** A formula of a field stands in the LaTeX as these characters and its index while citation-js decodes the rest. */
const formulaOpening = "\uE038";
const formulaClosing = "\uE039";
const formulaHolder = new RegExp(`${formulaOpening}(\\d+)${formulaClosing}`, "g");
const anyMark = /[\uE030-\uE039]/g;

/** A field's value decoded: plain text (a formula as its TeX), and its formulas, kept out of the decoding. */
export interface DecodedText {
  /** Accents and escapes decoded, case braces dropped, formulas as their TeX: for search, meta tags, JSON. */
  text: string;
  /** The same with the marks of italics, bold, scripts and formulas, for `textHtml`. */
  marked: string;
  formulas: string[];
}

/**
 * The formulas `$…$` of a LaTeX value taken out (each replaced by a holder), so that citation-js,
 * which reads math as text (`\mathcal{O}` → `\mathcalO`), never sees them: KaTeX draws them.
 * `\$` is a dollar sign.
 */
export function takeFormulas(latex: string): { latex: string; formulas: string[] } {
  const formulas: string[] = [];
  const hold = (tex: string) => {
    // LaTeX's text box in math, which KaTeX knows as `\text` only.
    formulas.push(tex.trim().replace(/\\mbox(?![a-zA-Z])/g, "\\text"));
    return `${formulaOpening}${formulas.length - 1}${formulaClosing}`;
  };
  const rest = withEnsuredMath(withDblpFormulas(latex))
    .replace(/(?<!\\)\$\$?((?:\\.|[^$\\])+)\$\$?/g, (_whole, tex: string) => hold(tex))
    // LaTeX's own inline math, as DBLP writes it: `AC\({}^{\mbox{0}}\)`.
    .replace(/\\\(((?:[^\\]|\\(?!\)))+)\\\)/g, (_whole, tex: string) => hold(tex));
  return { latex: rest, formulas };
}

/** Whether an entry's text may hold a formula `takeFormulas` takes out: KaTeX is loaded to draw it. */
export function mayHaveFormula(latex: string): boolean {
  return /\$|\\\(|\\ensuremath|\\textdollar/.test(latex);
}

/** What citation-js would decode: commands, braces, formulas, ties, dashes and quotes as TeX writes them. */
const latexSyntax = /[\\{}$~\uE030-\uE039]|--|''|``/;

/** A field's LaTeX decoded by citation-js (as its kind of field is read), with its formulas kept apart. */
export function decodeField(latex: string, field = "title"): DecodedText {
  // Most values (a long abstract most of all) hold nothing LaTeX would change: citation-js's lexer
  // costs a millisecond an abstract, for nothing.
  if (!latexSyntax.test(latex)) {
    const plain = latex.replace(/\s+/g, " ").trim();
    return { marked: plain, formulas: [], text: plain };
  }
  const { latex: rest, formulas } = takeFormulas(latex);
  const decoded = parseValue(readableLatex(rest, field), field);
  const marked = withDottedLetters(Array.isArray(decoded) ? decoded.join(", ") : String(decoded))
    .replace(/\s+/g, " ")
    .trim();
  return { marked, formulas, text: plainText(marked, formulas) };
}

function plainText(marked: string, formulas: readonly string[]): string {
  return marked.replace(formulaHolder, (_holder, index: string) => formulas[Number(index)] ?? "").replace(anyMark, "");
}

/** Whether a value needs KaTeX to be drawn. */
export function hasFormulas(decoded: DecodedText): boolean {
  return decoded.formulas.length > 0;
}

/**
 * The decoded value as HTML: its text escaped, the marks of italics, bold and scripts as their tags,
 * each formula drawn by KaTeX (math.ts, as the site's Markdown draws them). A formula KaTeX cannot
 * read is shown as its TeX, with the problem.
 */
export function decodedHtml(
  decoded: DecodedText,
  katex: Katex | undefined,
): { html: string; problem?: string | undefined } {
  const mark = decoded.formulas.length ? newSlotMark() : "";
  let html = escapeHtml(decoded.marked).replace(formulaHolder, (_holder, index: string) =>
    mathSlot(mark, Number(index)),
  );
  for (const [open, close, tag] of Object.values(formattingMarks))
    html = html.replaceAll(open, `<${tag}>`).replaceAll(close, `</${tag}>`);
  html = html.replace(anyMark, "");
  if (!decoded.formulas.length) return { html };
  const sources: MathSource[] = decoded.formulas.map((tex) => ({ tex, display: false }));
  const asText = () => escapeHtml(decoded.text);
  if (!katex) return { html: asText() };
  const drawn = drawMath(html, sources, katex, mark);
  return "html" in drawn ? drawn : { html: asText(), problem: `has a formula ${drawn.problem.problem}` };
}

/** A person of an author or editor list, as a page writes the name. */
export interface PersonName {
  /** "Maya Okafor", "John von Neumann Jr.", "Google Research". */
  name: string;
  family: string;
  given?: string | undefined;
}

/**
 * The people of an `author` or `editor` field, split by citation-js as biblatex splits them
 * (`Last, First`, `First von Last`, `{Braced Company}`), and whether the list ends in `and others`.
 */
export function decodeNames(latex: string, known?: KnownNames): { people: PersonName[]; etAl: boolean } {
  const { latex: rest, formulas } = takeFormulas(latex);
  const names = (known && namesReadOnce(rest, known)) ?? parseValue(readableLatex(rest, "author"), "author");
  const people = names.map((name) => personName(fixedName(name), formulas));
  const last = people.at(-1);
  const etAl = last !== undefined && /^others$/i.test(last.name);
  return { people: etAl ? people.slice(0, -1) : people, etAl };
}

/** Each name of a file's lists of people as citation-js read it, by its text: the owner's is in every entry. */
export type KnownNames = Map<string, BibtexName[]>;

/**
 * A list of people without LaTeX (no braces, commands, ties or formulas) split at each `and` as citation-js's
 * lexer splits it (` and `, any case, between spaces), each name read by citation-js once for the whole file.
 * Undefined for a list with LaTeX: citation-js reads it whole.
 */
function namesReadOnce(latex: string, known: KnownNames): BibtexName[] | undefined {
  if (/[{}$\\~\uE030-\uE039]/.test(latex)) return undefined;
  return latex.split(/\s+[aA][nN][dD]\s+/).flatMap((one) => {
    let read = known.get(one);
    if (!read) {
      read = parseValue(one, "author");
      known.set(one, read);
    }
    return read;
  });
}

/**
 * citation-js reads a first name that begins with an accent command (`\'{E}lodie Durand`) as a
 * lower-case "von" part, since the letter after the command is lower case: a capitalised
 * prefix with no given name is the given name.
 */
function fixedName(name: BibtexName): BibtexName {
  if (name.prefix && !name.given && /^\p{Lu}/u.test(name.prefix)) {
    const { prefix, ...rest } = name;
    return { ...rest, given: prefix };
  }
  return name;
}

function personName(name: BibtexName, formulas: readonly string[]): PersonName {
  const part = (value: string | undefined) =>
    value === undefined ? undefined : withDottedLetters(plainText(value, formulas)).trim();
  const given = part(name.given);
  const family = [part(name.prefix), part(name.family ?? name.literal)].filter(Boolean).join(" ");
  const suffix = part(name.suffix);
  const full = [given, family].filter(Boolean).join(" ") + (suffix ? ` ${suffix}` : "");
  return { name: full, family, ...(given ? { given } : {}) };
}

/**
 * Whether a person is the owner, by the forms of their name the config lists (`publications.me`):
 * compared without case, accents, dots and spacing, so "M. Okafor" matches "M Okafor", and
 * "Maya Okafor" matches "Okafor, Maya" as BibTeX wrote it.
 */
export function isOwner(person: PersonName, forms: readonly string[]): boolean {
  return ownerMatcher(forms)(person);
}

/**
 * `isOwner` for many people: the owner's forms of their name made comparable once, not for each person, and
 * each person's name compared once (the owner and their co-authors are in many entries of a file).
 */
export function ownerMatcher(forms: readonly string[]): (person: PersonName) => boolean {
  const own = new Set(forms.map(nameKey));
  const known = new Map<string, boolean>();
  return (person) => {
    const key = `${person.name}\0${person.family}\0${person.given ?? "\0"}`;
    let found = known.get(key);
    if (found === undefined) {
      found = isOneOf(person, own);
      known.set(key, found);
    }
    return found;
  };
}

function isOneOf(person: PersonName, own: ReadonlySet<string>): boolean {
  const given = person.given ?? "";
  const initials = given
    .split(/[\s.-]+/)
    .filter(Boolean)
    .map((part) => `${part[0]}.`)
    .join(" ");
  const candidates = [person.name, `${person.family}, ${given}`, `${initials} ${person.family}`];
  return candidates.some((candidate) => own.has(nameKey(candidate)));
}

function nameKey(name: string): string {
  const trimmed = name.trim();
  const comma = trimmed.indexOf(",");
  // "Okafor, Maya" is "Maya Okafor".
  const ordered = comma > 0 ? `${trimmed.slice(comma + 1)} ${trimmed.slice(0, comma)}` : trimmed;
  // Accents are taken off only where there are any: most names are ASCII, and NFD costs.
  return (/^[\x20-\x7e]*$/.test(ordered) ? ordered : ordered.normalize("NFD").replace(/\p{M}/gu, ""))
    .toLowerCase()
    .replace(/[.\s-]+/g, " ")
    .trim();
}
