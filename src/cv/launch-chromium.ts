import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { describeThrown, portfolioError } from "../errors.js";

/** A headless Chromium driven over the DevTools protocol. */
export interface Chromium {
  /** Sends a protocol command, to a page's session when given, and answers its result. */
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Resolves at the next event of that name in that session. */
  next(event: string, sessionId?: string): Promise<void>;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/** Each step (start, load, print) is given this long before the CV is given up. */
const stepTimeoutMs = 60_000;

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
 * reads commands from fd 3 and writes answers to fd 4, each message JSON ended by a NUL byte). No
 * port is opened and no WebSocket client is needed, so Node's built-ins are enough.
 */
export async function launchChromium(executable: string): Promise<Chromium> {
  const profile = await mkdtemp(path.join(tmpdir(), "portfolio-chromium-"));
  const child = spawn(executable, [...flags, `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  // A write after Chromium has gone fails with EPIPE; the exit below rejects what waits for an answer.
  input.on("error", () => {});

  let lastId = 0;
  let gone: Error | undefined;
  const calls = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  const waiters = new Set<{ event: string; sessionId: string | undefined; resolve: () => void; reject: (error: Error) => void }>();
  const fail = (error: Error) => {
    gone ??= error;
    for (const call of calls.values()) call.reject(error);
    for (const waiter of waiters) waiter.reject(error);
    calls.clear();
    waiters.clear();
  };
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  child.once("error", (error) => fail(portfolioError("ChromiumFailed", [`${executable} cannot be started: ${describeThrown(error)}`], { cause: error })));
  child.once("exit", (code, signal) => fail(portfolioError("ChromiumFailed", [`${executable} stopped (${signal ?? `exit code ${code}`})${lastLines(stderr)}`])));

  let pending = "";
  output.on("data", (chunk: Buffer) => {
    const messages = (pending + chunk.toString()).split("\0");
    pending = messages.pop()!;
    for (const text of messages) {
      try {
        receive(JSON.parse(text) as Message);
      } catch (cause) {
        fail(portfolioError("ChromiumFailed", [`${executable} does not speak the DevTools protocol: ${describeThrown(cause)}`], { cause }));
        child.kill("SIGKILL");
      }
    }
  });
  const receive = (message: Message) => {
    if (message.id !== undefined) {
      const call = calls.get(message.id);
      calls.delete(message.id);
      if (message.error) call?.reject(portfolioError("ChromiumFailed", [`${message.error.message}`]));
      else call?.resolve(message.result as never);
      return;
    }
    for (const waiter of waiters) {
      if (waiter.event === message.method && waiter.sessionId === message.sessionId) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const chromium: Chromium = {
    send: (method, params = {}, sessionId) =>
      withTimeout(method, new Promise((resolve, reject) => {
        if (gone) return reject(gone);
        const id = ++lastId;
        calls.set(id, { resolve, reject });
        input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      })),
    next: (event, sessionId) =>
      withTimeout(event, new Promise((resolve, reject) => {
        if (gone) return reject(gone);
        waiters.add({ event, sessionId, resolve, reject });
      })),
    async close() {
      // Asked to close, and killed if it has not within a few seconds (a browser that hangs).
      if (!gone) chromium.send("Browser.close").catch(() => undefined);
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(killer);
      await rm(profile, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  try {
    await chromium.send("Browser.getVersion");
  } catch (error) {
    await chromium.close();
    throw error;
  }
  return chromium;
}

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

function withTimeout<T>(step: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(portfolioError("ChromiumFailed", [`no answer to ${step} after ${stepTimeoutMs / 1000} s`])), stepTimeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function lastLines(stderr: string): string {
  const lines = stderr.trim().split("\n").slice(-3).join("\n  ");
  return lines ? `:\n  ${lines}` : "";
}
