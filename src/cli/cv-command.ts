import path from "node:path";
import { Command } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import type { CvResult } from "../cv/make-cv.js";
import { cvConfigText } from "../cv/suggested-cv.js";
import type { CommandIo } from "./command-io.js";
import { formatDuration, formatBytes } from "./format-report.js";
import { progressLine } from "./progress.js";
import { printable } from "../terminal/printable.js";

/**
 * `portfolio cv`: the CV as the content says it now. Builds the site apart from dist/, prints its
 * Resume page with Chromium into the config's `cv.file` in public/, and replaces the old PDF only
 * once the new one is whole. A config without `cv` gets a CV all the same, and is told what to add.
 */
export function makeCvCommand(io: CommandIo): Command {
  return new Command("cv")
    .description("Build the site and print its Resume page to the CV PDF in public/ with Chromium")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("-o, --out <file>", "PDF to write (default: cv.file of the config, in public/)")
    .option("--if-configured", "print the CV only when the config has cv (for CI): otherwise say so and succeed")
    .action(async (options: { config: string; out?: string; ifConfigured?: boolean }) => {
      if (options.ifConfigured) {
        const { config, label } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
        if (!config.cv) {
          io.log(`${pc.dim("-")} No CV printed: ${printable(label)} has no cv (add it to offer a CV on the site).`);
          return;
        }
      }
      const progress = progressLine(io);
      const { makeCv } = await import("../cv/make-cv.js");
      const cv = await makeCv({
        cwd: io.cwd,
        env: io.env,
        file: options.config,
        outFile: options.out,
        onStage: progress.onStage,
      }).finally(progress.stop);
      if (cv.withoutSandbox)
        io.warn(
          `${pc.yellow("!")} Chromium's sandbox would not start here, so it printed without it: ${printable(cv.withoutSandbox)}`,
        );
      const pages = `${cv.pages} ${cv.pages === 1 ? "page" : "pages"}`;
      io.log(
        `${pc.green("✓")} Wrote ${printable(path.relative(io.cwd, cv.file) || cv.file)} (${formatBytes(cv.bytes)}, ${pages}) from ${printable(
          cv.page,
        )} in ${formatDuration(cv.durationMs)}`,
      );
      for (const translation of cv.translations) {
        const count = `${translation.pages} ${translation.pages === 1 ? "page" : "pages"}`;
        io.log(
          `${pc.green("✓")} Wrote ${printable(path.relative(io.cwd, translation.file) || translation.file)} (${formatBytes(
            translation.bytes,
          )}, ${count}) from ${printable(translation.page)}`,
        );
      }
      if (cv.notConfigured) io.log(notConfiguredNote(cv, options.config));
    });
}

/** What to add to the config so that the sidebar offers the CV just printed. */
function notConfiguredNote(cv: CvResult, configFile: string): string {
  const suggestion = cv.notConfigured!;
  const inPublic = `public/${suggestion.file}`;
  const move = suggestion.printedThere ? "" : ` (and put the PDF at ${printable(inPublic)})`;
  return [
    "",
    `The site does not offer it yet: ${printable(configFile)} has no cv. To add a Download CV button to the sidebar, add${move}:`,
    "",
    `  ${printable(cvConfigText(suggestion))}`,
  ].join("\n");
}
