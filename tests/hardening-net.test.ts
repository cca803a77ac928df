import { chmod, writeFile } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { connect, createServer, type Server } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";
import { chromiumArguments, launchChromium, runsWithoutSandbox } from "../src/chromium/launch-chromium.js";
import { isLoopbackUrl, printPage } from "../src/cv/print-page.js";
import { startDevServer, type DevServer } from "../src/dev/dev-server.js";
import { hostAllowed, isLoopbackHost } from "../src/serve/allowed-hosts.js";
import { startServer, type RunningServer } from "../src/serve/start-server.js";
import { chromiumPath } from "./helpers/browser.js";
import { portfolio } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

// ── Host header and binding ────────────────────────────────────────────────────────────────────

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * One request with the Host header as given (as a DNS-rebinding page's would arrive). Answers once
 * the server closes the connection, or as soon as the head has come when `headOnly` (an event
 * stream never ends).
 */
function rawRequest(port: number, target: string, host: string, headOnly = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    const done = () => {
      const split = answer.indexOf("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        head: answer.slice(0, split),
        body: split < 0 ? "" : answer.slice(split + 4),
      });
    };
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${target} for ${host}`)));
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (headOnly && answer.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", done);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

const foreignHosts = ["evil.example", "evil.example:80", "127.0.0.1.evil.example", "localhost.evil.example", "[::2]"];

describe("portfolio serve answers only requests addressed to this machine", () => {
  let server: RunningServer;
  let port: number;
  beforeEach(async () => {
    await site.write("dist/index.html", "<!doctype html><title>The site</title><p>secret draft</p>\n");
    await site.write("dist/.portfolio-output", "");
    server = await startServer({ root: path.join(site.root, "dist"), base: "/", port: 0, host: "127.0.0.1" });
    port = server.port;
  });
  afterEach(async () => {
    await server.close();
  });

  it.each(foreignHosts)("refuses Host: %s with 403 and a short plain-text body, not the page", async (host) => {
    const answer = await rawRequest(port, "/", host);
    expect(answer.status).toBe(403);
    expect(answer.head.toLowerCase()).toContain("content-type: text/plain");
    expect(answer.body).not.toContain("secret draft");
    expect(answer.body.length).toBeLessThan(300);
  });

  it("answers the loopback names and addresses", async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      "localhost",
      `portfolio.localhost:${port}`,
      `LOCALHOST:${port}`,
    ]) {
      const answer = await rawRequest(port, "/", host);
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toContain("secret draft");
    }
  });

  it("refuses a request without a Host header", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
      socket.on("error", reject);
      socket.on("close", () => resolve(text));
      socket.write("GET / HTTP/1.0\r\n\r\n");
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 403/);
    expect(answer).not.toContain("secret draft");
  });
});

describe("portfolio dev answers only requests addressed to this machine", () => {
  let dev: DevServer;
  let errors: unknown[];
  beforeEach(async () => {
    errors = [];
    // A broken build: the event stream would carry its error (with the file's path) to whoever reads it.
    const skills = await site.read("content/resume/skills.md");
    await site.write("content/resume/skills.md", skills.replace(/(percent:\s*)90\b/, "$1ninety"));
    dev = await startDevServer({
      cwd: site.root,
      env: {},
      port: 0,
      host: "127.0.0.1",
      onBuild: (outcome) => "error" in outcome && errors.push(outcome.error),
    });
  });
  afterEach(async () => {
    await dev.close();
  });

  it("gives a foreign Host 403 and neither the event stream nor a page", async () => {
    expect(errors).toHaveLength(1);
    for (const target of ["/__portfolio/events", "/", "/__portfolio/dev.js"]) {
      const answer = await rawRequest(dev.port, target, "evil.example");
      expect(answer.status, target).toBe(403);
      expect(answer.head, target).not.toContain("text/event-stream");
      expect(answer.body, target).not.toContain("skills.md");
      expect(answer.body, target).not.toContain("<html");
    }
  });

  it("still streams its events to a page on 127.0.0.1 and localhost", async () => {
    for (const host of [`127.0.0.1:${dev.port}`, `localhost:${dev.port}`]) {
      const answer = await rawRequest(dev.port, "/__portfolio/events", host, true);
      expect(answer.status, host).toBe(200);
      expect(answer.head, host).toContain("text/event-stream");
    }
  });
});

describe("which Host a server answers", () => {
  const lan = {
    bound: "0.0.0.0",
    machineAddresses: ["127.0.0.1", "192.168.1.20", "fe80::1", "::1"],
    allowedHosts: ["maya-laptop.local"],
  };
  const local = { bound: "127.0.0.1", machineAddresses: lan.machineAddresses, allowedHosts: [] };

  it("always allows loopback names and addresses", () => {
    for (const host of [
      "localhost",
      "localhost:8080",
      "LocalHost.:8080",
      "a.b.localhost:1",
      "127.0.0.1",
      "127.1.2.3:80",
      "[::1]",
      "[::1]:8080",
    ]) {
      expect(hostAllowed(host, local), host).toBe(true);
    }
  });

  it("allows this machine's own addresses only when it is bound beyond loopback", () => {
    expect(hostAllowed("192.168.1.20:8080", lan)).toBe(true);
    expect(hostAllowed("[fe80::1]:8080", lan)).toBe(true);
    expect(hostAllowed("192.168.1.20:8080", local)).toBe(false);
    expect(hostAllowed("192.168.1.21:8080", lan)).toBe(false);
  });

  it("allows exactly the address it was bound to and the names given with --allowed-host", () => {
    expect(hostAllowed("0.0.0.0:8080", lan)).toBe(true);
    expect(hostAllowed("maya-laptop.local:8080", lan)).toBe(true);
    expect(hostAllowed("MAYA-LAPTOP.LOCAL", lan)).toBe(true);
    expect(hostAllowed("evil.maya-laptop.local", lan)).toBe(false);
    expect(hostAllowed("devbox", { ...local, bound: "devbox" })).toBe(true);
  });

  it("refuses other names, a missing or malformed Host", () => {
    for (const host of [
      undefined,
      "",
      "evil.example",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "[::1",
      "evil.example@localhost",
      "localhost/x",
      "a b",
    ]) {
      expect(hostAllowed(host, lan), String(host)).toBe(false);
    }
  });

  it("tells a loopback bind from one that reaches the network", () => {
    for (const host of ["127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "myhost.local", "0"])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

/**
 * Runs `portfolio <command> --host 0.0.0.0` on a port the test already holds on 127.0.0.1: the bind
 * fails (nothing is ever exposed to the network), after the warning has been printed.
 */
async function bindBeyondLoopback(command: "serve" | "dev"): Promise<{ code: number | null; stderr: string }> {
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", () => resolve()));
  const port = (holder.address() as { port: number }).port;
  try {
    if (command === "serve") expect((await portfolio(["build"], site.root)).code).toBe(0);
    const run = await portfolio([command, "--host", "0.0.0.0", "--port", String(port)], site.root);
    return { code: run.code, stderr: run.stderr };
  } finally {
    holder.close();
  }
}

describe("a bind beyond loopback", () => {
  it.each(["serve", "dev"] as const)(
    "portfolio %s --host 0.0.0.0 warns who can reach it and how to stay local",
    async (command) => {
      const run = await bindBeyondLoopback(command);
      expect(run.stderr).toContain("0.0.0.0");
      expect(run.stderr).toMatch(/every device that can reach this machine/i);
      expect(run.stderr).toContain("--host 127.0.0.1");
      if (command === "dev") expect(run.stderr).toMatch(/build errors/);
      expect(run.stderr).toContain("PortInUse");
    },
  );
});

// ── Terminal escapes ───────────────────────────────────────────────────────────────────────────

const title = "\x1b]0;pwned\x07";
const clear = "\x1b[2J";
const clipboard = "\x1b]52;c;cHduZWQ=\x07";
const csi = "\x9b2J";
const bidi = "\u202e";

/** The CLI in this process, with everything it prints. */
async function run(args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const io = {
    cwd: site.root,
    env: {},
    log: (text: string) => (out += `${text}\n`),
    warn: (text: string) => (out += `${text}\n`),
  };
  const code = await runCli(args, io);
  return { code, out };
}

/** Only colour (SGR) sequences may reach a terminal: no OSC, no other CSI, no BEL, no C1, no bidi override. */
function expectNoRawControls(out: string): void {
  // eslint-disable-next-line no-control-regex
  const withoutColours = out.replace(/\x1b\[\d{1,3}m/g, "");
  // eslint-disable-next-line no-control-regex
  expect(withoutColours).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
}

describe("text from content never reaches the terminal raw", () => {
  it("escapes a YAML key that build refuses as unknown", async () => {
    const post = `---\ntitle: T\nauthor: A\ndate: 2025-01-01\ncategory: Programming\n${JSON.stringify(`${title}${clear}`)}: 1\n---\nText\n`;
    await site.write("content/blog/evil.md", post);
    const { code, out } = await run(["build"]);
    expect(code).toBe(1);
    expectNoRawControls(out);
    expect(out).toContain("\\x1b]0;pwned\\x07\\x1b[2J");
  });

  it("escapes a skill's category that build refuses, OSC 52 and C1 included", async () => {
    const skills = await site.read("content/resume/skills.md");
    await site.write(
      "content/resume/skills.md",
      skills.replace(
        "category: Web, percent: 90",
        `category: ${JSON.stringify(`${clipboard}${csi}${bidi}`)}, percent: 90`,
      ),
    );
    const { code, out } = await run(["build"]);
    expect(code).toBe(1);
    expectNoRawControls(out);
    expect(out).toContain("\\x1b]52;c;cHduZWQ=\\x07\\x9b2J\\u202e");
  });

  it("escapes what a config threw", async () => {
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", `${config}\nthrow new Error(${JSON.stringify(`${title}${clipboard}`)});\n`);
    const { code, out } = await run(["build"]);
    expect(code).toBe(1);
    expectNoRawControls(out);
    expect(out).toContain("\\x1b]0;pwned\\x07\\x1b]52;c;cHduZWQ=\\x07");
  });

  it("escapes skill names, levels and unknown keys of an imported JSON Resume, and its config snippet", async () => {
    const resume = {
      basics: { name: `Maya${title}`, label: `Dev${clipboard}`, [`${clear}key`]: 1 },
      skills: [{ name: `Go${title}`, level: `Guru${clear}\u009b31m${bidi}`, keywords: [`k${clear}`] }],
      [`extra${clear}`]: [1],
    };
    await site.write("evil.json", JSON.stringify(resume));
    const { code, out } = await run(["import", "evil.json", "--force"]);
    expect(code, out).toBe(0);
    expectNoRawControls(out);
    expect(out).toContain("Go\\x1b]0;pwned\\x07");
  });

  it("escapes the path of a file new writes", async () => {
    const { code, out } = await run(["new", "project", `A${title}B`]);
    expect(code, out).toBe(0);
    expectNoRawControls(out);
  });
});

// ── portfolio cv: sandbox and network ──────────────────────────────────────────────────────────

describe("Chromium's arguments for the CV", () => {
  const pinned = () => chromiumArguments({ profile: "/tmp/profile", proxyPort: 45_678, sandbox: true });

  it("keep the sandbox unless told otherwise", () => {
    expect(pinned()).not.toContain("--no-sandbox");
    expect(chromiumArguments({ profile: "/tmp/profile", proxyPort: 45_678, sandbox: false })).toContain("--no-sandbox");
  });

  it("send every host but loopback to a proxy that refuses, and resolve no name but localhost", () => {
    expect(pinned()).toContain("--proxy-server=http://127.0.0.1:45678");
    expect(pinned().find((flag) => flag.startsWith("--host-resolver-rules="))).toBe(
      "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
    );
    for (const flag of [
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-default-apps",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-domain-reliability",
      "--disable-client-side-phishing-detection",
      "--remote-debugging-pipe",
    ])
      expect(pinned()).toContain(flag);
    const disabled = pinned()
      .find((flag) => flag.startsWith("--disable-features="))!
      .split("=")[1]!
      .split(",");
    for (const feature of ["OptimizationHints", "Translate", "MediaRouter", "NetworkTimeServiceQuerying"])
      expect(disabled).toContain(feature);
    expect(pinned().at(-1)).toBe("about:blank");
  });

  it("let the page ask only loopback addresses", () => {
    for (const url of [
      "http://127.0.0.1:8080/resume",
      "http://localhost/x.css",
      "http://[::1]:1/",
      "https://a.localhost/",
      "data:image/png;base64,AA==",
      "blob:http://127.0.0.1:1/x",
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [
      "http://outside.example/",
      "https://accounts.google.com/",
      "http://93.184.215.14/",
      "http://127.0.0.1.nip.io/",
      "ws://evil.example/",
      "ftp://x/",
      "blob:https://evil.example/x",
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  it("drop the sandbox as root on Linux only", () => {
    expect(runsWithoutSandbox("linux", 0)).toBe(true);
    expect(runsWithoutSandbox("linux", 1000)).toBe(false);
    expect(runsWithoutSandbox("darwin", 0)).toBe(false);
    expect(runsWithoutSandbox("win32", undefined)).toBe(false);
  });

  it("retries without the sandbox when it cannot start, and says why", async () => {
    // Stands for a Chromium whose sandbox fails here (no user namespaces): it runs only without it.
    const fake = path.join(site.root, "sandboxless-chromium");
    await writeFile(
      fake,
      `#!/bin/sh\ncase "$*" in *--no-sandbox*) exec ${chromiumPath} "$@";; esac\necho "[1:1:ERROR:zygote_host_impl_linux.cc(127)] No usable sandbox! Update your kernel or see https://chromium.googlesource.com/chromium/src/+/main/docs/linux/suid_sandbox_development.md" >&2\nexit 1\n`,
    );
    await chmod(fake, 0o755);
    const chromium = await launchChromium(fake, { sandbox: true });
    try {
      expect(chromium.withoutSandbox).toMatch(/No usable sandbox/);
    } finally {
      await chromium.close();
    }
  });
});

