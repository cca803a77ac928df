import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { portfolio } from "./run-portfolio.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The build cache of the sample site as it is now, made once per test run (compile-cli.ts, the
 * global setup). A copy of the sample that starts with it builds in a third of the time of a cold
 * one: the tests that build the sample only to look at the site (in Chromium, or the CLI's exit
 * codes and messages) take it, and the tests of building itself, and of the cache, start cold.
 * Its entries are keyed by what they were made from and by the engine's code, so a stale one is a
 * miss, never a wrong answer.
 */
export const warmCacheDir = path.join(repoRoot, "node_modules", ".cache", "portfolio-tests", "sample-build-cache");

export async function prepareWarmCache(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), "portfolio-warm-"));
  try {
    // As copySampleSite makes it (its config's import of "portfolio-ssg" is the running engine).
    for (const entry of ["content", "public", "portfolio.config.ts"])
      await cp(path.join(repoRoot, entry), path.join(root, entry), { recursive: true });
    const { code } = await portfolio(["build"], root);
    await rm(warmCacheDir, { recursive: true, force: true });
    // A sample that does not build leaves no warm cache: the tests then start cold and say why themselves.
    if (code === 0) await cp(path.join(root, ".portfolio", "cache"), warmCacheDir, { recursive: true });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Puts the warm cache into a copy of the sample, when there is one. */
export async function addWarmCache(siteRoot: string): Promise<void> {
  if (existsSync(warmCacheDir)) await cp(warmCacheDir, path.join(siteRoot, ".portfolio", "cache"), { recursive: true });
}
