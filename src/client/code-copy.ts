/// <reference lib="dom" />

/**
 * A code block's copy button (render/code-copy.ts marks the blocks): a plain module run at the
 * visitor's first reach for the block (a pointer over it, a finger on it, focus moving into it),
 * never before, so a page with code runs nothing until then. The button is drawn beside the block,
 * over its corner (no text moves), after it in the tab order; what it copied is said to screen
 * readers by a live region. Where the Clipboard API is missing (an http page, an old browser) the
 * text is selected and copied the old way, or left selected for the visitor to copy.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const code = root.querySelector("code");
  if (!code || root.parentElement?.classList.contains("code-block")) return;
  const block = document.createElement("div");
  block.className = "code-block";
  root.replaceWith(block);
  block.append(root);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "code-copy";
  button.innerHTML = `${copyIcon}<span class="visually-hidden"></span>`;
  button.querySelector("span")!.textContent = root.dataset.copyLabel ?? "Copy code";
  // Polite: the visitor pressed the button and hears it worked.
  const status = document.createElement("span");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  block.append(button, status);
  let shown: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener("click", async () => {
    const copied = await copyText(code);
    if (!copied) return;
    status.textContent = root.dataset.copiedLabel ?? "Copied";
    button.dataset.copied = "";
    clearTimeout(shown);
    shown = setTimeout(() => {
      status.textContent = "";
      delete button.dataset.copied;
    }, 2000);
  });
}

/** Lucide's copy and check icons, as the rest of the site draws; CSS shows the check once copied. */
const icon = (name: string, paths: string) =>
  `<svg class="code-copy-${name}" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;
const copyIcon =
  icon(
    "icon",
    '<rect width="14" height="14" x="8" y="8" rx="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/>',
  ) + icon("done", '<path d="M20 6 9 17l-5-5"/>');

/** Copies the block's text; where the Clipboard API is missing or refused, selects it and tries the old way. */
async function copyText(code: HTMLElement): Promise<boolean> {
  const text = code.textContent ?? "";
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure page): the selection below.
  }
  const range = document.createRange();
  range.selectNodeContents(code);
  const selection = getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  // Left selected when the old way fails too: the visitor's Ctrl+C copies it.
  return document.execCommand("copy");
}
