import type { FieldProblem } from "../errors.js";
import { unsafeUrl } from "../json-resume/json-resume-schema.js";
import { profileUrl } from "./profile-url.js";
import { readResumeDate } from "./read-resume-date.js";

/**
 * A JSON Resume as people have it, brought to schema v1 before it is validated: the schema's
 * older names read as today's, blank values (`""`, `null`, `{}`, `[]`) as absent, values given in
 * another shape read as the schema's (an interest or a language given as its name, a summary as a
 * list of paragraphs, a skill as keywords without a name), dates written another way read as
 * `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, URLs without a scheme as https and after a label
 * (`github: https://…`) as the address, and a profile with a username but no URL given the address
 * of that username on a well-known network.
 * Nothing is guessed: a value whose meaning is not clear is a decision for the owner, and the
 * clear part of it (a date's year) is what is imported meanwhile.
 */
export interface NormalisedResume {
  value: unknown;
  /** One line per kind of change, for the owner: "Read older JSON Resume names: work[].company → name (3), …". */
  changes: string[];
  /** Values whose meaning is not clear, by JSON path, with what to write instead. */
  decisions: FieldProblem[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Pre-1.0 names and their v1 names, per section (`basics`, or a list's entries). */
const renames: Record<string, Array<[string, string]>> = {
  basics: [
    ["picture", "image"],
    ["website", "url"],
  ],
  "basics.location": [["state", "region"]],
  work: [
    ["company", "name"],
    ["website", "url"],
  ],
  volunteer: [
    ["website", "url"],
    ["organisation", "organization"],
  ],
  education: [["gpa", "score"]],
  publications: [["website", "url"]],
  projects: [["website", "url"]],
  awards: [["awardDate", "date"]],
  languages: [
    ["name", "language"],
    ["level", "fluency"],
  ],
};

/** The dates of each list's entries: what is a start, and what is an end. */
const dateFields: Record<string, { start?: string; end?: string; date?: string }> = {
  work: { start: "startDate", end: "endDate" },
  volunteer: { start: "startDate", end: "endDate" },
  education: { start: "startDate", end: "endDate" },
  projects: { start: "startDate", end: "endDate" },
  awards: { date: "date" },
  certificates: { date: "date" },
  publications: { date: "releaseDate" },
};

const urlFields: Record<string, string[]> = {
  basics: ["url", "image"],
  "basics.profiles": ["url"],
  work: ["url"],
  volunteer: ["url"],
  education: ["url"],
  certificates: ["url"],
  publications: ["url"],
  projects: ["url"],
};

class Changes {
  private readonly counts = new Map<string, Map<string, number>>();
  readonly decisions: FieldProblem[] = [];

  count(kind: string, what: string): void {
    const kinds = this.counts.get(kind) ?? new Map<string, number>();
    kinds.set(what, (kinds.get(what) ?? 0) + 1);
    this.counts.set(kind, kinds);
  }

  lines(): string[] {
    return [...this.counts].map(
      ([kind, whats]) =>
        `${kind}: ${[...whats].map(([what, times]) => (times > 1 ? `${what} (${times})` : what)).join(", ")}`,
    );
  }
}

export function normaliseResume(input: unknown): NormalisedResume {
  const changes = new Changes();
  if (!isObject(input)) return { value: input, changes: [], decisions: [] };
  const resume = withoutBlanks(veryOldResume(structuredClone(input), changes), "", changes) as Json | undefined;
  if (!resume) return { value: {}, changes: changes.lines(), decisions: [] };
  readShapes(resume, changes);
  const basics = resume.basics;
  if (isObject(basics)) {
    rename(basics, "basics", "basics", changes);
    if (isObject(basics.location)) rename(basics.location, "basics.location", "basics.location", changes);
    urls(basics, "basics", urlFields.basics!, changes);
    if (Array.isArray(basics.profiles))
      basics.profiles.forEach((profile, index) => {
        if (!isObject(profile)) return;
        linkFromUsername(profile, `basics.profiles[${index}]`, changes);
        urls(profile, `basics.profiles[${index}]`, ["url"], changes);
      });
  }
  for (const [section, entries] of Object.entries(resume)) {
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      if (!isObject(entry)) return;
      const path = `${section}[${index}]`;
      rename(entry, section, path, changes);
      if (section === "skills" && typeof entry.level === "number") {
        entry.level = String(entry.level);
        changes.count("Read numbers as text", `${path}.level`);
      }
      urls(entry, path, urlFields[section] ?? [], changes);
      const dates = dateFields[section];
      if (dates) readDates(entry, path, dates, changes);
    });
  }
  return { value: resume, changes: changes.lines(), decisions: changes.decisions };
}

/** Sections whose entries people write as plain text (`"interests": ["chess"]`), and the field that text is. */
const textEntries: Record<string, string> = { interests: "name", languages: "language", skills: "name" };

/** Fields of text that people write as a list of paragraphs, per section (`basics`, or a list's entries). */
const proseFields: Record<string, string[]> = {
  basics: ["summary"],
  work: ["summary", "description"],
  volunteer: ["summary"],
  education: ["summary"],
  awards: ["summary"],
  publications: ["summary"],
  references: ["reference"],
  projects: ["description"],
};

/** Fields that are lists of texts, which people write as one text when there is one item. */
const listFields = ["highlights", "keywords", "courses", "roles"];

/**
 * The shapes people give values in besides the schema's, each read as the schema's: an entry given
 * as its name, a text given as a list of paragraphs, a list of one given as its text, and a skill
 * given as keywords without a name (each keyword a skill).
 */
function readShapes(resume: Json, changes: Changes): void {
  const basics = resume.basics;
  if (isObject(basics)) joinParagraphs(basics, "basics", "basics", changes);
  for (const [section, entries] of Object.entries(resume)) {
    if (!Array.isArray(entries)) continue;
    const field = textEntries[section];
    if (field)
      entries.forEach((entry, index) => {
        if (typeof entry !== "string") return;
        entries[index] = { [field]: entry };
        changes.count("Read plain texts as entries", `${section}[] → ${field}`);
      });
    entries.forEach((entry, index) => {
      if (!isObject(entry)) return;
      joinParagraphs(entry, section, `${section}[${index}]`, changes);
      for (const list of listFields)
        if (typeof entry[list] === "string") {
          entry[list] = [entry[list]];
          changes.count("Read a text as a list of one", `${section}[${index}].${list}`);
        }
    });
  }
  if (Array.isArray(resume.skills))
    resume.skills = resume.skills.flatMap((skill, index) => skillsOf(skill, index, changes));
}

function joinParagraphs(entry: Json, section: string, path: string, changes: Changes): void {
  for (const field of proseFields[section] ?? []) {
    const value = entry[field];
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) continue;
    entry[field] = value
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .join("\n\n");
    changes.count("Read a list of texts as paragraphs", `${path}.${field}`);
  }
}

