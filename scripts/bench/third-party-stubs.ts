import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { MeasurementError } from "./types.js";

/** The hosts the integrations variant's pages talk to, answered locally: this machine has no internet. */
const hosts = ["giscus.app", "plausible.io"] as const;

export interface ThirdPartyStubs {
  /** Chromium flags that send the hosts to the stubs and accept their certificate. */
  chromiumFlags: string[];
  /** Requests answered, by host and path, for the report. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * giscus's frame and Plausible's script and endpoint, served over HTTPS on 127.0.0.1 with a
 * certificate made for the occasion, and reached by their real names through Chromium's host
 * resolver: so Lighthouse audits each page with the same origins, policy and order of requests as
 * a visitor's browser sees, only nearer. The stubs answer as the services do: the frame draws a
 * discussion and tells the page its height; the script sends one event to `data-api`.
 */
export async function startThirdPartyStubs(): Promise<ThirdPartyStubs> {
  const folder = await mkdtemp(path.join(tmpdir(), "portfolio-stubs-"));
  try {
    await promisify(execFile)("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      path.join(folder, "key.pem"),
      "-out",
      path.join(folder, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=portfolio bench stubs",
      "-addext",
      `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(",")}`,
    ]);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw new MeasurementError(
      `Could not make a certificate for the third-party stubs with openssl: ${(error as Error).message}`,
    );
  }
  const [key, cert] = await Promise.all([
    readFile(path.join(folder, "key.pem")),
    readFile(path.join(folder, "cert.pem")),
  ]);
  await rm(folder, { recursive: true, force: true });
  const requests: string[] = [];
  const server = createServer({ key, cert }, (request, response) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "");
    const url = new URL(request.url ?? "/", `https://${host}`);
    requests.push(`${request.method} ${host}${url.pathname}`);
    if (host === "giscus.app" && url.pathname.endsWith("/widget")) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>giscus</title><p>3 comments</p><script>parent.postMessage({ giscus: { resizeHeight: 420 } }, "*")</script>`,
      );
    } else if (host === "plausible.io" && url.pathname === "/js/script.js") {
      response.writeHead(200, { "content-type": "text/javascript", "cache-control": "max-age=86400" });
      response.end(
        `(() => { const s = document.currentScript; fetch(s.getAttribute("data-api"), { method: "POST", keepalive: true, headers: { "content-type": "text/plain" }, body: JSON.stringify({ n: "pageview", u: location.href, d: s.getAttribute("data-domain"), r: document.referrer || null }) }); })();`,
      );
    } else if (host === "plausible.io" && url.pathname === "/api/event") {
      response.writeHead(202, { "access-control-allow-origin": "*" });
      response.end("ok");
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromiumFlags: [
      `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(",")}`,
      "--ignore-certificate-errors",
    ],
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
