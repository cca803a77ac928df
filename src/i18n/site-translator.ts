import { translator, type Message, type Translate } from "./message.js";
import type { StringKey } from "./strings.js";

/**
 * The site's words, in its language: the routes, the head, the feeds and every screen say things through this.
 * Given the resolved config (config/config-schema.ts), of which it reads the dictionary and the language.
 */
export function siteTranslator(config: {
  strings: Readonly<Record<StringKey, Message>>;
  site: { lang: string };
}): Translate<StringKey> {
  return translator(config.strings, config.site.lang);
}
