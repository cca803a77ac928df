/// <reference lib="dom" />
import type { ContentAdded } from "./island-loader.js";

/**
 * A list's dialog in the browser, a plain module. Each card is a real link to the item's own page
 * (it works without JavaScript, opens in a new tab, can be copied); a plain click opens the item's
 * dialog instead, drawn by the server in a template (components/ItemDialogTemplates.tsx), and puts
 * the item's address in the address bar. Back, Close, Escape or the backdrop return to the list,
 * its filter as it was, and focus to the card.
 */
export function hydrate(root: HTMLElement): Promise<void> {
  const slot = root.querySelector<HTMLElement>(":scope > [data-island-slot]");
  const frame = root.querySelector<HTMLTemplateElement>("template[data-dialog-frame]");
  if (!slot || !frame) return Promise.reject(new Error(`The ${root.dataset.island} island has no dialog to open`));
  let shown: OpenDialog | null = null;
  const selection = followItemLinks(root, (href) => {
    if (shown?.href === href) return;
    shown?.close();
    const content = href === null ? undefined : itemTemplate(root, href);
    shown = href === null || !content ? null : openDialog(slot, frame, content, href, () => selection.close());
  });
  return Promise.resolve();
}

/** A card's link that opens its item's dialog: the server marks it, so it says so without JavaScript too. */
const itemLinkSelector = 'a[href][aria-haspopup="dialog"]';

/** Which item the dialog shows, kept in step with the address bar; `close` goes back to the list. */
interface ItemSelection {
  close: () => void;
}

/**
 * Listens, from the island's root, to the clicks on the card links the server wrote inside it (one
 * listener for the whole list, so no card needs code of its own), and to Back and Forward; tells
 * `show` the address of the item to show, or null for none.
 */
function followItemLinks(root: HTMLElement, show: (href: string | null) => void): ItemSelection {
  const linkOf = (event: Event) => (event.target as Element | null)?.closest?.<HTMLAnchorElement>(itemLinkSelector);

  root.addEventListener("click", (event) => {
    const link = linkOf(event);
    if (!link || opensPageItself(event)) return;
    const href = link.getAttribute("href")!;
    event.preventDefault();
    history.pushState({ itemDialog: href }, "", href);
    show(href);
  });
  // Pointing at or focusing a card starts fetching its item's text, so the dialog opens with it.
  for (const type of ["pointerover", "focusin"] as const) {
    root.addEventListener(type, (event) => {
      const link = linkOf(event);
      if (link) prefetchOnIntent(link.getAttribute("href")!);
    });
  }
  window.addEventListener("popstate", (event) => {
    show((event.state as { itemDialog?: string } | null)?.itemDialog ?? null);
  });

  return {
    close: () => {
      if ((history.state as { itemDialog?: string } | null)?.itemDialog) history.back();
      else show(null);
    },
  };
}

/** A click that asks for the page itself (a new tab, a download, a middle click) is left to the browser. */
function opensPageItself(event: MouseEvent): boolean {
  return (
    event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
  );
}

function itemTemplate(root: HTMLElement, href: string): HTMLTemplateElement | undefined {
  return [...root.querySelectorAll<HTMLTemplateElement>("template[data-dialog-item]")].find(
    (template) => template.dataset.dialogItem === href,
  );
}

interface OpenDialog {
  href: string;
  close: () => void;
}

/**
 * Shows an item's dialog with the native `<dialog>`: `showModal()` makes the rest of the page inert
 * (so focus stays inside) and gives the backdrop. Close, Escape and a click on the backdrop all ask
 * `onClose`; the page behind does not scroll while it is open, and closing returns focus to the
 * element that opened it.
 */
