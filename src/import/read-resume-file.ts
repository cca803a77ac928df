import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ProblemList, portfolioError, type FieldProblem } from "../errors.js";
import {
  jsonResumeSchema,
  namingFields,
  officialSchemaProblems,
  type JsonResume,
  type SchemaProblem,
} from "../json-resume/json-resume-schema.js";
import { maxTextFileBytes } from "../project/project-files.js";
import { formatFieldPath, problemsFromZod } from "../validate.js";
import { findJsonSyntaxError } from "./json-syntax-error.js";
import { blankTolerableSyntax, describeTolerated, type ToleratedSyntax } from "./lenient-json.js";
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
  const parsed = parseResumeText(text);
  const problems = new ProblemList();
  // Refused before the schemas walk 100,000 entries or a value nested past the stack, and before any of them is named.
  const tooDeep = "value" in parsed ? nestedTooDeep(parsed.value) : undefined;
  const oversized = "value" in parsed ? oversizedSections(parsed.value) : [];
  if ("problem" in parsed) {
    problems.add(file, parsed.problem);
  } else if (tooDeep || oversized.length) {
    problems.add(file, [...oversized, ...(tooDeep ? [tooDeep] : [])]);
  } else {
    const normalised = normaliseResume(parsed.value);
    const tolerated = describeTolerated(parsed.tolerated);
    const changes = [...(tolerated ? [tolerated] : []), ...normalised.changes];
    const { refused, unreadable } = checkResume(normalised.value);
    // Every problem at once: what refuses the file, and what would be a decision, so that one
    // fix-and-retry is enough.
    if (refused.length || (strict && (unreadable.length || normalised.decisions.length))) {
      problems.add(file, [...refused, ...[...normalised.decisions, ...unreadable.map(leftOut)].map(decidedStrictly)]);
    } else {
      const value = withoutValues(normalised.value, unreadable);
      const result = jsonResumeSchema.safeParse(value);
      if (result.success)
        return { resume: result.data, changes, decisions: [...normalised.decisions, ...unreadable.map(leftOut)] };
      problems.add(file, problemsFromZod(result.error));
    }
  }
  throw portfolioError("ImportInvalid", [problems.report()]);
}

/**
 * What the official schema and portfolio's find wrong in a résumé brought to v1, in two kinds: a
 * value that can be left out of its entry (an e-mail or an address that is not one, a summary
 * that is not text) is unreadable, a decision for the owner; what names an entry, or the shape of
 * a section, refuses the file.
 */
function checkResume(value: unknown): { refused: FieldProblem[]; unreadable: SchemaProblem[] } {
  const official = officialSchemaProblems(value);
  const result = jsonResumeSchema.safeParse(value);
  const ours: SchemaProblem[] = result.success
    ? []
    : result.error.issues.flatMap((issue) => {
        const path = issue.path.filter((key): key is string | number => typeof key !== "symbol");
        // A field the official schema already refused is named once, with its words.
        const field = formatFieldPath(path);
        return official.some((found) => found.field === field) ? [] : [{ path, field, problem: issue.message }];
      });
  const all = [...official, ...ours];
  const unreadable = all.filter((problem) => canBeLeftOut(value, problem.path));
  return { refused: all.filter((problem) => !unreadable.includes(problem)), unreadable };
}

/**
 * A value that is there and is not what names its entry: a field of `basics` or of its location,
 * of a profile, of an entry (`work[2].url`), or one item of an entry's list (`work[2].highlights[0]`).
 */
function canBeLeftOut(resume: unknown, path: Array<string | number>): boolean {
  if (valueAt(resume, path) === undefined) return false;
  const [section, index, field, item] = path;
  if (section === "basics")
    return (
      (path.length === 2 && field === undefined && index !== "location" && index !== "profiles") ||
      (path.length === 3 && index === "location") ||
      (path.length === 4 && index === "profiles" && typeof field === "number")
    );
  if (typeof section !== "string" || typeof index !== "number" || typeof field !== "string") return false;
  if (namingFields[section]?.includes(field)) return false;
  return path.length === 3 || (path.length === 4 && typeof item === "number");
}

function valueAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>(
    (inside, key) =>
      typeof inside === "object" && inside !== null ? (inside as Record<string, unknown>)[key] : undefined,
    value,
  );
}

/** The résumé without the values at `problems`' paths (a list's items taken out, not left as holes). */
function withoutValues(resume: unknown, problems: SchemaProblem[]): unknown {
  const copy = structuredClone(resume);
  // Last paths first, so that taking an item out of a list does not move the next one to take.
  const paths = problems.map(({ path }) => path).sort((a, b) => comparePaths(b, a));
  for (const path of paths) {
    const holder = valueAt(copy, path.slice(0, -1));
    const key = path.at(-1)!;
    if (Array.isArray(holder) && typeof key === "number") holder.splice(key, 1);
    else if (typeof holder === "object" && holder !== null) delete (holder as Record<string, unknown>)[key];
  }
  return copy;
}

function comparePaths(a: Array<string | number>, b: Array<string | number>): number {
  for (let at = 0; at < Math.min(a.length, b.length); at++) {
    if (a[at] === b[at]) continue;
    return typeof a[at] === "number" && typeof b[at] === "number"
      ? (a[at] as number) - (b[at] as number)
      : String(a[at]).localeCompare(String(b[at]));
  }
  return a.length - b.length;
}

/** An unreadable value as a decision: what is wrong, and that it was left out. */
function leftOut({ field, problem }: SchemaProblem): FieldProblem {
  return { field, problem: `${problem} (it was left out)` };
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

/**
 * The résumé's JSON, its byte order mark left out and what JSON5 or JSONC allow read past
 * (lenient-json.ts), or where it stops being JSON.
 */
export function parseResumeText(
  text: string,
): { value: unknown; tolerated: ToleratedSyntax[] } | { problem: FieldProblem } {
  const { json: source, tolerated } = blankTolerableSyntax(text.replace(/^\uFEFF/, ""));
  try {
    return { value: JSON.parse(source), tolerated };
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
