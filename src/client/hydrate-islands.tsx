/// <reference lib="dom" />
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandRoot } from "../islands/IslandRoot.js";

/** Finds every marker of the named island on the page and hydrates it with its serialised props. */
export function hydrateIslands<P extends object>(name: string, Component: ComponentType<P>): void {
  for (const root of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const propsElement = document.querySelector(`script[data-island-props="${root.id}"]`);
    const props = JSON.parse(propsElement?.textContent ?? "{}") as P;
    hydrateRoot(
      root,
      <IslandRoot name={name}>
        <Component {...props} />
      </IslandRoot>,
      {
        identifierPrefix: `${root.id}-`,
        onRecoverableError: (error) => console.error(`Hydration of the ${name} island failed:`, error),
      },
    );
  }
}
