/// <reference lib="dom" />
import type { ListFilterProps } from "../islands/ListFilter.js";

/**
 * A list's category filter in the browser: a plain module, not React, over the buttons the server
 * wrote (islands/ListFilter.tsx). It shows the items of the chosen category (exact matches; All
 * shows every item) by the `hidden` attribute, marks the chosen button pressed, and when nothing
 * matches hides the list and fills the status line, which assistive technology then announces.
 *
 * A list in groups (the publications, by year) has a `data-filter-group` element per group, its
 * items marked `data-filter-item`: a group none of whose items is shown is hidden, heading and all.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const props = JSON.parse(
    document.querySelector(`script[data-island-props="${root.id}"]`)?.textContent ?? "{}",
  ) as ListFilterProps;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[aria-pressed]")];
  const list = document.getElementById(props.listId);
  const status = document.getElementById(props.emptyId);
  const children = list ? [...list.children].filter((item): item is HTMLElement => item instanceof HTMLElement) : [];
  const groups = children
    .filter((child) => child.hasAttribute("data-filter-group"))
    .map((group) => ({ group, items: [...group.querySelectorAll<HTMLElement>("[data-filter-item]")] }));
  const items = groups.length ? groups.flatMap((group) => group.items) : children;

  const select = (chosen: HTMLButtonElement) => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button === chosen));
    const category = chosen.dataset.category ?? null;
    for (const item of items) item.hidden = !inCategory(item, category);
    for (const { group, items: inGroup } of groups) group.hidden = inGroup.every((item) => item.hidden);
    const anyShown = items.some((item) => !item.hidden);
    if (list) list.hidden = !anyShown;
    if (status) showStatus(status, anyShown ? "" : props.emptyMessage);
  };
  for (const button of buttons) button.addEventListener("click", () => select(button));
}

/**
 * An item is shown for All (null) and for its own category only: its `data-category`, or one of its
 * `data-categories` (a JSON list, for an item of several: a publication's type and its tags).
 */
export function inCategory(item: HTMLElement, category: string | null): boolean {
  if (category === null || item.dataset.category === category) return true;
  const several = item.dataset.categories;
  return several !== undefined && (JSON.parse(several) as string[]).includes(category);
}

/** The status line is hidden while it has nothing to say; a new text is an addition a screen reader announces. */
function showStatus(status: HTMLElement, text: string): void {
  if (status.textContent === text) return;
  status.hidden = text === "";
  status.textContent = text;
}
