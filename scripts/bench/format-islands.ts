import {
  islandTargets,
  type EngineFigures,
  type EngineLabel,
  type IslandsReport,
  type RouteFigures,
  type Samples,
} from "./islands.js";

/** One figure of one route: how to read it from an engine's figures, and whether it meets its target. */
interface Measure {
  name: string;
  target: string;
  read: (figures: EngineFigures) => Samples | undefined;
  meets: (median: number) => boolean;
  show: (value: number) => string;
  /** Shown after the current engine's figure, e.g. how many taps stayed under Event Timing's threshold. */
  note?: (figures: EngineFigures) => string;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function measuresFor(route: RouteFigures): Measure[] {
  const any = Object.values(route.engines)[0]!;
  const interactions = [
    ...new Set(
      Object.values(route.engines).flatMap((figures) => figures!.interactions.map((interaction) => interaction.name)),
    ),
  ];
  return [
    {
      name: "script fetched before interaction (gzip)",
      target: "—",
      read: (figures) => figures.fetchedGzip,
      meets: () => true,
      show: kb,
    },
    {
      name: "script evaluated before interaction (gzip)",
      target: `≤ ${kb(islandTargets.evaluatedGzip)}`,
      read: (figures) => figures.evaluatedGzip,
      meets: (median) => median <= islandTargets.evaluatedGzip,
      show: kb,
      note: (figures) =>
        `${figures.hydratedBeforeInteraction.median}/${figures.islands} islands live${figures.islandMarks.length ? `; marks: ${figures.islandMarks.join(", ")}` : ""}`,
    },
    {
      name: "blocking after load at 4× (long tasks past 50 ms)",
      target: `${islandTargets.blockingMs} ms`,
      read: (figures) => figures.blockingMs,
      meets: (median) => median <= islandTargets.blockingMs,
      show: ms,
    },
    ...interactions.map(
      (name): Measure => ({
        name: `first ${name} tap at 4×: INP`,
        target: `≤ ${islandTargets.inpMs} ms`,
        read: (figures) => figures.interactions.find((one) => one.name === name)?.inpMs,
        meets: (median) => median <= islandTargets.inpMs,
        show: ms,
        note: (figures) => {
          const under = figures.interactions.find((one) => one.name === name)?.underThresholdRuns ?? 0;
          return under ? `${under} tap(s) <16 ms, counted as 16` : "";
        },
      }),
    ),
    ...(any.hydration
      ? [
          {
            name: "hydration at 4×: script on the main thread, reach → live",
            target: `≤ ${islandTargets.hydrationMs} ms`,
            read: (figures: EngineFigures) => figures.hydration?.reachScriptMs,
            meets: (median: number) => median <= islandTargets.hydrationMs,
            show: ms,
            note: () => "from load for an island live before the reach",
          },
          {
            name: "main-thread tasks at 4×, reach → live",
            target: "—",
            read: (figures: EngineFigures) => figures.hydration?.reachTaskMs,
            meets: () => true,
            show: ms,
            note: () => "all of it: the hover's own style, layout and paint included",
          },
          {
            name: "main-thread tasks at 4×, load → first island live",
            target: "—",
            read: (figures: EngineFigures) => figures.hydration?.taskMs,
            meets: () => true,
            show: ms,
            note: (figures: EngineFigures) =>
              figures.hydration
                ? `long tasks ${ms(figures.hydration.longTaskMs.median)}, wall ${ms(figures.hydration.toHydratedMs.median)}`
                : "",
          },
        ]
      : []),
    ...(any.lighthouse
      ? [
          {
            name: "Lighthouse mobile Performance",
            target: `${islandTargets.lighthousePerformance}`,
            read: (figures: EngineFigures) => figures.lighthouse?.performance,
            meets: (median: number) => median >= islandTargets.lighthousePerformance,
            show: (value: number) => String(Math.round(value)),
          },
          {
            name: "Lighthouse mobile TBT",
            target: `≤ ${islandTargets.lighthouseTbtMs} ms`,
            read: (figures: EngineFigures) => figures.lighthouse?.tbtMs,
            meets: (median: number) => median <= islandTargets.lighthouseTbtMs,
            show: ms,
          },
        ]
      : []),
  ];
}

function ratio(current: number, baseline: number): string {
  if (baseline === 0) return current === 0 ? "=" : "—";
  return `×${(current / baseline).toFixed(2)}`;
}

function cell(measure: Measure, figures: EngineFigures | undefined): string {
  const samples = figures && measure.read(figures);
  if (!samples) return "n/a";
  return `${measure.show(samples.median)} (${samples.samples.map(measure.show).join(", ")})`;
}

function row(measure: Measure, route: RouteFigures, hasBaseline: boolean): string[] {
  const current = route.engines.current;
  const currentSamples = current && measure.read(current);
  const baselineSamples = route.engines.baseline && measure.read(route.engines.baseline);
  const verdict = !currentSamples
    ? ""
    : measure.target === "—"
      ? ""
      : measure.meets(currentSamples.median)
        ? "met"
        : "MISSED";
  return [
    `  ${measure.name}`,
    measure.target,
    ...(hasBaseline ? [cell(measure, route.engines.baseline)] : []),
    cell(measure, current),
    ...(hasBaseline
      ? [currentSamples && baselineSamples ? ratio(currentSamples.median, baselineSamples.median) : ""]
      : []),
    verdict,
    (current && measure.note?.(current)) ?? "",
  ];
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  return rows.map((cells) =>
    cells
      .map((text, column) => text.padEnd(widths[column]!))
      .join("  ")
      .trimEnd(),
  );
}

export function formatIslands(report: IslandsReport): string {
  const hasBaseline = report.baseline !== undefined;
  const engines: EngineLabel[] = hasBaseline ? ["baseline", "current"] : ["current"];
  const header = [
    "  route / figure",
    "target",
    ...engines.map((label) =>
      label === "baseline"
        ? `baseline ${report.baseline!.commit.slice(0, 9)}`
        : `current ${report.current.commit.slice(0, 9)}`,
    ),
    ...(hasBaseline ? ["current/baseline"] : []),
    "",
    "",
  ];
  const lines = [
    `Islands (issue 38): medians of ${report.runs} runs (the runs in brackets), a phone's screen in Chromium, CPU slowed ${report.cpuSlowdown}× where it says 4×; blocking summed over ${report.settleMs / 1000} s after load${report.busy ? "; Lighthouse with a cold build of 1,000 posts running beside it" : ""}`,
  ];
  for (const site of report.sites) {
    const rows: string[][] = [header];
    for (const route of site.routes) {
      rows.push([route.route, "", ...engines.map(() => ""), ...(hasBaseline ? [""] : []), "", ""]);
      for (const measure of measuresFor(route)) rows.push(row(measure, route, hasBaseline));
    }
    lines.push("", `${site.site}: ${site.description}`, ...table(rows));
  }
  return lines.join("\n");
}
