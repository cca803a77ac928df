/** The search page's address, and the folder of the index it loads (pipeline/search-index.ts). */
export const searchPaths = { page: "search", index: "pagefind" } as const;

/**
 * The file of a page, named as the site links to it: `/works` is `works.html`, which every host of
 * deploy/host-rules.ts answers without a redirect. A page whose address is also a folder gets a copy
 * as that folder's index too (routes/folder-pages.ts).
 */
export function fileOf(path: string): string {
  return path ? `${path}.html` : "index.html";
}
