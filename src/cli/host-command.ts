import path from "node:path";
import { Argument, Command, Option } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import { presetWrites } from "../deploy/apply-preset.js";
import { presetNames, presets, type PresetName } from "../deploy/host-files.js";
import { describeThrown, isPortfolioError, portfolioError } from "../errors.js";
import { writeFileNoFollow } from "../project/no-follow.js";
import type { CommandIo } from "./command-io.js";
import { printable } from "../terminal/printable.js";

/**
 * `portfolio host netlify`: adds a host's settings to an existing site, made from its config (the
 * base path, `site.embedding`). A settings file that is there with other contents is left alone
 * unless --force.
 */
export function makeHostCommand(io: CommandIo): Command {
  return new Command("host")
    .description(
      "Add the settings a host needs to publish the site (then: portfolio build && portfolio check --host <name>)",
    )
    .addArgument(new Argument("<name>", "the host").choices(presetNames))
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .addOption(new Option("-f, --force", "replace a settings file that differs from the preset"))
    .action(async (name: PresetName, options: { config: string; force?: boolean }) => {
      const { root, config } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      const writes = await presetWrites(
        root,
        name,
        { base: config.site.base, embedding: config.site.embedding, name: path.basename(root) },
        options.force ?? false,
      );
      for (const file of writes)
        await writeFileNoFollow(root, path.join(root, file.path), file.contents).catch((cause: unknown) => {
          throw isPortfolioError(cause)
            ? cause
            : portfolioError("SiteFileUnsafe", [file.path, describeThrown(cause)], { cause });
        });
      const shown = (file: string) => printable(path.relative(io.cwd, path.join(root, file)) || file);
      io.log(
        writes.length
          ? `${pc.green("✓")} Wrote ${writes.map((file) => shown(file.path)).join(", ")}: ${printable(presets[name].writes)}`
          : `${pc.green("✓")} The site has ${printable(name)}'s settings already: nothing to write.`,
      );
    });
}
