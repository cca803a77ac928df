import { digestBuildInputs, setUp } from "./build-setup.js";
import type { BuildMemo, BuildOptions, BuildResult } from "./build-options.js";
import { unchangedBuild } from "./unchanged-build.js";

export type { BuildMemo, BuildOptions, BuildResult, BuildStage } from "./build-options.js";

/**
 * The whole pipeline, as a list of named stages: load the config, then, unless every input is as
 * the previous build found it (unchanged-build.ts), load and validate the content, plan the pages,
 * make the images and the site's own files, render every route, bundle the stylesheet and the
 * islands the pages use, check every link, then compress and write the site (build-stages.ts).
 * Only the last stage touches the output folder. `portfolio dev` gives `memo`, what its builds keep
 * from one to the next.
 */
export async function buildSite(options: BuildOptions = {}, memo?: BuildMemo): Promise<BuildResult> {
  const started = performance.now();
  const stage = options.onStage ?? (() => {});
  stage("config");
  const setup = await setUp(options, memo);
  const inputs = await digestBuildInputs(setup);
  const previous = inputs && (await unchangedBuild(inputs.cache, inputs.digest, setup.outDir));
  if (previous) {
    const { outDir, config, languages } = setup;
    return {
      ...previous,
      outDir,
      config,
      languages,
      warnings: [...setup.warnings, ...previous.warnings, ...(setup.cache?.warnings ?? [])],
      durationMs: performance.now() - started,
      unchanged: true,
    };
  }
  // The stages' code (Markdown, highlighting, React, images, search) is loaded only when there is work for it.
  const { runStages } = await import("./build-stages.js");
  return runStages(setup, inputs, started);
}
