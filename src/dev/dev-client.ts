/// <reference lib="dom" />
/**
 * The script `portfolio dev` adds to every page it serves (never to `portfolio build`'s output).
 * It listens to the dev server's events: after a rebuild that changed pages, the open page takes in
 * what changed on it without a reload (see patch-page.ts), or reloads itself where it cannot, keeping
 * its scroll position and an open dialog; a rebuild that changed only the stylesheet swaps it in
 * place; a failed rebuild shows the error over the page, which stays the last good build underneath.
 */
import { applyPatch, devTagAttribute, planPatch } from "./patch-page.js";

interface BuildError {
  title: string;
  message: string;
}

const restoreKey = "portfolio-dev-restore";

interface Restore {
  path: string;
  x: number;
  y: number;
  /** The item whose dialog was open, to open again once the list is back. */
  dialog?: string | undefined;
}

/**
 * The HTML this page was loaded from, as the server sent it: what a rebuilt page is compared with.
 * Fetched once the page is up; `undefined` when a build landed between the page's load and the fetch
 * (the builds' numbers differ), as the page then no longer matches it.
 */
let served: Promise<Document | undefined> = fetchServed(buildOf(document));
/** The address `served` is the page of: one the page's scripts moved away from is another page. */
const servedPath = location.pathname;
/** Updates one at a time, in the order the builds finished. */
let updating: Promise<void> = Promise.resolve();

function connect(): void {
  const events = new EventSource("/__portfolio/events");
  // Marks the page as listening (tests and the timing script wait for it).
  events.addEventListener("open", () => document.documentElement.setAttribute("data-portfolio-dev", "connected"));
  events.addEventListener("reload", () => reload());
  events.addEventListener("update", () => {
    updating = updating.then(update).catch(reload);
  });
  events.addEventListener("css", (event) =>
    swapStylesheet(JSON.parse((event as MessageEvent<string>).data) as { from: string; to: string }),
  );
  events.addEventListener("build-error", (event) =>
    showError(JSON.parse((event as MessageEvent<string>).data) as BuildError),
  );
  events.addEventListener("build-ok", () => hideError());
}

/** Takes in the rebuilt page where it can, and reloads where it cannot. */
async function update(): Promise<void> {
  // An item's dialog shows a page over another: reloading is what brings both back.
  if ((history.state as { itemDialog?: string } | null)?.itemDialog || location.pathname !== servedPath)
    return reload();
  const before = await served;
  const next = before && (await fetchServed());
  const changes = before && next && planPatch(document, before, next);
  if (!changes) return reload();
  applyPatch(document, changes);
  served = Promise.resolve(next);
}

async function fetchServed(expectedBuild?: string): Promise<Document | undefined> {
  try {
    const response = await fetch(location.href, { cache: "no-store" });
    if (!response.ok) return undefined;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    if (expectedBuild !== undefined && buildOf(page) !== expectedBuild) return undefined;
    return page;
  } catch {
    return undefined;
  }
}

/** The number of the build a page comes from, which the dev server writes on its script's tag. */
function buildOf(page: Document): string | undefined {
  return page.querySelector<HTMLElement>(`script[${devTagAttribute}]`)?.dataset.build;
}

function reload(): void {
  const dialog = (history.state as { itemDialog?: string } | null)?.itemDialog;
  const restore: Restore = { path: location.pathname, x: scrollX, y: scrollY, dialog };
  if (dialog) {
    // The dialog's address is the item's page: go back to the list first, then reload the list.
    addEventListener(
      "popstate",
      () => {
        sessionStorage.setItem(restoreKey, JSON.stringify({ ...restore, path: location.pathname }));
        location.reload();
      },
      { once: true },
    );
    history.back();
    return;
  }
  sessionStorage.setItem(restoreKey, JSON.stringify(restore));
  location.reload();
}

function restoreView(): void {
  const saved = sessionStorage.getItem(restoreKey);
  sessionStorage.removeItem(restoreKey);
  if (!saved) return;
  const restore = JSON.parse(saved) as Restore;
  if (restore.path !== location.pathname) return;
  scrollTo(restore.x, restore.y);
  if (restore.dialog) reopenDialog(restore.dialog, Date.now() + 3000);
}

/**
 * Clicks the card again once the dialog's island around it is live (the island loader marks it).
 * The island comes to life at a visitor's reach, so focus goes to the card first, as the keyboard
 * reader's would: that is where the dialog hands it back on closing.
 */
function reopenDialog(href: string, until: number): void {
  const link = [...document.querySelectorAll<HTMLAnchorElement>('a[aria-haspopup="dialog"]')].find(
    (candidate) => candidate.getAttribute("href") === href,
  );
  const hydrated = link?.closest("[data-island]")?.hasAttribute("data-hydrated");
  if (link && hydrated) link.click();
  else {
    if (link && document.activeElement !== link) link.focus({ preventScroll: true });
    if (Date.now() < until) setTimeout(() => reopenDialog(href, until), 50);
  }
}

function swapStylesheet({ from, to }: { from: string; to: string }): void {
  const old = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
    (link) => link.getAttribute("href") === from,
  );
  if (!old) {
    reload();
    return;
  }
  const next = old.cloneNode() as HTMLLinkElement;
  next.href = to;
  next.addEventListener("load", () => old.remove(), { once: true });
  old.after(next);
  // The served page is what the server now sends: the same but for the stylesheet's name.
  served = served.then((page) => {
    for (const link of page?.querySelectorAll('link[rel="stylesheet"]') ?? [])
      if (link.getAttribute("href") === from) link.setAttribute("href", to);
    return page;
  });
}

let overlay: HTMLDialogElement | undefined;

function showError(error: BuildError): void {
  hideError();
  const dialog = document.createElement("dialog");
  dialog.className = "portfolio-dev-overlay";
  dialog.setAttribute("aria-labelledby", "portfolio-dev-title");
  const heading = document.createElement("h2");
  heading.id = "portfolio-dev-title";
  heading.textContent = error.title;
  const explanation = document.createElement("p");
  explanation.textContent =
    "The page below is the last build that worked. Fix the file and save: this page updates itself.";
  const message = document.createElement("pre");
  message.textContent = error.message;
  message.tabIndex = 0;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.addEventListener("click", () => dialog.close());
  dialog.append(heading, explanation, message, close);
  document.body.append(dialog);
  dialog.showModal();
  overlay = dialog;
}

function hideError(): void {
  overlay?.close();
  overlay?.remove();
  overlay = undefined;
}

restoreView();
connect();
