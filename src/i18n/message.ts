/**
 * A message of the site's interface: plain text with named placeholders (`Page {page} of {pages}`),
 * or, for a message about a count, one text per plural category of the language
 * (`{ one: "{count} result", other: "{count} results" }`), chosen by `Intl.PluralRules`.
 * Numbers are written with `Intl.NumberFormat`, in the site's language.
 *
 * This runs in the browser too (the search page, the lists' islands), so it is a few lines rather
 * than an ICU MessageFormat library, whose parser would weigh more than the search page's script.
 */

import type { PluralMessage } from "../config/define-config.js";

/** One text per plural form: the shape the config documents for an owner's own strings. */
export type Plural = PluralMessage;

export type Message = string | Plural;

/** What fills a message's placeholders: text, a number, or (for `rich`) a node such as a link. */
export type MessageValues<Node = never> = Readonly<Record<string, string | number | Node>>;

export const pluralCategories = ["zero", "one", "two", "few", "many", "other"] as const;

const placeholder = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholders a message's texts use, each once, in order of appearance. */
export function placeholdersOf(message: Message): string[] {
  const texts = typeof message === "string" ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...(text ?? "").matchAll(placeholder)].map((match) => match[1]!)))];
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesOf(lang: string): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules;
}

/** A number as the language writes it: 1,000 in English, 1.000 in Portuguese, ١٬٠٠٠ in Egyptian Arabic. */
export function formatNumber(value: number, lang: string): string {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang);
    numberFormats.set(lang, format);
  }
  return format.format(value);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A whole percent as the language writes it: 75% in English, 75 % in French and German. */
export function formatPercent(percent: number, lang: string): string {
  let format = percentFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { style: "percent" });
    percentFormats.set(lang, format);
  }
  return format.format(percent / 100);
}

/** The text of a message for these values: a plural message picks its form by `count`. */
function textOf(message: Message, lang: string, values: MessageValues<unknown>): string {
  if (typeof message === "string") return message;
  const count = values.count;
  if (typeof count !== "number") throw new Error(`A plural message needs a number for {count}: ${message.other}`);
  // An exact 0 may have its own words ("No results") even where the language's rules have no zero.
  if (count === 0 && message.zero !== undefined) return message.zero;
  return message[rulesOf(lang).select(count)] ?? message.other;
}

/**
 * A message with its placeholders filled, as a list of text and nodes: a placeholder may stand for a
 * link inside a sentence, which the sentence's own language places.
 */
export function formatParts<Node>(
  message: Message,
  lang: string,
  values: MessageValues<Node> = {},
): Array<string | Node> {
  const text = textOf(message, lang, values);
  const parts: Array<string | Node> = [];
  let last = 0;
  for (const match of text.matchAll(placeholder)) {
    const name = match[1]!;
    if (!(name in values)) throw new Error(`The message "${text}" has no value for {${name}}`);
    const value = values[name]!;
    const before = text.slice(last, match.index);
    const shown = typeof value === "number" ? formatNumber(value, lang) : value;
    if (typeof shown === "string") parts.push(before + shown);
    else parts.push(before, shown);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  // Neighbouring texts are one text.
  return parts.reduce<Array<string | Node>>((joined, part) => {
    if (part === "") return joined;
    const previous = joined.at(-1);
    if (typeof part === "string" && typeof previous === "string") joined[joined.length - 1] = previous + part;
    else joined.push(part);
    return joined;
  }, []);
}

export function formatMessage(message: Message, lang: string, values: MessageValues = {}): string {
  return formatParts(message, lang, values).join("");
}

/**
 * The interface's words for one language: `t("list.pageOf", { page: 2, pages: 5 })`. A screen
 * holds the whole dictionary; an island holds the messages it declared, which is all the page
 * sends it (`pickStrings`). `K` lists the keys a component may ask for, so one asking for a key
 * its island did not declare is a type error.
 */
export interface Translate<K extends string> {
  (key: K, values?: MessageValues): string;
  /** A message whose placeholders may hold nodes (a link in a sentence), as text and nodes. */
  rich: <Node>(key: K, values: MessageValues<Node>) => Array<string | Node>;
  readonly lang: string;
}

export function translator<K extends string>(strings: Readonly<Record<K, Message>>, lang: string): Translate<K> {
  const messageOf = (key: K): Message => {
    const message = strings[key];
    if (message === undefined) throw new Error(`No string "${key}" was given to this part of the page`);
    return message;
  };
  const translate = (key: K, values?: MessageValues) => formatMessage(messageOf(key), lang, values);
  return Object.assign(translate, {
    rich: <Node>(key: K, values: MessageValues<Node>) => formatParts(messageOf(key), lang, values),
    lang,
  });
}

/** The messages of `keys`, for an island's props: the page sends an island only the words it shows. */
export function pickStrings<K extends string>(
  strings: Readonly<Record<string, Message>>,
  keys: readonly K[],
): Record<K, Message> {
  return Object.fromEntries(keys.map((key) => [key, strings[key]!])) as Record<K, Message>;
}
