import type { BibtexEntry } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import { parse as parseBibText } from "@citation-js/plugin-bibtex/lib/input/file.js";

/** An entry of a .bib file as written, where it is, and its text (for the page's BibTeX). */
export interface RawBibEntry extends BibtexEntry {
  /** The line its `@type{key,` starts on, from 1. */
  line: number;
  /** The entry's text in the file, from its `@` to its closing brace. */
  source: string;
}

/** What of a file could not be read: the entry (when one is found at the place), its line, and why. */
export interface BibFileProblem {
  key?: string | undefined;
  line: number;
  problem: string;
}

/** Where each `@type{…}` of a file starts and ends, found by matching its braces. */
interface EntrySpan {
  type: string;
  key: string;
  start: number;
  end: number;
  line: number;
}

/** The entries of a file, in order: each `@type{key, …}` (or `@type(…)`) to its matching closing bracket. */
export function entrySpans(text: string): EntrySpan[] {
  const spans: EntrySpan[] = [];
  const opening = /@\s*([A-Za-z]+)\s*([{(])\s*([^,\s{}()]*)/g;
  // Lines are counted on from the last entry's start, not from the file's: a long file's entries in one pass.
  const lines = { offset: 0, line: 1 };
  for (let match = opening.exec(text); match; match = opening.exec(text)) {
    const [, type, bracket, key] = match;
    const close = bracket === "{" ? "}" : ")";
    const bracketAt = text.indexOf(bracket!, match.index);
    // An entry whose brackets never balance ends where the next line starting with `@` begins.
    const nextEntry = /\n\s*@/g;
    nextEntry.lastIndex = bracketAt;
    let end = nextEntry.exec(text)?.index ?? text.length;
    let depth = 0;
    for (let index = bracketAt; index < text.length; index++) {
      const char = text[index];
      if (char === "{" || (char === "(" && bracket === "(" && depth === 0)) depth++;
      else if (char === "}" || (char === close && depth === 1)) {
        depth--;
        if (depth === 0) {
          end = index + 1;
          break;
        }
      }
    }
    lines.line += newlinesBetween(text, lines.offset, match.index);
    lines.offset = match.index;
    spans.push({ type: type!.toLowerCase(), key: key!, start: match.index, end, line: lines.line });
    opening.lastIndex = Math.max(opening.lastIndex, Math.min(end, text.length));
  }
  return spans;
}

function newlinesBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = text.indexOf("\n", from); index !== -1 && index < to; index = text.indexOf("\n", index + 1)) count++;
  return count;
}

/**
 * Entries read before, each by its text and the file's `@string`s (`keyOf`): a build after one
 * entry's edit reads that entry alone (load-publications.ts keeps them in the build cache).
 */
export interface ReadEntries {
  keyOf(macros: string, entry: string): string;
  get(key: string): BibtexEntry | undefined;
  set(key: string, entry: BibtexEntry): void;
}

/**
 * The entries of a .bib file, read by citation-js (`@string` macros, `#` concatenation and month
 * macros resolved; values still LaTeX), each with its line and text: the file's entries read together
 * after its `@string`s (those of `kept` aside). When they cannot be, each entry is read alone (after
 * the `@string`s that can be read), so that an entry citation-js cannot read is named in `problems`
 * with its key and line and the rest are still read: the loader decides whether that fails the build.
 */
export function readBibFile(
  written: string,
  kept?: ReadEntries,
): {
  entries: RawBibEntry[];
  problems: BibFileProblem[];
  /** Entries whose key an earlier entry has: left out, as BibTeX and biber keep the first ("Repeated entry"). */
  repeated: BibFileProblem[];
} {
  const uncommented = withoutComments(written);
  const spans = entrySpans(uncommented).filter((span) => span.type !== "comment");
  const text = withReadableNames(uncommented, spans);
  const problems: BibFileProblem[] = [];
  const repeated: BibFileProblem[] = [];
  if (!spans.length) {
    problems.push({ line: 1, problem: "has no entry: expected entries such as @article{key, title = {…}, …}" });
    return { entries: [], problems, repeated };
  }
  const strings = spans.filter((span) => span.type === "string");
  const works = spans.filter((span) => span.type !== "string" && span.type !== "preamble");
  const entries =
    readTogether(text, strings, works, kept) ??
    readAlone(
      text,
      strings.filter((span) => readsAlone(text, span, "", problems)),
      works,
      problems,
    );
  return { entries: withPlaces(entries, spans, written, repeated), problems, repeated };
}

