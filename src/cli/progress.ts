import pc from "picocolors";
import type { BuildStage } from "../pipeline/build-site.js";
import type { CommandIo } from "./command-io.js";

const labels: Record<BuildStage | "print", string> = {
  config: "Reading the config",
  content: "Reading content/",
  images: "Sizing images",
  cards: "Drawing share cards",
  render: "Rendering pages",
  bundle: "Bundling styles and scripts",
  search: "Indexing for search",
  check: "Checking every link",
  compress: "Compressing",
  write: "Writing the site",
  print: "Printing with Chromium",
};

/** Builds this quick need no progress line. */
const quietMs = 1000;

/**
 * What stage a long build is in, on one line of the terminal that is replaced as it goes and
 * erased at the end, so the summary stays one line and the table. Nothing at all when the output
 * is not a terminal (CI, a pipe), or for a build shorter than a second.
 */
export function progressLine(io: CommandIo): { onStage: (stage: BuildStage | "print") => void; stop: () => void } {
  const status = io.status;
  if (!status) return { onStage: () => {}, stop: () => {} };
  const started = Date.now();
  let current = labels.config;
  let shown = false;
  const show = () => {
    shown = true;
    status(`${pc.cyan("…")} ${current} ${pc.dim(`(${((Date.now() - started) / 1000).toFixed(1)} s)`)}`);
  };
  const timer = setInterval(() => {
    if (Date.now() - started >= quietMs) show();
  }, 250);
  timer.unref();
  return {
    onStage: (stage) => {
      current = labels[stage];
      if (shown || Date.now() - started >= quietMs) show();
    },
    stop: () => {
      clearInterval(timer);
      if (shown) status(undefined);
    },
  };
}
