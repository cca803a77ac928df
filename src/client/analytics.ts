/// <reference lib="dom" />
import { afterLoadAndPaint, nextIdle } from "./after-paint.js";

/**
 * The owner's analytics service (the config's `analytics`): its script is added once the page has
 * loaded, painted and gone idle, so it never competes with what the visitor came for. Only a site
 * that counts visits has this script, and only its pages' policy allows the service's host.
 */
function loadAnalyticsWhenIdle(): void {
  const data = document.querySelector("script[data-analytics]")?.textContent;
  if (!data) return;
  const { src, attributes } = JSON.parse(data) as { src: string; attributes: Record<string, string> };
  void afterLoadAndPaint()
    .then(nextIdle)
    .then(() => {
      const script = document.createElement("script");
      script.src = src;
      script.defer = true;
      for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
      document.head.append(script);
    });
}

loadAnalyticsWhenIdle();