/** A skill with keywords and no name is its keywords, each a skill of that level. */
function skillsOf(skill: unknown, index: number, changes: Changes): unknown[] {
  if (!isObject(skill) || skill.name !== undefined || !Array.isArray(skill.keywords)) return [skill];
  const keywords = skill.keywords.filter((keyword): keyword is string => typeof keyword === "string");
  if (!keywords.length || keywords.length !== skill.keywords.length) return [skill];
  changes.count("Read skills without a name as one skill per keyword", `skills[${index}] (${keywords.length})`);
  const { keywords: _, ...rest } = skill;
  return keywords.map((name) => ({ ...rest, name }));
}

/**
 * Before 0.0.12: `bio` for basics, first and last name, e-mails,
 * phones and websites as objects, profiles as an object, `hobbies`.
 */
function veryOldResume(resume: Json, changes: Changes): Json {
  const note = (what: string) => changes.count("Read names from before JSON Resume 0.0.12", what);
  if (isObject(resume.bio) && resume.basics === undefined) {
    const { bio, ...rest } = resume;
    resume = { basics: bio, ...rest };
    note("bio → basics");
  }
  if (Array.isArray(resume.hobbies) && resume.interests === undefined) {
    const { hobbies, ...rest } = resume;
    resume = { ...rest, interests: hobbies };
    note("hobbies → interests");
  }
  const basics = resume.basics;
  if (!isObject(basics)) return resume;
  if (basics.name === undefined && (typeof basics.firstName === "string" || typeof basics.lastName === "string")) {
    basics.name = [basics.firstName, basics.lastName]
      .filter((part) => typeof part === "string" && part.trim())
      .join(" ");
    delete basics.firstName;
    delete basics.lastName;
    note("firstName + lastName → name");
  }
  for (const [old, now] of [
    ["email", "email"],
    ["phone", "phone"],
    ["websites", "url"],
  ] as const) {
    const value = basics[old];
    if (!isObject(value)) continue;
    const first = Object.values(value).find((item) => typeof item === "string" && item.trim());
    delete basics[old];
    if (first !== undefined && basics[now] === undefined) basics[now] = first;
    note(`${old} {…} → ${now} (the first one)`);
  }
  if (isObject(basics.profiles)) {
    basics.profiles = Object.entries(basics.profiles).map(([network, username]) => ({ network, username }));
    note("profiles {…} → profiles [ ]");
  }
  return resume;
}

