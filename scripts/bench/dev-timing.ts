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
 * the open page shows the new text.
 */
export async function timeDevUpdates(
  browser: Browser,
  options: { root: string; project: string; file: string; route: string; runs: number },
): Promise<DevTiming> {
  const { child, url } = await startDev(options.root, options.project);
  try {
    const page = await browser.newPage();
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
        const started = performance.now();
        await writeFile(file, `${original.trimEnd()}\n\n${marker}\n`);
        await page.getByText(marker).waitFor({ timeout: 60_000 });
        if (run > 0) samples.push(performance.now() - started);
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
  }
}

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
