import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../src/serve/start-server.js";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "portfolio-ports-"));
  await writeFile(path.join(root, "index.html"), "<!doctype html><title>Ports</title>\n");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function hold(port: number): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

const closed = (server: Server | undefined) =>
  new Promise<void>((done) => (server ? server.close(() => done()) : done()));

/** Two ports side by side, both held by the test: `port` and `port + 1`. */
async function twoHeldPorts(): Promise<{ port: number; first: Server; second: Server }> {
  for (;;) {
    const first = (await hold(0))!;
    const port = (first.address() as { port: number }).port;
    const second = port < 65535 ? await hold(port + 1) : undefined;
    if (second) return { port, first, second };
    await closed(first);
  }
}

describe("the server's port when it is taken", () => {
  it("is the next free one when later ports may be tried, and an error naming the ports when none is free", async () => {
    const { port, first, second } = await twoHeldPorts();
    try {
      const refused = await startServer({ root, base: "/", port, nextPorts: 1, host: "127.0.0.1" }).catch(
        (error: Error) => error,
      );
      expect(refused).toMatchObject({
        name: "PortsInUse",
        message: `Ports ${port} to ${port + 1} on 127.0.0.1 are all in use: tried each in turn.`,
        hint: expect.stringContaining("--port 0"),
      });
      await closed(second);
      const server = await startServer({ root, base: "/", port, nextPorts: 1, host: "127.0.0.1" });
      try {
        expect(server.port).toBe(port + 1);
        expect(server.url).toBe(`http://127.0.0.1:${port + 1}/`);
        expect(await (await fetch(server.url)).text()).toContain("<title>Ports</title>");
      } finally {
        await server.close();
      }
    } finally {
      await closed(first);
    }
  });

  it("is an error naming the port when it was asked for, however many ports are free after it", async () => {
    const { port, first, second } = await twoHeldPorts();
    await closed(second);
    try {
      const refused = await startServer({ root, base: "/", port, host: "127.0.0.1" }).catch((error: Error) => error);
      expect(refused).toMatchObject({
        name: "PortInUse",
        message: `Port ${port} on 127.0.0.1 is already in use.`,
        hint: expect.stringContaining("--port 0"),
      });
    } finally {
      await closed(first);
    }
  });
});
