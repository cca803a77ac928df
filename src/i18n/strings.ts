import { en } from "./strings/en.js";
import type { Message, Plural } from "./message.js";

/** Every message of the interface, by key: `page.about`, `search.found`, … */
export type StringKey = keyof typeof en;

/** The keys whose message is one text (not one per plural form): a heading, a label. */
export type TextKey = { [K in StringKey]: (typeof en)[K] extends string ? K : never }[StringKey];

/** A whole dictionary: each key's message, a plural where English has one. */
export type Strings = { readonly [K in StringKey]: (typeof en)[K] extends string ? string : Plural };

/** A dictionary's messages for some keys: what an island is sent. */
export type StringsOf<K extends StringKey> = Readonly<Record<K, Message>>;

export const stringKeys = Object.keys(en) as StringKey[];

/** Whether a key's message is one text per plural form. */
export function isPluralKey(key: StringKey): boolean {
  return typeof en[key] !== "string";
}

/** Languages written from right to left: their pages get `dir="rtl"`, and the layout mirrors. */
const rightToLeft = new Set(["ar", "he", "fa", "ur", "ps", "sd", "yi", "dv", "ckb", "ug"]);

export function textDirection(lang: string): "ltr" | "rtl" {
  return rightToLeft.has(primaryLanguage(lang)) ? "rtl" : "ltr";
}

/** `pt-BR` → `pt`. */
export function primaryLanguage(lang: string): string {
  return lang.split("-")[0]!.toLowerCase();
}
