/// <reference lib="dom" />
import type { ListFilterProps } from "../islands/ListFilter.js";

/**
 * A list's category filter in the browser: a plain module, not React, over the buttons the server
 * wrote (islands/ListFilter.tsx). It shows the items of the chosen category (exact matches; All
 * shows every item) by the `hidden` attribute, marks the chosen button pressed, and when nothing
 * matches hides the list and fills the status line, which assistive technology then announces.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const props = JSON.parse(
    document.querySelector(`script[data-island-props="${root.id}"]`)?.textContent ?? "{}",
  ) as ListFilterProps;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[aria-pressed]")];
  const list = document.getElementById(props.listId);
  const status = document.getElementById(props.emptyId);
  const items = list ? [...list.children].filter((item): item is HTMLElement => item instanceof HTMLElement) : [];

  const select = (chosen: HTMLButtonElement) => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button === chosen));
    const category = chosen.dataset.category ?? null;
    for (const item of items) item.hidden = !inCategory(item, category);
    const anyShown = items.some((item) => !item.hidden);
    if (list) list.hidden = !anyShown;
    if (status) showStatus(status, anyShown ? "" : props.emptyMessage);
  };
  for (const button of buttons) button.addEventListener("click", () => select(button));
}

/** An item is shown for All (null) and for its own category only. */
export function inCategory(item: HTMLElement, category: string | null): boolean {
  return category === null || item.dataset.category === category;
}

/** The status line is hidden while it has nothing to say; a new text is an addition a screen reader announces. */
function showStatus(status: HTMLElement, text: string): void {
  if (status.textContent === text) return;
  status.hidden = text === "";
  status.textContent = text;
}
