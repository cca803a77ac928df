import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "./helpers/sample-site.js";

/**
 * Issue 50: the build cache (`.portfolio/cache`: parsed content, images, share cards, bundles) survives
 * between deploys where the host allows. On GitHub, an actions/cache step keyed on the engine's version
 * and the lockfile, restoring the newest cache of the same engine when the lockfile changed.
 */

const validatorCli = createRequire(import.meta.url).resolve("@action-validator/cli/cli.mjs");

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}

describe.each([".github/workflows/deploy.yml", "starter/site/.github/workflows/deploy.yml"])(
  "the deploy workflow %s",
  (file) => {
    const read = async () =>
      parse(await readFile(path.join(repoRoot, file), "utf8")) as { jobs: { build: { steps: Step[] } } };

    it("passes the workflow validator", () => {
      const run = spawnSync(process.execPath, [validatorCli, path.join(repoRoot, file)], {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
      expect(run.stderr + run.stdout).toBe("");
      expect(run.status).toBe(0);
    });

    it("restores and saves .portfolio/cache, keyed on the engine's version and the lockfile, before the build", async () => {
      const steps = (await read()).jobs.build.steps;
      const engine = steps.findIndex((step) => step.id === "engine");
      const cache = steps.findIndex((step) => step.uses?.startsWith("actions/cache@"));
      const build = steps.findIndex((step) => /portfolio(\.js)? build/.test(step.run ?? ""));
      expect(engine).toBeGreaterThan(steps.findIndex((step) => step.run === "npm ci"));
      expect(steps[engine]!.run).toMatch(/package\.json.*version.*>> "\$GITHUB_OUTPUT"/);
      expect(cache).toBeGreaterThan(engine);
      expect(build).toBeGreaterThan(cache);
      const { path: cached, key, "restore-keys": restoreKeys } = steps[cache]!.with!;
      expect(cached).toBe(".portfolio/cache");
      const version = ["$", "{{ steps.engine.outputs.version }}"].join("");
      const lockfile = ["$", "{{ hashFiles('package-lock.json') }}"].join("");
      expect(key).toBe(`portfolio-${version}-${lockfile}-\${{ github.sha }}`);
      // The newest cache of this engine with this lockfile, else of this engine: never another engine's.
      expect(restoreKeys!.split("\n").filter(Boolean)).toEqual([
        `portfolio-${version}-${lockfile}-`,
        `portfolio-${version}-`,
      ]);
    });
  },
);
