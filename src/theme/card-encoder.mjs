/**
 * A thread that encodes post cards as JPEGs (share-card.ts): each call into sharp costs the thread
 * that makes it a millisecond or two of its own (its options read one by one), which for a thousand
 * cards was seconds of the build's thread while it renders the pages. Each message is
 * `{ id, pixels, width, height, jpeg }`, the pixels (RGB) transferred; it is answered with
 * `{ id, pixels, contents }` (the pixels given back to be drawn in again) or `{ id, pixels, failure }`.
 */
import { parentPort } from "node:worker_threads";
import sharp from "sharp";

parentPort?.on(
  "message",
  /**
   * @param {{ id: number; pixels: Uint8Array; width: number; height: number;
   *   jpeg: import("sharp").JpegOptions }} card
   */
  async ({ id, pixels, width, height, jpeg }) => {
    try {
      const encoded = await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg(jpeg)
        .toBuffer();
      // A copy of its own to transfer: sharp's buffer is not one that can be moved to another thread.
      const contents = new Uint8Array(encoded);
      parentPort?.postMessage({ id, pixels, contents }, [pixels.buffer, contents.buffer]);
    } catch (error) {
      parentPort?.postMessage(
        { id, pixels, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) },
        [pixels.buffer],
      );
    }
  },
);
