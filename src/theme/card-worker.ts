// The card thread (post-card-thread.ts): paints and encodes a long blog's post cards, so that the build's own
// thread, which renders the pages meanwhile, only sends their words and receives their JPEGs. Given the
// site's CardSite as workerData, it sets up the painter once (the background, the glyphs' masks, the check
// against librsvg). Its one message is `{ cards: [{ id, title, author }] }`; the answers come in batches,
// `{ drawn: [[id, jpeg]], last }`, the JPEGs transferred, `last` on the batch after the last card.
// A card not drawn here is drawn on the build's thread, which then meets the same error as without this thread.
import { parentPort, workerData } from "node:worker_threads";
import { inParallel } from "../in-parallel.js";
import { batchesAtOnce, type CardSite, type CardWords, inBatches, postCardDrawer } from "./post-card-drawer.js";

/** Cards answered in one message: each message wakes the build's thread, which has pages to render. */
const answerEvery = 32;

/** The site as the thread is given it: its bytes cloned as Uint8Arrays, read as Buffers again without a copy. */
function siteOf(given: CardSite): CardSite {
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { ...given, photo: asBuffer(given.photo), font: given.font && asBuffer(given.font) };
}

const drawer = postCardDrawer(siteOf(workerData as CardSite));
// Each card is then left out, and the build's thread meets the error again when it draws them.
drawer.catch(() => {});

parentPort?.on("message", async ({ cards }: { cards: Array<CardWords & { id: number }> }) => {
  let drawn: Array<[number, Uint8Array]> = [];
  const answer = (last = false) => {
    if (!drawn.length && !last) return;
    parentPort?.postMessage(
      { drawn, last },
      drawn.map(([, jpeg]) => jpeg.buffer as ArrayBuffer),
    );
    drawn = [];
  };
  await inParallel(inBatches(cards), batchesAtOnce, async (batch) => {
    // Pushed once drawn (`answer` may have replaced the list meanwhile); a batch that fails is left out.
    const jpegs = await drawer.then((here) => here.draw(batch)).catch(() => undefined);
    if (jpegs) for (const [at, { id }] of batch.entries()) drawn.push([id, jpegs[at]!]);
    if (drawn.length >= answerEvery) answer();
  });
  answer(true);
});
