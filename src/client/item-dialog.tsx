/// <reference lib="dom" />
import type { ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { IslandRoot, type IslandWords } from "../islands/IslandRoot.js";
import { followItemLinks, ItemSelectionContext } from "../islands/item-dialog.js";

/**
 * A list's dialog island in the browser. Its root holds the cards as the server wrote them, which
 * React never renders nor hydrates; React renders only the dialog, into the root's empty slot
 * (`<Island>`'s children), and only once a card is opened does it draw anything.
 */
export function mountItemDialog<P extends IslandWords>(
  root: HTMLElement,
  name: string,
  Dialog: ComponentType<P>,
): Promise<void> {
  const props = JSON.parse(document.querySelector(`script[data-island-props="${root.id}"]`)?.textContent ?? "{}") as P;
  const slot = root.querySelector<HTMLElement>(":scope > [data-island-slot]");
  if (!slot) return Promise.reject(new Error(`The ${name} island has no slot for its dialog`));
  // Listening first: a click the island loader replays once this resolves finds its listener.
  const selection = followItemLinks(root);
  return new Promise((resolve) => {
    createRoot(slot, {
      identifierPrefix: `${root.id}-`,
      onRecoverableError: (error) => console.error(`The ${name} island failed:`, error),
    }).render(
      <IslandRoot name={name} words={props} onMount={resolve}>
        <ItemSelectionContext.Provider value={selection}>
          <Dialog {...props} />
        </ItemSelectionContext.Provider>
      </IslandRoot>,
    );
  });
}
