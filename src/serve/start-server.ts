import { existsSync } from "node:fs";
import { lstat, readFile, realpath } from "node:fs/promises";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import { portfolioError } from "../errors.js";
import { refuseLinks } from "../project/no-follow.js";
import { isInside } from "../project/project-files.js";
import { hostAllowed, machineAddresses, type HostPolicy } from "./allowed-hosts.js";
import {
  cacheControlFor,
  devCacheControlFor,
  hostHeadersForPath,
  parseHeadersFile,
  type HeaderRule,
} from "../render/cache-headers.js";
import { compressOnRequest } from "./compress-on-request.js";
import { encodeSitePath, resolveRequest } from "./request-path.js";

export interface ServeOptions {
  root: string;
  /**
   * The project the folder is in: neither the folder nor any folder between the project and it may
   * be a symbolic link (a linked `dist/` would serve whatever it leads to). Without it, the folder
   * itself is checked.
   */
  project?: string | undefined;
  base: string;
  port: number;
  /**
   * How many ports after `port` to try in turn while it is taken, as Vite and Astro do when the
   * port is their default; none when the owner asked for this one.
   */
  nextPorts?: number | undefined;
  host: string;
  /** Host names answered besides loopback, the bound address and this machine's own (--allowed-host). */
  allowedHosts?: readonly string[] | undefined;
  /** What `portfolio dev` adds: its own addresses, and a script in every page. */
  dev?: DevHooks | undefined;
}

export interface DevHooks {
  /** Answers a request the dev server owns (its events, its script); false leaves it to the site. */
  handle: (request: IncomingMessage, response: ServerResponse) => boolean;
  /**
   * Changes every page as it is served (never the files on disk). Asked for before the page is read,
   * so what it adds (the dev server's build number) is never newer than the page.
   */
  pageTransform: () => (html: string) => string;
}

export interface RunningServer {
  /** The site's address, base path included. */
  url: string;
  port: number;
  close: () => Promise<void>;
}

type Next = ServerResponse & { emit: (event: string) => boolean };

/**
 * http-server behind a guard: every request is checked by `resolveRequest` (a hostile address gets
 * 400, 404 or 414, and the server goes on), and a file is served only when its real path lies inside
 * the output folder and no symbolic link leads to it. Like static hosts, the site answers under its
 * base path, and `/works` answers with `works.html` instead of redirecting to `/works/`. A request
 * whose Host is not this machine's (see allowed-hosts.ts) gets 403 before anything else. The folder
 * served is refused if a symbolic link leads to it (no-follow.ts).
 */
