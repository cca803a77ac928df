// Loaded with `node --import` into each timed build: prints the process's peak resident memory as
// it exits, for the scale benchmark. (esbuild's own process is not counted.)
import { writeSync } from "node:fs";

process.on("exit", () => {
  writeSync(2, `\nbench-peak-rss-kb=${process.resourceUsage().maxRSS}\n`);
});
