import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDevServer } from "../src/dev/dev-server.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { outputMarker } from "../src/pipeline/write-site.js";
import {
  headersFile,
  hostHeadersForPath,
  parseHeadersFile,
  publicDocumentPatterns,
} from "../src/render/cache-headers.js";
import { startServer } from "../src/serve/start-server.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";
import { serveSampleSite, type ServedSite } from "./helpers/served-site.js";

/**
 * Issue 37, findings 6, 7, 12 and 16: symbolic links where the CLI writes or serves (a linked
 * `.portfolio/dev-site`, `.portfolio/`, `dist/` or `portfolio-site.json`, which git stores and a
 * pull request or a downloaded site can bring), redirects that a browser reads as another host, and
 * `_headers` rules that ran out before public/'s documents did.
 */

let site: SiteCopy;
/** A folder outside the project, standing for the owner's home: what a link leads to. */
let outside: string;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
  outside = await mkdtemp(path.join(tmpdir(), "portfolio-outside-"));
  await writeFile(path.join(outside, ".env"), "GITHUB_TOKEN=secret\n");
});
afterEach(async () => {
  await site.remove();
  await rm(outside, { recursive: true, force: true });
});

/** What a promise rejected with, or undefined when it resolved. */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error) => error,
  );

describe("output folders that are symbolic links (finding 6)", () => {
  it("dev refuses a .portfolio/dev-site that is a link: no placeholder written through it, nothing served", async () => {
    await mkdir(path.join(site.root, ".portfolio"), { recursive: true });
    await symlink(outside, path.join(site.root, ".portfolio", "dev-site"));
    const error = await rejection(
      startDevServer({ cwd: site.root, env: {}, port: 0, host: "127.0.0.1", onBuild: () => {} }).then((server) =>
        server.close(),
      ),
    );
    expect(error?.name).toBe("PathIsLink");
    expect(error?.message).toContain(`${path.join(".portfolio", "dev-site")} is a symbolic link (to ${outside})`);
    expect((await readdir(outside)).sort()).toEqual([".env"]);
  });

  it("a build refuses an output below a .portfolio/ that is a link, and writes nothing where it leads", async () => {
    await rm(path.join(site.root, ".portfolio"), { recursive: true, force: true });
    await symlink(outside, path.join(site.root, ".portfolio"));
    const error = await rejection(
      buildSite({ cwd: site.root, env: {}, outDir: path.join(".portfolio", "dev-site"), measure: false }),
    );
    expect(error?.name).toBe("PathIsLink");
    expect(error?.message).toContain(".portfolio is a symbolic link");
    expect((await readdir(outside)).sort()).toEqual([".env"]);
  });

  it("an --out outside the project may be reached through a link, but must not be one itself", async () => {
    await mkdir(path.join(outside, "real"));
    await symlink(path.join(outside, "real"), path.join(outside, "alias"));
    // The owner's own path, as /tmp is a link on macOS: built into.
    const built = await buildSite({
      cwd: site.root,
      env: {},
      outDir: path.join(outside, "alias", "site"),
      measure: false,
    });
    expect(existsSync(path.join(outside, "real", "site", "index.html"))).toBe(true);
    expect(built.outDir).toBe(path.join(outside, "alias", "site"));
    await symlink(path.join(outside, "real", "site"), path.join(outside, "linked-site"));
    const error = await rejection(
      buildSite({ cwd: site.root, env: {}, outDir: path.join(outside, "linked-site"), measure: false }),
    );
    expect(error?.name).toBe("PathIsLink");
  });

  it("serve refuses a dist/ that is a link, before it listens", async () => {
    await symlink(outside, path.join(site.root, "dist"));
    await writeFile(path.join(outside, "index.html"), "<!doctype html><title>x</title>");
    const run = await portfolioInProcess(site.root, ["serve", "--port", "0"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("PathIsLink");
    expect(run.stderr).toContain(`dist is a symbolic link (to ${outside})`);
  });

  it("the server refuses to serve a folder reached through a link in the project", async () => {
    await symlink(outside, path.join(site.root, "dist"));
    const error = await rejection(
      startServer({
        root: path.join(site.root, "dist"),
        project: site.root,
        base: "/",
        port: 0,
        host: "127.0.0.1",
      }).then((server) => server.close()),
    );
    expect(error?.name).toBe("PathIsLink");
  });

  it("dev's update in place deletes nothing a planted manifest names outside its folder, and writes through no link in it", async () => {
    const outDir = path.join(site.root, ".portfolio", "dev-site");
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outside, "keep.txt"), "the owner's\n");
    // A folder a pull request could commit: the build's mark, a manifest of its own, and a link among the pages.
    await writeFile(path.join(outDir, outputMarker), "");
    const outsideFile = path.relative(outDir, path.join(outside, "keep.txt")).split(path.sep).join("/");
    await writeFile(
      path.join(outDir, ".portfolio-manifest.json"),
      JSON.stringify({ [outsideFile]: "x", "index.html": "x" }),
    );
    await buildSite({ cwd: site.root, env: {}, outDir, update: true, measure: false, precompress: false });
    expect(await readFile(path.join(outside, "keep.txt"), "utf8")).toBe("the owner's\n");

    // Now a manifest of this build, and a link where the next build copies a new file of public/.
    await symlink(outside, path.join(outDir, "notes"));
    await site.write("public/notes/links-test.txt", "A new file.\n");
    const error = await rejection(
      buildSite({ cwd: site.root, env: {}, outDir, update: true, measure: false, precompress: false }),
    );
    expect(error?.name).toBe("PathIsLink");
    expect((await readdir(outside)).sort()).toEqual([".env", "keep.txt"]);
  });
});

