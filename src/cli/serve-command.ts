import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import httpServer from "http-server";
import pc from "picocolors";
import { buildSite } from "../build/build-site.js";
import { loadConfig } from "../config/load-config.js";
import { PortfolioError } from "../errors.js";
import { reportBuild, type CommandIo } from "./build-command.js";
import { watchSite } from "./watch-site.js";

export interface ServeOptions {
  root: string;
  base: string;
  port: number;
  host: string;
}

export function makeServeCommand(io: CommandIo): Command {
  return new Command("serve")
    .description("Serve the built site (building it first when there is no output)")
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

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("expected a port number from 0 to 65535.");
  return port;
}

export interface RunningServer {
  /** The site's address, base path included. */
  url: string;
  port: number;
  close: () => Promise<void>;
}

/**
 * http-server with two additions that static hosts make too: the site answers under its base path,
 * and `/works` answers with `works.html` instead of redirecting to `/works/`.
 */
export function startServer({ root, base, port, host }: ServeOptions): Promise<RunningServer> {
  const mapToFiles = (request: IncomingMessage, response: ServerResponse & { emit: (event: string) => boolean }) => {
    const [pathname = "/", query] = (request.url ?? "/").split("?");
    let sitePath = pathname;
    if (base !== "/") {
      if (pathname === base.slice(0, -1)) sitePath = "/";
      else sitePath = pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : "/.outside-base";
    }
    if (sitePath !== "/" && !sitePath.endsWith("/") && !path.extname(sitePath) && existsSync(path.join(root, `${decodeURIComponent(sitePath)}.html`))) {
      sitePath = `${sitePath}.html`;
    }
    request.url = query === undefined ? sitePath : `${sitePath}?${query}`;
    response.emit("next");
  };
  // http-server uses a Node API that Node has deprecated; the warning means nothing to the site's owner.
  (process as { noDeprecation?: boolean }).noDeprecation = true;
  // cache 0: the browser revalidates each time (fresh after a rebuild) but may keep pages for back/forward.
  const server = httpServer.createServer({ root, cache: 0, showDir: "false", gzip: true, brotli: true, before: [mapToFiles] });
  return new Promise((resolve, reject) => {
    const underlying = (server as unknown as { server: import("node:http").Server }).server;
    underlying.once("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "EADDRINUSE"
        ? new PortfolioError("PortInUse", `Port ${port} on ${host} is already in use.`, { hint: "Stop the other server or choose another port with --port." })
        : error);
    });
    server.listen(port, host, () => {
      const address = underlying.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}${base}`;
      resolve({ url, port: actualPort, close: () => new Promise<void>((done) => underlying.close(() => done())) });
    });
  });
}

function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
  const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
  spawn(command, args, { stdio: "ignore", detached: true }).on("error", () => undefined).unref();
}
