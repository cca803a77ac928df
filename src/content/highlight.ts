import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { BundledLanguage } from "shiki";
import { bundledLanguages } from "shiki/langs";
import { packageRoot } from "../package-root.js";
import { loadHtmlHighlighter, type HtmlHighlighter } from "./highlight-html.mjs";

/**
 * Code blocks are highlighted at build time, with Shiki and the grammars editors use
 * (highlight-html.mjs): each token's role (keyword, string, comment, …) becomes a class that
 * site.css colours per site theme, chosen to meet contrast on the code background. So a page has no
 * inline style (the CSP forbids them) and no highlighting script, and a code block follows the light
 * and dark themes by itself.
 */
export type HighlightCode = (code: string, language: string) => string | undefined;

/** A highlighter for the languages named in `sources`' code fences that Shiki knows; other fences stay plain. */
export async function createCodeHighlighter(sources: Iterable<string>): Promise<HighlightCode> {
  const { languages } = fencedLanguages(sources);
  if (!languages.size) return () => undefined;
  const highlighter = await sharedHighlighter(languages);
  return (code, language) => {
    const name = language.toLowerCase();
    return languages.has(name as BundledLanguage) ? highlighter.highlight(code, name) : undefined;
  };
}

/**
 * Highlighting beside the parsing: `highlight` gives each block a placeholder at once and a thread
 * of its own highlights it meanwhile; `settled` waits for the last one, then puts each in place.
 * The same code highlights on either thread (highlight-html.mjs), so the HTML is the same bytes.
 */
export interface DeferredHighlighter {
  highlight: HighlightCode;
  /**
   * Once every block given is highlighted: what puts them into HTML made with these placeholders,
   * and how many of them the thread highlighted (the rest were left to this one).
   */
  settled(): Promise<{ place: (html: string) => string; fromThread: number }>;
  /** Stops the thread, when the build stops before `settled` (content with problems). */
  close(): void;
}

/**
 * Fewer blocks than this are highlighted in the build's own thread: starting a thread and loading
 * Shiki into it takes about 0.2 s, which a short blog's parsing does not cover.
 */
export const blocksForThread = 150;

/**
 * A highlighter on a thread of its own for `sources` with at least `blocksForThread` code blocks in
 * languages Shiki knows, else none. At a thousand posts, each with a block of TypeScript, a cold
 * build's content stage took 1.3 s instead of 1.8 s: Shiki's work contends little with the parser's.
 */
export function highlightOnThread(
  sources: Iterable<string>,
  {
    workerFile = path.join(packageRoot(), "src", "content", "highlight-worker.mjs"),
  }: {
    /** The thread's script; the tests name one that cannot start. */
    workerFile?: string;
  } = {},
): DeferredHighlighter | undefined {
  const { languages, blocks } = fencedLanguages(sources);
  if (blocks < blocksForThread) return undefined;
  const worker = new Worker(pathToFileURL(workerFile), { workerData: { languages: [...languages] } });
  // Nothing keeps the process alive for it but `settled`.
  worker.unref();
  const given: Array<{ code: string; language: string }> = [];
  const highlighted = new Map<number, string>();
  let failure: string | undefined;
  let answered = () => {};
  const answer = () => {
    if (failure !== undefined || highlighted.size === given.length) answered();
  };
  worker.on("message", (message: { highlighted?: Array<[number, string]>; failure?: string }) => {
    for (const [id, html] of message.highlighted ?? []) highlighted.set(id, html);
    if (message.failure !== undefined) failure ??= message.failure;
    answer();
  });
  worker.on("error", (error) => {
    failure ??= error.stack ?? error.message;
    answer();
  });
  worker.on("exit", (code) => {
    failure ??= `the highlighting thread stopped (exit code ${code})`;
    answer();
  });
  // A placeholder no content can hold: a NUL and this build's own random mark.
  const mark = `\u0000${randomUUID()}:`;
  let batch: Array<[number, string, string]> = [];
  const send = () => {
    if (batch.length) worker.postMessage(batch);
    batch = [];
  };
  return {
    highlight(code, language) {
      const name = language.toLowerCase();
      if (!languages.has(name as BundledLanguage)) return undefined;
      const id = given.push({ code, language: name }) - 1;
      batch.push([id, code, name]);
      if (batch.length === 32) send();
      return `${mark}${id}\u0000`;
    },
    async settled() {
      send();
      worker.ref();
      await new Promise<void>((resolve) => {
        answered = resolve;
        answer();
      });
      await worker.terminate();
      // A thread that could not highlight (it failed to start, or Shiki failed in it) leaves the
      // rest to this one, which gives the same HTML, or the same error as a build without threads.
      const missing = given.map((_, id) => id).filter((id) => !highlighted.has(id));
      const fromThread = highlighted.size;
      if (missing.length) {
        const highlighter = await sharedHighlighter(languages);
        for (const id of missing) highlighted.set(id, highlighter.highlight(given[id]!.code, given[id]!.language));
      }
      const placeholder = new RegExp(`${mark}(\\d+)\u0000`, "g");
      return {
        place: (html) => html.replace(placeholder, (_whole, id: string) => highlighted.get(Number(id))!),
        fromThread,
      };
    },
    close() {
      void worker.terminate();
    },
  };
}

/** The languages Shiki knows among `sources`' code fences, and how many fences name one of them. */
function fencedLanguages(sources: Iterable<string>): { languages: Set<BundledLanguage>; blocks: number } {
  const languages = new Set<BundledLanguage>();
  let blocks = 0;
  for (const source of sources) {
    for (const [, name] of source.matchAll(/^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm)) {
      const language = name!.toLowerCase();
      if (Object.hasOwn(bundledLanguages, language)) {
        languages.add(language as BundledLanguage);
        blocks++;
      }
    }
  }
  return { languages, blocks };
}

/**
 * One highlighter for the whole process, its grammars loaded as content first needs them. Making
 * one costs ~0.3 s (WebAssembly, grammars): `portfolio dev` rebuilds on every save, and pays it once.
 */
let loading: Promise<HtmlHighlighter> | undefined;

async function sharedHighlighter(languages: Set<BundledLanguage>): Promise<HtmlHighlighter> {
  loading ??= loadHtmlHighlighter();
  const highlighter = await loading;
  await highlighter.load([...languages]);
  return highlighter;
}