describe("portfolio-site.json that is a symbolic link (finding 7)", () => {
  it("eject refuses it and writes nothing, inside the site or where the link leads", async () => {
    const target = path.join(outside, "created-by-eject.json");
    await symlink(target, path.join(site.root, "portfolio-site.json"));
    const run = await portfolioInProcess(site.root, ["eject", "templates/page.html"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("PathIsLink");
    expect(run.stderr).toContain(`portfolio-site.json is a symbolic link (to ${target})`);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(site.root, "templates", "page.html"))).toBe(false);
  });

  it("upgrade --write refuses it and creates no file outside the project", async () => {
    const target = path.join(outside, "created-by-upgrade.json");
    await symlink(target, path.join(site.root, "portfolio-site.json"));
    const run = await portfolioInProcess(site.root, ["upgrade", "--write", "--force"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("PathIsLink");
    expect(existsSync(target)).toBe(false);
  });

  it("eject refuses a templates/ folder that is a link", async () => {
    await symlink(outside, path.join(site.root, "templates"));
    const run = await portfolioInProcess(site.root, ["eject", "templates/page.html"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("templates is a symbolic link");
    expect((await readdir(outside)).sort()).toEqual([".env"]);
  });
});

/** Sends one request exactly as written, and answers its status and Location header. */
function rawRequest(port: number, target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${target}`)));
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        location: /^location: *(.*?)\r$/im.exec(answer)?.[1],
      }),
    );
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

describe("redirects stay on the site (finding 12)", () => {
  let served: ServedSite;
  let port: number;
  beforeAll(async () => {
    served = await serveSampleSite();
    port = Number(new URL(served.url).port);
    // A page whose name is a host's: `//evil.example/` would be redirected to `//evil.example`.
    await writeFile(path.join(served.build.outDir, "evil.example.html"), "<!doctype html><title>x</title>");
  });
  afterAll(async () => {
    await served.close();
  });

  it.each([
    "//evil.example/",
    "///evil.example/",
    "/%2F%2Fevil.example/",
    "/%2f/evil.example/",
    "/\\evil.example/",
    "/%5Cevil.example/",
    "//works/",
    "///works/",
    "///x/",
    "//works/?page=2",
  ])("answers %s with no redirect to another host", async (target) => {
    const { status, location } = await rawRequest(port, target);
    expect([200, 308, 400, 404]).toContain(status);
    if (location !== undefined) {
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, "http://127.0.0.1/").host).toBe("127.0.0.1");
    }
  });

  it("still redirects /works/ to /works on the same host", async () => {
    expect(await rawRequest(port, "/works/")).toEqual({ status: 308, location: "/works" });
    expect(await rawRequest(port, "//works/")).toEqual({ status: 308, location: "/works" });
  });
});

