import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import pc from "picocolors";
import { buildSite } from "../pipeline/build-site.js";
import { loadConfig } from "../config/load-config.js";
import { isLoopbackHost } from "../serve/allowed-hosts.js";
import { startServer } from "../serve/start-server.js";
import { reportBuild } from "./build-command.js";
import type { CommandIo } from "./command-io.js";
import { watchSite } from "./watch-site.js";
import { printable } from "../terminal/printable.js";

export function makeServeCommand(io: CommandIo): Command {
  return new Command("serve")
    .description(
      "Serve what portfolio build wrote, as a preview of the deployed site (building it first when there is none)",
    )
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("-o, --out <dir>", "folder to serve (default: dist beside the config)")
    .option("-p, --port <number>", "port to listen on; when the default is taken, the next free one", parsePort, 8080)
    .option("-H, --host <address>", "address to bind; use 0.0.0.0 to share on your network", "127.0.0.1")
    .option("--allowed-host <name>", "also answer requests for this name, e.g. my-laptop.local (repeatable)", collect)
    .option("--open", "open the site in your browser")
    .option("-w, --watch", "rebuild when the config, content/, public/ or templates/ change")
    .action(
      async (
        options: {
          config: string;
          out?: string;
          port: number;
          host: string;
          allowedHost?: string[];
          open?: boolean;
          watch?: boolean;
        },
        command: Command,
      ) => {
        if (!isLoopbackHost(options.host)) io.warn(bindWarning("serve", options.host));
        const { config, root, file: configFile } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
        const outDir = path.resolve(io.cwd, options.out ?? path.join(root, "dist"));
        if (!existsSync(path.join(outDir, "index.html"))) {
          io.log(`No site in ${printable(path.relative(io.cwd, outDir) || ".")} yet: building it first.`);
          reportBuild(await buildSite({ cwd: io.cwd, env: io.env, file: options.config, outDir }), io);
        }
        const server = await startServer({
          root: outDir,
          project: root,
          base: config.site.base,
          ...portsToTry(command),
          host: options.host,
          allowedHosts: options.allowedHost,
        });
        const notice = portTakenNotice(options.port, server.port);
        if (notice) io.log(notice);
        if (options.watch)
          await watchSite(root, configFile, { cwd: io.cwd, env: io.env, file: options.config, outDir }, io);
        const url = server.url;
        io.log(
          `\n${pc.green("➜")} Serving ${printable(path.relative(io.cwd, outDir) || ".")}${path.sep} at ${pc.cyan(printable(url))}  ${pc.dim("(Ctrl+C to stop)")}`,
        );
        if (options.watch)
          io.log(pc.dim("  Watching the config, content/, public/ and templates/: save a file, then reload the page."));
        if (options.open) openBrowser(url);
      },
    );
}

/** Said before a server binds beyond loopback: who can then reach it, and how to stay local. */
export function bindWarning(command: "serve" | "dev", host: string): string {
  const shown =
    command === "dev"
      ? "the dev site, with its build errors (file paths and content included) and, with --drafts, the drafts"
      : "the built site";
  return [
    `${pc.yellow("!")} --host ${printable(host)}: every device that can reach this machine (your network, and beyond if this machine is exposed) can open ${shown}.`,
    "  They must open it by this machine's IP address, or by a name you allow with --allowed-host <name>.",
    "  To keep it on this machine, leave out --host or give --host 127.0.0.1.",
  ].join("\n");
}

/** How many ports after the default `dev` and `serve` try while it is taken, as Vite and Astro do. */
export const nextPortsTried = 10;

/** The port --port gives, and no other; the default port, then the next ones while it is taken. */
export function portsToTry(command: Command): { port: number; nextPorts: number } {
  const port = command.getOptionValue("port") as number;
  return { port, nextPorts: command.getOptionValueSource("port") === "default" ? nextPortsTried : 0 };
}

/** Said when the default port was taken and the server took a later one (`--port 0` takes any: nothing to say). */
export function portTakenNotice(asked: number, taken: number): string | undefined {
  return asked === 0 || asked === taken
    ? undefined
    : `${pc.yellow("!")} Port ${asked} is in use, so this server took port ${taken}.`;
}

/** For a repeatable option: each value added to the list. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError("expected a port number from 0 to 65535.");
  return port;
}

export function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
  const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
  spawn(command, args, { stdio: "ignore", detached: true })
    .on("error", () => undefined)
    .unref();
}
