import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { compilePackage } from "../../bin/compile-cli.js";
import { median } from "./stats.js";
import { MeasurementError } from "./types.js";

const run = promisify(execFile);

export interface PackageReport {
  tarball: { file: string; packedBytes: number; unpackedBytes: number; files: number };
  /** One run each: `portfolio init` with flags, `npm install` of the tarball (npm's cache warm), the first build. */
  runs: Array<{ initMs: number; installMs: number; buildMs: number; totalMs: number }>;
  medians: { initMs: number; installMs: number; buildMs: number; totalMs: number };
}

/**
 * Issue 17's figures: what `npm pack` makes, and the time from `portfolio init` to a built site,
 * as an owner gets there with the tarball (the first run also fills npm's cache, as any first
 * install on a machine does; the medians are of --runs).
 */
export async function benchPackage({
  root,
  runs,
  progress,
}: {
  root: string;
  runs: number;
  progress: (text: string) => void;
}): Promise<PackageReport> {
  const scratch = await mkdtemp(path.join(tmpdir(), "portfolio-bench-package-"));
  try {
    progress("npm pack");
    await compilePackage();
    const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], {
      cwd: root,
      maxBuffer: 64 << 20,
    });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as [
      { filename: string; size: number; unpackedSize: number; entryCount: number },
    ];
    const tarball = path.join(scratch, packed.filename);
    const measured: PackageReport["runs"] = [];
    for (let index = 0; index < runs; index++) {
      const site = path.join(scratch, `site-${index}`);
      progress(`init, install and build ${index + 1}/${runs}`);
      const timed = async (act: () => Promise<unknown>) => {
        const start = performance.now();
        await act();
        return performance.now() - start;
      };
      const initMs = await timed(() =>
        run(
          process.execPath,
          [
            path.join(root, "bin", "portfolio.js"),
            "init",
            site,
            ...["--name", "Ada Quinlan"],
            ...["--job-title", "Systems Engineer"],
            ...["--email", "ada@quinlan.example"],
            "--yes",
          ],
          { cwd: scratch },
        ),
      );
      const installMs = await timed(() =>
        run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: site }),
      );
      const buildMs = await timed(() =>
        run(path.join(site, "node_modules", ".bin", "portfolio"), ["build"], { cwd: site }),
      );
      measured.push({ initMs, installMs, buildMs, totalMs: initMs + installMs + buildMs });
    }
    const middle = (key: keyof PackageReport["runs"][number]) => median(measured.map((entry) => entry[key]));
    return {
      tarball: {
        file: packed.filename,
        packedBytes: packed.size,
        unpackedBytes: packed.unpackedSize,
        files: packed.entryCount,
      },
      runs: measured,
      medians: {
        initMs: middle("initMs"),
        installMs: middle("installMs"),
        buildMs: middle("buildMs"),
        totalMs: middle("totalMs"),
      },
    };
  } catch (error) {
    throw new MeasurementError(`the package could not be packed, started or built: ${(error as Error).message}`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export function formatPackage(report: PackageReport): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return [
    `Package ${report.tarball.file}: ${kB(report.tarball.packedBytes)} packed, ${kB(report.tarball.unpackedBytes)} unpacked, ${report.tarball.files} files`,
    `From portfolio init to a built site, median of ${report.runs.length}: ${seconds(report.medians.totalMs)}`,
    `  init ${seconds(report.medians.initMs)}, npm install of the tarball ${seconds(report.medians.installMs)}, first build ${seconds(report.medians.buildMs)}`,
    `  runs: ${report.runs.map((entry) => seconds(entry.totalMs)).join(", ")}`,
  ].join("\n");
}
