import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import pc from "picocolors";
import { buildSite } from "../build/build-site.js";
import { loadConfig } from "../config/load-config.js";
import { startServer } from "../serve/start-server.js";
import { reportBuild, type CommandIo } from "./build-command.js";
import { watchSite } from "./watch-site.js";

export function makeServeCommand(io: CommandIo): Command {
  return new Command("serve")
    .description("Serve what portfolio build wrote, as a preview of the deployed site (building it first when there is none)")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("-o, --out <dir>", "folder to serve (default: dist beside the config)")
    .option("-p, --port <number>", "port to listen on", parsePort, 8080)
    .option("-H, --host <address>", "address to bind; use 0.0.0.0 to share on your network", "127.0.0.1")
    .option("--open", "open the site in your browser")
    .option("-w, --watch", "rebuild when the config, content/, public/ or templates/ change")
    .action(async (options: { config: string; out?: string; port: number; host: string; open?: boolean; watch?: boolean }) => {
      const { config, root, file: configFile } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      const outDir = path.resolve(io.cwd, options.out ?? path.join(root, "dist"));
      if (!existsSync(path.join(outDir, "index.html"))) {
        io.log(`No site in ${path.relative(io.cwd, outDir) || "."} yet: building it first.`);
        reportBuild(await buildSite({ cwd: io.cwd, env: io.env, file: options.config, outDir }), io);
      }
      const server = await startServer({ root: outDir, base: config.site.base, port: options.port, host: options.host });
      if (options.watch) await watchSite(root, configFile, { cwd: io.cwd, env: io.env, file: options.config, outDir }, io);
      const url = server.url;
      io.log(`\n${pc.green("➜")} Serving ${path.relative(io.cwd, outDir) || "."}${path.sep} at ${pc.cyan(url)}  ${pc.dim("(Ctrl+C to stop)")}`);
      if (options.watch) io.log(pc.dim("  Watching the config, content/, public/ and templates/: save a file, then reload the page."));
      if (options.open) openBrowser(url);
    });
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("expected a port number from 0 to 65535.");
  return port;
}

export function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
  const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
  spawn(command, args, { stdio: "ignore", detached: true }).on("error", () => undefined).unref();
}
