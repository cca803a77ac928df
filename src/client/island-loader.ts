/// <reference lib="dom" />
import { afterLoadAndPaint, nextIdle } from "./after-paint.js";

/**
 * When an island comes to life: `intent` at the visitor's first reach for it (its code only fetched
 * before), `idle` once the page has loaded, painted and gone idle, for islands that must act without
 * being touched (islands/registry.ts says which and why).
 */
export type IslandStart = "intent" | "idle";

/** An island's code: its entry and the chunks the entry imports, fetched side by side, and when it runs. */
export interface IslandScript {
  entry: string;
  chunks: string[];
  start: IslandStart;
}

/** What an island's entry module exports. */
interface IslandModule {
  hydrate: (root: HTMLElement) => Promise<void>;
}

/**
 * The first signs that the visitor is about to use an island: a pointer over it or pressed in it, a
 * finger on it, focus moving into it (Tab), a key pressed while focus is in it.
 */
const intentEvents = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * How long a click or submit made before its island is ready waits for it. Past that (a slow or
 * failed download), the browser does what it does without JavaScript: follows the link, posts the form.
 */
const replayWait = 4000;

/**
 * Islands are server-rendered HTML that works as it is, so their code can wait. Once the page has
 * loaded (its largest image included), painted and the browser is idle, each island's code is
 * fetched and compiled (`modulepreload`) but not run; it runs, and the island hydrates, at the
 * visitor's first reach for it. Until then the page runs no island code at all. A click or submit
 * made before the island is live is held and replayed once it is, so the visitor's first action is
 * never lost. Islands that start at idle (search, comments, analytics) are hydrated then instead.
 * Resolves once the page's islands are quiet: their code fetched (or failed), those that start at
 * idle live, and any hydration the visitor started by then finished. At once without islands.
 */
export function loadIslandsWhenNeeded(): Promise<void> {
  watchAddedContent();
  const data = document.querySelector("script[data-island-scripts]")?.textContent;
  if (!data) return Promise.resolve();
  const scripts = JSON.parse(data) as Record<string, IslandScript>;
  const idle = afterLoadAndPaint().then(nextIdle);
  const quiet: Array<Promise<unknown>> = [];
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const script = scripts[root.dataset.island ?? ""];
    if (script) quiet.push(watchIsland(root, script, idle));
  }
  return Promise.all(quiet).then(() => undefined);
}

/** The event a module dispatches on content it put in the page, with the islands' code its page named. */
export const contentAddedEvent = "portfolio:content-added";

export interface ContentAdded {
  scripts: Record<string, IslandScript>;
}

/**
 * Content put in the page after its load (a list's dialog shows an item's text fetched from the
 * item's page) can hold islands the page itself has not: their code, as the item's page names it,
 * comes with the event, and each island then waits for the visitor's reach as on its own page. Only
 * code of this site is run.
 */
function watchAddedContent(): void {
  document.addEventListener(contentAddedEvent, (event) => {
    const { scripts } = (event as CustomEvent<ContentAdded>).detail;
    const own = (url: string) => new URL(url, location.href).origin === location.origin;
    for (const root of (event.target as Element).querySelectorAll<HTMLElement>("[data-island]")) {
      const script = scripts[root.dataset.island ?? ""];
      if (script && [script.entry, ...script.chunks].every(own))
        void watchIsland(root, { ...script, start: "intent" }, Promise.resolve());
    }
  });
}

/**
 * Hydrates the island at its start (idle or the visitor's first reach), fetching its code at idle
 * meanwhile; resolves once it is quiet (see `loadIslandsWhenNeeded`).
 */
function watchIsland(root: HTMLElement, script: IslandScript, idle: Promise<void>): Promise<unknown> {
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

  if (script.start === "idle") return idle.then(start);
  // A hydration the visitor started before the code was fetched is waited for too.
  return idle.then(() => preload([script.entry, ...script.chunks])).then(() => hydration);
}

/**
 * Fetches and compiles modules without running them; resolves once each has arrived or failed. A
 * module already asked for is not asked again.
 */
function preload(urls: string[]): Promise<void> {
  const arrivals = urls.map((url) => {
    const asked = document.querySelector<HTMLLinkElement>(`link[rel=modulepreload][href="${url}"]`);
    if (asked) return Promise.resolve();
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    const arrived = new Promise<void>((resolve) => {
      link.addEventListener("load", () => resolve(), { once: true });
      link.addEventListener("error", () => resolve(), { once: true });
    });
    document.head.append(link);
    return arrived;
  });
  return Promise.all(arrivals).then(() => undefined);
}

async function hydrate(root: HTMLElement, script: IslandScript): Promise<void> {
  // The chunks are asked for beside the entry, not one import after another.
  void preload(script.chunks);
  // Each chunk runs in a task of its own (React's is the largest), so that the visitor's click or
  // key between them is answered rather than waiting for all of them at once.
  for (const chunk of script.chunks) {
    await import(chunk);
    await nextTask();
  }
  const module = (await import(script.entry)) as IslandModule;
  await module.hydrate(root);
  // A mark for styles and tests (and a reader of the DOM) that the island is live, not just drawn.
  root.dataset.hydrated = "";
}

/** Resolves in a later task, letting the browser handle input and paint in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
