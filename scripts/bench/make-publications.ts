/**
 * A .bib of any number of real entries, for measuring publications at scale: the entries of the
 * corpus of researchers' files (tests/fixtures/bibtex/) that the site reads, repeated in turn under
 * new keys (`okafor2024sorting-17`), after every `@string` of the corpus. Each copy's title and
 * abstract have their plain words in another order, so that a page of 500 entries compresses as 500
 * papers do, not as 43 written again (gzip finds a repeated entry whole: 37 kB against about 200 kB).
 *   npx tsx scripts/bench/make-publications.ts <project> [count] [--pdfs]   (500 by default)
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { entrySpans, readBibFile } from "../../src/content/bibtex-file.js";

const corpusFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "tests",
  "fixtures",
  "bibtex",
);

/** The corpus as one file's parts: its `@string`s, and each entry the site reads, by its key and text. */
function corpusEntries(): { strings: string[]; entries: Array<{ key: string; source: string }> } {
  const strings: string[] = [];
  const entries: Array<{ key: string; source: string }> = [];
  for (const name of readdirSync(corpusFolder)
    .filter((one) => one.endsWith(".bib"))
    .sort()) {
    const text = readFileSync(path.join(corpusFolder, name), "utf8");
    for (const span of entrySpans(text).filter((one) => one.type === "string"))
      strings.push(text.slice(span.start, span.end));
    // Only what reads and has a title: a file's own mistakes are not repeated.
    for (const entry of readBibFile(text).entries)
      if (!["string", "preamble", "comment"].includes(entry.type) && entry.properties.title)
        entries.push({ key: entry.label, source: entry.source });
  }
  return { strings, entries };
}

/** The text of a .bib of `count` entries, the corpus's in turn, each under a key of its own. */
export function publicationsBib(count: number): string {
  const { strings, entries } = corpusEntries();
  const written = Array.from({ length: count }, (_, index) => {
    const { key, source } = entries[index % entries.length]!;
    const renamed = source.replace(key, `${key}-${index}`);
    return index < entries.length ? renamed : withWordsShuffled(renamed, index);
  });
  return `${strings.join("\n")}\n\n${written.join("\n\n")}\n`;
}

/** The entry with the plain words of its title and abstract shuffled (those with braces, `$` or `\` stay in place). */
function withWordsShuffled(source: string, seed: number): string {
  const random = seededRandom(seed);
  let result = source;
  for (const field of ["title", "abstract"]) {
    const start = new RegExp(`\\b${field}\\s*=\\s*\\{`, "i").exec(result);
    if (!start) continue;
    const from = start.index + start[0].length;
    const to = closingBrace(result, from);
    if (to === undefined) continue;
    const words = result.slice(from, to).split(/(\s+)/);
    const plain = words.flatMap((word, at) => (at % 2 === 0 && /^[A-Za-z][a-z]*[,.;:]?$/.test(word) ? [at] : []));
    const shuffled = plain.map((at) => words[at]!);
    for (let at = shuffled.length - 1; at > 0; at--) {
      const other = Math.floor(random() * (at + 1));
      [shuffled[at], shuffled[other]] = [shuffled[other]!, shuffled[at]!];
    }
    for (const [index, at] of plain.entries()) words[at] = shuffled[index]!;
    result = result.slice(0, from) + words.join("") + result.slice(to);
  }
  return result;
}

/** The index of the brace that closes a value opened just before `from`. */
function closingBrace(text: string, from: number): number | undefined {
  let depth = 1;
  for (let at = from; at < text.length; at++) {
    if (text[at] === "\\") at++;
    else if (text[at] === "{") depth++;
    else if (text[at] === "}" && --depth === 0) return at;
  }
  return undefined;
}

/** Mulberry32: the same words in the same order on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes content/publications/papers.bib of `count` entries into a project; with `pdfs`, a small PDF beside it
 * for each file an entry's `pdf` names (`pdf = {paper.pdf}`), as a researcher's site keeps its papers.
 */
export async function makePublications(project: string, count: number, { pdfs = false } = {}): Promise<void> {
  const folder = path.join(project, "content", "publications");
  await mkdir(folder, { recursive: true });
  const bib = publicationsBib(count);
  await writeFile(path.join(folder, "papers.bib"), bib);
  if (!pdfs) return;
  const named = [...bib.matchAll(/\bpdf\s*=\s*[{"]([^}"]+)[}"]/gi)].map((match) => match[1]!.trim());
  for (const file of new Set(named.filter((name) => !/^https?:|^\/|\.\./.test(name)))) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), "%PDF-1.4\n%%EOF\n");
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [project, count = "500", pdfs] = process.argv.slice(2);
  if (!project) {
    console.error("Usage: make-publications.ts <project> [count] [--pdfs]");
    process.exit(1);
  }
  await makePublications(project, Number(count), { pdfs: pdfs === "--pdfs" });
}
