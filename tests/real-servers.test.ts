// The nginx and Caddy blocks of `portfolio host static`, run by the real servers (Debian's packages,
// which .ci/run installs when missing) over the sample built with posts under a base path: every
// page answers with and without a slash at its end, an unknown address gets the 404 page with
// status 404, and the headers are those of dist/_headers.
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caddyBlock, nginxBlock } from "../src/deploy/host-files.js";
import { indexOutput } from "../src/deploy/host-rules.js";
import { otherSlash, pageAddresses } from "../src/deploy/reach-address.js";
import { buildSampleWithPosts, type BuiltSample, freePort } from "./helpers/built-sample.js";

const base = "/portfolio/";
let sample: BuiltSample;
let pages: Array<{ file: string; address: string }>;
let served: string;

beforeAll(async () => {
  sample = await buildSampleWithPosts(base);
  pages = pageAddresses(indexOutput(sample.files), base);
  // As the blocks say: dist/ copied to <root>/portfolio for the base /portfolio/.
  served = await mkdtemp(path.join(tmpdir(), "portfolio-real-server-"));
  // nginx's workers run as another user when the tests run as root: they must be able to read it.
  await chmod(served, 0o755);
  await cp(sample.build.outDir, path.join(served, "site", base), { recursive: true });
}, 120_000);
afterAll(async () => {
  await sample?.site.remove();
  if (served) await rm(served, { recursive: true, force: true });
});

interface Running {
  origin: string;
  stop: () => Promise<void>;
}

async function waitForServer(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`The server stopped: ${log()}`);
    const up = await fetch(`${origin}${base}`, { redirect: "manual" }).then(
      () => true,
      () => false,
    );
    if (up) return;
    if (tries > 100) throw new Error(`The server did not start: ${log()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function runNginx(): Promise<Running> {
  const port = await freePort();
  const root = path.join(served, "site");
  const block = nginxBlock({ base, embedding: "none" })
    .replace("root /var/www/site;", `root ${root};`)
    .replace("server {", `server {\n  listen 127.0.0.1:${port};`);
  const temp = (name: string) => path.join(served, `nginx-${name}`);
  const config = path.join(served, "nginx.conf");
  await writeFile(
    config,
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${temp("pid")};`,
      `error_log ${temp("error.log")};`,
      "events { worker_connections 64; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${temp(kind)};`),
      block,
      "}",
    ].join("\n"),
  );
  let output = "";
  const child = spawn("nginx", ["-c", config, "-e", temp("error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  await waitForServer(origin, child, () => output);
  return { origin, stop: () => stop(child) };
}

async function runCaddy(): Promise<Running> {
  const port = await freePort();
  const block = caddyBlock({ base, embedding: "none" })
    .replace("root * /var/www/site", `root * ${path.join(served, "site")}`)
    .replace("example.com {", `http://127.0.0.1:${port} {`);
  const config = path.join(served, "Caddyfile");
  await writeFile(
    config,
    `{\n  admin off\n  auto_https off\n  storage file_system ${path.join(served, "caddy")}\n}\n${block}\n`,
  );
  let output = "";
  const child = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, HOME: served, XDG_DATA_HOME: served, XDG_CONFIG_HOME: served },
  });
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  await waitForServer(origin, child, () => output);
  return { origin, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });
}

const textOf = (file: string) => readFile(path.join(sample.build.outDir, file), "utf8");

describe.each([
  ["nginx", runNginx],
  ["Caddy", runCaddy],
] as const)("%s with the block portfolio host static writes", (_name, run) => {
  let server: Running;
  beforeAll(async () => {
    server = await run();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("sends every page for its address and for the other form, with and without the slash", async () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const { address, file } of pages) {
      const page = await textOf(file);
      for (const asked of [address, otherSlash(address)]) {
        const response = await fetch(server.origin + asked);
        expect(response.status, asked).toBe(200);
        expect((await response.text()) === page, `${asked} sent another page than ${file}`).toBe(true);
      }
    }
  }, 120_000);

  it("sends the 404 page with status 404 for an address the site does not have", async () => {
    const response = await fetch(`${server.origin}${base}no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(await textOf("404.html"));
  });

  it("sends the headers of dist/_headers, and caches hashed assets for a year", async () => {
    const page = await fetch(`${server.origin}${base}about`);
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBeTruthy();
    expect(page.headers.get("permissions-policy")).toBeTruthy();
    const stylesheet = (await page.text()).match(/href="(\/portfolio\/assets\/[^"]+\.css)"/)![1]!;
    const asset = await fetch(server.origin + stylesheet);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