function openDialog(
  slot: HTMLElement,
  frame: HTMLTemplateElement,
  content: HTMLTemplateElement,
  href: string,
  onClose: () => void,
): OpenDialog {
  const dialog = frame.content.firstElementChild!.cloneNode(true) as HTMLDialogElement;
  dialog.querySelector(".modal-content")!.append(content.content.cloneNode(true));
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    onClose();
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Tab") keepFocusInside(dialog, event);
  });
  dialog.addEventListener("click", (event) => {
    // A click on the dialog element itself, not on its content, is a click on the backdrop.
    if (event.target === dialog) onClose();
  });
  dialog.querySelector(".modal-close")?.addEventListener("click", () => onClose());

  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  slot.append(dialog);
  dialog.showModal();
  document.documentElement.classList.add("modal-open");
  const body = dialog.querySelector<HTMLElement>("[data-dialog-body]");
  if (body) void fillItemBody(body, href);

  return {
    href,
    close: () => {
      if (dialog.open) dialog.close();
      dialog.remove();
      document.documentElement.classList.remove("modal-open");
      opener?.focus({ preventScroll: true });
    },
  };
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** `showModal()` makes the page inert, but Tab can still leave for the browser's own controls: wrap it. */
function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  const targets = [...dialog.querySelectorAll<HTMLElement>(focusable)];
  const first = targets[0];
  const last = targets[targets.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Puts the item's text into its dialog once it arrives; if it cannot be had, the summary stays and
 * the status line becomes a link to the item's page.
 */
async function fillItemBody(body: HTMLElement, href: string): Promise<void> {
  try {
    const { html, scripts } = await itemBody(href);
    if (!body.isConnected) return;
    const text = document.createElement("div");
    text.className = "modal-text";
    if (body.dataset.lang) text.lang = body.dataset.lang;
    text.innerHTML = html;
    body.replaceWith(text);
    // Its islands (a copy button, a gallery, the owner's components) come alive as on the item's page.
    // The event's name is island-loader.ts' `contentAddedEvent`, written out: an import of the loader
    // would make it a chunk of its own that every page then asks for.
    const added = new CustomEvent<ContentAdded>("portfolio:content-added", { bubbles: true, detail: { scripts } });
    text.dispatchEvent(added);
  } catch (error) {
    console.warn(`The text of ${href} could not be loaded:`, error);
    const status = body.querySelector(".modal-more");
    if (!body.isConnected || !status) return;
    const link = document.createElement("a");
    link.href = href;
    link.textContent = body.dataset.readAll ?? href;
    status.replaceChildren(link);
    body.setAttribute("aria-busy", "false");
  }
}

/**
 * The list pages do not carry their items' full text: a dialog takes it from the item's own page,
 * fetched when the visitor points at or focuses its card (so it opens at once) or, at the latest,
 * when the dialog opens. The pages are the site's own, sanitised at build time.
 */
const bodies = new Map<string, Promise<ItemBody>>();

/** An item's text, and the code of the islands in it as its page names it. */
interface ItemBody {
  html: string;
  scripts: ContentAdded["scripts"];
}

/** Fetches an item's text, once. */
function itemBody(href: string): Promise<ItemBody> {
  let body = bodies.get(href);
  if (!body) {
    body = fetch(href, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`${href} answered ${response.status}`);
        return response.text();
      })
      .then((html) => {
        // Its page's own rules (a post's math, a video's proportions) are left out before it is read: a
        // document parsed here is held to this page's policy, which reports each of them as a violation.
        const page = new DOMParser().parseFromString(
          html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ""),
          "text/html",
        );
        const element = page.querySelector("[data-item-body]");
        if (!element) throw new Error(`${href} has no item text`);
        // Heading ids belong to the item's page; in a dialog on the list they could repeat the list's own.
        for (const heading of element.querySelectorAll("[id]")) heading.removeAttribute("id");
        // A video's player needs the item page's policy: in a dialog its facade is the link under it.
        for (const embed of element.querySelectorAll(".embed[data-island]")) embed.removeAttribute("data-island");
        const scripts = page.querySelector("script[data-island-scripts]")?.textContent;
        return { html: element.innerHTML, scripts: scripts ? (JSON.parse(scripts) as ItemBody["scripts"]) : {} };
      });
    // A failed fetch may be tried again when the dialog is opened another time.
    body.catch(() => bodies.delete(href));
    bodies.set(href, body);
  }
  return body;
}

/** On a pointer over or focus on a card: a hint, so a failure shows when the dialog opens, not here. */
function prefetchOnIntent(href: string): void {
  itemBody(href).catch(() => undefined);
}
