import path from "node:path";
import { watch } from "chokidar";
import pc from "picocolors";
import { buildSite, type BuildOptions } from "../build/build-site.js";
import type { CommandIo } from "./build-command.js";
import { formatError } from "./report-error.js";

/**
 * Rebuilds the site whenever the config, content/, public/ or templates/ change. A failed rebuild
 * prints its error and leaves the served site as it was; the next save tries again.
 */
export async function watchSite(root: string, configFile: string, build: BuildOptions, io: CommandIo): Promise<{ close: () => Promise<void> }> {
  const watcher = watch([configFile, ...["content", "public", "templates"].map((folder) => path.join(root, folder))], {
    ignoreInitial: true,
    awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 },
  });
  let running: Promise<void> | undefined;
  let again = false;

  const rebuild = async (): Promise<void> => {
    try {
      const result = await buildSite(build);
      io.log(`${pc.green("✓")} Rebuilt in ${Math.round(result.durationMs)} ms`);
    } catch (error) {
      io.warn(formatError(error));
    }
  };
  // One build at a time; changes made during a build lead to one more build after it.
  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = rebuild().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    });
  };
  watcher.on("all", schedule);
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return { close: () => watcher.close() };
}
