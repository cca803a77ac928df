import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ProblemList, portfolioError, type FieldProblem } from "../errors.js";
import { jsonResumeSchema, officialSchemaProblems, type JsonResume } from "../json-resume/json-resume-schema.js";
import { maxTextFileBytes } from "../project/project-files.js";
import { problemsFromZod } from "../validate.js";
import { findJsonSyntaxError } from "./json-syntax-error.js";
import { normaliseResume } from "./normalise-resume.js";

/** A résumé read, brought to schema v1, and what was changed or needs the owner's decision. */
export interface ReadResume {
  resume: JsonResume;
  /** One line per kind of change made while reading (older names, dates, addresses). */
  changes: string[];
  /** Values whose meaning is not clear, by JSON path: imported in part, listed for the owner. */
  decisions: FieldProblem[];
}

export interface ReadResumeOptions {
  /** Refuse the file when a value needs the owner's decision, instead of importing the rest. @default false */
  strict?: boolean;
}

/**
 * Reads a JSON Resume file, brings it to schema v1 (`normaliseResume`: older names, blanks, dates
 * written another way), and validates it: first against the official schema
 * (`@jsonresume/schema`), then against what portfolio needs to make content of it. Every problem
 * is named by its JSON path (`work[2].startDate`) and all are thrown together. A value that needs
 * the owner's decision is listed, and the file imported without it, unless `strict`.
 */
export async function readResumeFile(
  cwd: string,
  file: string,
  { strict = false }: ReadResumeOptions = {},
): Promise<ReadResume> {
  const absolute = path.resolve(cwd, file);
  const info = await stat(absolute).catch((cause: NodeJS.ErrnoException) => cause);
  if (info instanceof Error)
    throw portfolioError("ImportUnreadable", [
      file,
      info.code === "ENOENT" ? "there is no such file" : `it cannot be read (${info.code ?? info.message})`,
    ]);
  if (!info.isFile()) throw portfolioError("ImportUnreadable", [file, "it is not a file"]);
  if (info.size > maxTextFileBytes)
    throw portfolioError("ImportUnreadable", [
      file,
      `it is ${Math.round(info.size / 1024 / 1024)} MB: a résumé is a few kilobytes`,
    ]);
  const bytes = await readFile(absolute);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw portfolioError("ImportUnreadable", [file, "it is not UTF-8 text: save it with the UTF-8 encoding"]);
  }
  const parsed = parseJson(text);
  const problems = new ProblemList();
  // Refused before the schemas walk 100,000 entries or a value nested past the stack, and before any of them is named.
  const tooDeep = "value" in parsed ? nestedTooDeep(parsed.value) : undefined;
  const oversized = "value" in parsed ? oversizedSections(parsed.value) : [];
  if ("problem" in parsed) {
    problems.add(file, parsed.problem);
  } else if (tooDeep || oversized.length) {
    problems.add(file, [...oversized, ...(tooDeep ? [tooDeep] : [])]);
  } else {
    const { value, changes, decisions } = normaliseResume(parsed.value);
    const official = officialSchemaProblems(value);
    const result = jsonResumeSchema.safeParse(value);
    // A field the official schema already refused is named once, with its words.
    const ours = result.success
      ? []
      : problemsFromZod(result.error).filter((problem) => !official.some((found) => found.field === problem.field));
    problems.add(file, [...official, ...ours, ...(strict ? decisions.map(decidedStrictly) : [])]);
    if (result.success && problems.size === 0) return { resume: result.data, changes, decisions };
  }
  throw portfolioError("ImportInvalid", [problems.report()]);
}

/**
 * How deep a résumé's JSON may nest. The schema's deepest field is four levels down
 * (`basics.profiles[0].url`); the checks and the import walk a value by recursion, which a file
 * nested a hundred thousand levels deep would take past the stack.
 */
export const maxResumeDepth = 32;

/** The first value nested deeper than `maxResumeDepth`, found without recursion. */
function nestedTooDeep(root: unknown): FieldProblem | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  while (pending.length) {
    const { value, path: at } = pending.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (at.length >= maxResumeDepth) {
      const shown = at
        .slice(0, 6)
        .map((step, index) => (step.startsWith("[") || index === 0 ? step : `.${step}`))
        .join("");
      return {
        field: `${shown}…`,
        problem: `is nested more than ${maxResumeDepth} levels deep: a JSON Resume needs four at most`,
      };
    }
    const children = Array.isArray(value)
      ? value.map((child, index) => [`[${index}]`, child] as const)
      : Object.entries(value);
    for (const [step, child] of children) pending.push({ value: child, path: [...at, step] });
  }
  return undefined;
}

/** More entries than any real résumé has in one section (a prolific author's publications are a few hundred). */
export const maxEntriesPerSection = 1000;

/** The sections (work, publications, …) with more entries than `maxEntriesPerSection`. */
function oversizedSections(resume: unknown): FieldProblem[] {
  if (typeof resume !== "object" || resume === null || Array.isArray(resume)) return [];
  return Object.entries(resume)
    .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length > maxEntriesPerSection)
    .map(([section, entries]) => ({
      field: section,
      problem: `${entries.length} entries; at most ${maxEntriesPerSection} in one section`,
    }));
}

/** Under --strict, a value that needs a decision refuses the file: nothing is imported in part. */
function decidedStrictly({ field, problem }: FieldProblem): FieldProblem {
  return {
    field,
    problem: problem.replace(/ \((imported|it was left out)[^)]*\)$/, "").replace(/: it was left out;/, ";"),
  };
}

function parseJson(text: string): { value: unknown } | { problem: FieldProblem } {
  const source = text.replace(/^\uFEFF/, "");
  try {
    return { value: JSON.parse(source) };
  } catch (cause) {
    const found = findJsonSyntaxError(source);
    if (found)
      return {
        problem: {
          field: "",
          problem: `is not valid JSON (line ${found.line}, column ${found.column}): ${found.problem}`,
        },
      };
    const message = (cause as Error).message;
    const position = /position (\d+)/.exec(message);
    const where = position ? ` (${lineAndColumn(source, Number(position[1]))})` : "";
    return {
      problem: {
        field: "",
        problem: `is not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/, "").replace(/,? ".*" is not valid JSON$/, "")}`,
      },
    };
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}
