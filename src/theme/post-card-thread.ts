// Post cards drawn on a thread of their own (card-worker.ts) while the build's thread renders the pages.
import { Worker } from "node:worker_threads";
import { hashOf } from "../cache/build-cache.js";
import { inParallel } from "../in-parallel.js";
import {
  batchesAtOnce,
  type CardSite,
  type CardWords,
  inBatches,
  type PostCardDrawer,
  postCardDrawer,
} from "./post-card-drawer.js";

/** Fewer cards than this to draw are drawn on the build's own thread: a thread's start is worth it for many. */
export const cardsForThread = 40;

/**
 * Draws a site's post cards, in their order: a long blog's on the card thread (drawOnThread), a few here.
 * Only their words leave this thread; the painter is set up once, where the cards are drawn.
 */
export async function drawPostCards(
  cards: CardWords[],
  site: CardSite,
  kept?: KeptDrawer | undefined,
  /** Told of each card the card thread gives back, as it arrives. */
  onDrawn?: ((index: number, jpeg: Uint8Array) => void) | undefined,
  /** No more cards are drawn once it is aborted: the answer is then its reason, thrown. */
  stop?: AbortSignal | undefined,
): Promise<Uint8Array[]> {
  let drawer: Promise<PostCardDrawer> | undefined;
  const drawHere = async (some: CardWords[]) => {
    stop?.throwIfAborted();
    drawer ??= kept ? keptOrNewDrawer(kept, site) : postCardDrawer(site);
    const here = await drawer;
    return (await inParallel(inBatches(some), batchesAtOnce, (batch) => here.draw(batch))).flat();
  };
  if (cards.length < cardsForThread) return drawHere(cards);
  return (await drawOnThread(cards, site, drawHere, { onDrawn, stop })).jpegs;
}

/**
 * `portfolio dev`'s drawer of cards, by what it paints with: its setup (the background rendered, the
 * sources of glyphs checked against librsvg) cost a save that changed one title a third of a second.
 */
export interface KeptDrawer {
  key?: string;
  drawer?: Promise<PostCardDrawer>;
}

/** The kept drawer if it paints with `site`, else a new one, kept for the next build. */
function keptOrNewDrawer(kept: KeptDrawer, site: CardSite): Promise<PostCardDrawer> {
  const key = hashOf(site.photo, site.font ?? "system", JSON.stringify([site.colours, site.radius]));
  if (kept.key !== key || !kept.drawer) {
    kept.key = key;
    kept.drawer = postCardDrawer(site);
    // A drawer that could not be made is made again by the next build.
    kept.drawer.catch(() => {
      if (kept.key === key) kept.drawer = undefined;
    });
  }
  return kept.drawer;
}

/**
 * Draws cards on the card thread: every card's words are sent in one message (each message wakes a thread,
 * and on a busy machine the one that sends it loses its core for a while, about a millisecond, which for a
 * message per card was most of what the cards cost this thread), and their JPEGs come back in batches.
 * What the thread does not give back (it could not start, it stopped, a card failed in it) is drawn by
 * `drawHere` on this thread with the same code: the same bytes, or the same error as without a thread.
 */
export async function drawOnThread(
  cards: CardWords[],
  site: CardSite,
  drawHere: (cards: CardWords[]) => Promise<Uint8Array[]>,
  {
    workerFile = cardWorkerFile(),
    onDrawn,
    stop,
  }: {
    /** The thread's script; the tests name one that cannot start. */
    workerFile?: URL | string;
    onDrawn?: ((index: number, jpeg: Uint8Array) => void) | undefined;
    /** Ends the thread at once; what it did not give back is then not drawn here either (`drawHere` throws). */
    stop?: AbortSignal | undefined;
  } = {},
): Promise<{ jpegs: Uint8Array[]; fromThread: number }> {
  const jpegs: Array<Uint8Array | undefined> = new Array(cards.length);
  await new Promise<void>((resolve) => {
    if (stop?.aborted) return resolve();
    let worker: Worker;
    const end = () => {
      stop?.removeEventListener("abort", end);
      void worker?.terminate();
      resolve();
    };
    try {
      // Kept referenced until its last card: the build may have nothing else left to wait for.
      worker = new Worker(workerFile, { workerData: site });
    } catch {
      return resolve();
    }
    stop?.addEventListener("abort", end);
    worker.on("message", ({ drawn, last }: { drawn: Array<[number, Uint8Array]>; last: boolean }) => {
      if (stop?.aborted) return;
      for (const [id, jpeg] of drawn) {
        jpegs[id] = jpeg;
        onDrawn?.(id, jpeg);
      }
      if (last) end();
    });
    worker.on("error", end);
    worker.on("exit", end);
    worker.postMessage({ cards: cards.map((words, id) => ({ id, ...words })) });
  });
  const missing = cards.flatMap((_, id) => (jpegs[id] ? [] : [id]));
  if (missing.length) {
    const drawn = await drawHere(missing.map((id) => cards[id]!));
    missing.forEach((id, index) => {
      jpegs[id] = drawn[index];
    });
  }
  return { jpegs: jpegs as Uint8Array[], fromThread: cards.length - missing.length };
}

/**
 * The card thread's script. Compiled (bin/compile-cli.js), this module is in the CLI or one of its chunks
 * (`cli-chunks/`), and the thread is the entry `card-worker.js` beside the CLI; run from src/ (tsx, vitest),
 * it is card-worker-source.mjs, which compiles card-worker.ts as it loads it.
 */
export function cardWorkerFile(moduleUrl: string = import.meta.url): URL {
  if (new URL(moduleUrl).pathname.endsWith(".ts")) return new URL("./card-worker-source.mjs", moduleUrl);
  return new URL(
    new URL(moduleUrl).pathname.includes("/cli-chunks/") ? "../card-worker.js" : "./card-worker.js",
    moduleUrl,
  );
}
