import { existsSync } from "node:fs";
import path from "node:path";
import { Command, Option } from "commander";
import { loadConfig } from "../config/load-config.js";
import { ownerFieldLines } from "../config/owner-field-kinds.js";
import { checkDeploy, hostLabel } from "../deploy/check-deploy.js";
import { hostNames, type HostName } from "../deploy/host-rules.js";
import { portfolioError } from "../errors.js";
import { errorsData } from "../errors-data.js";
import { builtBase } from "../pipeline/write-site.js";
import pc from "picocolors";
import { buildSite } from "../pipeline/build-site.js";
import type { CommandIo } from "./command-io.js";
import { progressLine } from "./progress.js";
import { printable } from "../terminal/printable.js";
import { formatWarning } from "../terminal/report-error.js";

/**
 * `portfolio check`: the whole build without writing anything, for CI and pre-commit hooks. It
 * fails (exit code 1) with the same messages as `build`, for the config, content/, public/ and
 * every internal link of every page.
 */
export function makeCheckCommand(io: CommandIo): Command {
  return new Command("check")
    .description("Validate the config, content/ and public/, and check every internal link, writing nothing")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option(
      "-b, --base <path>",
      "path the site is served under, e.g. /portfolio/ (overrides site.base; with --host, the one dist/ was built for)",
    )
    .option("--drafts", "check posts marked draft: true too")
    .addOption(
      new Option(
        "--host <name>",
        "instead: read the built dist/ as that host serves it under the base path, and fail on any address it would not answer",
      ).choices(hostNames),
    )
    .option("-o, --out <dir>", "with --host: the built site's folder", "dist")
    .action(async (options: { config: string; base?: string; drafts?: boolean; host?: HostName; out: string }) => {
      if (options.host) {
        await checkForHost(io, { ...options, host: options.host });
        return;
      }
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
      for (const warning of result.warnings) io.warn(formatWarning(warning, io.cwd));
      io.log(
        `${pc.green("✓")} Checked ${result.pageCount} pages: the config, content/, public/ and every internal link are valid. Nothing was written.`,
      );
      const fields = ownerFieldLines(result.config.fields);
      if (fields.length)
        io.log(
          `The site's own fields (the config's fields):\n${fields.map((line) => `  ${printable(line)}`).join("\n")}`,
        );
    });
}

/**
 * `portfolio check --host <name>`: the built output read through that host's address rules, its
 * headers file, and the site's dependencies; the base path is the one the host serves the site
 * under (`--base`, else the one the output was built for, else the config's).
 */
async function checkForHost(io: CommandIo, options: { config: string; base?: string; host: HostName; out: string }) {
  const outDir = path.resolve(io.cwd, options.out);
  if (!existsSync(outDir)) throw portfolioError("DeployOutputMissing", [options.out]);
  const { config } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config, base: options.base });
  // The base the output was built for (`build --base`), unless the owner names the one the host serves it under.
  const recorded = options.base === undefined ? await builtBase(outDir) : undefined;
  const built = recorded !== config.site.base ? recorded : undefined;
  const base = built ?? config.site.base;
  const { served, dependencies } = await checkDeploy({
    root: io.cwd,
    outDir,
    host: options.host,
    base,
    embedding: config.site.embedding,
  });
  const problems = [...served, ...dependencies];
  if (problems.length) {
    const shown = problems.slice(0, 20).map((problem) => `  - ${problem}`);
    if (problems.length > 20) shown.push(`  … and ${problems.length - 20} more`);
    const host = hostLabel(options.host);
    if (!served.length) throw portfolioError("DeployDependencyOutside", [host, shown.join("\n")]);
    const hint = dependencies.length
      ? `${errorsData.DeployCheckFailed.hint} ${errorsData.DeployDependencyOutside.hint}`
      : undefined;
    throw portfolioError("DeployCheckFailed", [host, shown.join("\n")], hint ? { hint } : {});
  }
  const where = built === undefined ? "" : ` (the base path ${printable(options.out)} was built for)`;
  io.log(
    `${pc.green("✓")} ${printable(hostLabel(options.host))} answers every page of ${printable(options.out)} under ${printable(base)}${where}, with and without a slash at its end, and every link of every page.`,
  );
}
