import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { addHeadingIds } from "../../src/content/markdown-extensions.js";
import { maxHeadings } from "../../src/content/markdown-limits.js";
import { maxEntriesPerSection } from "../../src/import/read-resume-file.js";
import { copySite } from "./scale.js";
import { median } from "./stats.js";
import { MeasurementError } from "./types.js";

/** One hostile input, run `runs` times by the real CLI in its own process. */
export interface HostileTiming {
  case: string;
  command: string;
  /** Size of the input file. */
  bytes: number;
  exitCode: number;
  /** The first line of what the CLI printed (its error, or what it wrote). */
  said: string;
  samplesMs: number[];
  medianMs: number;
}

export interface HostileReport {
  /** Only the naming (ids for N identical headings, in this process): linear now, quadratic before. */
  naming: Array<{ headings: number; samplesMs: number[]; medianMs: number }>;
  runs: HostileTiming[];
}

/**
 * Issue 23, item 5: the inputs that took quadratic time (identical headings, identical résumé
 * entries), at 100,000 and at the caps, each by `portfolio build` or `portfolio import` on a copy
 * of the sample site. The sample's own cold build is timed too, as the floor of the build cases.
 */
export async function benchHostile({
  root,
  runs,
  progress,
}: {
  root: string;
  runs: number;
  progress: (message: string) => void;
}): Promise<HostileReport> {
  // The CLI compiles itself when its sources changed: not part of any run's time.
  await timedCli(root, ["--version"], root);
  const naming = [10_000, 100_000].map((headings) => {
    progress(`heading ids for ${headings} identical headings`);
    const html = "<h2>a</h2>\n".repeat(headings);
    const samplesMs = Array.from({ length: runs }, () => timeSync(() => addHeadingIds(html)));
    return { headings, samplesMs, medianMs: median(samplesMs) };
  });
  const cases: Array<{ name: string; command: "build" | "import"; write?: { file: string; text: string } }> = [
    { name: "sample site (no extra file)", command: "build" },
    {
      name: `post of ${maxHeadings.toLocaleString("en")} identical headings (the cap)`,
      command: "build",
      write: { file: "content/blog/headings.md", text: postOfHeadings(maxHeadings) },
    },
    {
      name: "post of 100,000 identical headings",
      command: "build",
      write: { file: "content/blog/headings.md", text: postOfHeadings(100_000) },
    },
    {
      name: `résumé of ${maxEntriesPerSection.toLocaleString("en")} identical work entries (the cap)`,
      command: "import",
      write: { file: "resume.json", text: resumeOfWork(maxEntriesPerSection) },
    },
    {
      name: "résumé of 100,000 identical work entries",
      command: "import",
      write: { file: "resume.json", text: resumeOfWork(100_000) },
    },
  ];
  const timings: HostileTiming[] = [];
  for (const entry of cases) {
    const project = await mkdtemp(path.join(tmpdir(), "portfolio-hostile-"));
    try {
      await copySite(root, project);
      if (entry.write) await writeFile(path.join(project, entry.write.file), entry.write.text);
      // build: cold every time (no cache, no output); import: --force, so every run writes the files again.
      const args = entry.command === "build" ? ["build"] : ["import", "resume.json", "--force"];
      const samples: Array<{ ms: number; code: number; output: string }> = [];
      for (let run = 1; run <= runs; run++) {
        progress(`${entry.name}: run ${run}/${runs}`);
        await rm(path.join(project, ".portfolio"), { recursive: true, force: true });
        await rm(path.join(project, "dist"), { recursive: true, force: true });
        samples.push(await timedCli(root, args, project));
      }
      const last = samples.at(-1)!;
      timings.push({
        case: entry.name,
        command: `portfolio ${args.join(" ")}`,
        bytes: entry.write ? Buffer.byteLength(entry.write.text) : 0,
        exitCode: last.code,
        said: firstLine(last.output),
        samplesMs: samples.map((sample) => sample.ms),
        medianMs: median(samples.map((sample) => sample.ms)),
      });
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  }
  return { naming, runs: timings };
}

export function formatHostile(report: HostileReport): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = ["Heading ids alone (addHeadingIds, in this process):"];
  for (const { headings, medianMs, samplesMs } of report.naming)
    lines.push(
      `  ${headings.toLocaleString("en")} identical headings: median ${medianMs.toFixed(0)} ms (${samplesMs.map((ms) => ms.toFixed(0)).join(", ")})`,
    );
  lines.push("", "Hostile inputs, by the CLI (median of the runs; exit code; what it said):");
  for (const run of report.runs) {
    lines.push(`  ${run.case}${run.bytes ? ` (${(run.bytes / 1024).toFixed(0)} KB)` : ""}: ${run.command}`);
    lines.push(
      `    median ${seconds(run.medianMs)} (${run.samplesMs.map(seconds).join(", ")}), exit ${run.exitCode}: ${run.said}`,
    );
  }
  return lines.join("\n");
}

function postOfHeadings(count: number): string {
  return `---\ntitle: Headings\nauthor: Maya Okafor\ndate: 2025-01-31\ncategory: Programming\n---\n\n${"## a\n\n".repeat(count)}`;
}

function resumeOfWork(count: number): string {
  const entry = { name: "Acme", position: "Engineer", startDate: "2020-01", summary: "Built the same thing again." };
  return JSON.stringify({ basics: { name: "Hostile" }, work: Array.from({ length: count }, () => entry) });
}

function timeSync(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** The first line of the CLI's output that says something: its error, or what it wrote. */
function firstLine(output: string): string {
  const lines = stripVTControlCharacters(output)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const said = lines.find((line) => line.startsWith("✗") || line.startsWith("✓")) ?? lines[0] ?? "";
  const problem = said.startsWith("✗") ? lines[lines.indexOf(said) + 1] : undefined;
  return problem ? `${said} ${problem}` : said;
}

/** The CLI in its own process, as the owner runs it; a refusal (exit 1) is a result, not a failure. */
function timedCli(root: string, args: string[], cwd: string): Promise<{ ms: number; code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, "bin", "portfolio.js"), ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) =>
      reject(new MeasurementError(`Could not run portfolio ${args.join(" ")}: ${error.message}`)),
    );
    child.on("close", (code) => {
      const ms = performance.now() - started;
      if (code !== 0 && code !== 1)
        reject(new MeasurementError(`portfolio ${args.join(" ")} ended with ${code}:\n${output.slice(-2000)}`));
      else resolve({ ms, code, output });
    });
  });
}
