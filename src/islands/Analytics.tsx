import type { StringsOf } from "../i18n/strings.js";

/** The analytics service's script (the config's `analytics`): its address and its `data-` attributes. */
export interface AnalyticsProps {
  src: string;
  attributes: Record<string, string>;
  lang: string;
  strings: StringsOf<"island.failed">;
}

/**
 * Where the analytics service's script is added: an island with nothing to show, so that its code
 * comes as every island's does, once the page has loaded, painted and gone idle (island-loader.ts),
 * never before the first paint. Its browser side is the plain module `client/analytics.ts`.
 */
export function Analytics(_props: AnalyticsProps) {
  return null;
}