export async function startServer({
  root,
  project = path.dirname(path.resolve(root)),
  base,
  port,
  nextPorts = 0,
  host,
  allowedHosts = [],
  dev,
}: ServeOptions): Promise<RunningServer> {
  await refuseLinks(project, path.resolve(root), "serve");
  const realRoot = await realpath(root);
  const headerRules = await readHeaderRules(realRoot);
  const hosts: HostPolicy = { bound: host, machineAddresses, allowedHosts };
  const compressed = compressOnRequest();
  const cacheControl = dev ? devCacheControlFor : cacheControlFor;
  const guard = (request: IncomingMessage, response: Next) => {
    if (!hostAllowed(request.headers.host, hosts)) {
      response.writeHead(403, {
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
        connection: "close",
      });
      response.end(
        "Forbidden: this server answers only its own addresses. To open it by another name, start it with --allowed-host <name>.\n",
      );
      return;
    }
    if (dev?.handle(request, response)) return;
    checkRequest(request, realRoot, base).then(
      async (outcome) => {
        if (typeof outcome === "object" && "asked" in outcome) {
          if (dev && (await servePage(request, response, realRoot, dev))) return;
          const sitePath = decodeURIComponent((request.url ?? "/").split("?")[0]!);
          // Matched against the address asked for (`/demo`), not
          // the file served (`demo.html`), as the hosts match them.
          // Each rule of the build's _headers is whole (render/cache-headers.ts): the last match carries every header.
          const rules = [...hostHeadersForPath(headerRules, `${base}${outcome.asked.slice(1)}`, "last")];
          const file = path.join(realRoot, sitePath.endsWith("/") ? `${sitePath}index.html` : sitePath);
          if (await compressed(request, response, file, { cacheControl: cacheControl(sitePath), rules })) return;
          for (const [name, value] of rules) response.setHeader(name, value);
          response.emit("next");
          return;
        }
        if (typeof outcome === "object") {
          response.writeHead(308, { location: outcome.location, "cache-control": "no-store" });
          response.end();
          return;
        }
        response.writeHead(outcome, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
        response.end(outcome === 404 ? "Not found\n" : outcome === 414 ? "Address too long\n" : "Bad request\n");
      },
      () => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end("Server error\n");
      },
    );
  };
  // http-server uses a Node API that Node has deprecated; the warning means nothing to the site's owner.
  (process as { noDeprecation?: boolean }).noDeprecation = true;
  // Per kind of file: hashed assets for a year, pages revalidated each time (fresh after a rebuild).
  // Loaded when a server starts, not with every build.
  const { default: httpServer } = await import("http-server");
  const server = httpServer.createServer({
    root,
    cache: cacheControl,
    showDir: "false",
    gzip: true,
    brotli: true,
    before: [guard],
  });
  const underlying = (server as unknown as { server: Server }).server;
  const actualPort = await listenOnFreePort(underlying, host, port, nextPorts);
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}${base}`;
  return { url, port: actualPort, close: () => new Promise<void>((done) => underlying.close(() => done())) };
}

/**
 * Listens on the first free port of `port` … `port + nextPorts`, and answers the one it took. When
 * none is free, the error names the port asked for, or the ports tried.
 */
async function listenOnFreePort(server: Server, host: string, port: number, nextPorts: number): Promise<number> {
  const last = Math.min(port + nextPorts, 65535);
  for (let candidate = port; ; candidate++) {
    try {
      return await listen(server, host, candidate);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      if (candidate >= last)
        throw last === port
          ? portfolioError("PortInUse", [port, host])
          : portfolioError("PortsInUse", [port, last, host]);
    }
  }
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // Kept once listening, as before: a later error of the server is then no uncaught exception.
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/**
 * The output's `_headers` (what Netlify and Cloudflare Pages will send), so that the preview sends
 * the same security headers; Cache-Control comes from `cacheControlFor`. Without one, `nosniff` alone.
 */
async function readHeaderRules(realRoot: string): Promise<HeaderRule[]> {
  const text = await readFile(path.join(realRoot, "_headers"), "utf8").catch(
    () => "/*\n  X-Content-Type-Options: nosniff\n",
  );
  return parseHeadersFile(text).map((rule) => ({
    ...rule,
    headers: rule.headers.filter(([name]) => name.toLowerCase() !== "cache-control"),
  }));
}

/** In `portfolio dev`, a page is read and changed as it is served, and never cached. */
async function servePage(
  request: IncomingMessage,
  response: ServerResponse,
  realRoot: string,
  dev: DevHooks,
): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const sitePath = decodeURIComponent(new URL(request.url ?? "/", "http://site.invalid").pathname);
  const file = path.join(realRoot, sitePath.endsWith("/") ? `${sitePath}index.html` : sitePath);
  if (!file.endsWith(".html") || !isInside(file, realRoot)) return false;
  const transform = dev.pageTransform();
  const html = await readFile(file, "utf8").catch(() => undefined);
  if (html === undefined) return false;
  const body = Buffer.from(transform(html));
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-length": body.byteLength,
    "cache-control": "no-store",
  });
  response.end(request.method === "HEAD" ? undefined : body);
  return true;
}

/**
 * Rewrites the request's URL to the file it may have (and answers the site path it asked for), or
 * answers the status to refuse it with, or where to redirect it: `/works/` to `/works` when the
 * page is `works.html` (even beside its copy `works/index.html`, routes/folder-pages.ts), so that a
 * page has one address here as with the nginx and Caddy snippets.
 */
async function checkRequest(
  request: IncomingMessage,
  realRoot: string,
  base: string,
): Promise<number | { location: string } | { asked: string }> {
  const target = resolveRequest(request.url ?? "/", base);
  if (target.kind === "refused") return target.status;
  const asked = target.sitePath;
  let sitePath = asked;
  if (
    sitePath.length > 1 &&
    sitePath.endsWith("/") &&
    existsSync(path.join(realRoot, `${sitePath.slice(0, -1)}.html`)) &&
    !(await leadsOutside(realRoot, `${sitePath.slice(0, -1)}.html`))
  ) {
    const query = target.query === undefined ? "" : `?${target.query}`;
    return { location: `${base}${encodeSitePath(sitePath.slice(1, -1))}${query}` };
  }
  if (
    sitePath !== "/" &&
    !sitePath.endsWith("/") &&
    !path.posix.extname(sitePath) &&
    existsSync(path.join(realRoot, `${sitePath}.html`))
  ) {
    sitePath = `${sitePath}.html`;
  }
  if (await leadsOutside(realRoot, sitePath)) return 404;
  request.url = `${encodeSitePath(sitePath)}${target.query === undefined ? "" : `?${target.query}`}`;
  return { asked };
}

/** True when a symbolic link lies on the way to the file, or the file is not inside the folder. */
async function leadsOutside(realRoot: string, sitePath: string): Promise<boolean> {
  const absolute = path.join(realRoot, sitePath);
  if (!isInside(absolute, realRoot)) return true;
  let current = realRoot;
  for (const segment of path.relative(realRoot, absolute).split(path.sep).filter(Boolean)) {
    current = path.join(current, segment);
    const info = await lstat(current).catch(() => undefined);
    if (!info) return false;
    if (info.isSymbolicLink()) return true;
  }
  return false;
}
