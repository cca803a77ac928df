/// <reference lib="dom" />

/**
 * Images outside React (the sidebar photo, the cards of a list, an item's dialog) have nothing else
 * to watch them: a broken one is logged, and taken away for its placeholder, the element beside it
 * marked `data-image-placeholder`. Images that failed before this script ran are found by their
 * state. An island's own image without such a placeholder is left to its island.
 */
export function watchStaticImages(): void {
  const showPlaceholder = (image: HTMLImageElement) => {
    const shown = image.closest("picture") ?? image;
    const placeholder = shown.parentElement?.querySelector<HTMLElement>(":scope > [data-image-placeholder]");
    if ((image.closest("[data-island]") && !placeholder) || image.dataset.broken) return;
    image.dataset.broken = "true";
    console.error(`Image failed to load: ${image.currentSrc || image.src}`);
    if (!placeholder) {
      image.hidden = true;
      return;
    }
    shown.remove();
    placeholder.hidden = false;
  };
  for (const image of [...document.images]) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) showPlaceholder(image);
  }
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) showPlaceholder(event.target);
    },
    true,
  );
}