/** The text of an entry (or `@string`) as the file writes it. */
const textOf = (text: string, span: EntrySpan) => text.slice(span.start, span.end);

/**
 * The works of a file read in one call after all its `@string`s, each taken from `kept` when it was
 * read before; undefined when citation-js cannot read them, or gives back other entries than the file's.
 */
function readTogether(
  text: string,
  strings: readonly EntrySpan[],
  works: readonly EntrySpan[],
  kept: ReadEntries | undefined,
): BibtexEntry[] | undefined {
  const macros = strings.map((span) => textOf(text, span)).join("\n");
  const keys = kept ? works.map((span) => kept.keyOf(macros, textOf(text, span))) : [];
  const found = works.map((_, index) => (kept ? kept.get(keys[index]!) : undefined));
  const missing = works.flatMap((span, index) => (found[index] ? [] : [{ span, index }]));
  if (missing.length) {
    let read: BibtexEntry[];
    try {
      read = parseBib(`${macros}\n${missing.map(({ span }) => textOf(text, span)).join("\n")}`).filter(
        (entry) => entry.type !== "string",
      );
    } catch {
      return undefined;
    }
    if (read.length !== missing.length || read.some((entry, at) => entry.label !== missing[at]!.span.key))
      return undefined;
    for (const [at, { index }] of missing.entries()) {
      found[index] = read[at]!;
      kept?.set(keys[index]!, read[at]!);
    }
  }
  return found as BibtexEntry[];
}

/** Each work read alone after the `@string`s that can be read, a problem named for each that cannot. */
function readAlone(
  text: string,
  strings: readonly EntrySpan[],
  works: readonly EntrySpan[],
  problems: BibFileProblem[],
): BibtexEntry[] {
  const macros = strings.map((span) => textOf(text, span)).join("\n");
  return works.flatMap((span) => {
    const parsed = readsAlone(text, span, macros, problems);
    return parsed ? parsed.filter((entry) => entry.type !== "string") : [];
  });
}

/**
 * The text with each line commented out with `%` and each `@comment{…}` blanked, its lines and places kept: biber
 * and the Ruby reader al-folio's sites use skip both, so entries and fields "commented out" are not read
 * (citation-js, as classic BibTeX, skips only the rest of a `@comment`'s line, and reads a `%` line as text).
 * A `%` within a line (a URL's `%20`) is the value's.
 */
function withoutComments(written: string): string {
  const text = written.includes("%") ? written.replace(/^[ \t]*%[^\n]*/gm, (line) => " ".repeat(line.length)) : written;
  if (!/@\s*comment/i.test(text)) return text;
  const comments = entrySpans(text).filter((span) => span.type === "comment");
  let result = text;
  for (const { start, end } of comments)
    result = result.slice(0, start) + result.slice(start, end).replace(/[^\n]/g, " ") + result.slice(end);
  return result;
}

/** A field's or macro's name as citation-js reads one; BibTeX and biber take more characters (`bdsk.url.1`). */
const readableName = /^[a-zA-Z_][a-zA-Z0-9_:+-]*$/;

/**
 * The text with each name of a field or macro that BibTeX accepts and citation-js does not (BibDesk's `bdsk.url.1`,
 * Mendeley's `mendeley.tags`, `@string{\aap = …}`) written with `_` for each character it does not read, in its
 * place: no field the site shows has such a name, and an entry with one is read whole rather than refused.
 */
