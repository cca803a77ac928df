import path from "node:path";
import { Command } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import { portfolioError } from "../errors.js";
import { packageVersion } from "../package-root.js";
import { currentFormat, siteRecordFile } from "../project/site-record.js";
import {
  describeFormat,
  describeMigrations,
  describeOverrides,
  hasWork,
  leftForOwner,
} from "../upgrade/describe-plan.js";
import type { GitState } from "../upgrade/git-status.js";
import type { planUpgrade } from "../upgrade/plan-upgrade.js";
import type { CommandIo } from "./command-io.js";
import { printable } from "../terminal/printable.js";

/**
 * `portfolio upgrade [--write] [--force]`: brings the site's files to the format this portfolio
 * writes (the migrations of src/upgrade/migrations.ts) and reports the engine defaults the owner
 * replaced that have changed since. A dry run by default; --write only in a clean git tree.
 */
export function makeUpgradeCommand(io: CommandIo): Command {
  return new Command("upgrade")
    .description("Bring the site's files to this portfolio's format: shows the diff; --write writes it")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("-w, --write", "write the changes (only when git shows no uncommitted change in the site)")
    .option("-f, --force", "with --write: write even with uncommitted changes, or outside a git repository")
    .action(async (options: { config: string; write?: boolean; force?: boolean }) => {
      const { config, root } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      const version = packageVersion();
      const [{ planUpgrade }, { gitState }, { applyUpgrade }] = await Promise.all([
        import("../upgrade/plan-upgrade.js"),
        import("../upgrade/git-status.js"),
        import("../upgrade/apply-upgrade.js"),
      ]);
      const plan = await planUpgrade(root, config);
      io.log(describeFormat(plan, version));
      for (const line of [...(await describeMigrations(plan)), ...(await describeOverrides(plan.overrides))])
        io.log(line);
      const work = hasWork(plan);
      const git = work ? await gitState(root) : ({ kind: "clean" } as const);
      const shown = path.relative(io.cwd, root) ? printable(path.relative(io.cwd, root)) : "the site's folder";
      if (options.write && work) {
        if (!options.force) refuseUnreviewable(git, shown);
        await applyUpgrade(root, plan, version);
      }
      io.log("");
      io.log(summary(plan, work, options.write === true));
      if (!options.write && work && git.kind !== "clean")
        io.log(pc.dim(`Note: --write will refuse until ${gitNote(git)} (or add --force).`));
      const left = leftForOwner(plan);
      if (left.length > 0) throw portfolioError("UpgradeIncomplete", [left.join("\n")]);
    });
}

function summary(plan: UpgradePlan, work: boolean, written: boolean): string {
  const files =
    plan.changes.length +
    plan.overrides.filter(
      (report) =>
        report.kind === "default-changed" && report.merge.kind === "merged" && report.merge.text !== report.own,
    ).length;
  const count = `${files} file${files === 1 ? "" : "s"}`;
  if (!work) return `${pc.green("✓")} Up to date: format ${currentFormat}, and no default you replaced has changed.`;
  if (written)
    return `${pc.green("✓")} Wrote ${count} and ${siteRecordFile}. Review it with git status and git diff before you commit it.`;
  return `Dry run: ${count} would change, and ${siteRecordFile}. Nothing was written: run portfolio upgrade --write to write them.`;
}

type UpgradePlan = Awaited<ReturnType<typeof planUpgrade>>;

/** An upgrade writes only where git can show and undo what it changed. */
function refuseUnreviewable(git: GitState, shown: string): void {
  if (git.kind === "outside") throw portfolioError("UpgradeNotInGit", [shown, git.reason]);
  if (git.kind === "changed") {
    const listed = git.files.slice(0, 20).map((line) => `  ${line}`);
    if (git.files.length > 20) listed.push(`  … and ${git.files.length - 20} more`);
    throw portfolioError("UpgradeUncommitted", [shown, listed.join("\n")]);
  }
}

function gitNote(git: Exclude<GitState, { kind: "clean" }>): string {
  return git.kind === "outside" ? `the site is under git (it ${git.reason})` : "the site's changes are committed";
}
