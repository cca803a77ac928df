#!/usr/bin/env node
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Newest modification time among the CLI's sources, to know when the compiled copy is stale. */
function newestSource(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The package from npm ships the CLI compiled (lib/cli.js, made by `npm pack`). A clone of the
 * repository compiles it from src/ into .portfolio/cli.js, again whenever src/ has changed since.
 */
async function compiledCliFile() {
  if (!existsSync(path.join(root, "src", "cli"))) return path.join(root, "lib", "cli.js");
  const { compileCli, compiledCli } = await import("./compile-cli.js");
  if (
    !existsSync(compiledCli) ||
    statSync(compiledCli).mtimeMs <
      Math.max(newestSource(path.join(root, "src")), statSync(path.join(root, "package.json")).mtimeMs)
  ) {
    await compileCli();
  }
  return compiledCli;
}

const cli = await compiledCliFile();
// React renders several times faster in production mode; its development checks are for the tests.
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(cli).href);
