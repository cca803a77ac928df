import { symlink, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveRequest } from "../src/serve/request-path.js";
import { serveSampleSite, type ServedSite } from "./helpers/served-site.js";

/** Sends one request exactly as written (no client normalises it) and answers the status line's code. */
function rawRequest(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${target.slice(0, 60)}`)));
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

const hostile: Array<[string, string]> = [
  ["malformed percent-encoding", "/%zz"],
  ["a lone percent sign", "/works%"],
  ["encoded .. segments", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd"],
  ["encoded slashes around ..", "/..%2f..%2f..%2fetc%2fpasswd"],
  ["double-encoded ..", "/%252e%252e/%252e%252e/etc/passwd"],
  ["raw .. segments", "/../../../etc/passwd"],
  ["backslashes", "/..\\..\\etc\\passwd"],
  ["encoded backslashes", "/..%5c..%5cetc%5cpasswd"],
  ["a NUL byte", "/index.html%00.txt"],
  ["an overlong UTF-8 dot", "/%c0%ae%c0%ae/etc/passwd"],
  ["an overlong path", `/${"a".repeat(8000)}`],
  ["an absolute URL", "http://evil.example/"],
  ["a symbolic link to /etc/passwd in the output", "/passwd-link"],
  ["a symbolic link to a folder outside", "/etc-link/passwd"],
];

describe("portfolio serve under hostile requests", () => {
  let served: ServedSite;
  let port: number;
  beforeAll(async () => {
    served = await serveSampleSite();
    port = Number(new URL(served.url).port);
    // The build never writes links; these stand for anything that puts one into the output later.
    await symlink("/etc/passwd", path.join(served.build.outDir, "passwd-link"));
    await symlink("/etc", path.join(served.build.outDir, "etc-link"));
    await writeFile(path.join(served.build.outDir, "plain.txt"), "inside\n");
  });
  afterAll(async () => {
    await served.close();
  });

  it.each(hostile)("answers %s with 400, 404 or 414 and keeps serving", async (_name, target) => {
    const status = await rawRequest(port, target);
    expect([400, 404, 414, 431]).toContain(status);
    expect(await rawRequest(port, "/about")).toBe(200);
  });

  it("still serves every page after all of them", async () => {
    for (const target of hostile.map(([, value]) => value)) await rawRequest(port, target);
    for (const page of ["/", "/about", "/resume", "/works", "/blogs", "/contact", "/plain.txt"]) {
      expect(await rawRequest(port, page), page).toBe(200);
    }
    const response = await fetch(`${served.url}plain.txt`);
    expect(await response.text()).toBe("inside\n");
  });
});

describe("resolveRequest", () => {
  it("maps a path under the base path into the site", () => {
    expect(resolveRequest("/portfolio/works?x=1", "/portfolio/")).toEqual({
      kind: "file",
      sitePath: "/works",
      query: "x=1",
    });
    expect(resolveRequest("/portfolio", "/portfolio/")).toEqual({ kind: "file", sitePath: "/", query: undefined });
    expect(resolveRequest("/caf%C3%A9", "/")).toEqual({ kind: "file", sitePath: "/café", query: undefined });
  });

  it("refuses what is outside the base path or cannot be decoded", () => {
    expect(resolveRequest("/other/", "/portfolio/")).toMatchObject({ kind: "refused", status: 404 });
    expect(resolveRequest("/%E0%A4%A", "/")).toMatchObject({ kind: "refused", status: 400 });
    expect(resolveRequest("/a/./b", "/")).toMatchObject({ kind: "refused", status: 400 });
  });
});

describe("portfolio serve's cache headers", () => {
  let served: ServedSite;
  beforeAll(async () => {
    served = await serveSampleSite({ base: "/portfolio/" });
  });
  afterAll(async () => {
    await served.close();
  });

  it("keeps hashed assets for a year, images for a day, and has pages revalidated", async () => {
    const html = await (await fetch(`${served.url}works`)).text();
    const stylesheet = /href="(\/portfolio\/assets\/site-[^"]+\.css)"/.exec(html)![1]!;
    const expectations: Array<[string, string]> = [
      [`${served.origin}${stylesheet}`, "public, max-age=31536000, immutable"],
      [`${served.url}works`, "no-cache"],
      [`${served.url}`, "no-cache"],
      [`${served.url}sitemap.xml`, "no-cache"],
      [`${served.url}images/avatar.svg`, "public, max-age=86400"],
    ];
    for (const [url, expected] of expectations) {
      const response = await fetch(url, { headers: { "accept-encoding": "br, gzip" } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toBe(expected);
    }
  });

  it("writes the same rules as _headers, for Netlify and Cloudflare Pages, under the base path", async () => {
    const text = await (await fetch(`${served.url}_headers`)).text();
    // Every rule whole, the site's headers in each (issue 49, finding 10): Netlify keeps only the last match's value.
    const general =
      "  Referrer-Policy: strict-origin-when-cross-origin\n  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()\n  X-Content-Type-Options: nosniff\n";
    const site = `  Content-Security-Policy: frame-ancestors 'none'\n${general}`;
    const policy = `  Content-Security-Policy: frame-ancestors 'none'; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox\n${general}`;
    expect(
      text.startsWith(
        `/portfolio/*\n${site}/portfolio/assets/*\n${site}  Cache-Control: public, max-age=31536000, immutable\n`,
      ),
    ).toBe(true);
    // Each document of public/ (the SVGs) gets the policy, by its folder or its extension; the PDF and the PNGs do not, nor any page.
    expect(text).toContain(`/portfolio/images/*\n${policy}  Cache-Control: public, max-age=86400\n`);
    expect(text).toContain(`/portfolio/*.svg\n${policy}`);
    expect(text).not.toMatch(/\.(pdf|png|html)\n/);
  });

  it("sends those headers too: the site's own for every file, public/'s policy beside it for the SVGs", async () => {
    const svg = await fetch(`${served.url}images/avatar.svg`);
    // Its rule carries the site's frame-ancestors and public/'s sandbox in one policy.
    expect(svg.headers.get("content-security-policy")).toBe(
      "frame-ancestors 'none'; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    );
    expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
    expect(svg.headers.get("cache-control")).toBe("public, max-age=86400");
    const page = await fetch(`${served.url}works`);
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${served.url}cv/maya-okafor-cv.pdf`)).headers.get("content-security-policy")).toBe(
      "frame-ancestors 'none'",
    );
  });
});
