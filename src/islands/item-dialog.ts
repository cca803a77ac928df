/// <reference lib="dom" />
import { createContext, useContext, useSyncExternalStore } from "react";
import { prefetchOnIntent } from "./LazyItemBody.js";

/**
 * Which item a list's dialog shows, kept in step with the address bar. Each card is a real link to
 * the item's own page (it works without JavaScript, opens in a new tab, can be copied); a plain
 * click opens the dialog instead and puts the item's address in the address bar. Back, Close,
 * Escape or the backdrop return to the list, its filter as it was.
 */
export interface ItemSelection {
  /** The address of the item shown, or null when the dialog is closed. */
  current: () => string | null;
  subscribe: (listener: () => void) => () => void;
  close: () => void;
}

/** A card's link that opens its item's dialog: the server marks it, so it says so without JavaScript too. */
export const itemLinkSelector = 'a[href][aria-haspopup="dialog"]';

/** On the server, and wherever no list is followed, nothing is selected. */
const nothingSelected: ItemSelection = { current: () => null, subscribe: () => () => {}, close: () => {} };

export const ItemSelectionContext = createContext<ItemSelection>(nothingSelected);

/** The item the dialog shows, found among the island's items by its address, and how to close it. */
export function useSelectedItem<T extends { href: string }>(items: T[]): { selected: T | null; close: () => void } {
  const selection = useContext(ItemSelectionContext);
  const href = useSyncExternalStore(selection.subscribe, selection.current, () => null);
  return { selected: items.find((item) => item.href === href) ?? null, close: selection.close };
}

/**
 * Listens, from the island's root, to the clicks on the card links the server wrote inside it (one
 * listener for the whole list, so no card needs code of its own), and to Back and Forward.
 */
export function followItemLinks(root: HTMLElement): ItemSelection {
  let current: string | null = null;
  const listeners = new Set<() => void>();
  const show = (href: string | null) => {
    current = href;
    for (const listener of listeners) listener();
  };
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
    current: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
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
