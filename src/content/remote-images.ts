// An image of another host in a text: not shown, since a page asks no other host for anything; its alt text is.

import type { SiteLink } from "./content-addresses.js";
import { slotClosing, slotOpening } from "./math.js";

/**
 * The images of other hosts a text shows (`![Build status](https://img.shields.io/…)`, hotlinked screenshots): the
 * page asks no other host for anything, and the feeds carry no address of one to their readers, so each is left out.
 * The sanitiser's `img` transform marks each (`marked`); once the HTML is sanitised, `placed` puts its alt text in its
 * place, where a browser would draw a broken image, and the build warns the owner (`remoteImageWarnings`).
 */
export interface RemoteImages {
  /** The attributes the `img` transform gives an image of another host: its alt text, and a title that marks it. */
  marked(alt: string | undefined): Record<string, string>;
  /** The sanitised HTML with each marked image's alt text in its place. */
  placed(html: string): string;
}

export function remoteImages(mark: () => string): RemoteImages {
  let count = 0;
  return {
    marked(alt) {
      count++;
      return { ...(alt ? { alt } : {}), title: `${slotOpening}${mark()}:image${slotClosing}` };
    },
    placed(html) {
      if (!count) return html;
      const image = new RegExp(`<img\\b[^>]*\\stitle="${slotOpening}${mark()}:image${slotClosing}"[^>]*>`, "g");
      // The alt text is already escaped for an attribute, which text needs no more of.
      return html.replace(image, (tag) => /\salt="([^"]*)"/.exec(tag)?.[1] ?? "");
    },
  };
}

/**
 * The build's warning for each file whose text shows images of other hosts: where they are, and how to show them.
 * A file read in several languages is told of once.
 */
export function remoteImageWarnings(sources: ReadonlyArray<{ file: string; links: readonly SiteLink[] }>): string[] {
  const byFile = new Map<string, SiteLink[]>();
  for (const { file, links } of sources) {
    const remote = links.filter((link) => link.remote);
    if (remote.length && !byFile.has(file)) byFile.set(file, remote);
  }
  return [...byFile].map(([file, links]) => {
    const lines = [...new Set(links.map((link) => link.line))].join(", ");
    const addresses = [...new Set(links.map((link) => link.written))];
    const shown = addresses.slice(0, 3);
    const more = addresses.length > 3 ? ` and ${addresses.length - 3} more` : "";
    const what = links.length === 1 ? "an image of another host" : `${links.length} images of other hosts`;
    return (
      `${file} (line${lines.includes(",") ? "s" : ""} ${lines}) shows ${what} (${shown.join(", ")}${more}): ` +
      `${links.length === 1 ? "it is" : "each is"} left out, its alt text shown in its place, ` +
      "as the site asks no other host for anything. " +
      (links.length === 1 ? "To show it, save it" : "To show one, save it") +
      " into public/ (or beside the post) and write that file's path."
    );
  });
}
