import {
  categoryIds,
  resourceKinds,
  type BenchReport,
  type FailingAudit,
  type LighthouseRun,
  type PageWeight,
  type Size,
} from "./types.js";
import type { PhoneView } from "./phone-view.js";
import type { VariantReport } from "./variants.js";

const categoryLabels = { performance: "Perf", accessibility: "A11y", "best-practices": "BP", seo: "SEO" } as const;

/** The whole report as text: per variant, builds, page weight, Lighthouse and what missed 100; then the targets. */
export function formatReport(report: BenchReport): string {
  return [
    ...report.variants.flatMap((variant) => [
      `=== ${variant.variant}: ${variant.description} ===`,
      formatBuilds(variant),
      formatPages(variant.pages),
      formatPhone(variant.phone),
      formatLighthouse(report.lighthouseVersion, variant.lighthouse),
      formatMissedTargets(variant.lighthouse),
    ]),
    formatTargets(report.variants),
  ].join("\n\n");
}

function formatBuilds({ cold, warm }: VariantReport): string {
  const samples = (values: number[]) => values.map((value) => Math.round(value)).join(", ");
  return (
    "Build time, the real CLI in its own process (ms, median and every run)\n" +
    `  cold (no cache, no output)   median ${Math.round(cold.medianMs)}   (${samples(cold.samplesMs)})\n` +
    `  warm (nothing changed)       median ${Math.round(warm.medianMs)}   (${samples(warm.samplesMs)})`
  );
}

