import path from "node:path";
import { Command, Option } from "commander";
import { writeOwnerFieldTypes } from "../config/owner-field-types.js";
import { hostNames, type HostName } from "../deploy/host-rules.js";
import { buildSite, type BuildResult } from "../pipeline/build-site.js";
import { formatReport } from "./format-report.js";
import { progressLine } from "./progress.js";
import { stageClock } from "../pipeline/stage-times.js";
import { formatWarning } from "../terminal/report-error.js";
import type { CommandIo } from "./command-io.js";

export function makeBuildCommand(io: CommandIo): Command {
  return new Command("build")
    .description("Build the static site from portfolio.config.ts and content/")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("-o, --out <dir>", "output folder (default: dist beside the config)")
    .option("-b, --base <path>", "path the site is served under, e.g. /portfolio/ (overrides site.base)")
    .option("--drafts", "include posts marked draft: true, marked as drafts")
    .option("--precompress", "also write .br and .gz copies of the text files, for nginx's gzip_static")
    .addOption(
      new Option(
        "--host <name>",
        "lay the output out as that host publishes it: Netlify, Cloudflare Pages and Vercel serve it at the domain's root, so a site under a base path goes into that folder inside it",
      ).choices(hostNames),
    )
    .action(
      async (options: {
        config: string;
        out?: string;
        base?: string;
        drafts?: boolean;
        precompress?: boolean;
        host?: HostName;
      }) => {
        const progress = progressLine(io);
        // The benchmark's breakdown (npm run bench -- --scale): off unless asked for, so a build does no more work.
        const clock = io.env.PORTFOLIO_STAGE_TIMES === "1" ? stageClock() : undefined;
        const result = await buildSite({
          cwd: io.cwd,
          env: io.env,
          file: options.config,
          outDir: options.out,
          base: options.base,
          drafts: options.drafts,
          precompress: options.precompress,
          host: options.host,
          onStage: clock
            ? (stage) => {
                clock.onStage(stage);
                progress.onStage(stage);
              }
            : progress.onStage,
        }).finally(progress.stop);
        const stageTimes = clock?.stop();
        await writeOwnerFieldTypes(path.resolve(io.cwd, options.config), result.config.fields);
        reportBuild(result, io);
        if (stageTimes) io.warn(`portfolio-stage-times=${JSON.stringify(stageTimes)}`);
      },
    );
}

/** The build's warnings, then its summary line and size table. */
export function reportBuild(result: BuildResult, io: CommandIo): void {
  for (const warning of result.warnings) io.warn(formatWarning(warning, io.cwd));
  io.log(formatReport(result, io.cwd));
}
