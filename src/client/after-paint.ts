/// <reference lib="dom" />

/**
 * Resolves once the page has loaded (its largest image included) and something has been painted:
 * the moment for what must not hold back the first paint or the largest content, such as islands'
 * code and the theme's web fonts.
 */
export function afterLoadAndPaint(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else addEventListener("load", () => resolve(), { once: true });
  });
  // On a busy device the load event can come before anything is painted.
  const painted = new Promise<void>((resolve) => {
    if (performance.getEntriesByName("first-contentful-paint").length) return resolve();
    try {
      new PerformanceObserver((_, observer) => {
        observer.disconnect();
        resolve();
      }).observe({ type: "paint", buffered: true });
    } catch {
      // No paint timing in this browser: the next frame is drawn after the one being built.
      requestAnimationFrame(() => setTimeout(resolve, 0));
    }
  });
  return Promise.all([loaded, painted]).then(() => undefined);
}

/** Resolves when the browser is next idle (within two seconds at most), or soon where it cannot tell. */
export function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}
