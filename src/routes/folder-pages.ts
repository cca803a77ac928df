/**
 * A page whose address is also a folder of the site (`/works`, beside `works/atlas.html`) is written
 * a second time as that folder's `index.html`. Some hosts send `/works` to `/works/` as soon as the
 * folder exists (http-server does, before it looks for `works.html`), and every host answers
 * `/works/` from the folder's index: without the copy, both show a listing or the 404 page. Both
 * files name `/works` as the page's one canonical address, and the site links only to it.
 * Returns each copy to make: the page's file and the copy's.
 */
export function folderPageCopies(
  pageFiles: Iterable<string>,
  siteFiles: Iterable<string>,
): Array<{ page: string; copy: string }> {
  const files = new Set(siteFiles);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join("/"));
  }
  const copies: Array<{ page: string; copy: string }> = [];
  for (const page of pageFiles) {
    if (!page.endsWith(".html") || page.endsWith("index.html")) continue;
    const folder = page.slice(0, -".html".length);
    const copy = `${folder}/index.html`;
    if (folders.has(folder) && !files.has(copy)) copies.push({ page, copy });
  }
  return copies;
}
