import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { describeThrown, portfolioError } from "../errors.js";
import { devtoolsPipe, type DevtoolsPipe } from "./devtools-pipe.js";

/** A headless Chromium driven over the DevTools protocol. */
export interface Chromium extends Pick<DevtoolsPipe, "send" | "next" | "on"> {
  /** Why the sandbox is off after it failed to start (Chromium's own words); undefined otherwise. */
  withoutSandbox?: string | undefined;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Try the sandbox first. @default false as root on Linux (where Chromium refuses it), true otherwise */
  sandbox?: boolean | undefined;
  /**
   * What the browser may reach: loopback (the CV's page is served there), or no host at all, this
   * machine's own services included (the diagrams, whose content must cause no request). @default "loopback"
   */
  reach?: Reach | undefined;
}

export type Reach = "loopback" | "nothing";

/**
 * Features that call Google's services by themselves while the page prints: optimization hints,
 * translation, the media router (Cast), network time, Autofill's server, search preconnects.
 */
const disabledFeatures = [
  "OptimizationHints",
  "Translate",
  "MediaRouter",
  "DialMediaRouteProvider",
  "NetworkTimeServiceQuerying",
  "AutofillServerCommunication",
  "CertificateTransparencyComponentUpdater",
  "PreconnectToSearch",
  "AimEnabled",
  // The address bar's suggestion popup, a WebUI page Chromium 15x loads in a renderer of its own at
  // every start, headless too: half of what a launch costs, for a popup nothing here opens.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

/**
 * What Chromium is started with: headless, driven over the pipe, and able to reach only loopback,
 * or (`reach: "nothing"`) no host at all.
 */
export function chromiumArguments({
  profile,
  proxyPort,
  sandbox,
  reach = "loopback",
}: {
  profile: string;
  proxyPort: number;
  sandbox: boolean;
  reach?: Reach | undefined;
}): string[] {
  return [
    "--headless",
    "--remote-debugging-pipe",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-default-apps",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--hide-scrollbars",
    "--mute-audio",
    // Chromium's own calls home: updates, sync, metrics, safe-browsing models, field trials.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--disable-field-trial-config",
    "--metrics-recording-only",
    "--no-pings",
    "--disable-quic",
    // The enabled feature stops the account check with accounts.google.com at start.
    `--disable-features=${disabledFeatures.join(",")}`,
    "--enable-features=SkipListAccountsWithoutGaiaCookies",
    // Whatever still tries to leave goes to a proxy that answers nothing (loopback bypasses proxies
    // by Chromium's own rule, unless `<-loopback>` takes it back), and no name but localhost resolves.
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    ...(reach === "nothing"
      ? ["--proxy-bypass-list=<-loopback>", "--host-resolver-rules=MAP * ~NOTFOUND"]
      : ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1"]),
    ...(sandbox ? [] : ["--no-sandbox"]),
    `--user-data-dir=${profile}`,
    "about:blank",
  ];
}

/** Chromium refuses to start its sandbox as root on Linux; elsewhere the sandbox is tried first. */
export function runsWithoutSandbox(platform: NodeJS.Platform, uid: number | undefined): boolean {
  return platform === "linux" && uid === 0;
}

/** What Chromium says when its sandbox cannot start (no user namespaces, no SUID helper, root). */
const sandboxFailure =
  /No usable sandbox|without --no-sandbox|SUID sandbox helper|Failed to move to new namespace|setuid sandbox/i;

/**
 * The line of Chromium's output that says why its sandbox
 * failed, without its log prefix; undefined for another failure.
 */
export function sandboxProblem(output: string): string | undefined {
  const line = output.split("\n").find((text) => sandboxFailure.test(text));
  return line?.replace(/^\s*\[[^\]]*\]\s*/, "").trim();
}

/** Chromium stopped because its sandbox could not start: worth one more try without it. */
class SandboxFailed extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

/**
 * Starts Chromium with `--remote-debugging-pipe`: the protocol runs over two extra pipes (Chromium
 * reads commands from fd 3 and writes to fd 4). No port is opened and no WebSocket client is needed,
 * so Node's built-ins are enough; and the browser's own profile is a fresh temporary folder. When
 * the sandbox fails to start, Chromium is started once more without it, and `withoutSandbox` says why.
 */
export async function launchChromium(executable: string, options: LaunchOptions = {}): Promise<Chromium> {
  const sandbox = options.sandbox ?? !runsWithoutSandbox(process.platform, process.getuid?.());
  const reach = options.reach ?? "loopback";
  const proxy = await refusingProxy();
  try {
    if (!sandbox) return await startChromium(executable, proxy, false, reach);
    try {
      return await startChromium(executable, proxy, true, reach);
    } catch (error) {
      if (!(error instanceof SandboxFailed)) throw error;
      return { ...(await startChromium(executable, proxy, false, reach)), withoutSandbox: error.problem };
    }
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

async function startChromium(
  executable: string,
  proxy: RefusingProxy,
  sandbox: boolean,
  reach: Reach,
): Promise<Chromium> {
  const profile = await mkdtemp(path.join(tmpdir(), "portfolio-chromium-"));
  const child = spawn(executable, chromiumArguments({ profile, proxyPort: proxy.port, sandbox, reach }), {
    stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
  });
  const pipe = devtoolsPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  // "exit" when it ran (its children may hold the pipes open longer), "close" when it never started.
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()).once("close", () => resolve()));
  child.once("error", (error) =>
    pipe.fail(
      portfolioError("ChromiumFailed", [`${executable} cannot be started: ${describeThrown(error)}`], { cause: error }),
    ),
  );
  child.once("exit", (code, signal) =>
    pipe.fail(
      portfolioError("ChromiumFailed", [
        `${executable} stopped (${signal ?? `exit code ${code}`})${lastLines(stderr)}`,
      ]),
    ),
  );

  const quit = async () => {
    // Asked to close, and killed if it has not within a few seconds (a browser that hangs).
    if (!pipe.failed) pipe.send("Browser.close").catch(() => undefined);
    const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(killer);
    // What it started may still hold the pipes; they would keep this process alive.
    for (const stream of child.stdio) stream?.destroy();
    await rm(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await pipe.send("Browser.getVersion");
  } catch (error) {
    await quit();
    const problem = sandbox ? sandboxProblem(stderr) : undefined;
    throw problem === undefined ? error : new SandboxFailed(problem);
  }
  return {
    send: pipe.send,
    next: pipe.next,
    on: pipe.on,
    async close() {
      await quit();
      await proxy.close();
    },
  };
}

interface RefusingProxy {
  port: number;
  close: () => Promise<void>;
}

/**
 * The proxy Chromium must send every host but loopback to: a port of this process that hangs up
 * on whatever connects, so nothing leaves through it (and no other program can be listening there,
 * as on a port merely believed to be free).
 */
async function refusingProxy(): Promise<RefusingProxy> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", () => resolve()));
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function lastLines(stderr: string): string {
  const lines = stderr.trim().split("\n").slice(-3).join("\n  ");
  return lines ? `:\n  ${lines}` : "";
}
