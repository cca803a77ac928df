/**
 * How much of a JSON Resume survives `portfolio import` and the build: the values the schema
 * defines in the file (as the import reads it: today's names, no blanks, dates as ISO), compared
 * field by field with the site's `/resume.json`. Entries are matched by their name (company,
 * school, title…), since the site orders them newest first.
 */

type Json = Record<string, unknown>;

/** The fields JSON Resume v1 defines, per section; `[]` marks a list of texts. */
const schemaFields: Record<string, string[]> = {
  work: ["name", "position", "url", "startDate", "endDate", "summary", "highlights[]", "location", "description"],
  volunteer: ["organization", "position", "url", "startDate", "endDate", "summary", "highlights[]"],
  education: ["institution", "url", "area", "studyType", "startDate", "endDate", "score", "courses[]"],
  awards: ["title", "date", "awarder", "summary"],
  certificates: ["name", "date", "issuer", "url"],
  publications: ["name", "publisher", "releaseDate", "url", "summary"],
  skills: ["name", "level", "keywords[]"],
  languages: ["language", "fluency"],
  interests: ["name", "keywords[]"],
  references: ["name", "reference"],
  projects: [
    "name",
    "description",
    "highlights[]",
    "keywords[]",
    "startDate",
    "endDate",
    "url",
    "roles[]",
    "entity",
    "type",
  ],
};

/** The field entries are matched by. */
const keyField: Record<string, string> = {
  work: "name",
  volunteer: "organization",
  education: "institution",
  awards: "title",
  certificates: "name",
  publications: "name",
  skills: "name",
  languages: "language",
  interests: "name",
  references: "name",
  projects: "name",
};

export type Outcome = "kept" | "shown differently" | "lost";

export interface ValueOutcome {
  /** The field with indices as `[]`: `work[].highlights[]`. */
  field: string;
  outcome: Outcome;
  /** For a value not kept as it was: where it went, or why not. */
  how: string;
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Every schema-defined value of `input` (basics: only the summary, the rest goes to the config snippet), and what became of it. */
export function compareResumes(input: Json, output: Json): ValueOutcome[] {
  const outcomes: ValueOutcome[] = [];
  const summary = isObject(input.basics) ? input.basics.summary : undefined;
  if (typeof summary === "string") {
    const built = isObject(output.basics) ? output.basics.summary : undefined;
    outcomes.push(compareValue("basics.summary", summary, built, isObject(output.basics) ? output.basics : {}));
  }
  for (const [section, fields] of Object.entries(schemaFields)) {
    const entries = Array.isArray(input[section]) ? (input[section] as unknown[]).filter(isObject) : [];
    const candidates = Array.isArray(output[section]) ? [...(output[section] as unknown[]).filter(isObject)] : [];
    for (const entry of entries) {
      const match = bestMatch(entry, candidates, section, fields);
      if (match) candidates.splice(candidates.indexOf(match), 1);
      for (const field of fields) {
        const name = field.replace("[]", "");
        const value = entry[name];
        const values = field.endsWith("[]") ? (Array.isArray(value) ? value : []) : value === undefined ? [] : [value];
        for (const one of values) {
          if (typeof one !== "string" && typeof one !== "number") continue;
          outcomes.push(
            match
              ? compareValue(`${section}[].${field}`, String(one), match[name], match, field.endsWith("[]"))
              : { field: `${section}[].${field}`, outcome: "lost", how: `no ${section} entry in /resume.json` },
          );
        }
      }
    }
  }
  return outcomes;
}

function bestMatch(entry: Json, candidates: Json[], section: string, fields: string[]): Json | undefined {
  const key = keyField[section]!;
  const same = candidates.filter((candidate) => candidate[key] === entry[key]);
  const score = (candidate: Json) => fields.filter((field) => candidate[field] === entry[field]).length;
  return same.sort((a, b) => score(b) - score(a))[0];
}

function compareValue(field: string, value: string, built: unknown, entry: Json, inList = false): ValueOutcome {
  if (
    inList
      ? Array.isArray(built) && built.some((item) => squash(String(item)) === squash(value))
      : built !== undefined && squash(String(built)) === squash(value)
  )
    return { field, outcome: "kept", how: "" };
  if (/Date$|\.date$/.test(field) && typeof built === "string" && value.startsWith(built))
    return { field, outcome: "shown differently", how: `${value.length > 7 ? "day" : "month"} dropped` };
  const elsewhere = Object.entries(entry).find(
    ([, other]) =>
      (typeof other === "string" && squash(other).includes(squash(value))) ||
      (Array.isArray(other) && other.some((item) => typeof item === "string" && squash(item).includes(squash(value)))),
  );
  if (elsewhere) return { field, outcome: "shown differently", how: `in ${elsewhere[0]}` };
  if (built !== undefined)
    return { field, outcome: "shown differently", how: `written as ${JSON.stringify(built).slice(0, 20)}` };
  return { field, outcome: "lost", how: "not in /resume.json" };
}

/** Kept values per hundred. */
export function percentKept(outcomes: ValueOutcome[]): number {
  return outcomes.length ? (100 * outcomes.filter((one) => one.outcome === "kept").length) / outcomes.length : 100;
}

/** "work[].highlights[]: in summary (123)", most frequent first, for the report. */
export function summariseDifferences(outcomes: ValueOutcome[]): string[] {
  const counts = new Map<string, number>();
  for (const { field, outcome, how } of outcomes) {
    if (outcome === "kept") continue;
    const line = `${outcome}: ${field}${how.startsWith("written as") ? " (written another way)" : ` (${how})`}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([line, count]) => `${line} ×${count}`);
}
