import type { ResolvedConfig } from "../config/config-schema.js";

/**
 * The owner's fediverse handle (`@maya@mastodon.social`) from the first Mastodon link of `social`,
 * for the `fediverse:creator` meta tag: Mastodon then credits the owner on a shared link of the site.
 * A profile's address is `https://<server>/@<name>` (or `/users/<name>`); any other address gives none.
 */
export function fediverseCreator(social: ResolvedConfig["social"]): string | undefined {
  for (const link of social) {
    if (link.icon !== "mastodon") continue;
    let url: URL;
    try {
      url = new URL(link.url);
    } catch {
      continue;
    }
    const name = url.pathname.match(/^\/(?:@|users\/)([A-Za-z0-9_]+)\/?$/)?.[1];
    if (url.protocol === "https:" && name) return `@${name}@${url.hostname}`;
  }
  return undefined;
}