function withReadableNames(text: string, spans: readonly EntrySpan[]): string {
  let result: string[] | undefined;
  for (const span of spans) {
    if (span.type === "preamble") continue;
    const opening = text.slice(span.start, span.end).search(/[{(]/);
    if (opening < 0) continue;
    // A macro's name is its entry's first; an entry's names come after its key.
    let at = span.start + opening + 1;
    if (span.type !== "string") {
      const comma = text.indexOf(",", at);
      if (comma < 0 || comma >= span.end) continue;
      at = comma + 1;
    }
    let depth = 0;
    let quoted = false;
    for (; at < span.end - 1; at++) {
      const char = text[at]!;
      if (char === "{") depth++;
      else if (char === "}") depth--;
      else if (char === '"' && depth === 0) quoted = !quoted;
      else if (depth === 0 && !quoted && /[^\s"#%'(),={}0-9]/.test(char)) {
        // A bare word: a field's name, or a macro's where a value is.
        let end = at;
        while (end < span.end - 1 && /[^\s"#%'(),={}]/.test(text[end]!)) end++;
        const word = text.slice(at, end);
        if (!readableName.test(word)) {
          result ??= text.split("");
          for (let index = at; index < end; index++)
            if (!/[a-zA-Z0-9_:+-]/.test(text[index]!) || (index === at && /[0-9]/.test(text[index]!)))
              result[index] = "_";
        }
        at = end - 1;
      } else if (depth === 0 && !quoted && /[0-9]/.test(char)) {
        // A number where a value is (`year = 2020`): no name.
        while (at + 1 < span.end - 1 && /[0-9]/.test(text[at + 1]!)) at++;
      }
    }
  }
  return result ? result.join("") : text;
}

function parseBib(text: string): BibtexEntry[] {
  // The parser of citation-js's `@biblatex/text` format, as `plugins.input.chain` runs it, without guessing the format.
  return parseBibText(text);
}

/** One entry read alone, after the file's `@string`s; its problem, named by its key and line, when it cannot be. */
function readsAlone(
  text: string,
  span: EntrySpan,
  macros: string,
  problems: BibFileProblem[],
): BibtexEntry[] | undefined {
  const entryText = text.slice(span.start, span.end);
  try {
    return parseBib(`${macros}\n${entryText}`);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    const first = message.split("\n")[0]!.replace(/:$/, "");
    // citation-js counts lines from the start of what it read: the macros, then the entry.
    const macroLines = macros.split("\n").length;
    const at = /at line (\d+) col (\d+)/.exec(first);
    const line = at ? span.line + Math.max(0, Number(at[1]) - macroLines - 1) : span.line;
    const where = at ? `at line ${line} col ${at[2]}` : "";
    const why = first.replace(/ at line \d+ col \d+/, "");
    problems.push({
      key: span.key || undefined,
      line: span.line,
      problem: `invalid BibTeX ${where}: ${why}`.replace("  ", " "),
    });
    return undefined;
  }
}

function withPlaces(
  entries: readonly BibtexEntry[],
  spans: readonly EntrySpan[],
  text: string,
  repeated: BibFileProblem[],
): RawBibEntry[] {
  const byKey = new Map(spans.map((span) => [span.key, span]));
  const seen = new Set<string>();
  return entries.flatMap((entry) => {
    const span = byKey.get(entry.label);
    if (seen.has(entry.label)) {
      const first = spans.find((one) => one.key === entry.label);
      const second = spans.filter((one) => one.key === entry.label)[1];
      repeated.push({
        key: entry.label,
        line: second?.line ?? 0,
        problem: `its key is the key of the entry on line ${first?.line ?? 0} too: the first is kept, as BibTeX keeps it; give this one a key of its own`,
      });
      return [];
    }
    seen.add(entry.label);
    return [{ ...entry, line: span?.line ?? 0, source: span ? text.slice(span.start, span.end).trim() : "" }];
  });
}
