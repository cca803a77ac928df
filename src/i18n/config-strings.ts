import { z } from "zod";
import { en } from "./strings/en.js";
import { builtInLanguages, builtInStringsFor } from "./dictionaries.js";
import { placeholdersOf, pluralCategories, type Message } from "./message.js";
import { isPluralKey, stringKeys, type StringKey, type Strings } from "./strings.js";
import { closestWord } from "../closest-word.js";
import { installedGuide } from "../errors-data.js";

/**
 * The config's `strings`: the owner's own words for some keys
 * (or all of them, for a language the engine does not ship).
 */
export type StringOverrides = { [K in StringKey]?: Strings[K] };

const known = new Set<string>(stringKeys);

/** What is wrong with one override, if anything: its shape, and placeholders the key does not have. */
function overrideProblem(key: StringKey, value: unknown): string | undefined {
  const english = en[key] as Message;
  const allowed = placeholdersOf(english);
  const expected = allowed.length ? ` (its placeholders: ${allowed.map((name) => `{${name}}`).join(", ")})` : "";
  let message: Message;
  if (isPluralKey(key)) {
    const forms = `one text per plural form, such as { one: ${JSON.stringify((english as { one: string }).one)}, other: ${JSON.stringify(
      (english as { other: string }).other,
    )} }`;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return `expected ${forms}${expected}`;
    const entries = Object.entries(value);
    const unknownForm = entries.find(([form]) => !(pluralCategories as readonly string[]).includes(form));
    if (unknownForm) return `"${unknownForm[0]}" is not a plural form: expected ${pluralCategories.join(", ")}`;
    if (!("other" in value)) return `expected an "other" form: ${forms}`;
    const notText = entries.find(([, text]) => typeof text !== "string" || text.trim() === "");
    if (notText) return `expected its "${notText[0]}" form to be text${expected}`;
    message = value as Message;
  } else {
    if (typeof value !== "string" || value.trim() === "") return `expected text such as ${JSON.stringify(english)}`;
    message = value;
  }
  const stray = placeholdersOf(message).filter((name) => !allowed.includes(name));
  if (stray.length)
    return `${stray.map((name) => `{${name}}`).join(", ")} ${
      stray.length === 1 ? "is not a placeholder" : "are not placeholders"
    } of this string: expected ${allowed.length ? `only ${allowed.map((name) => `{${name}}`).join(", ")}` : "none"}`;
  return undefined;
}

/** `strings`, checked key by key: an unknown key is named, with the key it most likely meant. */
export const stringOverrides = z
  .record(z.string(), z.unknown(), {
    error: 'expected an object of strings by key, such as { "page.blogs": "Writing" }',
  })
  .superRefine((overrides, context) => {
    for (const [key, value] of Object.entries(overrides)) {
      if (!known.has(key)) {
        const guess = closestWord(key, stringKeys);
        context.addIssue({
          code: "custom",
          path: [key],
          message: `is not a string of the interface${guess ? `: did you mean "${guess}"?` : ""} (${installedGuide}languages.md lists every key)`,
        });
        continue;
      }
      const problem = overrideProblem(key as StringKey, value);
      if (problem) context.addIssue({ code: "custom", path: [key], message: problem });
    }
  })
  .transform((overrides) => overrides as StringOverrides);

/**
 * The site's dictionary: the engine's for its language, with the owner's strings over it. A
 * language the engine does not ship takes its strings from the owner; those the owner has not
 * given yet are English, and listed in `untranslated` for the build to say so.
 */
export function resolveStrings(
  lang: string,
  overrides: StringOverrides = {},
): { strings: Strings; untranslated: StringKey[] } {
  const builtIn = builtInStringsFor(lang);
  if (builtIn) return { strings: { ...builtIn, ...overrides }, untranslated: [] };
  return {
    strings: { ...en, ...overrides } as Strings,
    untranslated: stringKeys.filter((key) => overrides[key] === undefined),
  };
}

/** The build's warning for a language the engine has no strings for, when the owner has not given them all. */
export function untranslatedWarning(lang: string, untranslated: StringKey[]): string {
  const shown = untranslated
    .slice(0, 3)
    .map((key) => `"${key}"`)
    .join(", ");
  return `site.lang is "${lang}", a language the engine has no strings for (it has ${builtInLanguages.join(", ")}): ${untranslated.length} of the ${stringKeys.length} strings of the interface are shown in English, such as ${shown}. Give them in \`strings\` (${installedGuide}languages.md).`;
}
