import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostNames, hostRules, indexOutput, type HostName, type OutputIndex } from "../src/deploy/host-rules.js";
import { publishedLayout, siteFolder } from "../src/render/published-layout.js";
import { filesOfPage, otherSlash, pageAddresses, reachAddress } from "../src/deploy/reach-address.js";
import { startServer } from "../src/serve/start-server.js";
import { buildSampleWithPosts, runHttpServer, type BuiltSample, type HttpServerRun } from "./helpers/built-sample.js";

const base = "/portfolio/";
let sample: BuiltSample;
let output: OutputIndex;
let pages: Array<{ file: string; address: string }>;

beforeAll(async () => {
  sample = await buildSampleWithPosts(base);
  output = indexOutput(sample.files);
  pages = pageAddresses(output, base);
}, 120_000);
afterAll(async () => {
  await sample?.site.remove();
});

/**
 * The sample as `host` publishes it: inside `portfolio/` for the hosts that serve the published
 * folder at the domain's root (`portfolio build --host`), as built for the others.
 */
function published(host: HostName): { files: OutputIndex; folder: string } {
  const folder = siteFolder(host, base);
  const laid = publishedLayout(
    host,
    base,
    sample.files.map((file) => ({ file })),
  );
  return { files: indexOutput(laid.map(({ file }) => file)), folder: folder ? `${folder}/` : "" };
}

/** The page's text as the build wrote it, to tell which page a server sent. */
const textOf = (file: string) => readFile(path.join(sample.build.outDir, file), "utf8");

describe("the table of host address rules", () => {
  it("names where each rule of each host is written", () => {
    for (const host of hostNames) {
      expect(hostRules[host].rules.length, host).toBeGreaterThan(0);
      for (const rule of hostRules[host].rules)
        expect(rule.source, `${host}: ${rule.says}`).toMatch(/^(https:\/\/|src\/)/);
      expect(hostRules[host].notFoundSource, host).toMatch(/^(https:\/\/|src\/)/);
    }
  });
});

describe("every page address, with and without a slash at its end, on every host", () => {
  it("covers the lists, their item pages and the posts", () => {
    const addresses = pages.map((page) => page.address);
    for (const address of [
      "/portfolio/",
      "/portfolio/about",
      "/portfolio/works",
      "/portfolio/blogs",
      "/portfolio/contact",
    ])
      expect(addresses).toContain(address);
    expect(addresses.filter((address) => address.startsWith("/portfolio/blogs/post-")).length).toBe(5);
    expect(addresses.some((address) => /^\/portfolio\/works\/[a-z]/.test(address))).toBe(true);
  });

  it.each(hostNames)("%s reaches each page by its address and by the other form", (host) => {
    const wrong: string[] = [];
    const { files, folder } = published(host);
    for (const { file, address } of pages) {
      for (const asked of [address, otherSlash(address)]) {
        const reached = reachAddress(host, asked, base, files);
        const right =
          reached.kind === "page" && reached.status === 200 && filesOfPage(`${folder}${file}`).includes(reached.file);
        if (!right) wrong.push(`${asked} → ${JSON.stringify(reached)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("reaches a language's home page, a folder with no page beside it, at /pt/ and /pt", () => {
    const files = indexOutput(["index.html", "404.html", "about.html", "pt/index.html", "pt/about.html"]);
    for (const host of hostNames)
      for (const asked of ["/pt/", "/pt"]) {
        const reached = reachAddress(host, asked, "/", files);
        expect(reached, `${host} ${asked}`).toMatchObject({ kind: "page", status: 200, file: "pt/index.html" });
      }
  });

  it("answers an address the site does not have with its 404 page, on every host", () => {
    for (const host of hostNames)
      for (const asked of ["/portfolio/nothing-here", "/portfolio/nothing-here/", "/portfolio/works/none/"]) {
        const { files, folder } = published(host);
        const reached = reachAddress(host, asked, base, files);
        expect(reached, `${host} ${asked}`).toMatchObject({ kind: "page", status: 404 });
        expect(["404.html", `${folder}404.html`], `${host} ${asked}`).toContain((reached as { file: string }).file);
      }
  });
});

/** Follows a real server's redirects; answers the status and text of where they end, and every address on the way. */
async function visit(origin: string, address: string): Promise<{ status: number; text: string; hops: string[] }> {
  const hops = [address];
  let current = address;
  for (let step = 0; step < 8; step++) {
    const response = await fetch(`${origin}${current}`, { redirect: "manual" });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, `${origin}${current}`).pathname;
      hops.push(current);
      await response.arrayBuffer();
      continue;
    }
    return { status: response.status, text: await response.text(), hops };
  }
  throw new Error(`more than 8 redirects from ${address}: ${hops.join(" → ")}`);
}

describe("portfolio serve, as the table has it", () => {
  it("sends every page for its address and for the other form, as the emulation says", async () => {
    const server = await startServer({ root: sample.build.outDir, base, port: 0, host: "127.0.0.1" });
    const origin = new URL(server.url).origin;
    try {
      for (const { file, address } of pages) {
        for (const asked of [address, otherSlash(address)]) {
          const real = await visit(origin, asked);
          expect(real.status, `${asked}: ${real.hops.join(" → ")}`).toBe(200);
          expect(real.text === (await textOf(file)), `${asked} sent another page than ${file}`).toBe(true);
          const emulated = reachAddress("serve", asked, base, output);
          expect(emulated.hops, asked).toEqual(real.hops);
        }
      }
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe("npx http-server over the built sample", () => {
  let server: HttpServerRun;
  beforeAll(async () => {
    server = await runHttpServer(sample.build.outDir, base);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it("reaches /works, /works/, /blogs, /blogs/ and an item page of each list", async () => {
    const project = pages.find(({ address }) => /^\/portfolio\/works\/[a-z]/.test(address))!;
    const post = pages.find(({ address }) => address.startsWith("/portfolio/blogs/post-"))!;
    const cases = [
      ["/portfolio/works", "works.html"],
      ["/portfolio/works/", "works.html"],
      ["/portfolio/blogs", "blogs.html"],
      ["/portfolio/blogs/", "blogs.html"],
      [project.address, project.file],
      [post.address, post.file],
    ] as const;
    for (const [asked, file] of cases) {
      const real = await visit(server.origin, asked);
      expect(real.status, `${asked}: ${real.hops.join(" → ")}`).toBe(200);
      expect(real.text === (await textOf(file)), `${asked} sent another page than ${file}`).toBe(true);
    }
  });

  it("answers every address as the emulation's rules say, up to the 404 page's own step", async () => {
    for (const { address } of pages) {
      for (const asked of [address, otherSlash(address)]) {
        const real = await visit(server.origin, asked);
        const emulated = reachAddress("http-server", asked, base, output);
        // The 404 page's step runs in the browser (tests/browser/not-found.test.ts): here the server's answers alone.
        const serverHops = emulated.hops.slice(0, real.hops.length);
        expect(serverHops, asked).toEqual(real.hops);
        // Under a base path, http-server looks for 404.html at its own root, above the site.
        expect(real.status, asked).toBe(
          emulated.kind === "page" && emulated.hops.length === real.hops.length ? emulated.status : 404,
        );
      }
    }
  }, 60_000);
});