describe("_headers covers every document of public/, however many (finding 16)", () => {
  const policy = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
  const pages = ["index.html", "works.html", "blogs.html", "blogs/first-post.html", "works/fleetwise.html"];
  const many = (count: number, name: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => name(index));
  const documents = [
    ...many(150, (index) => `demos/page-${index}.html`),
    ...many(150, (index) => `badge-${index}.svg`),
    ...many(150, (index) => `blogs/feed-${index}.xml`),
    ...many(3, (index) => `note-${index}.html`),
  ];
  const publicFiles = [...documents, "photo.png", "cv/cv.pdf"];

  const { patterns } = publicDocumentPatterns(publicFiles, pages);
  /** The headers a host sends for `address` by the `_headers` the build writes, as Netlify combines rules. */
  const sent = (base: string, address: string) => {
    const text = headersFile(base, patterns);
    return { text, headers: hostHeadersForPath(parseHeadersFile(text), address, "last") };
  };
  /** The site's frame-ancestors, in the same policy as public/'s: no rule relies on another (issue 49, finding 10). */
  const documentPolicy = `frame-ancestors 'none'; ${policy}`;

  it("gives each of 450 documents its policy in a few rules, within Cloudflare Pages' limits", () => {
    const { text } = sent("/portfolio/", "/portfolio/");
    const rules = parseHeadersFile(text);
    expect(rules.length).toBeLessThanOrEqual(100);
    expect(Math.max(...text.split("\n").map((line) => line.length))).toBeLessThanOrEqual(2000);
    for (const file of documents)
      expect(sent("/portfolio/", `/portfolio/${file}`).headers.get("Content-Security-Policy"), file).toBe(
        documentPolicy,
      );
    // An HTML file is also served without its extension.
    expect(sent("/portfolio/", "/portfolio/note-2").headers.get("Content-Security-Policy")).toBe(documentPolicy);
  });

  it("gives the site's pages, images and PDFs the site's own policy only, not public/'s", () => {
    for (const address of ["/", "/works", "/blogs/first-post", "/photo.png", "/cv/cv.pdf"])
      expect(sent("/", address).headers.get("Content-Security-Policy"), address).toBe("frame-ancestors 'none'");
  });

  it("refuses, naming them, what it cannot cover instead of leaving it without its policy", () => {
    const top = many(120, (index) => `top-${index}.html`);
    const result = publicDocumentPatterns(top, pages);
    expect(result.uncovered).toHaveLength(1);
    expect(result.uncovered[0]!.problem).toContain("top-0.html");
    expect(result.uncovered[0]!.problem).toContain("public/demos/");
    expect(publicDocumentPatterns(["a:b.html", "ok/x*.svg"], pages).uncovered.map(({ file }) => file)).toEqual([
      "a:b.html",
    ]);
  });

  it("is sent by serve for the 150th document too", async () => {
    const served = await serveSampleSite({
      precompress: false,
      prepare: async (copy) => {
        for (let index = 0; index < 150; index++)
          await copy.write(`public/demos/page-${index}.html`, "<!doctype html><title>Demo</title><p>Demo</p>\n");
        for (let index = 0; index < 100; index++)
          await copy.write(`public/badge-${index}.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
        await copy.write("public/note.html", "<!doctype html><title>Note</title><p>Note</p>\n");
      },
    });
    try {
      for (const address of ["demos/page-149.html", "badge-99.svg", "note.html", "note"]) {
        const response = await fetch(`${served.url}${address}`);
        expect(response.status, address).toBe(200);
        // The site's frame-ancestors and public/'s sandbox, in the one policy of its rule.
        expect(response.headers.get("content-security-policy"), address).toBe(documentPolicy);
      }
      expect((await fetch(`${served.url}works`)).headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    } finally {
      await served.close();
    }
  });
});
