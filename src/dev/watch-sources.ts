import { overrideFolders } from "../overrides/overridable.js";
import { lstatSync, readdirSync, watch, type FSWatcher, type WatchListener } from "node:fs";
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
 * Calls `rebuild` when the config, content/, public/, templates/ or portfolio's stylesheets change
 * (src/styles/ and the parts in its folders, in a clone of the repository). Rapid saves coalesce
 * into one rebuild; one rebuild runs at a time, and changes made while it runs lead to exactly one
 * more after it.
 */
export async function watchSources(
  root: string,
  configFile: string,
  rebuild: () => Promise<void>,
): Promise<SourceWatcher> {
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
  const watcher = watchTree(
    [
      configFile,
      ...["content", "public", "templates", ...overrideFolders].map((folder) => path.join(root, folder)),
      path.join(packageRoot(), "src", "styles"),
    ],
    changed,
  );
  const close = async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    watcher.close();
    await running;
    markIdle();
  };
  return { settled: () => idle, rebuild: changed, close };
}

/**
 * Calls `changed` whenever anything is written, added, removed or renamed at `paths` (files and
 * folders, which may not exist yet) or below them, `.portfolio/` excepted. Each folder is watched
 * on its own (inotify on Linux), and a folder's listing is read again only when an entry was added
 * to it or removed from it, to watch a new subfolder. A general-purpose watcher (chokidar) lists
 * a folder again, and stats each of its entries, after any change in it: 70 ms of every save on a
 * thousand-post blog. What changed is not told: the build reads the sources afresh.
 */
export function watchTree(paths: readonly string[], changed: () => void): { close: () => void } {
  const folders = new Map<string, FSWatcher>();
  // portfolio's own folder (builds, caches) holds no source, wherever it is below a watched path.
  const ignored = (absolute: string) => path.basename(absolute) === ".portfolio";
  let closed = false;

  const unwatch = (folder: string) => {
    for (const [watched, watcher] of folders)
      if (watched === folder || watched.startsWith(`${folder}${path.sep}`)) {
        watcher.close();
        folders.delete(watched);
      }
  };
  /**
   * Something happened to `entry`: an entry added, removed or renamed has a new folder watched, a removed one let go.
   */
  const seen = (event: string, entry: string) => {
    if (event === "rename") {
      if (isFolder(entry)) watchFolder(entry);
      else unwatch(entry);
    }
    changed();
  };
  /** Watches `folder` and every folder below it not watched yet. */
  const watchFolder = (folder: string) => {
    if (closed || folders.has(folder) || ignored(folder)) return;
    const watcher = attemptWatch(folder, (event, name) => {
      const entry = name ? path.join(folder, name.toString()) : folder;
      if (!ignored(entry)) seen(event, entry);
    });
    if (!watcher) return;
    // The folder went away (or cannot be watched any more): its parent's watcher tells of it.
    watcher.on("error", () => unwatch(folder));
    folders.set(folder, watcher);
    for (const entry of subfolders(folder)) watchFolder(path.join(folder, entry));
  };

  // Each path is watched through its parent folder, which tells when it is made, replaced
  // (an editor's save by rename), or removed; a path that is a folder is watched below too.
  const named = new Map<string, Set<string>>();
  for (const watched of paths) {
    const parent = path.dirname(watched);
    named.set(parent, (named.get(parent) ?? new Set()).add(path.basename(watched)));
    if (isFolder(watched)) watchFolder(watched);
  }
  const parents: FSWatcher[] = [];
  for (const [parent, names] of named) {
    const watcher = attemptWatch(parent, (event, name) => {
      if (name && names.has(name.toString())) seen(event, path.join(parent, name.toString()));
    });
    if (watcher) parents.push(watcher);
  }
  return {
    close: () => {
      closed = true;
      for (const watcher of [...parents, ...folders.values()]) watcher.close();
      folders.clear();
    },
  };
}

function attemptWatch(folder: string, listener: WatchListener<string | Buffer>): FSWatcher | undefined {
  try {
    const watcher = watch(folder, { persistent: true }, listener);
    watcher.on("error", () => {});
    return watcher;
  } catch {
    // Gone, or not a folder that can be watched: its parent tells when it comes back.
    return undefined;
  }
}

function isFolder(entry: string): boolean {
  try {
    return lstatSync(entry).isDirectory();
  } catch {
    return false;
  }
}

function subfolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
