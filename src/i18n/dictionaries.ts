import { ar } from "./strings/ar.js";
import { de } from "./strings/de.js";
import { en } from "./strings/en.js";
import { es } from "./strings/es.js";
import { fr } from "./strings/fr.js";
import { it } from "./strings/it.js";
import { pt } from "./strings/pt.js";
import type { Strings } from "./strings.js";
import { primaryLanguage } from "./strings.js";

/**
 * The dictionaries that come with the engine. A site in another language gives every string in
 * its config's `strings`; a regional tag (`pt-BR`, `en-GB`) uses its language's dictionary.
 */
export const builtInStrings: Readonly<Record<string, Strings>> = { en, pt, es, fr, de, it, ar };

export const builtInLanguages = Object.keys(builtInStrings);

/** The engine's dictionary for a language tag, if it has one. */
export function builtInStringsFor(lang: string): Strings | undefined {
  return builtInStrings[lang.toLowerCase()] ?? builtInStrings[primaryLanguage(lang)];
}
