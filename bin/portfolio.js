#!/usr/bin/env node
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { compileCli, compiledCli, root } from "./compile-cli.js";

/** Newest modification time among the CLI's sources, to know when the compiled copy is stale. */
function newestSource(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

if (
  !existsSync(compiledCli) ||
  statSync(compiledCli).mtimeMs <
    Math.max(newestSource(path.join(root, "src")), statSync(path.join(root, "package.json")).mtimeMs)
) {
  await compileCli();
}
// React renders several times faster in production mode; its development checks are for the tests.
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(compiledCli).href);
