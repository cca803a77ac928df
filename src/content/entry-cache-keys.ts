import { hashOf } from "../cache/build-cache.js";
import { keep, lastKept, type KeptResults } from "../kept-results.js";
import type { WritingLabels } from "./markdown.js";
import type { Source } from "./read-sources.js";

/**
 * The key a content file's parse is kept under in the build cache: its collection (for a custom section, its layout),
 * path and text, the base path, and the words its body writes of its own decide what it parses to; and,
 * for a file that may have a Mermaid diagram, the colours its diagrams are drawn in (`diagramColours`,
 * the accent's), so a new accent draws them again; and, for a file that names one of the owner's
 * components of components/content/ (`:stat`), their code's digest, so a changed component renders again.
 */
export function entryCacheKeys(
  base: string,
  labelsOf: (lang: string) => WritingLabels,
  keptKeys: KeptResults<string, { id: string; key: string }> | undefined,
  diagramColours = "",
  ownerComponents?: { names: readonly string[]; digest: string },
): (cacheName: string, source: Source) => string {
  // Each source's key is hashed once a build (it is asked for here and again as the source is
  // parsed), and in `portfolio dev` once a session: a text kept from the last build is the same string.
  const keys = new WeakMap<Source, string>();
  return (cacheName: string, source: Source) => {
    let key = keys.get(source);
    if (key === undefined) {
      // The words a body writes of its own (a callout's title) are the owner's to change in the config.
      const colours = source.text.includes("mermaid") ? diagramColours : "";
      const components = ownerComponents?.names.some((name) => source.text.includes(`:${name}`))
        ? [ownerComponents.digest]
        : [];
      const labels = JSON.stringify([labelsOf(source.lang), source.beside ?? null, colours, ...components]);
      const id = keptKeys && `${cacheName}\0${source.file}\0${base}\0${labels}`;
      const known = lastKept(keptKeys, source.text);
      key =
        known !== undefined && known.id === id ? known.key : hashOf(cacheName, source.file, source.text, base, labels);
      keys.set(source, key);
      if (id !== undefined) keep(keptKeys, source.text, { id, key });
    }
    return key;
  };
}
