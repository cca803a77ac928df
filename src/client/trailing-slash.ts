/// <reference lib="dom" />

/**
 * The 404 page's island (islands/NotFoundNotice.tsx), started at idle: on the 404 page reached by an
 * address with a `/` at its end (`/about/`, which GitHub Pages and http-server answer only without
 * it), goes to the address without the slash when that one answers with a page itself, not with a
 * redirect. The address gone to has no slash, so this can never loop. Resolves at once: the page is
 * live as it is, whatever the answer.
 */
export function hydrate(_root: HTMLElement): Promise<void> {
  void leaveTrailingSlash();
  return Promise.resolve();
}

async function leaveTrailingSlash(): Promise<void> {
  const { pathname, search, hash } = window.location;
  if (pathname.length < 2 || !pathname.endsWith("/")) return;
  const without = pathname.replace(/\/+$/, "");
  try {
    const answer = await fetch(without, { method: "HEAD", redirect: "manual", cache: "no-store" });
    if (answer.ok) window.location.replace(`${without}${search}${hash}`);
  } catch {
    // Offline or refused: the visitor stays on the 404 page, whose links still lead on.
  }
}
