import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { MeasurementError, type BuildTiming } from "./types.js";
import { median } from "./stats.js";

interface RunResult {
  ms: number;
  recompiled: boolean;
}

/**
 * Times the real CLI, process start included, as a user would see it. One uncounted warm-up run
 * first, because bin/portfolio.js compiles the CLI when src/ is newer than .portfolio/cli.js.
 */
export async function timeBuilds(root: string, outDir: string, runs: number): Promise<BuildTiming> {
  const args = ["bin/portfolio.js", "build", "--out", outDir];
  await runBuild(root, args);
  const samplesMs: number[] = [];
  let discardedRecompiles = 0;
  // src/ may change under us (others edit it): a run that recompiled the CLI is not a build time.
  while (samplesMs.length < runs) {
    const run = await runBuild(root, args);
    if (run.recompiled && discardedRecompiles < runs) discardedRecompiles++;
    else samplesMs.push(run.ms);
  }
  return {
    command: `node ${args.join(" ")}`,
    runs,
    medianMs: median(samplesMs),
    minMs: Math.min(...samplesMs),
    maxMs: Math.max(...samplesMs),
    samplesMs,
    discardedRecompiles,
  };
}

async function runBuild(root: string, args: string[]): Promise<RunResult> {
  const compiledCli = path.join(root, ".portfolio", "cli.js");
  const before = compiledMtime(compiledCli);
  const started = performance.now();
  const { code, output } = await spawnNode(root, args);
  const ms = performance.now() - started;
  if (code !== 0) throw new MeasurementError(`The build failed (exit code ${code}): node ${args.join(" ")}\n${output.trim()}`);
  return { ms, recompiled: compiledMtime(compiledCli) !== before };
}

function compiledMtime(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function spawnNode(cwd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}
