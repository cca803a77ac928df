import type { BuildStage } from "./build-options.js";

/**
 * How long each stage of a build took, for `npm run bench -- --scale`: each stage runs from the
 * call that starts it to the next one, and a stage met twice ("render" runs before and after the
 * bundle) counts both times. Only when the benchmark asks for it (PORTFOLIO_STAGE_TIMES=1).
 */
export function stageClock(now: () => number = () => performance.now()): {
  onStage: (stage: BuildStage) => void;
  stop: () => Partial<Record<BuildStage, number>>;
} {
  const times: Partial<Record<BuildStage, number>> = {};
  let current: { stage: BuildStage; since: number } | undefined;
  const close = () => {
    if (!current) return;
    times[current.stage] = (times[current.stage] ?? 0) + now() - current.since;
  };
  return {
    onStage: (stage) => {
      close();
      current = { stage, since: now() };
    },
    stop: () => {
      close();
      current = undefined;
      return times;
    },
  };
}
