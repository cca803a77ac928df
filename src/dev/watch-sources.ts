import path from "node:path";
import { packageRoot } from "../package-root.js";

export interface SourceWatcher {
  /** Resolves when no change is waiting and no rebuild is running. */
  settled: () => Promise<void>;
  /** Asks for a rebuild as a change of a file would (the search index of the last one is ready). */
  rebuild: () => void;
  /** Stops watching and starting rebuilds, and resolves once the running one is done. */
  close: () => Promise<void>;
}

/** Saves closer together than this are one change: editors write a file in several steps. */
const quietMs = 25;

/**
 * Calls `rebuild` when the config, content/, public/, templates/ or portfolio's stylesheet change.
 * Rapid saves coalesce into one rebuild; one rebuild runs at a time, and changes made while it runs
 * lead to exactly one more after it.
 */
export async function watchSources(
  root: string,
  configFile: string,
  rebuild: () => Promise<void>,
): Promise<SourceWatcher> {
  // Loaded here, not with the CLI: only dev and serve --watch watch files.
  const { watch } = await import("chokidar");
  const watcher = watch(
    [
      configFile,
      ...["content", "public", "templates"].map((folder) => path.join(root, folder)),
      path.join(packageRoot(), "src", "styles"),
    ],
    {
      ignoreInitial: true,
      ignored: (file) => file.includes(`${path.sep}.portfolio${path.sep}`),
    },
  );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let idle: Promise<void> = Promise.resolve();
  let markIdle: () => void = () => {};

  const start = () => {
    timer = undefined;
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = rebuild().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        start();
      } else if (!timer) markIdle();
    });
  };
  const changed = () => {
    if (closed) return;
    if (!timer && !running) idle = new Promise((resolve) => (markIdle = resolve));
    if (timer) clearTimeout(timer);
    timer = setTimeout(start, quietMs);
  };
  watcher.on("all", changed);
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  const close = async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    await watcher.close();
    await running;
    markIdle();
  };
  return { settled: () => idle, rebuild: changed, close };
}
