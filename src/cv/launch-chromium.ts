import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { describeThrown, portfolioError } from "../errors.js";
import { devtoolsPipe, type DevtoolsPipe } from "./devtools-pipe.js";

/** A headless Chromium driven over the DevTools protocol. */
export interface Chromium extends Pick<DevtoolsPipe, "send" | "next"> {
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

const flags = [
  "--headless", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
  "--disable-gpu", "--disable-dev-shm-usage", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
  // Without these Chromium keeps trying to reach Google's hosts, which a closed network refuses.
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
  // As playwright does by default: the sandbox cannot start as root or without user namespaces
  // (containers, some CI runners), and the only page opened is the site just built, from 127.0.0.1.
  "--no-sandbox",
];

/**
 * Starts Chromium with `--remote-debugging-pipe`: the protocol runs over two extra pipes (Chromium
 * reads commands from fd 3 and writes to fd 4). No port is opened and no WebSocket client is needed,
 * so Node's built-ins are enough; and the browser's own profile is a fresh temporary folder.
 */
export async function launchChromium(executable: string): Promise<Chromium> {
  const profile = await mkdtemp(path.join(tmpdir(), "portfolio-chromium-"));
  const child = spawn(executable, [...flags, `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  const pipe = devtoolsPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  // "exit" when it ran (its children may hold the pipes open longer), "close" when it never started.
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()).once("close", () => resolve()));
  child.once("error", (error) => pipe.fail(portfolioError("ChromiumFailed", [`${executable} cannot be started: ${describeThrown(error)}`], { cause: error })));
  child.once("exit", (code, signal) => pipe.fail(portfolioError("ChromiumFailed", [`${executable} stopped (${signal ?? `exit code ${code}`})${lastLines(stderr)}`])));

  const chromium: Chromium = {
    send: pipe.send,
    next: pipe.next,
    async close() {
      // Asked to close, and killed if it has not within a few seconds (a browser that hangs).
      if (!pipe.failed) pipe.send("Browser.close").catch(() => undefined);
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(killer);
      // What it started may still hold the pipes; they would keep this process alive.
      for (const stream of child.stdio) stream?.destroy();
      await rm(profile, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  try {
    await pipe.send("Browser.getVersion");
  } catch (error) {
    await chromium.close();
    throw error;
  }
  return chromium;
}

function lastLines(stderr: string): string {
  const lines = stderr.trim().split("\n").slice(-3).join("\n  ");
  return lines ? `:\n  ${lines}` : "";
}
