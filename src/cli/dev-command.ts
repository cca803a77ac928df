import path from "node:path";
import { Command } from "commander";
import pc from "picocolors";
import type { CommandIo } from "./command-io.js";
import { formatError, formatWarning } from "../terminal/report-error.js";
import { isLoopbackHost } from "../serve/allowed-hosts.js";
import { bindWarning, collect, openBrowser, parsePort, portsToTry, portTakenNotice } from "./serve-command.js";
import { printable } from "../terminal/printable.js";
import { writeOwnerFieldTypes } from "../config/owner-field-types.js";

/** `portfolio dev`: build, serve, rebuild on save, and every open page updates itself. */
export function makeDevCommand(io: CommandIo): Command {
  return new Command("dev")
    .description("Build, serve on 127.0.0.1 and rebuild on every save: open pages update themselves and show mistakes")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("-p, --port <number>", "port to listen on; when the default is taken, the next free one", parsePort, 8080)
    .option("-H, --host <address>", "address to bind; use 0.0.0.0 to share on your network", "127.0.0.1")
    .option("--allowed-host <name>", "also answer requests for this name, e.g. my-laptop.local (repeatable)", collect)
    .option("--open", "open the site in your browser")
    .option("--drafts", "include posts marked draft: true, marked as drafts")
    .action(
      async (
        options: {
          config: string;
          port: number;
          host: string;
          allowedHost?: string[];
          open?: boolean;
          drafts?: boolean;
        },
        command: Command,
      ) => {
        if (!isLoopbackHost(options.host)) io.warn(bindWarning("dev", options.host));
        let first = true;
        const { startDevServer } = await import("../dev/dev-server.js");
        const server = await startDevServer({
          cwd: io.cwd,
          env: io.env,
          file: options.config,
          drafts: options.drafts,
          ...portsToTry(command),
          host: options.host,
          allowedHosts: options.allowedHost,
          onBuild: (outcome) => {
            if ("error" in outcome) io.warn(formatError(outcome.error, io.cwd));
            else if (first) for (const warning of outcome.result.warnings) io.warn(formatWarning(warning, io.cwd));
            if ("result" in outcome) {
              // The owner's editor types their fields from the config as it is now.
              writeOwnerFieldTypes(path.resolve(io.cwd, options.config), outcome.result.config.fields).catch(() => {});
              io.log(
                `${pc.green("✓")} ${first ? "Built" : "Rebuilt"} ${outcome.result.pageCount} pages in ${Math.round(outcome.result.durationMs)} ms`,
              );
            }
            first = false;
          },
          onEngineChanged: (line) => io.warn(`${pc.yellow("!")} ${line}`),
        });
        const notice = portTakenNotice(options.port, server.port);
        if (notice) io.log(notice);
        io.log(`\n${pc.green("➜")} Developing at ${pc.cyan(printable(server.url))}  ${pc.dim("(Ctrl+C to stop)")}`);
        io.log(
          pc.dim(
            "  Watching the config, content/, public/, templates/ and the stylesheet: save a file and open pages update themselves.",
          ),
        );
        if (options.open) openBrowser(server.url);
      },
    );
}
