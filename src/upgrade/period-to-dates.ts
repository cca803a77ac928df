import { frontMatterBlock, type YamlLibrary } from "../content/front-matter.js";
import { readPeriod } from "../content/period-text.js";
import type { FileMigration, NotUnderstood } from "./file-migration.js";

/**
 * Format 1 → 2: a timeline entry's free-text `period: "2019 — 2022"` becomes `start: 2019` and
 * `end: 2022`, on the line where `period` was. Only that line changes: the YAML is read to find
 * the field and its value, never written back, so comments, quoting, key order and the body stay
 * byte for byte as the owner wrote them.
 */
export const periodToDates: FileMigration = (text, { yaml }) => {
  const block = frontMatterBlock(text);
  if (!block) return { text, notUnderstood: [] };
  const found = findPeriod(yaml, text.slice(block.start, block.end));
  if (!found) return { text, notUnderstood: [] };
  const line = lineAt(text, block.start + found.at);
  const refuse = (problem: string) => ({ text, notUnderstood: [{ line, problem }] satisfies NotUnderstood[] });
  if ("problem" in found) return refuse(found.problem);
  const read = readPeriod(found.value);
  if ("problem" in read)
    return refuse(
      `period ${JSON.stringify(found.value)} cannot be read as dates: ${read.problem}. Write start and end in its place (e.g. start: 2019-09 and end: present)`,
    );
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const dates = `start: ${read.start}${newline}end: ${read.end}`;
  return {
    text: text.slice(0, block.start + found.at) + dates + text.slice(block.start + found.valueEnd),
    notUnderstood: [],
  };
};

type FoundPeriod = { at: number; valueEnd: number; value: string } | { at: number; problem: string };

/** The top-level `period` field of the front matter: where its key starts and its value ends, and the value. */
function findPeriod(yaml: YamlLibrary, source: string): FoundPeriod | undefined {
  const document = yaml.parseDocument(source, { schema: "core", keepSourceTokens: false });
  if (document.errors.length > 0) {
    const at = /^period[ \t]*:/m.exec(source)?.index;
    return at === undefined
      ? undefined
      : { at, problem: "the front matter is not valid YAML (portfolio check says where): period was left as it is" };
  }
  if (!yaml.isMap(document.contents)) return undefined;
  const pairs = document.contents.items;
  const pair = pairs.find((item) => yaml.isScalar(item.key) && item.key.value === "period");
  if (!pair || !yaml.isScalar(pair.key) || !pair.key.range) return undefined;
  const at = pair.key.range[0];
  const others = pairs.filter((item) => yaml.isScalar(item.key) && ["start", "end"].includes(String(item.key.value)));
  if (others.length > 0)
    return { at, problem: "start or end is there too: remove period once they say the same (the build refuses both)" };
  const value = pair.value;
  if (!yaml.isScalar(value) || !value.range || !["string", "number"].includes(typeof value.value))
    return { at, problem: "period is not a text such as 2019 — 2022" };
  if (at !== source.lastIndexOf("\n", at) + 1)
    return { at, problem: "period is not on a line of its own (front matter written as {…})" };
  if (source.slice(at, value.range[1]).includes("\n"))
    return { at, problem: "period is written over more than one line" };
  return { at, valueEnd: value.range[1], value: String(value.value) };
}

/** The 1-based line of an offset into the text. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) line++;
  return line;
}
