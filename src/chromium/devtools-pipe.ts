import type { Readable, Writable } from "node:stream";
import { describeThrown, portfolioError } from "../errors.js";

/** The DevTools protocol over a pair of pipes: commands out, answers and events in. */
export interface DevtoolsPipe {
  /** Sends a protocol command, to a page's session when given, and answers its result. */
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Resolves at the next event of that name in that session. */
  next(event: string, sessionId?: string): Promise<void>;
  /** Calls `listener` with the parameters of every event of that name in that session; answers how to stop. */
  on<T = Record<string, unknown>>(
    event: string,
    sessionId: string | undefined,
    listener: (params: T) => void,
  ): () => void;
  /** Rejects everything waiting, and every later call, with this error (the browser has gone). */
  fail(error: Error): void;
  /** Whether `fail` has been called. */
  readonly failed: boolean;
}

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string };
}

/** Each command or event is given this long before the CV is given up. */
const stepTimeoutMs = 60_000;

/**
 * Speaks the protocol as Chromium's `--remote-debugging-pipe` expects it: each message is JSON
 * ended by a NUL byte. Answers are matched to commands by id; events to waiters by name and session.
 */
export function devtoolsPipe(input: Writable, output: Readable): DevtoolsPipe {
  let lastId = 0;
  let gone: Error | undefined;
  const calls = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  const waiters = new Set<{
    event: string;
    sessionId: string | undefined;
    resolve: () => void;
    reject: (error: Error) => void;
  }>();
  const listeners = new Set<{ event: string; sessionId: string | undefined; listener: (params: never) => void }>();
  const fail = (error: Error) => {
    gone ??= error;
    for (const waiting of [...calls.values(), ...waiters]) waiting.reject(gone);
    calls.clear();
    waiters.clear();
  };
  const receive = (message: Message) => {
    if (message.id !== undefined) {
      const call = calls.get(message.id);
      calls.delete(message.id);
      if (message.error) call?.reject(portfolioError("ChromiumFailed", [message.error.message]));
      else call?.resolve(message.result as never);
      return;
    }
    for (const { event, sessionId, listener } of listeners) {
      if (event === message.method && sessionId === message.sessionId) listener((message.params ?? {}) as never);
    }
    for (const waiter of waiters) {
      if (waiter.event !== message.method || waiter.sessionId !== message.sessionId) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };
  let pending = "";
  output.on("data", (chunk: Buffer) => {
    const messages = (pending + chunk.toString()).split("\0");
    pending = messages.pop()!;
    for (const text of messages) {
      try {
        receive(JSON.parse(text) as Message);
      } catch (cause) {
        fail(
          portfolioError(
            "ChromiumFailed",
            [`the browser does not speak the DevTools protocol: ${describeThrown(cause)}`],
            { cause },
          ),
        );
      }
    }
  });
  // A write after the browser has gone fails with EPIPE; its exit rejects what waits for an answer.
  input.on("error", () => {});
  return {
    send: (method, params = {}, sessionId) =>
      withTimeout(
        method,
        new Promise((resolve, reject) => {
          if (gone) return reject(gone);
          const id = ++lastId;
          calls.set(id, { resolve, reject });
          input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
        }),
      ),
    next: (event, sessionId) =>
      withTimeout(
        event,
        new Promise((resolve, reject) => {
          if (gone) return reject(gone);
          waiters.add({ event, sessionId, resolve, reject });
        }),
      ),
    on: (event, sessionId, listener) => {
      const entry = { event, sessionId, listener: listener as (params: never) => void };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    fail,
    get failed() {
      return gone !== undefined;
    },
  };
}

function withTimeout<T>(step: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(portfolioError("ChromiumFailed", [`no answer to ${step} after ${stepTimeoutMs / 1000} s`])),
      stepTimeoutMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
