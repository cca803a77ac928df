/**
 * A thread that highlights code blocks while the build's own thread parses the Markdown around them
 * (highlight.ts): a thousand posts' code took a third of their parsing, and Shiki's work contends
 * little with the parser's for the memory both cores share. Given the languages as `workerData`; each
 * message is a batch of `[id, code, language]`, answered with `[id, html]` pairs, or with the error.
 */
import { parentPort, workerData } from "node:worker_threads";
import { loadHtmlHighlighter } from "./highlight-html.mjs";

const ready = loadHtmlHighlighter().then(async (highlighter) => {
  await highlighter.load(workerData.languages);
  return highlighter;
});
// Reported with the first batch, which waits for it.
ready.catch(() => {});

parentPort?.on("message", async (/** @type {Array<[number, string, string]>} */ batch) => {
  try {
    const highlighter = await ready;
    parentPort?.postMessage({
      highlighted: batch.map(([id, code, language]) => [id, highlighter.highlight(code, language)]),
    });
  } catch (error) {
    parentPort?.postMessage({ failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
