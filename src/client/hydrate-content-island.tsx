/// <reference lib="dom" />
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";

/** Tells the loader the island is live once React has mounted it. */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(onMount, [onMount]);
  return children;
}

/**
 * Hydrates one of the owner's islands of components/content/ (overrides/content-components.ts drew
 * it on the server): its props are the values of its attributes, read as data from its root, and what
 * it holds is the element the server put it in, taken back from the page as it is.
 */
export function hydrateContentIsland(
  root: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
): Promise<void> {
  const values = JSON.parse(root.dataset.islandProps ?? "{}") as Record<string, unknown>;
  const held = root.querySelector<HTMLElement>("[data-content-children]");
  const children = held
    ? createElement(held.tagName.toLowerCase(), {
        "data-content-children": "",
        dangerouslySetInnerHTML: { __html: held.innerHTML },
      })
    : undefined;
  return new Promise((resolve) => {
    startTransition(
      () =>
        void hydrateRoot(
          root,
          <Mounted onMount={resolve}>
            <Component {...values}>{children}</Component>
          </Mounted>,
          {
            identifierPrefix: `${root.id}-`,
            onRecoverableError: (error) =>
              console.error(`Hydration of the ${root.dataset.island} island failed:`, error),
          },
        ),
    );
  });
}
