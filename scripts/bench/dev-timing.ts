import { spawn, type ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { Browser } from "playwright-core";
import { median } from "./stats.js";
import { MeasurementError } from "./types.js";

/** The pause before each save. */
export const quietBetweenSavesMs = 3000;

export interface DevTiming {
  /** What was edited, and the page watched. */
  file: string;
  route: string;
  samplesMs: number[];
  medianMs: number;
}

/**
 * Save-to-updated-page with `portfolio dev`, as its user sees it: the real CLI in its own process,
 * a page open in Chromium, then `runs` edits of one content file, each timed from the write until
 * the open page shows the new text: the first frame after it is in the page, taken in the page
 * itself (whether it was patched in or reloaded), since waiting for it from outside adds the
 * polling's own delay of up to 100 ms.
 */
export async function timeDevUpdates(
  browser: Browser,
  options: {
    root: string;
    project: string;
    file: string;
    route: string;
    runs: number;
    /** The file as saved with the marker in it. @default the marker appended as a paragraph */
    edit?: (original: string, marker: string) => string;
  },
): Promise<DevTiming> {
  const edit = options.edit ?? ((original: string, marker: string) => `${original.trimEnd()}\n\n${marker}\n`);
  const { child, url } = await startDev(options.root, options.project);
  try {
    const page = await browser.newPage();
    // Every document the tab loads (a reload too) watches for the marker it is told of and notes the
    // wall-clock time of the first frame that has it.
    await page.addInitScript({ content: watchForMarker });
    await page.goto(new URL(options.route.replace(/^\//, ""), url).href);
    await page.locator('html[data-portfolio-dev="connected"]').waitFor({ state: "attached", timeout: 30_000 });
    const file = path.join(options.project, options.file);
    const original = await readFile(file, "utf8");
    const samples: number[] = [];
    try {
      // One untimed edit first: the first rebuild also loads what later ones reuse.
      for (let run = 0; run <= options.runs; run++) {
        // An owner reads what they saved before saving again: by then the work a save leaves for
        // after its page shows (the search index, in the background) is done, and does not delay the next.
        await new Promise((resolve) => setTimeout(resolve, quietBetweenSavesMs));
        const marker = `Timed edit ${run} ${Date.now()}`;
        await page.evaluate(
          ([key, text]) => {
            sessionStorage.setItem(key, text);
            (window as WatchedWindow).watchForMarker?.();
          },
          [markerKey, marker] as const,
        );
        const started = Date.now();
        await writeFile(file, edit(original, marker));
        await page.getByText(marker).first().waitFor({ timeout: 60_000 });
        const shown = await page.waitForFunction(() => (window as WatchedWindow).markerShownAt);
        if (run > 0) samples.push(Number(await shown.jsonValue()) - started);
        // Let the page settle (its islands hydrate) before the next save.
        await page.waitForLoadState("load");
      }
    } finally {
      await writeFile(file, original);
      await page.close();
    }
    return { file: options.file, route: options.route, samplesMs: samples, medianMs: median(samples) };
  } finally {
    child.kill();
    // A process the dev server started (Pagefind's) may hold its output open after it: the bench would never end.
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
}

const markerKey = "portfolio-bench-marker";

interface WatchedWindow extends Window {
  markerShownAt?: number;
  watchForMarker?: () => void;
}

/**
 * Runs in every document of the page: notes when the marker saved in sessionStorage is first painted.
 * A string, not a function: tsx's transform would add helpers to a function that the page lacks.
 */
const watchForMarker = `(() => {
  let observer;
  window.watchForMarker = () => {
    observer?.disconnect();
    window.markerShownAt = undefined;
    const marker = sessionStorage.getItem(${JSON.stringify(markerKey)});
    if (!marker) return;
    const check = () => {
      if (window.markerShownAt !== undefined || !document.body?.textContent?.includes(marker)) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.markerShownAt = Date.now(); });
    };
    observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    check();
  };
  window.watchForMarker();
})();`;

async function startDev(root: string, project: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(root, "bin", "portfolio.js"), "dev", "--port", "0"], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...withoutColourForcing(process.env), NO_COLOR: "1" },
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new MeasurementError(`portfolio dev did not start within 120 s:\n${output}`)),
      120_000,
    );
    const read = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      const found = /Developing at (http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", (code) => reject(new MeasurementError(`portfolio dev exited (code ${code}):\n${output}`)));
  });
  return { child, url };
}

/** picocolors colours output whenever FORCE_COLOR is set, whatever its value. */
function withoutColourForcing(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _forced, ...rest } = env;
  return rest;
}
