/// <reference lib="dom" />

/**
 * Images outside islands (the sidebar photo) have no React to watch them: a broken one is logged and
 * its placeholder shown. Images that failed before this script ran are found by their state.
 */
export function watchStaticImages(): void {
  const showPlaceholder = (image: HTMLImageElement) => {
    if (image.closest("[data-island]") || image.dataset.broken) return;
    image.dataset.broken = "true";
    console.error(`Image failed to load: ${image.currentSrc || image.src}`);
    image.hidden = true;
    const placeholder = image.parentElement?.querySelector<HTMLElement>("[data-image-placeholder]");
    if (placeholder) placeholder.hidden = false;
  };
  for (const image of document.images) {
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
