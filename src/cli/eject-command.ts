import path from "node:path";
import { Command } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import { portfolioError } from "../errors.js";
import { packageVersion } from "../package-root.js";
import { overrideOf, readSiteRecord, siteRecordFile, writeSiteRecord } from "../project/site-record.js";
import { ejectableFiles, ejectableOf, engineDefault, wrapperOf } from "../upgrade/ejectable-files.js";
import { writeSiteFile } from "../upgrade/write-site-file.js";
import type { CommandIo } from "./command-io.js";
import { printable } from "../terminal/printable.js";

/**
 * `portfolio eject components/ProjectCard.tsx` (or several files at once): copies an engine default
 * into the site for the owner to change, and records in portfolio-site.json the version and text it
 * came from, so that `portfolio upgrade` can show how the default changes later and merge the change
 * in. With `--wrap`, a component is not copied but wrapped: the file renders the engine's default
 * inside the owner's markup, and needs nothing at upgrade. `--list` lists what can be ejected.
 */
export function makeEjectCommand(io: CommandIo): Command {
  return new Command("eject")
    .description(
      "Copy one of the engine's default files or components into the site, to change it (upgrade then follows the default)",
    )
    .argument("[files...]", "the defaults to copy, by their paths in the site: see --list")
    .option("-l, --list", "list what can be ejected, each component marked stable or internal")
    .option("-w, --wrap", "for a component: write a wrapper that renders the default, instead of a copy")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .action(async (files: string[], options: { config: string; list?: boolean; wrap?: boolean }) => {
      if (options.list || files.length === 0) {
        io.log(ejectableList());
        return;
      }
      // Every name is checked before anything is written: a typo in the third leaves the site as it was.
      const rows = files.map((file) => {
        const wanted = file.replaceAll("\\", "/").replace(/^\.\//, "");
        const row = ejectableOf(wanted);
        if (!row)
          throw portfolioError("EjectUnknownFile", [file, ejectableFiles.map((known) => known.file).join(", ")]);
        if (options.wrap && !row.component) throw portfolioError("EjectCannotWrap", [wanted]);
        return { wanted, row };
      });
      const { root } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      // The record is read first: an unreadable one stops the command before anything is written.
      let record = await readSiteRecord(root);
      const version = packageVersion();
      for (const { wanted, row } of rows) {
        const shown = printable(path.relative(io.cwd, path.join(root, wanted)));
        if (options.wrap && row.component) {
          await writeSiteFile(root, wanted, wrapperOf(row.component), { replace: false });
          record = { ...record, wrapped: [...new Set([...record.wrapped, wanted])] };
          await writeSiteRecord(root, record);
          io.log(
            `${pc.green("✓")} Wrote ${shown}, which renders portfolio's ${row.component} inside your markup. ${pc.dim("Add yours around <Original />; it keeps working as the default changes.")}`,
          );
          continue;
        }
        const text = await engineDefault(wanted);
        await writeSiteFile(root, wanted, text, { replace: false });
        record = {
          ...record,
          overrides: { ...record.overrides, [wanted]: overrideOf(text, version) },
          wrapped: record.wrapped.filter((known) => known !== wanted),
        };
        await writeSiteRecord(root, record);
        io.log(
          `${pc.green("✓")} Wrote ${shown}, the default of portfolio ${version}, and recorded it in ${siteRecordFile}. ${pc.dim("The build now uses your copy; portfolio upgrade tells you when the default changes.")}`,
        );
      }
    });
}

/** What `eject --list` prints: each file, whether its props are stable, and what it is. */
function ejectableList(): string {
  const width = Math.max(...ejectableFiles.map((row) => row.file.length));
  const lines = ejectableFiles.map(
    (row) => `  ${row.file.padEnd(width)}  ${(row.stability ?? "").padEnd(8)}  ${row.what}`,
  );
  return [
    "What portfolio eject can copy into the site (a component may be wrapped instead, with --wrap):",
    ...lines,
    "",
    pc.dim(
      "stable: its props keep their shape until the next major version. internal: its props may change in any version; portfolio upgrade shows the change.",
    ),
  ].join("\n");
}