function formatPhone(views: PhoneView[]): string {
  const header = ["Route", "Images", "Image kB", "Avatar", "Avatar kB", "JS before first paint"];
  const rows = views.map((view) => [
    view.route,
    String(view.images.length),
    kilobytes(view.imageBytes),
    view.avatar ? view.avatar.url.replace(/^.*\//, "") : "-",
    view.avatar ? kilobytes(view.avatar.bytes) : "-",
    view.scriptsBeforePaint.length
      ? view.scriptsBeforePaint.map((url) => url.replace(/^.*\//, "")).join(" ")
      : "none beyond the theme script",
  ]);
  return `On a phone (412×823 at 1.75×, Lighthouse's device), first visit\n${table(header, rows)}`;
}

/** The issue's targets, each met or missed, by how much. */
function formatTargets(variants: VariantReport[]): string {
  const lines: string[] = [];
  const check = (label: string, met: boolean, detail: string) =>
    lines.push(`  ${met ? "met   " : "MISSED"} ${label}: ${detail}`);
  for (const variant of variants) {
    const name = variant.variant;
    const below100 = variant.lighthouse.flatMap((run) =>
      categoryIds
        .filter((id) => run.categories[id].score < 100)
        .map((id) => `${run.route} ${run.mode} ${id} ${run.categories[id].score}`),
    );
    check(
      `${name}: Lighthouse 100 in all four categories, every route, mobile and desktop`,
      below100.length === 0,
      below100.length ? below100.join("; ") : "all 100",
    );
    const mobile = variant.lighthouse.filter((run) => run.mode === "mobile");
    const worst = (metric: "lcpMs" | "fcpMs") =>
      mobile.reduce((max, run) => (run.metrics[metric] > max.metrics[metric] ? run : max), mobile[0]!);
    const lcp = worst("lcpMs");
    const fcp = worst("fcpMs");
    check(
      `${name}: mobile LCP ≤ 1200 ms on every route`,
      lcp.metrics.lcpMs <= 1200,
      `worst ${lcp.metrics.lcpMs} ms on ${lcp.route}${lcp.metrics.lcpMs > 1200 ? ` (${(lcp.metrics.lcpMs / 1200).toFixed(2)}×)` : ""}`,
    );
    check(
      `${name}: mobile FCP ≤ 1000 ms on every route`,
      fcp.metrics.fcpMs <= 1000,
      `worst ${fcp.metrics.fcpMs} ms on ${fcp.route}${fcp.metrics.fcpMs > 1000 ? ` (${(fcp.metrics.fcpMs / 1000).toFixed(2)}×)` : ""}`,
    );
    const shifted = variant.lighthouse.filter((run) => run.metrics.cls > 0);
    check(
      `${name}: CLS 0`,
      shifted.length === 0,
      shifted.length
        ? shifted.map((run) => `${run.route} ${run.mode} ${run.metrics.cls.toFixed(3)}`).join("; ")
        : "0 everywhere",
    );
    const early = variant.phone.flatMap((view) => view.scriptsBeforePaint.map((url) => `${view.route}: ${url}`));
    check(
      `${name}: no JavaScript before the first paint beyond the theme script`,
      early.length === 0,
      early.length ? early.join("; ") : "none on any route",
    );
    if (name === "sample")
      check(
        "sample: a second build with nothing changed ≤ 400 ms",
        variant.warm.medianMs <= 400,
        `${Math.round(variant.warm.medianMs)} ms${variant.warm.medianMs > 400 ? ` (${(variant.warm.medianMs / 400).toFixed(2)}×)` : ""}`,
      );
    if (name === "photo") {
      const avatar = Math.max(...variant.phone.map((view) => view.avatar?.bytes ?? 0));
      check("photo: the avatar ≤ 30 KB on a phone", avatar <= 30_000, kilobytes(avatar));
      const works = variant.phone.find((view) => view.route === "/works");
      const worksDesktop = variant.pages.find((page) => page.route === "/works");
      if (works)
        check(
          "photo: /works images ≤ 150 KB",
          works.imageBytes <= 150_000 && (worksDesktop?.byKind.image.raw ?? 0) <= 150_000,
          `${kilobytes(works.imageBytes)} on a phone, ${kilobytes(worksDesktop?.byKind.image.raw ?? 0)} on a desktop`,
        );
      const sample = variants.find((other) => other.variant === "sample");
      check(
        "photo: only the first build pays for resizing",
        sample ? variant.warm.medianMs <= sample.warm.medianMs * 1.25 + 50 : true,
        `cold ${Math.round(variant.cold.medianMs)} ms, warm ${Math.round(variant.warm.medianMs)} ms${sample ? ` (the sample warm: ${Math.round(sample.warm.medianMs)} ms)` : ""}`,
      );
    }
  }
  return `Targets of issue 11\n${lines.join("\n")}`;
}

function formatPages(pages: PageWeight[]): string {
  const header = [
    "Route",
    ...resourceKinds.map((kind) => kind.toUpperCase()),
    "Total",
    "Req",
    "JS budget (gzip)",
    "Other hosts",
  ];
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

function formatLighthouse(lighthouseVersion: string, runs: LighthouseRun[]): string {
  const header = ["Route", "Mode", ...categoryIds.map((id) => categoryLabels[id]), "FCP ms", "LCP ms", "TBT ms", "CLS"];
  const rows = runs.map((run) => [
    run.route,
    run.mode,
    ...categoryIds.map((id) => String(run.categories[id].score)),
    String(run.metrics.fcpMs),
    String(run.metrics.lcpMs),
    String(run.metrics.tbtMs),
    run.metrics.cls.toFixed(3),
  ]);
  return `Lighthouse ${lighthouseVersion} (default simulated throttling)\n${table(header, rows)}`;
}

function formatMissedTargets(runs: LighthouseRun[]): string {
  const sections = runs.flatMap((run) => {
    const missed = categoryIds.filter((id) => run.categories[id].score < 100);
    const lines = missed.flatMap((id) => [
      `  ${run.route} ${run.mode}: ${id} ${run.categories[id].score}`,
      ...run.categories[id].failingAudits.flatMap(formatAudit),
    ]);
    if (run.metrics.cls > 0) {
      lines.push(
        `  ${run.route} ${run.mode}: CLS ${run.metrics.cls.toFixed(3)} (target 0)`,
        ...(run.layoutShifts ? formatAudit(run.layoutShifts) : []),
      );
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
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ")
      .trimEnd();
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
