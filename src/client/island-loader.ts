/// <reference lib="dom" />
import { afterLoadAndPaint, nextIdle } from "./after-paint.js";

/** An island's code: its entry and the chunks the entry imports, fetched side by side. */
export interface IslandScript {
  entry: string;
  chunks: string[];
}

/** What an island's entry module exports. */
interface IslandModule {
  hydrate: (root: HTMLElement) => Promise<void>;
}

/** The first sign that the visitor is about to use an island: its code is fetched at once. */
const intentEvents = ["pointerdown", "pointerover", "focusin", "touchstart", "keydown"] as const;

/**
 * How long a click or submit made before its island is ready waits for it. Past that (a slow or
 * failed download), the browser does what it does without JavaScript: follows the link, posts the form.
 */
const replayWait = 4000;

/**
 * Islands are server-rendered HTML that works as it is, so their code can wait: nothing is fetched
 * until the page has loaded (its largest image included) and the browser is idle, or until the
 * visitor reaches for an island, whichever comes first. A click or submit before then is held and
 * replayed once the island is hydrated, so the visitor's first action is never lost.
 * Resolves once every island of the page is live (or has failed to load): at once without islands.
 */
export function loadIslandsWhenNeeded(): Promise<void> {
  const data = document.querySelector("script[data-island-scripts]")?.textContent;
  if (!data) return Promise.resolve();
  const scripts = JSON.parse(data) as Record<string, IslandScript>;
  const idle = afterLoadAndPaint().then(nextIdle);
  const live: Array<Promise<boolean>> = [];
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const script = scripts[root.dataset.island ?? ""];
    if (script) live.push(watchIsland(root, script, idle));
  }
  return Promise.all(live).then(() => undefined);
}

/** Hydrates the island when idle or at the visitor's first reach for it; resolves once it is live (true) or failed (false). */
function watchIsland(root: HTMLElement, script: IslandScript, idle: Promise<void>): Promise<boolean> {
  let hydration: Promise<boolean> | undefined;
  let ready = false;
  const start = () => {
    hydration ??= hydrate(root, script).then(
      () => (ready = true),
      (error: unknown) => {
        console.error(`The ${root.dataset.island} island could not be loaded:`, error);
        return false;
      },
    );
    return hydration;
  };
  const readyInTime = () =>
    Promise.race([start(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), replayWait))]);

  for (const type of intentEvents)
    root.addEventListener(type, () => void start(), { once: true, passive: true, capture: true });
  const live = idle.then(start);

  root.addEventListener(
    "click",
    (event) => {
      if (ready || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const control = (event.target as Element).closest<HTMLElement>("a[href], button:not([type=submit])");
      if (!control || !root.contains(control)) return;
      event.preventDefault();
      event.stopPropagation();
      void readyInTime().then((inTime) => {
        if (inTime) control.click();
        else if (control instanceof HTMLAnchorElement) location.assign(control.href);
      });
    },
    true,
  );

  root.addEventListener(
    "submit",
    (event) => {
      if (ready) return;
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      event.stopPropagation();
      void readyInTime().then((inTime) => (inTime ? form.requestSubmit() : form.submit()));
    },
    true,
  );
  return live;
}

async function hydrate(root: HTMLElement, script: IslandScript): Promise<void> {
  for (const chunk of script.chunks) {
    if (document.querySelector(`link[rel=modulepreload][href="${chunk}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = chunk;
    document.head.append(link);
  }
  const module = (await import(script.entry)) as IslandModule;
  await module.hydrate(root);
  // A mark for styles and tests (and a reader of the DOM) that the island is live, not just drawn.
  root.dataset.hydrated = "";
}
