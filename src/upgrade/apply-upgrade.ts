import { writeContentFile } from "../project/content-writer.js";
import { writeSiteRecord } from "../project/site-record.js";
import { type UpgradePlan, upgradedRecord } from "./plan-upgrade.js";
import { writeSiteFile } from "./write-site-file.js";

/**
 * Writes what planUpgrade worked out: each migrated file (through content/'s safe writer: never
 * through a link), each override whose default's change merged cleanly, then the record, last, so
 * a failure on the way leaves the site's format as it was and `portfolio upgrade` can run again.
 */
export async function applyUpgrade(root: string, plan: UpgradePlan, version: string): Promise<void> {
  for (const change of plan.changes) {
    await writeContentFile(root, change.file.replace(/^content\//, ""), change.after, { replace: true });
  }
  const merged: Record<string, string> = {};
  for (const report of plan.overrides) {
    if (report.kind !== "default-changed" || report.merge.kind !== "merged") continue;
    if (report.merge.text !== report.own) await writeSiteFile(root, report.file, report.merge.text, { replace: true });
    merged[report.file] = report.newDefault;
  }
  await writeSiteRecord(root, upgradedRecord(plan, version, merged));
}
