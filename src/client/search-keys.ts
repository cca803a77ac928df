/// <reference lib="dom" />

/** Where typing belongs to the field, not to the page's shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * `/` and Ctrl+K (⌘K on a Mac) lead to search: on the search page they focus its field, elsewhere
 * they open the search page, whose field is then focused. Nothing is listened to when the site has
 * no search (no search button in the header).
 */
export function setUpSearchKeys(): void {
  const link = document.querySelector<HTMLAnchorElement>("a[data-search-link]");
  if (!link) return;
  addEventListener("keydown", (event) => {
    const field = document.querySelector<HTMLInputElement>("input[data-search-input]");
    // A message being typed in another field keeps every key: nothing leads away from it.
    if (event.defaultPrevented || event.altKey || (isTyping(event.target) && event.target !== field)) return;
    const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && event.target !== field;
    const commandK = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey);
    if (!slash && !commandK) return;
    event.preventDefault();
    if (field) {
      field.focus();
      field.select();
    } else location.assign(link.href);
  });
}
