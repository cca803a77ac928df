import { portfolioError } from "../errors.js";
import { isLoopbackHost } from "../serve/allowed-hosts.js";
import type { Chromium } from "../chromium/launch-chromium.js";

/**
 * Runs in the page once it has loaded: lazy images are made eager (a printed page has no viewport
 * to scroll them into), then it waits for every image and web font, so nothing is printed half-drawn.
 */
const settle = `(async () => {
  const images = [...document.images];
  for (const image of images) image.loading = "eager";
  await Promise.all(images.map((image) => image.complete
    ? image.decode().catch(() => {})
    : new Promise((done) => { image.addEventListener("load", done, { once: true }); image.addEventListener("error", done, { once: true }); })));
  await document.fonts.ready;
  return true;
})()`;

/** A4 in inches, the protocol's unit; the margins come from the print stylesheet's `@page`. */
const a4 = { paperWidth: 210 / 25.4, paperHeight: 297 / 25.4 };

/** True for an address that stays on this machine: loopback, or data held by the page itself. */
export function isLoopbackUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol === "data:" || url.protocol === "about:") return true;
  if (url.protocol === "blob:") return isLoopbackUrl(url.origin);
  return ["http:", "https:", "ws:", "wss:"].includes(url.protocol) && isLoopbackHost(url.hostname);
}

interface PausedRequest {
  requestId: string;
  request: { url: string };
}

/**
 * Opens the address in a new tab, waits until it has loaded with its images and fonts, and prints
 * it with the page's print stylesheet: A4, backgrounds, a tagged PDF (readable by screen readers)
 * with an outline of its headings.
 */
export async function printPage(chromium: Chromium, url: string): Promise<Buffer> {
  const { targetId } = await chromium.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await chromium.send<{ sessionId: string }>("Target.attachToTarget", {
    targetId,
    flatten: true,
  });
  const send = <T>(method: string, params: object = {}) => chromium.send<T>(method, params, sessionId);
  // Besides Chromium's flags: every request of the page is held, and one for another host is failed.
  const stopBlocking = chromium.on<PausedRequest>("Fetch.requestPaused", sessionId, ({ requestId, request }) => {
    const answer = isLoopbackUrl(request.url)
      ? send("Fetch.continueRequest", { requestId })
      : send("Fetch.failRequest", { requestId, errorReason: "BlockedByClient" });
    answer.catch(() => undefined);
  });
  try {
    await send("Fetch.enable", { patterns: [{ urlPattern: "*" }] });
    return await printAttached(chromium, url, sessionId);
  } finally {
    stopBlocking();
  }
}

async function printAttached(chromium: Chromium, url: string, sessionId: string): Promise<Buffer> {
  const send = <T>(method: string, params: object = {}) => chromium.send<T>(method, params, sessionId);
  await send("Page.enable");
  const loaded = chromium.next("Page.loadEventFired", sessionId);
  const navigation = await send<{ errorText?: string }>("Page.navigate", { url });
  if (navigation.errorText) throw portfolioError("ChromiumFailed", [`${url} did not open: ${navigation.errorText}`]);
  await loaded;
  await send("Runtime.evaluate", { expression: settle, awaitPromise: true, returnByValue: true });
  const { data } = await send<{ data: string }>("Page.printToPDF", {
    ...a4,
    marginTop: 0,
    marginBottom: 0,
    marginLeft: 0,
    marginRight: 0,
    printBackground: true,
    generateTaggedPDF: true,
    generateDocumentOutline: true,
  });
  return Buffer.from(data, "base64");
}
