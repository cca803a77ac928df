/// <reference lib="dom" />

/**
 * A gallery's lightbox (`:::gallery`; the HTML is content/gallery.ts's): a plain module run at the
 * visitor's first reach for the gallery, never before. Each thumbnail stays the link to its large
 * image, which a click (or Enter) shows in a modal `<dialog>` instead: the page behind it inert, so
 * the focus stays in it; Escape, the close button or a click beside the image closes it and gives
 * the focus back to the thumbnail of the image last shown; the arrow keys, the buttons or a swipe
 * move through the images. The large image is asked for only as it is shown.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const links = [...root.querySelectorAll<HTMLAnchorElement>("li > a[href]")];
  if (!links.length) return;
  let lightbox: Lightbox | undefined;
  root.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    const index = link ? links.indexOf(link) : -1;
    if (index < 0) return;
    event.preventDefault();
    lightbox ??= makeLightbox(root, links);
    lightbox.show(index);
  });
}

interface Lightbox {
  show: (index: number) => void;
}

/** Lucide's x and chevrons, as the rest of the site draws. */
const icon = (paths: string) =>
  `<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;
const icons = {
  close: icon('<path d="M18 6 6 18"/><path d="m6 6 12 12"/>'),
  previous: icon('<path d="m15 18-6-6 6-6"/>'),
  next: icon('<path d="m9 18 6-6-6-6"/>'),
};

/** A swipe is a finger's move across, longer than this and than its move down. */
const swipeLength = 40;

function makeLightbox(root: HTMLElement, links: HTMLAnchorElement[]): Lightbox {
  const dialog = document.createElement("dialog");
  dialog.className = "lightbox";
  const button = (name: keyof typeof icons, label: string | undefined) => {
    const made = document.createElement("button");
    made.type = "button";
    made.className = `lightbox-${name}`;
    made.innerHTML = icons[name];
    made.setAttribute("aria-label", label ?? name);
    return made;
  };
  const close = button("close", root.dataset.closeLabel);
  const previous = button("previous", root.dataset.previousLabel);
  const next = button("next", root.dataset.nextLabel);
  const figure = document.createElement("figure");
  figure.className = "lightbox-figure";
  const frame = document.createElement("div");
  frame.className = "lightbox-image";
  const caption = document.createElement("figcaption");
  caption.className = "lightbox-caption";
  const text = document.createElement("span");
  const count = document.createElement("span");
  count.className = "lightbox-count";
  caption.append(text, count);
  figure.append(frame, caption);
  // The close button first: it takes the focus as the dialog opens.
  dialog.append(close, figure, previous, next);
  if (links.length < 2) {
    previous.hidden = true;
    next.hidden = true;
    count.hidden = true;
  }
  root.append(dialog);

  let current = 0;
  const show = (index: number) => {
    current = (index + links.length) % links.length;
    const link = links[current]!;
    const thumbnail = link.querySelector("img");
    // The thumbnail's picture again, its copies now chosen for the whole screen: only now is the large one asked for.
    const large = (link.querySelector("picture") ?? thumbnail)?.cloneNode(true) as HTMLElement | undefined;
    if (large) {
      const image = large instanceof HTMLImageElement ? large : large.querySelector("img");
      // As wide as the screen, never wider than the largest copy (which the image's width is).
      const widest = image?.getAttribute("width");
      for (const source of large.querySelectorAll("source"))
        source.sizes = widest ? `min(100vw, ${widest}px)` : "100vw";
      image?.removeAttribute("loading");
      image?.removeAttribute("title");
    }
    frame.replaceChildren(...(large ? [large] : []));
    const words = thumbnail?.title || thumbnail?.alt || "";
    text.textContent = words;
    count.textContent = `${current + 1} / ${links.length}`;
    dialog.setAttribute("aria-label", words);
    if (!dialog.open) dialog.showModal();
  };
  const move = (step: number) => show(current + step);
  const rightToLeft = () => getComputedStyle(dialog).direction === "rtl";

  close.addEventListener("click", () => dialog.close());
  previous.addEventListener("click", () => move(-1));
  next.addEventListener("click", () => move(1));
  // A click beside the image and its buttons (on the dialog's own backdrop) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("keydown", (event) => {
    if (links.length < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    const forward = rightToLeft() ? "ArrowLeft" : "ArrowRight";
    const back = rightToLeft() ? "ArrowRight" : "ArrowLeft";
    if (event.key !== forward && event.key !== back) return;
    event.preventDefault();
    move(event.key === forward ? 1 : -1);
  });
  let start: { x: number; y: number } | undefined;
  dialog.addEventListener("pointerdown", (event) => {
    start = event.pointerType === "mouse" ? undefined : { x: event.clientX, y: event.clientY };
  });
  dialog.addEventListener("pointerup", (event) => {
    if (!start || links.length < 2) return;
    const across = event.clientX - start.x;
    const down = event.clientY - start.y;
    start = undefined;
    if (Math.abs(across) < swipeLength || Math.abs(across) < Math.abs(down)) return;
    // A finger moving left brings the next image, as a page turns; the other way on a right-to-left page.
    move(across < 0 !== rightToLeft() ? 1 : -1);
  });
  // Back to the thumbnail of the image last shown, wherever the visitor went in the gallery.
  dialog.addEventListener("close", () => {
    frame.replaceChildren();
    links[current]!.focus();
  });
  return { show };
}
