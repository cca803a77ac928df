import pc from "picocolors";
import { currentFormat, siteRecordFile } from "../project/site-record.js";
import type { OverrideReport } from "./check-overrides.js";
import type { UpgradePlan } from "./plan-upgrade.js";
import { unifiedDiff } from "./show-diff.js";

/** Where the site is and where this engine is: the first line `portfolio upgrade` prints. */
export function describeFormat(plan: UpgradePlan, version: string): string {
  const where = plan.record.found
    ? `${siteRecordFile} says format ${plan.record.format}`
    : `no ${siteRecordFile}: a site made before portfolio 0.2, format 1`;
  return `Site: ${where}; portfolio ${version} writes format ${currentFormat}.`;
}

/** The pending migrations, each with its why, then the diff of every file they change. */
export async function describeMigrations(plan: UpgradePlan): Promise<string[]> {
  if (plan.pending.length === 0) return [];
  const lines = [pc.bold("Migrations to apply:")];
  for (const migration of plan.pending) {
    lines.push(`  ${migration.from} → ${migration.from + 1}  ${migration.id}: ${migration.title}`);
    lines.push(pc.dim(`          ${migration.why}`));
    if (migration.from < plan.record.format)
      lines.push(
        `          ${siteRecordFile} says format ${plan.record.format}, but some files are still as format ${migration.from} wrote them (pasted from an older site, or merged from one).`,
      );
  }
  for (const change of plan.changes) {
    lines.push(
      "",
      await unifiedDiff(change.before, change.after, { before: `a/${change.file}`, after: `b/${change.file}` }),
    );
  }
  return lines;
}

/** Each copy of a default that needs the owner: how the default changed, and what to do. */
export async function describeOverrides(reports: OverrideReport[]): Promise<string[]> {
  const lines: string[] = [];
  for (const report of reports) {
    lines.push("");
    if (report.kind === "unreadable") {
      lines.push(`${report.file} (your copy of an engine default) cannot be read: ${report.problem}. Left as it is.`);
    } else if (report.kind === "copy-gone") {
      lines.push(
        `${report.file} is recorded as your copy of the engine's default, and is gone: the build uses the default. --write drops it from ${siteRecordFile}.`,
      );
    } else if (report.kind === "not-recorded") {
      lines.push(
        `${report.file} replaces the engine's default, and was copied by hand: ${siteRecordFile} does not say which version of the default it started from, so changes to the default cannot be shown or merged. How your copy differs from today's default:`,
        await unifiedDiff(report.newDefault, report.own, { before: `default/${report.file}`, after: report.file }),
        `To have it followed: move it aside, run portfolio eject ${report.file}, and put your changes back into the new copy.`,
      );
    } else {
      lines.push(
        `${report.file}: the engine's default has changed since you copied it from portfolio ${report.from}. The default's change:`,
        await unifiedDiff(report.oldDefault, report.newDefault, {
          before: `default@${report.from}/${report.file}`,
          after: `default/${report.file}`,
        }),
        ...(await describeMerge(report)),
      );
    }
  }
  return lines;
}

async function describeMerge(report: Extract<OverrideReport, { kind: "default-changed" }>): Promise<string[]> {
  const byHand = `Carry the change into ${report.file} by hand; then, so that portfolio knows, move your copy aside, run portfolio eject ${report.file} and put your changes back into the new copy.`;
  const { merge } = report;
  if (merge.kind === "conflict")
    return [pc.yellow(`It touches lines you changed too, so it is not merged: your copy is left as it is. ${byHand}`)];
  if (merge.kind === "too-different")
    return [
      pc.yellow(
        `Your changes to the default you copied, or the default's change since, add and remove more than ${merge.limit.toLocaleString("en")} lines: too many to merge line by line, so it is not merged: your copy is left as it is. ${byHand}`,
      ),
    ];
  if (merge.kind === "too-large")
    return [
      pc.yellow(
        `Your copy, or the default it was copied from, is larger than ${merge.limit / 1024 / 1024} MB, which no template needs: it is not merged, and your copy is left as it is. ${byHand}`,
      ),
    ];
  if (merge.text === report.own)
    return [`Your copy has the change already: --write records that it follows this default.`];
  return [
    `It merges cleanly with your changes: --write changes your copy so:`,
    await unifiedDiff(report.own, merge.text, { before: `a/${report.file}`, after: `b/${report.file}` }),
  ];
}

const notMerged = {
  conflict: "the engine's default changed where you changed it too",
  "too-different": "the engine's default changed, and your copy differs too much from it to merge",
  "too-large": "the engine's default changed, and your copy is too large to merge",
} as const;

/** What was left for the owner, one line each, for the UpgradeIncomplete error. */
export function leftForOwner(plan: UpgradePlan): string[] {
  return [
    ...plan.leftAlone.map(({ file, line, problem }) => `  - ${file}${line ? `:${line}` : ""}: ${problem}`),
    ...plan.overrides.flatMap((report) =>
      report.kind === "default-changed" && report.merge.kind !== "merged"
        ? [`  - ${report.file}: ${notMerged[report.merge.kind]} (shown above): merge it by hand`]
        : report.kind === "unreadable"
          ? [`  - ${report.file}: ${report.problem}`]
          : [],
    ),
  ];
}

/** Whether --write has anything to write. */
export function hasWork(plan: UpgradePlan): boolean {
  return (
    plan.changes.length > 0 ||
    plan.record.format < currentFormat ||
    plan.overrides.some(
      (report) => report.kind === "copy-gone" || (report.kind === "default-changed" && report.merge.kind === "merged"),
    )
  );
}
