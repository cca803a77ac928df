import { spawn, execFileSync } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite, type BuildResult } from "../../src/pipeline/build-site.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./sample-site.js";

/** The shared script that writes realistic posts into a site (`make-posts.mjs <dir> <n>`). */
const makePosts = path.resolve(repoRoot, "..", "shared", "scale", "make-posts.mjs");

export interface BuiltSample {
  site: SiteCopy;
  build: BuildResult;
  /** Every file of the output, relative, with forward slashes. */
  files: string[];
}

/** The sample site with `posts` posts written by make-posts.mjs, built under `base`. */
export async function buildSampleWithPosts(base: string, posts = 5): Promise<BuiltSample> {
  const site = await copySampleSite({ warmCache: true });
  execFileSync(process.execPath, [makePosts, site.root, String(posts)], { stdio: "ignore" });
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
