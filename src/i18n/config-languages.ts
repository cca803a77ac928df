import type { FieldProblem } from "../errors.js";
import { formatFieldPath } from "../validate.js";

/**
 * A site in several languages gives a text of its config once per language:
 * `jobTitle: { en: "Software engineer", pt: "Engenheira de software" }`. Any value of the config
 * may be given so (a CV per language is `cv: { en: {…}, pt: {…} }`), but the site's addresses and
 * languages, which are one for the whole site.
 */

/** Fields that are one for every language: where the site lives, and which languages it has. */
const sharedFields = [
  ["site", "url"],
  ["site", "base"],
  ["site", "lang"],
  ["site", "languages"],
] as const;

/** The languages a config declares, the default first: `site.languages`, else `site.lang` (English without it). */
export function declaredLanguages(raw: unknown): string[] {
  const site = isRecord(raw) && isRecord(raw.site) ? raw.site : {};
  const languages = site.languages;
  if (Array.isArray(languages) && languages.length > 0 && languages.every((lang) => typeof lang === "string"))
    return languages as string[];
  return [typeof site.lang === "string" ? site.lang : "en"];
}

/** The folder of a language's pages below the base: `pt` for `/pt/`, `pt-br` for `/pt-br/`. */
export function languagePrefix(lang: string): string {
  return lang.toLowerCase();
}

/** A value of the config in one language, and where it took a text of another (the default language's). */
export interface ConfigInLanguage {
  value: unknown;
  /** Each value given per language, by its field path in `value`, with the language its text was taken in. */
  picks: Array<{ path: PropertyKey[]; lang: string }>;
  problems: FieldProblem[];
}

/**
 * The config as one language's pages read it: each value given per language (an object whose keys
 * are all languages of the site) replaced by its text in `lang`, or in the default language when it
 * has none. A value per language without the default language's is a problem: the default
 * language's pages would have nothing to show.
 */
export function configInLanguage(raw: unknown, lang: string, languages: readonly string[]): ConfigInLanguage {
  const picks: ConfigInLanguage["picks"] = [];
  const problems: FieldProblem[] = [];
  const known = new Set(languages);
  const fallback = languages[0]!;
  // `path` is where the value is in the owner's config; `at`, where it is in the value returned.
  const visit = (value: unknown, path: PropertyKey[], at: PropertyKey[]): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => visit(item, [...path, index], [...at, index]));
    if (!isRecord(value)) return value;
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((key) => known.has(key)) && !isShared(at)) {
      if (!(fallback in value)) {
        problems.push({
          field: formatFieldPath(path),
          problem: `has no value in ${fallback}, the site's default language: expected { ${fallback}: …${keys.map((key) => `, ${key}: …`).join("")} }`,
        });
        return undefined;
      }
      const picked = lang in value ? lang : fallback;
      picks.push({ path: at, lang: picked });
      return visit(value[picked], [...path, picked], at);
    }
    return Object.fromEntries(keys.map((key) => [key, visit(value[key], [...path, key], [...at, key])]));
  };
  return { value: visit(raw, [], []), picks, problems };
}

/**
 * A problem's field as the owner wrote it: below a value given per language, with the language
 * whose text has the problem (`owner.jobTitle.pt`).
 */
export function fieldInLanguages(path: readonly PropertyKey[], picks: ConfigInLanguage["picks"]): PropertyKey[] {
  // The deepest first, so that inserting a language leaves the shallower picks' positions as they were.
  return picks
    .filter((pick) => pick.path.every((key, index) => path[index] === key))
    .sort((a, b) => b.path.length - a.path.length)
    .reduce<PropertyKey[]>(
      (field, pick) => [...field.slice(0, pick.path.length), pick.lang, ...field.slice(pick.path.length)],
      [...path],
    );
}

function isShared(path: readonly PropertyKey[]): boolean {
  return sharedFields.some((field) => field.length === path.length && field.every((key, index) => path[index] === key));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
