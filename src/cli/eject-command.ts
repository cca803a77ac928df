import path from "node:path";
import { Command } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import { portfolioError } from "../errors.js";
import { packageVersion } from "../package-root.js";
import { overrideOf, readSiteRecord, siteRecordFile, writeSiteRecord } from "../project/site-record.js";
import { ejectableFiles, engineDefault, isEjectable } from "../upgrade/ejectable-files.js";
import { writeSiteFile } from "../upgrade/write-site-file.js";
import type { CommandIo } from "./build-command.js";
import { printable } from "./printable.js";

/**
 * `portfolio eject templates/page.html`: copies an engine default into the site for the owner to
 * change, and records in portfolio-site.json the version and text it came from, so that
 * `portfolio upgrade` can show how the default changes later and merge the change in.
 */
export function makeEjectCommand(io: CommandIo): Command {
  return new Command("eject")
    .description(
      "Copy one of the engine's default files into the site, to change it (upgrade then follows the default)",
    )
    .argument("<file>", `the default to copy: ${ejectableFiles.map((row) => row.file).join(", ")}`)
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .action(async (file: string, options: { config: string }) => {
      const wanted = file.replaceAll("\\", "/").replace(/^\.\//, "");
      if (!isEjectable(wanted))
        throw portfolioError("EjectUnknownFile", [file, ejectableFiles.map((row) => row.file).join(", ")]);
      const { root } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      // The record is read first: an unreadable one stops the command before anything is written.
      const record = await readSiteRecord(root);
      const text = await engineDefault(wanted);
      const version = packageVersion();
      await writeSiteFile(root, wanted, text, { replace: false });
      await writeSiteRecord(root, {
        format: record.format,
        overrides: { ...record.overrides, [wanted]: overrideOf(text, version) },
      });
      const shown = printable(path.relative(io.cwd, path.join(root, wanted)));
      io.log(
        `${pc.green("✓")} Wrote ${shown}, the default of portfolio ${version}, and recorded it in ${siteRecordFile}. ${pc.dim("The build now uses your copy; portfolio upgrade tells you when the default changes.")}`,
      );
    });
}
