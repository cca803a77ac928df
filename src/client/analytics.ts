/// <reference lib="dom" />
import type { AnalyticsProps } from "../islands/Analytics.js";

/**
 * The owner's analytics service (the config's `analytics`): its script is added when the island
 * loader reaches this island, after the page has loaded, painted and gone idle, so it never
 * competes with what the visitor came for. Only a site that counts visits has this island, and only
 * its pages' policy allows the service's hosts.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const props = JSON.parse(
    document.querySelector(`script[data-island-props="${root.id}"]`)?.textContent ?? "{}",
  ) as AnalyticsProps;
  if (!props.src) return;
  const script = document.createElement("script");
  script.src = props.src;
  script.defer = true;
  for (const [name, value] of Object.entries(props.attributes)) script.setAttribute(name, value);
  document.head.append(script);
}
