import { Analytics } from "./Analytics.js";
import { Comments } from "./Comments.js";
import { ContactForm } from "./ContactForm.js";
import { ListFilter } from "./ListFilter.js";
import { ItemDialog } from "./ItemDialog.js";
import { NotFoundNotice } from "./NotFoundNotice.js";
import { SiteSearch } from "./SiteSearch.js";

/** Every island by name: the server renders them, the bundler makes one client entry for each. */
export const islands = {
  ProjectDialog: ItemDialog,
  PostDialog: ItemDialog,
  ListFilter,
  ContactForm,
  SiteSearch,
  Comments,
  Analytics,
  NotFoundNotice,
} as const;

/** An island the server renders from its React component, in `<Island>` (components/island.tsx). */
export type ComponentIslandName = keyof typeof islands;

/**
 * Islands a Markdown body carries as HTML the content stage writes (`::youtube`'s facade:
 * content/embeds.ts; `:::gallery`: content/gallery.ts), or the page's renderer marks (every code
 * block's copy button: render/code-copy.ts), found in a page's HTML by their marker; each is a plain
 * module of `src/client/` alone (`plainClients`), with no React component to render.
 */
export const bodyIslands = ["EmbedFacade", "CodeCopy", "Gallery"] as const;

/**
 * An island of the owner's, a component of components/content/ with `export const island = true`:
 * `content-` and its directive's name (`content-counter`), which no engine island's name can be. Its
 * HTML is the content stage's, marked like a body island's; its code is the owner's file, bundled
 * beside the engine's islands (pipeline/bundle-assets.ts) and hydrated by client/hydrate-content-island.tsx.
 */
export type ContentIslandName = `content-${string}`;

export function contentIslandName(directive: string): ContentIslandName {
  return `content-${directive}`;
}

/** The owner's islands a page's HTML holds, found by their marker. */
export function contentIslandsIn(html: string): ContentIslandName[] {
  return [...html.matchAll(/ data-island="(content-[a-z][\w-]*)"/g)].map((match) => match[1] as ContentIslandName);
}

export type IslandName = ComponentIslandName | (typeof bodyIslands)[number] | ContentIslandName;

export const islandFiles: Record<ComponentIslandName, string> = {
  ProjectDialog: "ItemDialog.tsx",
  PostDialog: "ItemDialog.tsx",
  ListFilter: "ListFilter.tsx",
  ContactForm: "ContactForm.tsx",
  SiteSearch: "SiteSearch.tsx",
  Comments: "Comments.tsx",
  Analytics: "Analytics.tsx",
  NotFoundNotice: "NotFoundNotice.tsx",
};

/**
 * Islands whose browser side is a plain module of `src/client/` exporting `hydrate(root)`, in place
 * of React hydrating the component: the search page's, which would otherwise load React's 60 kB
 * for a form and a list, and block a phone's main thread for as long as it takes to start; a list's
 * category filter, which shows and hides cards the server wrote; and a list's dialog, which opens
 * the dialog the server drew for the clicked card; a video's facade, which puts the player in place of
 * its button. React is left to the contact form.
 */
export const plainClients: Partial<Record<IslandName, string>> = {
  SiteSearch: "site-search.ts",
  ListFilter: "list-filter.ts",
  PostDialog: "item-dialog.ts",
  ProjectDialog: "item-dialog.ts",
  Comments: "comments.ts",
  Analytics: "analytics.ts",
  NotFoundNotice: "trailing-slash.ts",
  EmbedFacade: "embed-facade.ts",
  CodeCopy: "code-copy.ts",
  Gallery: "gallery-lightbox.ts",
};

/**
 * Islands that come to life once the page is idle, without waiting for the visitor to reach for
 * them, because they act on their own: the search page answers a query in its address (a shared
 * link, a form sent without JavaScript), the comments load as the reader scrolls near them (their
 * "Show the comments" button appears only once the island is live), analytics counts the visit,
 * and the 404 page sends `/about/` to `/about`. All are small plain modules without React. Every other island's
 * code is fetched at idle but runs only at the visitor's first reach for it (client/island-loader.ts).
 */
export const islandsStartingAtIdle: ReadonlySet<IslandName> = new Set<IslandName>([
  "SiteSearch",
  "Comments",
  "Analytics",
  "NotFoundNotice",
]);

/** The User Timing mark an island's entry module sets when it is evaluated, not merely fetched. */
export function islandEvaluatedMark(name: IslandName): string {
  return `island-evaluated:${name}`;
}
