import pc from "picocolors";
import { buildSite, type BuildOptions } from "../pipeline/build-site.js";
import { watchSources } from "../dev/watch-sources.js";
import type { CommandIo } from "./command-io.js";
import { formatError } from "../terminal/report-error.js";

/**
 * For `portfolio serve --watch`: rebuilds the site whenever its sources change. A failed rebuild
 * prints its error and leaves the served site as it was; the next save tries again.
 */
export async function watchSite(
  root: string,
  configFile: string,
  build: BuildOptions,
  io: CommandIo,
): Promise<{ close: () => Promise<void> }> {
  return watchSources(root, configFile, async () => {
    try {
      const result = await buildSite(build);
      io.log(`${pc.green("✓")} Rebuilt in ${Math.round(result.durationMs)} ms`);
    } catch (error) {
      io.warn(formatError(error, root));
    }
  });
}