/** `""`, `null`, `{}` and `[]` are no value; an entry with no value left is no entry. */
function withoutBlanks(value: unknown, path: string, changes: Changes): unknown {
  if (value === null) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (Array.isArray(value)) {
    const kept = value.map((item, index) => withoutBlanks(item, `${path}[${index}]`, changes));
    const dropped = kept.filter((item) => item === undefined).length;
    if (dropped && value.some(isObject)) changes.count("Left out blank entries", `${path} (${dropped})`);
    const items = kept.filter((item) => item !== undefined);
    return items.length ? items : undefined;
  }
  if (isObject(value)) {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, withoutBlanks(item, path ? `${path}.${key}` : key, changes)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/** The older names as today's; where both are given, today's value is the one kept. */
function rename(entry: Json, section: string, path: string, changes: Changes): void {
  for (const [old, now] of renames[section] ?? []) {
    if (!(old in entry)) continue;
    // A language's `name` is old only when it has no `language`; elsewhere `name` is a v1 name.
    if (entry[now] === undefined) {
      entry[now] = entry[old];
      changes.count(
        "Read older JSON Resume names as today's",
        `${section}${path === section ? "" : "[]"}.${old} → ${now}`,
      );
    } else {
      changes.count("Both an older and today's name (today's is kept)", `${path}.${old}`);
    }
    delete entry[old];
  }
}

function urls(entry: Json, path: string, fields: string[], changes: Changes): void {
  for (const field of fields) {
    const value = entry[field];
    if (typeof value !== "string") continue;
    const written = value.trim();
    const url = unsafeUrl(written) ? written : withoutLabel(written);
    if (url !== written) {
      entry[field] = url;
      changes.count(
        "Read addresses written after a label as the address",
        `${path}.${field} ${JSON.stringify(written)}`,
      );
    }
    if (unsafeUrl(url)) {
      delete entry[field];
      changes.count("Left out addresses that would run code or embed a document", `${path}.${field}`);
      changes.decisions.push({
        field: `${path}.${field}`,
        problem: `${JSON.stringify(abbreviate(url))} is not a web address (its scheme runs code or embeds a document): it was left out; write an https:// address, or remove it`,
      });
    } else if (url.startsWith("//")) {
      entry[field] = `https:${url}`;
      changes.count("Read addresses without a scheme as https://", `${path}.${field}`);
    } else if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && bareHost.test(url)) {
      entry[field] = `https://${url}`;
      changes.count("Read addresses without a scheme as https://", `${path}.${field}`);
    }
  }
}

/** A label before an address, as people copy it from a profile page: `github: https://github.com/ada`. */
const labelledAddress = /^[\p{L}][\p{L}\p{N} ._-]{0,40}:\s*(\S+)$/u;
const bareHost = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?(\/\S*)?$/u;

/** The address after a label (`GitHub: https://…`, `LinkedIn: linkedin.com/in/ada`), or the value as it is. */
function withoutLabel(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const address = labelledAddress.exec(url)?.[1];
  if (address === undefined) return url;
  // After a space, a host is an address (`Blog: ada.example`); without one, `x:y` is a scheme's (`skype:ada`).
  const spaced = /:\s/.test(url);
  return /^https?:\/\//i.test(address) || (spaced && (address.startsWith("//") || bareHost.test(address)))
    ? address
    : url;
}

function readDates(
  entry: Json,
  path: string,
  fields: { start?: string; end?: string; date?: string },
  changes: Changes,
) {
  for (const [role, field] of Object.entries(fields)) {
    const value = entry[field];
    if (typeof value !== "string") continue;
    const reading = readResumeDate(value);
    const at = `${path}.${field}`;
    if ("date" in reading) {
      if (reading.date !== value) {
        entry[field] = reading.date;
        changes.count("Read dates as YYYY-MM-DD, YYYY-MM or YYYY", `${at} ${JSON.stringify(value)} → ${reading.date}`);
      }
    } else if ("ongoing" in reading && role === "end") {
      delete entry[field];
      changes.count("Read an end that means still there as no end", `${at} ${JSON.stringify(value)}`);
    } else {
      const problem =
        "ongoing" in reading
          ? {
              problem: `means still there, which is no ${role === "start" ? "start" : "date"}`,
              suggestion: "write the date as YYYY-MM-DD, YYYY-MM or YYYY",
              fallback: undefined,
            }
          : reading;
      if (problem.fallback === undefined) delete entry[field];
      else entry[field] = problem.fallback;
      const meanwhile =
        problem.fallback === undefined ? "imported without it" : `imported as ${problem.fallback} meanwhile`;
      changes.decisions.push({
        field: at,
        problem: `${JSON.stringify(value)}: ${problem.problem}; ${problem.suggestion} (${meanwhile})`,
      });
    }
  }
  const start = entry[fields.start ?? ""];
  const end = entry[fields.end ?? ""];
  if (typeof start === "string" && typeof end === "string" && /^\d{4}/.test(start) && /^\d{4}/.test(end)) {
    const length = Math.min(start.length, end.length);
    if (end.slice(0, length) < start.slice(0, length)) {
      delete entry[fields.end!];
      changes.decisions.push({
        field: `${path}.${fields.end}`,
        problem: `${JSON.stringify(end)} is before ${fields.start} ${JSON.stringify(start)}: are they swapped? Write the end on or after the start (imported without its end meanwhile, so it shows as still going on)`,
      });
    }
  }
}

function abbreviate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * A profile with a network and username but no URL gets its
 * address, where the network has one pattern (profile-url.ts).
 */
function linkFromUsername(profile: Json, path: string, changes: Changes): void {
  if (profile.url !== undefined || typeof profile.network !== "string" || typeof profile.username !== "string") return;
  const url = profileUrl(profile.network, profile.username);
  if (!url) return;
  profile.url = url;
  changes.count("Made profile links from usernames", `${path}.url ${url}`);
}
