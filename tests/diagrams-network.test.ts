import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chromiumArguments } from "../src/chromium/launch-chromium.js";
import { addressesAsked } from "../src/content/draw-diagrams.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

const post = (body: string) => `---\ntitle: Diagrams\ndate: 2025-01-01\ncategory: AI\n---\n\n${body}`;
const fence = (source: string) => `\`\`\`mermaid\n${source}\n\`\`\`\n`;

/** A service of the build machine, as an owner's laptop or a CI runner has them: it records every request. */
async function localService(): Promise<{ server: Server; asked: string[]; port: number }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "content-type": "image/png" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { server, asked, port: (server.address() as AddressInfo).port };
}

describe("a diagram at build time", () => {
  let site: SiteCopy;
  let service: Awaited<ReturnType<typeof localService>>;
  beforeEach(async () => {
    [site, service] = await Promise.all([copySampleSite(), localService()]);
  });
  afterEach(async () => {
    await Promise.all([site.remove(), new Promise((resolve) => service.server.close(resolve))]);
  });

  it("asks no address of the build machine, loopback or named localhost, by any of its ways to load", async () => {
    const at = (host: string, name: string) => `http://${host}:${service.port}/${name}`;
    const built = await portfolioInProcess(site.root, ["build"]);
    expect(built.code).toBe(0);
    const before = await fingerprint(path.join(site.root, "dist"));
    // Each way Mermaid has to load something: image shapes, url() in a class's or a node's style,
    // @import and @font-face written into the stylesheet, fonts and CSS in the diagram's own settings.
    const diagrams = [
      `flowchart LR\n  A@{ img: "${at("127.0.0.1", "admin/delete?x=1")}", label: "A", pos: "t", w: 60, h: 60 }\n  A --> B`,
      `flowchart LR\n  B@{ img: "${at("localhost", "image")}" }`,
      `stateDiagram-v2\n  [*] --> A\n  classDef bad fill:url(${at("127.0.0.1", "state-class")}),font-family:x\n  class A bad`,
      `classDiagram\n  class A\n  style A fill:url(${at("localhost", "class-style")})`,
      `stateDiagram-v2\n  [*] --> A\n  classDef bad fill:red}@import url(${at("127.0.0.1", "import.css")});@font-face{font-family:evil;src:url(${at("localhost", "font")})}.x{font-family:evil\n  class A bad`,
      `%%{init: {"themeCSS": "@import url(${at("127.0.0.1", "theme.css")}); .node{background:url(${at("localhost", "theme-css")})}", "fontFamily": "x;src:url(${at("127.0.0.1", "init-font")})", "sequence": {"actorFontFamily": "x}@font-face{font-family:e;src:url(${at("localhost", "actor-font")})}.y{"}}}%%\nsequenceDiagram\n  A->>B: Hi`,
    ];
    await site.write("content/blog/loads.md", post(diagrams.map(fence).join("\nText.\n\n")));
    const failed = await portfolioInProcess(site.root, ["build"]);
    expect(service.asked).toEqual([]);
    expect(failed.code).toBe(1);
    // The image shapes: the file, each fence's line, the address.
    expect(failed.stderr).toContain("content/blog/loads.md");
    expect(failed.stderr).toContain(
      `body (line 7): has a Mermaid diagram that loads ${at("127.0.0.1", "admin/delete?x=1")}`,
    );
    expect(failed.stderr).toContain(`body (line 15): has a Mermaid diagram that loads ${at("localhost", "image")}`);
    expect(failed.stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(path.join(site.root, "dist"))).toBe(before);
  }, 120_000);
});

describe("the browser that draws diagrams", () => {
  it("is launched able to reach no host, loopback included, where the CV's may reach loopback", () => {
    const flags = chromiumArguments({ profile: "/tmp/profile", proxyPort: 45_678, sandbox: true, reach: "nothing" });
    expect(flags).toContain("--proxy-server=http://127.0.0.1:45678");
    expect(flags).toContain("--proxy-bypass-list=<-loopback>");
    expect(flags.filter((flag) => flag.startsWith("--host-resolver-rules="))).toEqual([
      "--host-resolver-rules=MAP * ~NOTFOUND",
    ]);
    const cv = chromiumArguments({ profile: "/tmp/profile", proxyPort: 45_678, sandbox: true });
    expect(cv).not.toContain("--proxy-bypass-list=<-loopback>");
  });

  it("names each address once, and a scheme alone only when no whole address of it was recorded", () => {
    expect(addressesAsked(["data", "data:image/png;base64,AA==", "http://a/", "http://a/", "blob"])).toEqual([
      "data:image/png;base64,AA==",
      "http://a/",
      "blob",
    ]);
  });
});
