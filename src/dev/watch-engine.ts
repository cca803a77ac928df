import { readFileSync, unwatchFile, watchFile, type Stats } from "node:fs";
import path from "node:path";
import { packageName, packageRoot } from "../package-root.js";

/** Where the running engine's package.json is, and how often to look at it. */
export interface EngineWatch {
  /** @default the running engine's package.json */
  manifest?: string | undefined;
  /** @default 2000 */
  intervalMs?: number | undefined;
}

function versionIn(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** What `portfolio dev` says once the engine on disk is no longer the one it runs. */
export function engineChangedLine(from: string | undefined, to: string | undefined): string {
  const versions = from && to && from !== to ? ` (${packageName} ${from} → ${to})` : "";
  return `restart dev: the engine changed${versions}, and this dev still runs the one it started with. Stop it (Ctrl+C) and run npm run dev again.`;
}

/**
 * Tells once when the engine's package.json is replaced (`npm update`, `npm install
 * portfolio-ssg@…`): a running process keeps the code it loaded, so `dev` would go on serving the
 * old engine's pages without a word. Polled (fs.watchFile), since npm replaces the whole folder,
 * which a watch of the file itself would lose; unref'd, so it never keeps the process alive.
 */
export function watchEngine(watch: EngineWatch, onChanged: (line: string) => void): () => void {
  const manifest = watch.manifest ?? path.join(packageRoot(), "package.json");
  const started = versionIn(manifest);
  let told = false;
  const listener = (current: Stats, previous: Stats) => {
    // Gone for a moment while npm swaps the folder: looked at again at the next poll.
    if (told || current.mtimeMs === 0 || current.mtimeMs === previous.mtimeMs) return;
    told = true;
    onChanged(engineChangedLine(started, versionIn(manifest)));
  };
  watchFile(manifest, { interval: watch.intervalMs ?? 2000, persistent: false }, listener);
  return () => unwatchFile(manifest, listener);
}
