import { describe, expect, it } from "vitest";
import {
  formatScaleBudget,
  parseScaleBudgetArgs,
  stageGroups,
  type ScaleBudgetReport,
} from "../scripts/bench/scale-budget.js";
import { median } from "../scripts/bench/stats.js";
import { stageClock } from "../src/pipeline/stage-times.js";

describe("bench --scale: its pure parts", () => {
  it("reads its options, with 3 runs of 100 and 1,000 posts by default", () => {
    expect(parseScaleBudgetArgs(["--scale"], "/repo")).toEqual({
      counts: [100, 1000],
      runs: 3,
      hugo: true,
      makePosts: "/shared/scale/make-posts.mjs",
    });
    expect(parseScaleBudgetArgs(["--scale", "--runs", "5", "--posts=10,20", "--no-hugo"], "/repo")).toMatchObject({
      counts: [10, 20],
      runs: 5,
      hugo: false,
    });
  });

  it("refuses runs and post counts that are not whole numbers, saying what it expected", () => {
    expect(() => parseScaleBudgetArgs(["--scale", "--runs", "0"], "/repo")).toThrow(/--runs expects/);
    expect(() => parseScaleBudgetArgs(["--scale", "--posts", "ten"], "/repo")).toThrow(/--posts expects/);
  });

  it("takes the median of odd and even counts of samples", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("times each stage from its start to the next one's, a stage met twice counting both times", () => {
    let now = 0;
    const clock = stageClock(() => now);
    clock.onStage("config");
    now = 10;
    clock.onStage("content");
    now = 30;
    clock.onStage("render");
    now = 35;
    clock.onStage("bundle");
    now = 45;
    clock.onStage("render");
    now = 50;
    expect(clock.stop()).toEqual({ config: 10, content: 20, render: 10, bundle: 10 });
  });

  it("groups the build's stages into read, images, cards, render, search and check, and write", () => {
    expect(
      stageGroups({
        config: 5,
        content: 10,
        images: 20,
        cards: 30,
        render: 40,
        bundle: 2,
        search: 1,
        check: 3,
        compress: 4,
        write: 6,
      }),
    ).toEqual({ read: 15, images: 20, cards: 30, render: 42, "search and check": 4, write: 10 });
  });

  it("prints one table of builds and one of stages, with Hugo beside each count", () => {
    const report: ScaleBudgetReport = {
      runs: 3,
      results: [
        {
          posts: 1000,
          cold: {
            ms: [3000, 2000, 2500],
            medianMs: 2500,
            peakMb: 240,
            cpuMs: 4100,
            stages: { read: 500, images: 100, cards: 900, render: 700, "search and check": 100, write: 200 },
          },
          warm: { ms: [300, 200, 250], medianMs: 250, peakMb: 120, cpuMs: undefined, stages: {} },
          oneAdded: { ms: [900, 800, 1000], medianMs: 900, peakMb: 200, cpuMs: 1300, stages: { read: 100, cards: 20 } },
          hugo: {
            version: "v0.131.0",
            cold: { ms: [400], medianMs: 400, peakMb: 80, cpuMs: 1200 },
            warm: { ms: [300], medianMs: 300, peakMb: 70, cpuMs: undefined },
          },
        },
      ],
    };
    const text = formatScaleBudget(report);
    expect(text).toContain("| 1000  | cold");
    // CPU beside the wall time, and a dash where GNU time was missing.
    expect(text).toMatch(/cold\s+\|\s+2\.50 s\s+\|\s+2\.00–3\.00 s\s+\|\s+4\.10 s\s+\|\s+240 MB/);
    expect(text).toMatch(/warm\s+\|\s+0\.25 s\s+\|\s+0\.20–0\.30 s\s+\|\s+–\s+\|\s+120 MB/);
    expect(text).toContain("0.40 s, CPU 1.20 s, 80 MB (Hugo v0.131.0)");
    expect(text).toContain("one post added");
    expect(text).toContain("Hugo v0.131.0");
    expect(text).toMatch(/\| cards\s*\|/);
    expect(text).toContain("0.90 s");
    expect(text).toContain("6.25×");
  });
});
