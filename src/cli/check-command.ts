import { Command } from "commander";
import pc from "picocolors";
import { buildSite } from "../pipeline/build-site.js";
import type { CommandIo } from "./build-command.js";
import { progressLine } from "./progress.js";
import { printable } from "./printable.js";

/**
 * `portfolio check`: the whole build without writing anything, for CI and pre-commit hooks. It
 * fails (exit code 1) with the same messages as `build`, for the config, content/, public/ and
 * every internal link of every page.
 */
export function makeCheckCommand(io: CommandIo): Command {
  return new Command("check")
    .description("Validate the config, content/ and public/, and check every internal link, writing nothing")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("-b, --base <path>", "path the site is served under, e.g. /portfolio/ (overrides site.base)")
    .option("--drafts", "check posts marked draft: true too")
    .action(async (options: { config: string; base?: string; drafts?: boolean }) => {
      const progress = progressLine(io);
      const result = await buildSite({
        cwd: io.cwd,
        env: io.env,
        file: options.config,
        base: options.base,
        drafts: options.drafts,
        write: false,
        onStage: progress.onStage,
      }).finally(progress.stop);
      for (const warning of result.warnings) io.warn(`${pc.yellow("!")} ${printable(warning)}`);
      io.log(
        `${pc.green("✓")} Checked ${result.pageCount} pages: the config, content/, public/ and every internal link are valid. Nothing was written.`,
      );
    });
}
