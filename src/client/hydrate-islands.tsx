/// <reference lib="dom" />
import { startTransition, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandRoot, type IslandWords } from "../islands/IslandRoot.js";

/** Hydrates one island's marker with its serialised props; settles once React has made it live. */
export function hydrateIsland<P extends IslandWords>(
  root: HTMLElement,
  name: string,
  Component: ComponentType<P>,
): Promise<void> {
  const propsElement = document.querySelector(`script[data-island-props="${root.id}"]`);
  const props = JSON.parse(propsElement?.textContent ?? "{}") as P;
  return new Promise((resolve) => {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole island; a click meanwhile still hydrates its target at once.
    startTransition(
      () =>
        void hydrateRoot(
          root,
          <IslandRoot name={name} words={props} onMount={resolve}>
            <Component {...props} />
          </IslandRoot>,
          {
            identifierPrefix: `${root.id}-`,
            onRecoverableError: (error) => console.error(`Hydration of the ${name} island failed:`, error),
          },
        ),
    );
  });
}
