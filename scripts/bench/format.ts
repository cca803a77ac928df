import { categoryIds, resourceKinds, type BenchReport, type FailingAudit, type LighthouseRun, type PageWeight, type Size } from "./types.js";

const categoryLabels = { performance: "Perf", accessibility: "A11y", "best-practices": "BP", seo: "SEO" } as const;

/** The whole report as text: build time, page weight, Lighthouse, then every target missed and why. */
export function formatReport(report: BenchReport): string {
  return [
    formatBuild(report),
    formatPages(report.pages),
    formatLighthouse(report),
    formatMissedTargets(report.lighthouse),
  ].join("\n\n");
}

function formatBuild({ build }: BenchReport): string {
  const discarded = build.discardedRecompiles ? ` (${build.discardedRecompiles} run(s) discarded: the CLI recompiled)` : "";
  return `Build time, ${build.runs} runs of \`${build.command.replace(/--out \S+/, "--out <tmp>")}\`${discarded}\n` +
    `  median ${Math.round(build.medianMs)} ms   min ${Math.round(build.minMs)} ms   max ${Math.round(build.maxMs)} ms`;
}

function formatPages(pages: PageWeight[]): string {
  const header = ["Route", ...resourceKinds.map((kind) => kind.toUpperCase()), "Total", "Req", "JS budget (gzip)", "Other hosts"];
  const rows = pages.map((page) => [
    page.route,
    ...resourceKinds.map((kind) => formatSize(page.byKind[kind])),
    formatSize(page.total),
    String(page.requests),
    `${page.jsBudget.pass ? "pass" : "FAIL"} ${kilobytes(page.jsBudget.actualGzip)} / ${kilobytes(page.jsBudget.limitGzip)}`,
    page.foreignRequests.length ? page.foreignRequests.join(" ") : "none",
  ]);
  return `Page weight, first visit (kB raw / gzip, kB = 1000 B)\n${table(header, rows)}`;
}

function formatLighthouse(report: BenchReport): string {
  const header = ["Route", "Mode", ...categoryIds.map((id) => categoryLabels[id]), "FCP ms", "LCP ms", "TBT ms", "CLS"];
  const rows = report.lighthouse.map((run) => [
    run.route,
    run.mode,
    ...categoryIds.map((id) => String(run.categories[id].score)),
    String(run.metrics.fcpMs),
    String(run.metrics.lcpMs),
    String(run.metrics.tbtMs),
    run.metrics.cls.toFixed(3),
  ]);
  return `Lighthouse ${report.lighthouseVersion} (default simulated throttling)\n${table(header, rows)}`;
}

function formatMissedTargets(runs: LighthouseRun[]): string {
  const sections = runs.flatMap((run) => {
    const missed = categoryIds.filter((id) => run.categories[id].score < 100);
    const lines = missed.flatMap((id) => [
      `  ${run.route} ${run.mode}: ${id} ${run.categories[id].score}`,
      ...run.categories[id].failingAudits.flatMap(formatAudit),
    ]);
    if (run.metrics.cls > 0) {
      lines.push(`  ${run.route} ${run.mode}: CLS ${run.metrics.cls.toFixed(3)} (target 0)`, ...(run.layoutShifts ? formatAudit(run.layoutShifts) : []));
    }
    return lines;
  });
  return `Missed targets (score < 100 or CLS > 0)\n${sections.length ? sections.join("\n") : "  none"}`;
}

function formatAudit(audit: FailingAudit): string[] {
  const counts = audit.weight ? `weight ${audit.weight}` : "diagnostic";
  const head = `    - ${audit.id} (${counts}, score ${audit.score.toFixed(2)})${audit.displayValue ? `: ${audit.displayValue}` : ""} — ${audit.title}`;
  return [head, ...audit.items.map((item) => `        ${truncate(item.replace(/\s+/g, " "), 160)}`)];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ").trimEnd();
  return [header, ...rows].map((row) => `  ${line(row)}`).join("\n");
}

function formatSize({ raw, gzip }: Size): string {
  return raw ? `${(raw / 1000).toFixed(1)}/${(gzip / 1000).toFixed(1)}` : "-";
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
