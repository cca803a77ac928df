/// <reference lib="dom" />
import { useEffect, useState } from "react";

/**
 * The list pages do not carry their items' full text: a dialog takes it from the item's own page,
 * fetched when the visitor points at or focuses its card (so it opens at once) or, at the latest,
 * when the dialog opens. The pages are the site's own, sanitised at build time.
 */
const bodies = new Map<string, Promise<string>>();

/** Starts fetching an item's text, once. */
export function prefetchItemBody(href: string): Promise<string> {
  let body = bodies.get(href);
  if (!body) {
    body = fetch(href, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`${href} answered ${response.status}`);
        return response.text();
      })
      .then((html) => {
        const element = new DOMParser().parseFromString(html, "text/html").querySelector("[data-item-body]");
        if (!element) throw new Error(`${href} has no item text`);
        // Heading ids belong to the item's page; in a dialog on the list they could repeat the list's own.
        for (const heading of element.querySelectorAll("[id]")) heading.removeAttribute("id");
        return element.innerHTML;
      });
    // A failed fetch may be tried again when the dialog is opened another time.
    body.catch(() => bodies.delete(href));
    bodies.set(href, body);
  }
  return body;
}

/** On a pointer over or focus on a card: a hint, so a failure shows when the dialog opens, not here. */
export function prefetchOnIntent(href: string): void {
  prefetchItemBody(href).catch(() => undefined);
}

/**
 * The item's text in its dialog. Until it arrives, and if it cannot be had, the dialog shows the
 * summary the card already has and a link to the item's page: nothing the visitor could read is lost.
 */
export function LazyItemBody({
  href,
  summary,
  readAll,
  loading,
  lang,
}: {
  href: string;
  summary: string;
  /** The item's language, when it is not the page's (an untranslated post). */
  lang?: string | undefined;
  /** The link to the item's page when its text cannot be had: "Read it all on the post's own page". */
  readAll: string;
  /** The status while it comes: "Loading the rest…". */
  loading: string;
}) {
  const [state, setState] = useState<{ html?: string; failed?: boolean }>({});
  useEffect(() => {
    let current = true;
    prefetchItemBody(href).then(
      (html) => current && setState({ html }),
      (error: unknown) => {
        if (!current) return;
        console.warn(`The text of ${href} could not be loaded:`, error);
        setState({ failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [href]);

  if (state.html !== undefined)
    return <div className="modal-text" lang={lang} dangerouslySetInnerHTML={{ __html: state.html }} />;
  return (
    <div className="modal-text" aria-busy={!state.failed}>
      <p lang={lang}>{summary}</p>
      <p className="modal-more" role="status">
        {state.failed ? <a href={href}>{readAll}</a> : loading}
      </p>
    </div>
  );
}
