import type { ScaleResult } from "./scale.js";
import type { Size } from "./types.js";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const size = ({ raw, gzip }: Size) => `${kb(raw)} / ${kb(gzip)}`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** The targets of issue 7, each with what was measured and by how much it passes or misses. */
function targets(results: ScaleResult[]): string[][] {
  const at = (posts: number) => results.find((result) => result.posts === posts);
  const rows: string[][] = [];
  const check = (name: string, measured: number | undefined, limit: number, show: (value: number) => string) => {
    if (measured === undefined) return;
    rows.push([
      name,
      show(measured),
      show(limit),
      measured <= limit ? "met" : `missed by ${show(measured - limit)} (${(measured / limit).toFixed(2)}×)`,
    ]);
  };
  check("1,000 posts: cold build", at(1000)?.coldMedianMs, 2000, seconds);
  check("1,000 posts: peak memory", at(1000)?.peakMemoryMb, 250, (value) => `${value.toFixed(0)} MB`);
  check("1,000 posts: warm rebuild", at(1000)?.warmMedianMs, 1000, seconds);
  check("100 posts: cold build", at(100)?.coldMedianMs, 800, seconds);
  const [thousand, twoThousand] = [at(1000), at(2000)];
  if (thousand && twoThousand)
    check(
      "2,000 ÷ 1,000 posts: cold build",
      twoThousand.coldMedianMs / thousand.coldMedianMs,
      2.2,
      (value) => `${value.toFixed(2)}×`,
    );
  for (const result of results) {
    check(`${result.posts} posts: /blogs HTML gzip`, result.sizes.blogs.gzip, 30 * 1024, kb);
    check(`${result.posts} posts: post page gzip beyond its body`, result.sizes.postWithoutBody.gzip, 8 * 1024, kb);
  }
  return rows;
}

export function formatScale(results: ScaleResult[]): string {
  const builds = table(
    ["posts", "pages", "cold build (median)", "warm build (median)", "peak memory", "Hugo cold (same posts)"],
    results.map((result) => [
      String(result.posts),
      String(result.pages),
      seconds(result.coldMedianMs),
      seconds(result.warmMedianMs),
      `${result.peakMemoryMb.toFixed(0)} MB`,
      result.hugo
        ? `${seconds(result.hugo.medianMs)}, ${result.hugo.peakMemoryMb.toFixed(0)} MB (Hugo ${result.hugo.version})`
        : "Hugo not installed",
    ]),
  );
  const sizes = table(
    [
      "posts",
      "/blogs (raw / gzip)",
      "post page",
      "post page without body",
      "project page",
      "feed.xml",
      "atom.xml",
      "feed.json",
    ],
    results.map((result) => [
      String(result.posts),
      size(result.sizes.blogs),
      size(result.sizes.post),
      size(result.sizes.postWithoutBody),
      size(result.sizes.project),
      size(result.sizes.rss),
      size(result.sizes.atom),
      size(result.sizes.json),
    ]),
  );
  const audits = results.flatMap((result) =>
    result.lighthouse.map((run) => [
      String(result.posts),
      run.route,
      run.mode,
      ...(["performance", "accessibility", "best-practices", "seo"] as const).map((category) =>
        String(run.categories[category]?.score ?? "–"),
      ),
      run.metrics
        ? `LCP ${seconds(run.metrics.lcpMs)}, TBT ${run.metrics.tbtMs.toFixed(0)} ms, CLS ${run.metrics.cls.toFixed(3)}`
        : "",
    ]),
  );
  return [
    "Builds (each build a new process, as `portfolio build`; cold: no cache and no output; warm: both kept)",
    builds,
    "",
    "Sizes",
    sizes,
    "",
    ...(audits.length
      ? ["Lighthouse", table(["posts", "route", "mode", "perf", "a11y", "best", "seo", "metrics"], audits), ""]
      : []),
    "Targets (issue 7)",
    table(["target", "measured", "limit", "result"], targets(results)),
  ].join("\n");
}
