import { spawn } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { answerOf, indexOutput, type HostName } from "../../src/deploy/host-rules.js";
import { buildSite, type BuildResult } from "../../src/pipeline/build-site.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./sample-site.js";

/**
 * `count` posts named as the bench's make-posts.mjs names them (`post-0000`, …), written here so
 * the tests need nothing outside the repository: in several categories, with a heading and code.
 */
async function writePosts(site: SiteCopy, count: number): Promise<void> {
  const categories = ["Programming", "AI", "Design", "Other"];
  for (let index = 0; index < count; index++) {
    const slug = `post-${String(index).padStart(4, "0")}`;
    const day = String((index % 27) + 1).padStart(2, "0");
    await site.write(
      `content/blog/${slug}.md`,
      `---\ntitle: "Post ${index}: notes on caching and builds"\ndate: 2025-02-${day}\ncategory: ${categories[index % categories.length]}\n---\n\nWhat a build keeps between runs, and why.\n\n## The cache\n\n\`\`\`ts\nconst kept = new Map<string, string>();\n\`\`\`\n`,
    );
  }
}

export interface BuiltSample {
  site: SiteCopy;
  build: BuildResult;
  /** Every file of the output, relative, with forward slashes. */
  files: string[];
}

/** The sample site with `posts` posts, built under `base`. */
export async function buildSampleWithPosts(base: string, posts = 5): Promise<BuiltSample> {
  const site = await copySampleSite({ warmCache: true });
  await writePosts(site, posts);
  const build = await buildSite({ cwd: site.root, env: { SITE_URL: "https://maya.example" }, base });
  const entries = await readdir(build.outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(build.outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => file !== ".portfolio-output");
  return { site, build, files };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface HttpServerRun {
  origin: string;
  close: () => Promise<void>;
}

/**
 * `npx http-server <folder> -p <port>`, as a visitor of the README runs it, serving the output under
 * its base path (the folder holds `dist/` at `portfolio/` for the base `/portfolio/`).
 */
export async function runHttpServer(outDir: string, base: string): Promise<HttpServerRun> {
  const root = await mkdtemp(path.join(tmpdir(), "portfolio-http-server-"));
  await cp(outDir, path.join(root, base), { recursive: true });
  const port = await freePort();
  const child = spawn("npx", ["http-server", root, "-p", String(port), "-a", "127.0.0.1", "-s", "-c-1"], {
    cwd: repoRoot,
    detached: true,
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${origin}/`, { redirect: "manual" }).then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (tries > 100) throw new Error("http-server did not start");
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    origin,
    close: async () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Gone already.
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}

const mediaTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".xml": "application/xml",
  ".pdf": "application/pdf",
};

/**
 * A server that answers as `host` does by the table of host rules (src/deploy/host-rules.ts): the
 * strict static server a browser test meets GitHub Pages through, under the site's base path.
 */
export async function serveAsHost(
  host: HostName,
  outDir: string,
  files: string[],
  base: string,
): Promise<HttpServerRun> {
  const output = indexOutput(files);
  const server = createHttpServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://host.invalid").pathname);
    const bare = pathname === base.slice(0, -1) && base !== "/";
    if (bare || !pathname.startsWith(base)) {
      response.writeHead(bare ? 301 : 404, bare ? { location: base } : {});
      response.end();
      return;
    }
    const answer = answerOf(host, `/${pathname.slice(base.length)}`, output);
    if (answer.kind === "redirect") {
      response.writeHead(answer.status, { location: `${base}${answer.to.slice(1)}` });
      response.end();
      return;
    }
    readFile(path.join(outDir, answer.file)).then(
      (body) => {
        response.writeHead(answer.status, {
          "content-type": mediaTypes[path.extname(answer.file)] ?? "application/octet-stream",
        });
        response.end(request.method === "HEAD" ? undefined : body);
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
