import type { ResolvedConfig } from "../config/config-schema.js";
import { translator, type Translate } from "./message.js";
import type { StringKey } from "./strings.js";

/** The site's words, in its language: the routes, the head, the feeds and every screen say things through this. */
export function siteTranslator(config: Pick<ResolvedConfig, "strings" | "site">): Translate<StringKey> {
  return translator(config.strings, config.site.lang);
}
