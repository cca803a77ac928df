/// <reference lib="dom" />
import { useEffect, useState, type MouseEvent } from "react";

/**
 * The item a list's dialog shows, kept in step with the address bar. Each card is a real link to the
 * item's own page (it works without JavaScript, opens in a new tab, can be copied); a plain click
 * opens the dialog instead and puts the item's address in the address bar. Back, Close, Escape or
 * the backdrop return to the list, its filter as it was.
 */
export function useItemDialog<T extends { href: string }>(items: T[]) {
  const [selected, setSelected] = useState<T | null>(null);

  useEffect(() => {
    const follow = (event: PopStateEvent) => {
      const href = (event.state as { itemDialog?: string } | null)?.itemDialog;
      setSelected(href ? (items.find((item) => item.href === href) ?? null) : null);
    };
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, [items]);

  const open = (item: T) => {
    history.pushState({ itemDialog: item.href }, "", item.href);
    setSelected(item);
  };
  const close = () => {
    if ((history.state as { itemDialog?: string } | null)?.itemDialog) history.back();
    else setSelected(null);
  };
  /** A click that asks for the page itself (a new tab, a download, a middle click) is left to the browser. */
  const onLinkClick = (item: T) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    open(item);
  };
  return { selected, close, onLinkClick };
}
