import { hostsServingAtRoot } from "../render/published-layout.js";
import { answerOf, hostRules, type HostName, type OutputIndex } from "./host-rules.js";

/** Where a visitor who asks a host for an address ends up. */
export type Reached =
  | { kind: "page"; file: string; status: 200 | 404; hops: string[] }
  | { kind: "loop"; hops: string[] }
  | { kind: "outside"; hops: string[] };

/** More hops than any rule of the table needs: a path past it is a loop. */
const maxHops = 6;

/** A redirect the host is told to make for one exact address (`_redirects`, vercel.json's `redirects`). */
export interface HostRedirect {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

/**
 * Follows what `host` answers for `address` (a path with the site's base, as a link has it) the way
 * a browser does: each redirect, and the step of the site's own 404 page, which sends an address
 * ending in `/` to the address without it when that one answers with a page and not a redirect
 * (src/client/trailing-slash.ts). The site is served under `base`: an address outside it is not the
 * site's at all. A host that serves `files` at the domain's root (render/published-layout.ts) is asked for the
 * whole address, so the site's files must be in the base's folder there; the others serve `files`
 * at the base. `redirects` are the host's own, for exact addresses, tried before its files.
 */
export function reachAddress(
  host: HostName,
  address: string,
  base: string,
  files: OutputIndex,
  redirects: readonly HostRedirect[] = [],
): Reached {
  const atRoot = hostsServingAtRoot.has(host);
  const hops: string[] = [];
  let current = address;
  while (hops.length <= maxHops) {
    if (hops.includes(current)) return { kind: "loop", hops: [...hops, current] };
    hops.push(current);
    const redirect = redirects.find(({ from }) => from === current);
    if (redirect) {
      current = redirect.to;
      continue;
    }
    const bare = current === base.slice(0, -1) && base !== "/";
    if (bare && !atRoot && !hostRules[host].servesBareBase) {
      current = base;
      continue;
    }
    if (!bare && !current.startsWith(base)) return { kind: "outside", hops };
    // The path the host looks its files up by, and the address it stands for.
    const mount = atRoot ? "/" : base;
    const path = atRoot ? current : bare ? "/" : `/${current.slice(base.length)}`;
    const answer = answerOf(host, path, files);
    if (answer.kind === "redirect") {
      current = `${mount}${answer.to.slice(1)}`;
      continue;
    }
    if (answer.status === 404 && path.length > 1 && path.endsWith("/")) {
      const without = path.replace(/\/+$/, "");
      const probe = answerOf(host, without, files);
      if (probe.kind === "file" && probe.status === 200) {
        current = `${mount}${without.slice(1)}`;
        continue;
      }
    }
    return { kind: "page", file: answer.file, status: answer.status, hops };
  }
  return { kind: "loop", hops };
}

/** The files that show one page: `works.html`, and its copy `works/index.html` (routes/folder-pages.ts). */
export function filesOfPage(file: string): string[] {
  if (file === "index.html" || !file.endsWith(".html")) return [file];
  if (file.endsWith("/index.html")) return [file, `${file.slice(0, -"/index.html".length)}.html`];
  return [file, `${file.slice(0, -".html".length)}/index.html`];
}

/**
 * Each page of the output with its address: `works.html` at `/works`, `index.html` at `/`, a folder's
 * `index.html` with no page beside it (`pt/index.html`) at `/pt/`. Copies and the 404 page are left out.
 */
export function pageAddresses(files: OutputIndex, base: string): Array<{ file: string; address: string }> {
  const pages: Array<{ file: string; address: string }> = [];
  for (const file of files.files) {
    if (!file.endsWith(".html") || file === "404.html" || /(^|\/)404\.html$/.test(file)) continue;
    if (file === "index.html") {
      pages.push({ file, address: base });
      continue;
    }
    if (file.endsWith("/index.html")) {
      const folder = file.slice(0, -"/index.html".length);
      if (!files.files.has(`${folder}.html`)) pages.push({ file, address: `${base}${folder}/` });
      continue;
    }
    pages.push({ file, address: `${base}${file.slice(0, -".html".length)}` });
  }
  return pages.sort((a, b) => a.address.localeCompare(b.address));
}

/** The same address with a `/` at its end, or without it. */
export function otherSlash(address: string): string {
  return address.endsWith("/") ? address.replace(/\/+$/, "") || "/" : `${address}/`;
}