/**
 * A stand-in for the outside world: a proxy every request that leaves this machine would go
 * through (Chromium takes `http_proxy` and friends from the environment when nothing else says
 * otherwise). It answers nothing and records the first line of what it was asked.
 */
async function outsideWorld(): Promise<{ env: Record<string, string>; asked: string[]; close: () => Promise<void> }> {
  const asked: string[] = [];
  const proxy = createServer((socket) => {
    socket.once("data", (chunk: Buffer) => asked.push(chunk.toString("latin1").split("\r\n")[0]!));
    socket.on("error", () => {});
    setTimeout(() => socket.destroy(), 200);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()));
  const address = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  const env = Object.fromEntries(
    ["http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"].map((name) => [name, address]),
  );
  return {
    env: { ...env, no_proxy: "", NO_PROXY: "" },
    asked,
    close: () => new Promise((done) => proxy.close(() => done())),
  };
}

describe("portfolio cv asks no host but loopback for anything", () => {
  it("prints the CV while Chromium's every way out stays unused (no Google service, nothing the page asks for)", async () => {
    const outside = await outsideWorld();
    try {
      const run = await portfolio(["cv"], site.root, { CHROMIUM_PATH: chromiumPath, ...outside.env });
      expect(run.code, run.stderr).toBe(0);
      expect(outside.asked).toEqual([]);
    } finally {
      await outside.close();
    }
  }, 60_000);

  it("lets nothing a printed page asks of another host leave: images, stylesheets, fetch", async () => {
    const outside = await outsideWorld();
    const page = `<!doctype html><title>t</title><img src="http://outside.example/pixel.png"><img src="https://secure.example/x.png"><link rel="stylesheet" href="http://93.184.215.14/x.css"><script>fetch("http://outside.example/beacon").catch(() => {})</script><p>printed</p>`;
    const local = createHttpServer((_request, response) => response.end(page));
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", () => resolve()));
    const saved = { ...process.env };
    Object.assign(process.env, outside.env);
    try {
      const chromium = await launchChromium(chromiumPath, { sandbox: false });
      try {
        const pdf = await printPage(chromium, `http://127.0.0.1:${(local.address() as { port: number }).port}/`);
        expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      } finally {
        await chromium.close();
      }
      expect(outside.asked.filter((line) => /outside\.example|secure\.example|93\.184/.test(line))).toEqual([]);
    } finally {
      process.env = saved;
      local.close();
      await outside.close();
    }
  }, 60_000);
});
